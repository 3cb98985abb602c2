import LarderCore
import Testing

/// What the measure says of a bare food (issue 14, rules8, 2026-11-28; h14-wide2's wide9 and
/// wide10): a pinch of bare chilli is the ground spice, and bare bouillon by the litre or the
/// cup is the liquid stock, not the cube.
@Suite struct MeasureNamesTheFormClassTests {
  static let tsv = """
    chili\t\t\tchilli|chile|peperoncino
    chili powder\t\t\tchilli powder
    stock\t\t\tbroth
    stock cube\tstock\t\tbouillon|bouillon cube
    """

  let parser: IngredientLineParser

  init() throws {
    parser = IngredientLineParser(vocabulary: try Vocabulary(sources: [(Self.tsv, "30-test.tsv")]))
  }

  func name(_ line: String) -> String { parser.parse(line).name }

  @Test func aPinchOfChilliIsThePowder() {
    #expect(name("pinch of chilli (optional, if you like it to be spicy)") == "chili powder")
    #expect(name("Pinch of peperoncino") == "chili powder")
    #expect(name("1 tsp chilli, finely chopped") == "chili")
  }

  @Test func bouillonPouredIsStock() {
    #expect(name("1l bouillon") == "stock")
    #expect(name("1 cup bouillon") == "stock")
    #expect(name("1 tsp bouillon") == "stock cube")
    #expect(name("2 bouillon cubes") == "stock cube")
  }
}
