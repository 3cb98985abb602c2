import LarderCore
import Testing

/// How the parser picks the food out of a name phrase with alternatives, extra words, product
/// compounds and glosses, on a small vocabulary of its own so each rule is seen apart from the
/// bundled data.
@Suite struct FoodPhraseResolutionTests {
  static let tsv = """
    stock\t\t\t
    lamb stock\tstock\t\t
    fish stock\tstock\t\t
    nut butter\t\t\t
    almond butter\tnut butter\t\tsmooth almond butter|crunchy almond butter
    butter\t\tdairy\t
    ghee\tbutter\tdairy\tbutter oil
    oil\t\t\t
    walnut oil\toil\t\t
    rice\t\t\t
    basmati rice\trice\t\t
    jasmine rice\trice\t\t
    plant milk\t\t\t
    hemp milk\tplant milk\t\t
    rice milk\tplant milk\t\t
    milk\t\tdairy\t
    lime juice\t\t\t
    orange juice\t\t\t
    lime\t\t\t
    sugar\t\t\t
    cane sugar\tsugar\t\t
    golden cane sugar\tcane sugar\t\t
    flour\t\t\t
    spelt flour\tflour\t\t
    pepper\t\t\t
    habanero\thot pepper\t\thabanero pepper
    hot pepper\tpepper\t\t
    papaya\t\t\t
    fennel seed\t\t\t
    plum\t\t\t
    plum sauce\t\t\t
    walnut\t\t\t
    """

  let parser: IngredientLineParser

  init() throws {
    parser = IngredientLineParser(vocabulary: try Vocabulary(tsv: Self.tsv, file: "test.tsv"))
  }

  @Test(arguments: [
    // The first alternative takes the shared head.
    ("1 litre lamb or fish stock", "lamb stock"),
    ("2 tbsp smooth or crunchy almond butter", "almond butter"),
    ("300 g jasmine or basmati rice", "jasmine rice"),
    ("1 cup hemp or rice milk", "hemp milk"),
    ("2 tbsp lime or orange juice", "lime juice"),
    ("100 g golden or white cane sugar", "golden cane sugar"),
    // Whole foods: the first wins, even when "first + head" spells another food.
    ("2 tbsp butter or walnut oil", "butter"),
    ("1 tbsp walnut oil or butter", "walnut oil"),
    // Descriptor-only alternatives are skipped.
    ("fresh or frozen papaya", "papaya"),
  ])
  func alternativesKeepTheFirstFood(line: String, name: String) {
    let parsed = parser.parse(line)
    #expect(parsed.name == name, "\(line)")
    #expect(parsed.known)
  }

  @Test(arguments: [
    // Extra words before a known name do not hide it.
    ("200 g stone ground spelt flour", "spelt flour"),
    // A known kind named before the general word wins.
    ("1 finely chopped habanero hot pepper", "habanero"),
    // Plurals in -is.
    ("3 papayas", "papaya"),
    // A short gloss in parentheses names the food the words do not.
    ("1 tsp saunf (fennel seed)", "fennel seed"),
  ])
  func extraWordsDoNotBlockKnownNames(line: String, name: String) {
    let parsed = parser.parse(line)
    #expect(parsed.name == name, "\(line)")
    #expect(parsed.known)
  }

  @Test func aKnownProductKeepsItsName() {
    #expect(parser.parse("2 tbsp plum sauce").name == "plum sauce")
  }

  @Test(arguments: ["2 tbsp walnut pistou", "1 jar plum chutneyish"])
  func anUnknownHeadIsNotReplacedByItsModifier(line: String) {
    let parsed = parser.parse(line)
    #expect(!parsed.known, "\(line) → \(parsed.name)")
  }

  @Test(arguments: [
    ("4 walnut halves", "walnut"), ("2 plums, stones removed", "plum"),
    ("1 papaya weighing about 500 g", "papaya"),
  ])
  func formWordsAfterAFoodAreNoise(line: String, name: String) {
    #expect(parser.parse(line).name == name, "\(line)")
  }

  @Test func aGlossDoesNotReplaceAKnownName() {
    #expect(parser.parse("1 papaya (about 400 g)").name == "papaya")
    #expect(parser.parse("1 papaya (plum)").name == "papaya")
  }
}
