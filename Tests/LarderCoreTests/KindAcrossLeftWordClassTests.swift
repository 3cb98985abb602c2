import LarderCore
import Testing

/// A word that makes a kind keeps it across a word of how the food was left (issue 14, the
/// wide review's class 8, 2026-11-28): `slivered toasted almonds` are flaked almonds, as
/// `toasted slivered almonds` are. Not across `fresh`: chopped fresh tomatoes are no tin.
@Suite struct KindAcrossLeftWordClassTests {
  static let tsv = """
    almond\t\t\traw almond
    flaked almond\talmond\t\tslivered almond|sliced almond|toasted flaked almond
    coconut\t\t\t
    shredded coconut\tcoconut\t\t
    tomato\t\t\t
    canned tomato\ttomato\t\tchopped tomato
    crushed tomato\tcanned tomato\t\tcanned crushed tomato
    """

  let parser: IngredientLineParser

  init() throws {
    parser = IngredientLineParser(vocabulary: try Vocabulary(sources: [(Self.tsv, "40-test.tsv")]))
  }

  func name(_ line: String) -> String { parser.parse(line).name }

  @Test func theKindHoldsAcrossToastedRawOrNatural() {
    #expect(name("30g slivered toasted almonds") == "flaked almond")
    #expect(name("1/2 cup sliced natural almonds") == "flaked almond")
    #expect(name("3 tbsp shredded toasted coconut") == "shredded coconut")
  }

  /// rules8 (h14-wide2's item 18): and across where it comes from.
  @Test func theKindHoldsAcrossAnOriginWord() {
    #expect(name("1 cup canned crushed Italian tomatoes") == "crushed tomato")
  }

  @Test func notAcrossFreshNorWithoutAKind() {
    #expect(name("3 chopped fresh tomatoes") == "tomato")
    #expect(name("1 cup chopped toasted almonds") == "almond")
  }
}
