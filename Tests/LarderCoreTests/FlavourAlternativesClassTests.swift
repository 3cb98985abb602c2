import LarderCore
import Testing

/// Flavours offered as alternatives before a head of several words (issue 14, rules8,
/// 2026-11-28; h14-wide2's item 6): `toffee or caramel ice cream` is ice cream, not toffee.
/// Not alternative foods of the head's family nor a colour (`poblano or green bell peppers`).
@Suite struct FlavourAlternativesClassTests {
  static let tsv = """
    toffee\t\t\t
    caramel\t\t\t
    ice cream\t\t\t
    cream\t\t\t
    poblano\tchili\t\t
    chili\t\t\t
    bell pepper\t\t\t
    green bell pepper\tbell pepper\t\t
    """

  let parser: IngredientLineParser

  init() throws {
    parser = IngredientLineParser(vocabulary: try Vocabulary(sources: [(Self.tsv, "90-test.tsv")]))
  }

  func name(_ line: String) -> String { parser.parse(line).name }

  @Test func flavoursBeforeACompoundHeadNameTheHead() {
    #expect(name("4 scoops toffee or caramel ice cream") == "ice cream")
  }

  @Test func alternativeFoodsKeepTheFirst() {
    #expect(name("2 poblano or green bell peppers, seeded and diced") == "poblano")
  }
}
