import LarderCore
import Testing

/// TheMealDB's measure holding a clause, joined to its capitalised name (issue 14, rules8,
/// 2026-11-28; h14-wide's class 17): when nothing else names a food, the capitalised name at
/// the end does (`6 bashed to break shells Cardamom` → cardamom). Tried last, so the comma
/// lists and alternatives that once made this worse are read first; not a title nor a
/// cross-reference (`Grilling Marinade for Beef`).
@Suite struct CapitalisedNameAtTheEndClassTests {
  static let tsv = """
    cardamom\t\t\t
    beef\t\t\t
    mint\t\t\t
    parsnip\t\t\t
    saffron\t\t\t
    """

  let parser: IngredientLineParser

  init() throws {
    parser = IngredientLineParser(vocabulary: try Vocabulary(sources: [(Self.tsv, "30-test.tsv")]))
  }

  func name(_ line: String) -> String { parser.parse(line).name }

  @Test func theCapitalisedNameAtTheEndNamesTheFood() {
    #expect(name("6 bashed to break shells Cardamom") == "cardamom")
    #expect(name("600g stewing cut into strips Beef") == "beef")
    #expect(name("Garnish with Mint") == "mint")
    #expect(name("½ tsp dissolved in ½ cup warm milk Saffron") == "saffron")
  }

  @Test func aTitleOrACrossReferenceDoesNot() {
    #expect(parser.parse("Warm Scallop Salad with Parsnips").known == false)
    #expect(parser.parse("1/3 cup No-stick Grilling Marinade for Beef").known == false)
  }
}
