import LarderCore
import Testing

/// Where the name ends (issue 14, rules8, 2026-11-28): descriptors after the food with no
/// comma (`unsalted butter melted`) leave the words before them to name it; an em dash after a
/// word ends the name as a spaced dash does (`ground pork—best with ...`), and the text after
/// it may gloss the food as a parenthesis does; a cut counted after a weight (`1.5kg rack of
/// lamb`) is the food bought.
@Suite struct NameEndingClassTests {
  static let tsv = """
    butter\t\t\t
    unsalted butter\tbutter\t\t
    pork\t\tmeat,animal\t
    ground pork\tpork\tmeat,animal\t
    beef\t\tmeat,animal\t
    beef brisket\tbeef\tmeat,animal\tbrisket
    beef rib roast\tbeef\tmeat,animal\trib of beef
    lamb\t\tmeat,animal\t
    rack of lamb\tlamb\tmeat,animal\tlamb rack
    olive\t\t\t
    """

  let parser: IngredientLineParser

  init() throws {
    parser = IngredientLineParser(vocabulary: try Vocabulary(sources: [(Self.tsv, "60-test.tsv")]))
  }

  func name(_ line: String) -> String { parser.parse(line).name }

  @Test func descriptorsAfterTheFoodLeaveItsKind() {
    #expect(name("250g/9oz unsalted butter melted") == "unsalted butter")
    #expect(name("½ cup unsalted butter softened") == "unsalted butter")
    #expect(name("3 tablespoons butter melted") == "butter")
  }

  @Test func anEmDashAfterAWordEndsTheName() {
    #expect(name("1 pound unsalted butter—at room temperature") == "unsalted butter")
    #expect(name("1 pound ground pork—best with coarse-ground pork") == "ground pork")
    #expect(name("1 cup pitted soft olives —the Italian or Greek variety") == "olive")
    let parsed = parser.parse("1 pound ground pork—best with coarse-ground pork")
    #expect(parsed.comment == "best with coarse-ground pork")
  }

  @Test func theTextAfterADashGlossesTheFood() {
    #expect(name("3 lbs (1½ kg) beef—brisket, breast, or flank") == "beef brisket")
    #expect(name("3 lbs beef - brisket, breast, or flank") == "beef brisket")
  }

  @Test func aCutCountedAfterAWeightIsTheFood() {
    #expect(name("1.5kg/3lb 4oz rack of lamb, trimmed of fat and sinew") == "rack of lamb")
    #expect(name("1 pound rack of lamb (from ribs), cut into chops") == "rack of lamb")
    #expect(name("3.5kg/7lb 11oz rib of beef") == "beef rib roast")
    #expect(name("2 racks of lamb") == "rack of lamb")
  }
}
