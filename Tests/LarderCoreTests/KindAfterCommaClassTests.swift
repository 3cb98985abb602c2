import LarderCore
import Testing

/// A kind written after the comma that ends the name (issue 14, rules8, 2026-11-28; h14-wide2's
/// wide9): `oil, vegetable` is vegetable oil and `milk, whole or 2%` whole milk, as `milk (whole
/// or 2%)` already is. Not a participle (`butter, clarified`) nor a list of foods (`Sugar,
/// cinnamon, or herbs`).
@Suite struct KindAfterCommaClassTests {
  static let tsv = """
    oil\t\t\t
    vegetable oil\toil\t\t
    olive oil\toil\t\t
    extra virgin olive oil\tolive oil\t\t
    vegetable\t\t\t
    milk\t\t\t
    whole milk\tmilk\t\t
    butter\t\t\t
    clarified butter\tbutter\t\tghee
    sugar\t\t\t
    cinnamon\t\t\t
    cinnamon sugar\tsugar\t\t
    bread\t\t\t
    pita\tbread\t\tpita bread
    """

  let parser: IngredientLineParser

  init() throws {
    parser = IngredientLineParser(vocabulary: try Vocabulary(sources: [(Self.tsv, "90-test.tsv")]))
  }

  func name(_ line: String) -> String { parser.parse(line).name }

  @Test func aKindAfterTheCommaNamesTheKind() {
    #expect(name("2 tbsp oil, vegetable") == "vegetable oil")
    #expect(name("3 cups milk, whole or low fat") == "whole milk")
    #expect(name("2 Tbsp. olive oil, extra virgin and cold pressed") == "extra virgin olive oil")
  }

  @Test func aParticipleOrAListOfFoodsDoesNot() {
    #expect(name("¼ pound butter, clarified") == "butter")
    #expect(name("Sugar, cinnamon, or herbs and spices of choice") == "sugar")
    #expect(name("Bread, pita, or crackers, for serving") == "bread")
  }
}
