import LarderCore
import Testing

/// Water the line makes into a stock (issue 14, the wide review's class 11, 2026-11-28): `5 cups
/// water with 2 beef bouillon cubes` is beef stock, the liquid the recipe uses. Not a stock
/// cube with no flavour named, nor water with anything else.
@Suite struct WaterMadeIntoStockClassTests {
  static let tsv = """
    water\t\t\t
    stock\t\t\t
    beef stock\tstock\t\tbeef broth|beef bouillon cube
    vegetable stock\tstock\t\tvegetable broth|vegetable stock powder
    stock cube\tstock\t\tbouillon cube|stock powder
    lemon\t\t\t
    """

  let parser: IngredientLineParser

  init() throws {
    parser = IngredientLineParser(vocabulary: try Vocabulary(sources: [(Self.tsv, "85-test.tsv")]))
  }

  func name(_ line: String) -> String { parser.parse(line).name }

  @Test func waterWithAFlavouredCubeIsThatStock() {
    #expect(name("5 cups water with 2 beef bouillon cubes") == "beef stock")
    #expect(name("1 litre hot water mixed with 2 tsp vegetable stock powder") == "vegetable stock")
  }

  @Test func otherWaterStaysWater() {
    #expect(name("4 cups water with the right number of stock cubes") == "water")
    #expect(name("1 cup water with a squeeze of lemon") == "water")
    #expect(name("2 cups water") == "water")
  }
}
