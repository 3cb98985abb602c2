import LarderCore
import Testing

/// `ground` written right after a spice's name, with no comma (issue 14, fresh15's `<spice>
/// ground` class, 2026-11-28): the same word after the food as `Cumin, ground`, so the line
/// names the ground kind the vocabulary keeps. Only where that kind exists; seeds stay seeds.
@Suite struct FormWordAfterFoodClassTests {
  static let tsv = """
    coriander\t\t\t
    ground coriander\tcoriander\t\t
    nutmeg\t\t\t
    ground nutmeg\tnutmeg\t\t
    paprika\t\t\t
    fennel\t\t\t
    fennel seed\tfennel\t\t
    """

  let parser: IngredientLineParser

  init() throws {
    parser = IngredientLineParser(vocabulary: try Vocabulary(sources: [(Self.tsv, "30-test.tsv")]))
  }

  func name(_ line: String) -> String { parser.parse(line).name }

  @Test func groundRightAfterASpiceIsTheGroundSpice() {
    #expect(name("2 tsp coriander ground") == "ground coriander")
    #expect(name("5g nutmeg ground") == "ground nutmeg")
    #expect(name("1 tsp Coriander, ground") == "ground coriander")
  }

  @Test func noGroundKindOrSeedsStayWhatTheyAre() {
    #expect(name("1 tsp paprika ground") == "paprika")
    #expect(name("2 tsp fennel seeds ground") == "fennel seed")
    #expect(name("1 tsp coriander") == "coriander")
  }
}
