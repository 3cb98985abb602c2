import LarderCore
import Testing

/// A plural word before the last word of a name (issue 14, 2026-11-28): names spell their
/// modifiers singular, so "onions seeds" is onion seed (nigella seed) and "Cox's apples" a Cox
/// apple, where the plural as written names only the head. Not an alternative of its own
/// ("sausages or sausage meat") nor a form ("leaves lettuce"), and after a gloss that names
/// the food ("ladies' fingers (okra)"). A small vocabulary keeps the rule apart from the data.
@Suite struct PluralModifierClassTests {
  static let tsv = """
    seed\t\t\t
    nigella seed\tseed\t\tonion seed|kalonji
    apple\t\t\t
    cox apple\tapple\t\tcox
    oil\t\t\t
    vegetable oil\toil\t\t
    sausage\t\t\t
    sausage meat\tsausage\t\t
    lettuce\t\t\t
    leaf lettuce\tlettuce\t\t
    okra\t\t\t
    ladyfinger\t\t\tsponge finger
    chicken foot\t\t\tchicken feet
    """

  let parser: IngredientLineParser

  init() throws {
    parser = IngredientLineParser(vocabulary: try Vocabulary(sources: [(Self.tsv, "85-test.tsv")]))
  }

  func name(_ line: String) -> String { parser.parse(line).name }

  @Test func aPluralModifierIsTheSingularTheNameIsSpeltWith() {
    #expect(name("2 tsp onions seeds") == "nigella seed")
    #expect(name("3 Cox's apples, peeled") == "cox apple")
    #expect(name("2 tbsp vegetables oil") == "vegetable oil")
    #expect(name("4 chickens' feet") == "chicken foot")
    #expect(name("200g sausages or sausage meat") == "sausage")
    #expect(name("4 leaves lettuce") == "lettuce")
    #expect(name("20 ladies' fingers (okra)") == "okra")
  }
}
