import LarderCore
import Testing

/// Foods fresh15's judges found missing or misnamed, checked against the real vocabulary in
/// `Data/` (issue 14, 2026-11-28): liquid whey is its own food, not whey protein powder; rose
/// petal jam and crumble topping are foods.
@Suite struct FreshFifteenVocabularyTests {
  let parser: IngredientLineParser

  init() throws {
    parser = IngredientLineParser(vocabulary: try Vocabulary.bundled())
  }

  @Test(arguments: [
    ("1 litre whey, from the cheese", "whey"), ("2 scoops whey protein", "protein powder"),
    ("1 jar rose petal jam", "rose petal jam"), ("3 tbsp zucchero rosato", "rose petal jam"),
    ("1 cup crumble topping", "crumble topping"), ("1 cup streusel", "crumble topping"),
    ("200g cold cuts", "deli meat"),
  ])
  func theFoodIsNamed(line: String, name: String) {
    let parsed = parser.parse(line)
    #expect(parsed.name == name)
    #expect(parsed.known)
  }
}
