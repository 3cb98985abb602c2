import LarderCore
import Testing

/// One word of a gloss of short descriptions that makes a kind with the food (issue 14, rules8,
/// 2026-11-28; h14-wide2's items 16 and 21): `butter (Salted, Melted)` is salted butter, `1
/// Onion (large, yellow, chopped)` a yellow onion. Not a cut (`tomato (diced)`), not two kinds
/// at once (`Onion (sweet, yellow, large)`), not a list of kinds or examples.
@Suite struct KindAmongGlossWordsClassTests {
  static let tsv = """
    butter\t\t\t
    salted butter\tbutter\t\t
    unsalted butter\tbutter\t\t
    onion\t\t\t
    yellow onion\tonion\t\t
    sweet onion\tonion\t\t
    sweet\t\t\tsweets
    tomato\t\t\t
    canned chopped tomato\ttomato\t\tchopped tomato|diced tomato
    milk\t\t\t
    skim milk\tmilk\t\t
    whole milk\tmilk\t\t
    """

  let parser: IngredientLineParser

  init() throws {
    parser = IngredientLineParser(vocabulary: try Vocabulary(sources: [(Self.tsv, "90-test.tsv")]))
  }

  func name(_ line: String) -> String { parser.parse(line).name }

  @Test func aKindWordInTheGlossNamesTheKind() {
    #expect(name("2 tbsp Butter (Salted, Melted)") == "salted butter")
    #expect(name("3 tablespoon butter (unsalted)") == "unsalted butter")
    #expect(name("1 Onion (large, yellow, chopped)") == "yellow onion")
  }

  @Test func aCutTwoKindsOrAListNameNone() {
    #expect(name("1 tomato (diced)") == "tomato")
    #expect(name("1 Onion (sweet, yellow, large, chopped)") == "onion")
    #expect(name("1 cup milk (skim, low-fat, or whole)") == "milk")
  }
}
