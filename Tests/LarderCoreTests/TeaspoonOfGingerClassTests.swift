import LarderCore
import Testing

/// A bare teaspoon or less of ginger is the ground spice (issue 14, rules8, 2026-11-28; three
/// blind judges in fresh8, fresh15 and review1): fresh root is written grated or minced, and
/// bare amounts of it run larger. TheMealDB's capitalised `1 tsp Ginger` is left alone: most of
/// its recipes mince fresh root into a stir-fry.
@Suite struct TeaspoonOfGingerClassTests {
  static let tsv = """
    ginger\t\t\t
    ground ginger\tginger\t\tginger powder
    """

  let parser: IngredientLineParser

  init() throws {
    parser = IngredientLineParser(
      vocabulary: try Vocabulary(sources: [(Self.tsv, "30-herbs-spices.tsv")]))
  }

  func name(_ line: String) -> String { parser.parse(line).name }

  @Test func aTeaspoonOrLessIsGround() {
    #expect(name("1/4 tsp ginger") == "ground ginger")
    #expect(name("1 teaspoon ginger") == "ground ginger")
    #expect(name("½ teaspoon ginger, or to taste") == "ground ginger")
  }

  @Test func moreOrPreparedOrTheMealDBsNameIsNot() {
    #expect(name("2 tsp ginger") == "ginger")
    #expect(name("1 tablespoon ginger") == "ginger")
    #expect(name("1 tsp grated ginger") == "ginger")
    #expect(name("1 tsp Ginger") == "ginger")
    #expect(name("pinch ginger") == "ginger")
  }
}
