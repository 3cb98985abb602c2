import LarderCore
import Testing

/// A unit glued to the food's first word (issue 14, rules8, 2026-11-28; h14-wide2's wide9):
/// `1 teaspoonvanilla extract` is vanilla extract, where the name read without the glued word
/// (flavouring extract, from `extract` alone) never saw what it says.
@Suite struct GluedUnitClassTests {
  static let tsv = """
    flavouring extract\t\t\textract
    vanilla extract\t\t\tvanilla essence
    milk\t\t\t
    whole milk\tmilk\t\t
    """

  let parser: IngredientLineParser

  init() throws {
    parser = IngredientLineParser(vocabulary: try Vocabulary(sources: [(Self.tsv, "90-test.tsv")]))
  }

  @Test func theGluedWordNamesTheFood() {
    let parsed = parser.parse("1 teaspoonvanilla extract")
    #expect(parsed.name == "vanilla extract")
    #expect(parsed.unit == "tsp")
    #expect(parser.parse("1 cupwhole milk").name == "whole milk")
  }
}
