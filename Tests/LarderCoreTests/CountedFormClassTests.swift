import LarderCore
import Testing

/// Classes the wide review of pooled lines found (issue 14, 2026-11-28), each fixed as a class
/// over every pooled corpus line, with examples of our own: a spice counted whole with no
/// measure is its whole form, a count unit that names a cut (`2 racks of lamb`) is the cut, and
/// peppers said to come from a jar are the roasted ones. A small
/// vocabulary keeps each rule apart from the data.
@Suite struct CountedFormClassTests {
  static let tsv = """
    spice\t\t\t
    cinnamon\tspice\t\tground cinnamon
    cinnamon stick\tcinnamon\t\tcinnamon quill
    cardamom\tspice\t\t
    green cardamom\tcardamom\t\tcardamom pod
    cumin\tspice\t\t
    cheese\t\t\t
    string cheese\tcheese\t\tcheese stick
    pepper\t\t\t
    bell pepper\tpepper\t\t
    red bell pepper\tbell pepper\t\tred pepper|red sweet pepper
    roasted red pepper\tpepper\t\t
    lamb\t\t\t
    rack of lamb\tlamb\t\tlamb rack
    beef\t\t\t
    beef rib roast\tbeef\t\trib of beef
    steak\tbeef\t\t
    ribeye\tsteak\t\trib eye steak
    garlic\t\t\tclove of garlic
    """

  let parser: IngredientLineParser

  init() throws {
    parser = IngredientLineParser(vocabulary: try Vocabulary(sources: [(Self.tsv, "85-test.tsv")]))
  }

  func name(_ line: String) -> String { parser.parse(line).name }

  @Test func aSpiceCountedWholeIsItsWholeForm() {
    #expect(name("2 Cinnamon") == "cinnamon stick")
    #expect(name("1 large cinnamon") == "cinnamon stick")
    #expect(name("4 Cardamom") == "green cardamom")
    #expect(name("3 cardamoms, bruised") == "green cardamom")
    // A spoon amount left unwritten, a measure, a spice with no whole form, or no spice.
    #expect(name("1 1/2 Cinnamon") == "cinnamon")
    #expect(name("1 tsp cinnamon") == "cinnamon")
    #expect(name("2 Cumin") == "cumin")
    #expect(name("2 Cheese") == "cheese")
  }

  @Test func aCountUnitNamingACutIsThatCut() {
    #expect(name("2 racks of lamb, French trimmed") == "rack of lamb")
    #expect(name("Rack of lamb") == "rack of lamb")
    #expect(name("1 rib of beef with 4 ribs") == "beef rib roast")
    #expect(name("2 cloves of garlic") == "garlic")
    #expect(name("1 rack of beef") == "beef")
    #expect(name("4 x 250g rib eye steaks") == "ribeye")
  }

  @Test func peppersFromAJarAreTheRoastedOnes() {
    #expect(name("2 red peppers from a jar, sliced") == "roasted red pepper")
    #expect(name("100g bottled red sweet peppers") == "roasted red pepper")
    #expect(name("1 jar red peppers") == "roasted red pepper")
    #expect(name("2 red peppers, deseeded") == "red bell pepper")
    #expect(name("2 red peppers from the garden") == "red bell pepper")
  }
}
