import LarderCore
import Testing

/// A gloss of one item that names a cut of the meat before it (issue 14, the wide review's
/// class 14, 2026-11-28): `lamb (leg steak)` is lamb leg, as `pork (shoulder or butt)` is pork
/// shoulder. Only for meat and poultry, and a state in the gloss names no cut.
@Suite struct GlossNamingACutClassTests {
  static let tsv = """
    lamb\t\tmeat,animal\t
    lamb leg\tlamb\tmeat,animal\tleg of lamb|lamb leg steak
    beef\t\tmeat,animal\t
    beef tenderloin\tbeef\tmeat,animal\tbeef fillet
    pork\t\tmeat,animal\t
    """

  let parser: IngredientLineParser

  init() throws {
    parser = IngredientLineParser(vocabulary: try Vocabulary(sources: [(Self.tsv, "60-test.tsv")]))
  }

  func name(_ line: String) -> String { parser.parse(line).name }

  @Test func oneItemNamingACutIsThatCut() {
    #expect(name("300g lamb (leg steak), diced") == "lamb leg")
    #expect(name("1 lb beef (fillet), cut into strips") == "beef tenderloin")
  }

  @Test func aStateOrUnknownPartNamesNoCut() {
    #expect(name("500g pork (cooked)") == "pork")
    #expect(name("400g beef (grass fed)") == "beef")
  }
}
