import LarderCore
import Testing

/// An amount with no name and no heading whose food is written only in parentheses (issue 14,
/// fresh15, 2026-11-28): `3 pinches of (Cheddar, Gouda or Colby cheese)` names the list's first
/// food, as a heading's list in parentheses already does. An amount in parentheses names none.
@Suite struct FoodOnlyInParenthesesClassTests {
  static let tsv = """
    cheese\t\t\t
    cheddar\tcheese\t\tcheddar cheese
    gouda\tcheese\t\tgouda cheese
    parsley\t\t\t
    chive\t\t\t
    """

  let parser: IngredientLineParser

  init() throws {
    parser = IngredientLineParser(vocabulary: try Vocabulary(sources: [(Self.tsv, "80-test.tsv")]))
  }

  @Test func theFirstFoodInTheParenthesesIsTheFood() {
    #expect(parser.parse("3 pinches of (Cheddar, Gouda or Colby cheese).").name == "cheddar")
    #expect(parser.parse("1 handful (parsley or chives)").name == "parsley")
  }

  @Test func anAmountInParenthesesNamesNoFood() {
    let parsed = parser.parse("2 (14 oz)")
    #expect(!parsed.known)
    #expect(parser.parse("1 cup gouda (or cheddar)").name == "gouda")
  }
}
