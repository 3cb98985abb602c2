import LarderCore
import Testing

/// Classes left from the earlier rounds of issue 14 (2026-11-28), each fixed as a class over
/// every pooled corpus line, with examples of our own: a cut or form word after a known food
/// (`medallions`, `darne`, `julienne`, `granules`), the powder of a spice blend, `minced`
/// before a cut of meat, and a pasta shape before `noodles`. A small vocabulary keeps each rule apart from the data.
@Suite struct FormAndHeadWordClassTests {
  static let tsv = """
    venison\t\t\t
    pork tenderloin\t\t\t
    trout\t\t\t
    carrot\t\t\t
    gelatin\t\t\tgelatine
    stock\t\t\t
    vegetable stock\tstock\t\t
    spice\t\t\t
    spice blend\t\t\t
    shichimi togarashi\tspice blend\t\tjapanese seven spice
    garam masala\tspice blend\t\t
    pasta\t\t\t
    spaghetti\tpasta\t\t
    macaroni\tpasta\t\telbow macaroni
    noodle\t\t\t
    egg noodle\tnoodle\t\t
    rice noodle\tnoodle\t\t
    rice\t\t\t
    beef\t\tmeat,animal\t
    beef chuck\tbeef\tmeat,animal\tchuck steak
    ground beef\tbeef\tmeat,animal\tminced beef|beef mince
    """

  let parser: IngredientLineParser

  init() throws {
    parser = IngredientLineParser(vocabulary: try Vocabulary(sources: [(Self.tsv, "85-test.tsv")]))
  }

  func name(_ line: String) -> String { parser.parse(line).name }

  @Test func aCutOrFormWordAfterAFoodIsThatFood() {
    #expect(name("4 x 150g venison medallions") == "venison")
    #expect(name("8 pork tenderloin medallions, trimmed") == "pork tenderloin")
    #expect(name("2 trout darnes") == "trout")
    #expect(name("50g carrot julienne") == "carrot")
    #expect(name("2 tsp gelatine granules") == "gelatin")
    #expect(name("1 tsp vegetable stock granules") == "vegetable stock")
  }

  @Test func thePowderOfASpiceBlendIsTheBlend() {
    #expect(name("Japanese seven-spice powder, to taste") == "shichimi togarashi")
    #expect(name("1 tsp garam masala powder") == "garam masala")
  }

  @Test func mincedBeforeACutIsTheGroundMeat() {
    #expect(name("540g minced beef chuck") == "ground beef")
    #expect(name("500g minced beef") == "ground beef")
    #expect(name("500g beef chuck, minced") == "beef chuck")
  }

  @Test func aPastaShapeBeforeNoodlesIsThePasta() {
    #expect(name("1 pound spaghetti noodles") == "spaghetti")
    #expect(name("250g elbow macaroni noodles, cooked") == "macaroni")
    // Noodles of no pasta shape stay what they are.
    #expect(name("200g egg noodles") == "egg noodle")
    #expect(name("100g rice noodles") == "rice noodle")
  }
}
