import LarderCore
import Testing

/// The classes of error the second fresh judged sample showed (issue 14), each with examples of
/// our own: what the measure says a food is (red pepper by the spoon, peppers in a jar, tomato
/// purée by the can), a gloss that says what the food is not, a first alternative that ends
/// in a food of several words, a cut named before `of` and its animal, a food word before an
/// alias that names another kind, a misspelt word before a food named by its head alone, and a
/// kind-making word that lost a doubled letter. A small vocabulary keeps each rule apart from
/// the bundled data.
@Suite struct MeasureAndModifierTests {
  static let tsv = """
    bell pepper\t\t\tsweet pepper
    red bell pepper\tbell pepper\t\tred pepper
    green bell pepper\tbell pepper\t\tgreen pepper
    roasted red pepper\t\t\troasted pepper
    spice\t\t\t
    cayenne\tspice\t\tground red pepper
    peppercorn\tspice\t\t
    black pepper\tpeppercorn\t\tpepper
    sichuan pepper\tspice\t\t
    sansho\tsichuan pepper\t\tsansho pepper
    tomato\t\t\t
    canned tomato\ttomato\t\t
    tomato paste\t\t\ttomato puree|tomato concentrate
    passata\t\t\t
    oil\t\t\t
    olive oil\toil\t\t
    extra virgin olive oil\tolive oil\t\t
    sunflower oil\toil\t\t
    lard\t\t\t
    chili powder\t\t\tchilli powder
    sugar\t\t\t
    powdered sugar\tsugar\t\tpowder sugar|icing sugar
    chicken\t\t\t
    chicken breast\t\t\t
    turkey breast\t\t\t
    beef\t\t\t
    brisket\tbeef\t\t
    lamb\t\t\t
    lamb neck\tlamb\t\tneck of lamb
    wheat\t\t\t
    flour\t\t\t
    00 flour\tflour\t\tpasta flour|pizza flour
    semolina\twheat\t\tsemolina flour
    rye\t\t\t
    """

  let parser: IngredientLineParser

  init() throws {
    parser = IngredientLineParser(vocabulary: try Vocabulary(tsv: Self.tsv, file: "test.tsv"))
  }

  func name(_ line: String) -> String { parser.parse(line).name }

  @Test func redPepperBySpoonIsTheGroundSpice() {
    #expect(name("¼ tsp red pepper") == "cayenne")
    #expect(name("1 tablespoon Red Peppers") == "cayenne")
    #expect(name("a pinch of red pepper") == "cayenne")
    // Counted, by the cup or cut, it is the vegetable.
    #expect(name("2 red peppers") == "red bell pepper")
    #expect(name("1 cup red pepper") == "red bell pepper")
    #expect(name("3 tbsp finely chopped red pepper") == "red bell pepper")
    #expect(name("2 tbsp red pepper, diced") == "red bell pepper")
    // Another word before it names another food.
    #expect(name("1 tsp sweet pepper") == "bell pepper")
  }

  @Test func peppersInAJarAreRoasted() {
    #expect(name("1 jar of red peppers, drained") == "roasted red pepper")
    #expect(name("100g jarred sweet peppers") == "roasted red pepper")
    #expect(name("2 green peppers") == "green bell pepper")
  }

  @Test func tomatoPureeByTheCanOrCupIsSievedTomato() {
    #expect(name("1 15-ounce can tomato puree") == "passata")
    #expect(name("2 cups tomato purée") == "passata")
    #expect(name("250 ml tomato puree") == "passata")
    #expect(name("16 oz tomato puree") == "passata")
    // By the spoon or the gram it is the concentrate; so is any purée called concentrated.
    #expect(name("1 tbsp tomato purée") == "tomato paste")
    #expect(name("70g tomato puree") == "tomato paste")
    #expect(name("6 oz tomato puree") == "tomato paste")
    #expect(name("1 cup concentrated tomato puree") == "tomato paste")
    #expect(name("1 can tomato concentrate") == "tomato paste")
  }

  @Test func aGlossThatSaysWhatTheFoodIsNotNamesNothing() {
    #expect(name("frying fat (not lard)") != "lard")
    #expect(name("olive oil (not extra virgin)") == "olive oil")
    #expect(name("frying fat (lard)") == "lard")
  }

  @Test func aFirstAlternativeEndingInAFoodOfSeveralWordsSharesNoHead() {
    #expect(name("a little chilli powder or sugar") == "chili powder")
    #expect(name("Chilli powder (hot)/ sugar (mild)") == "chili powder")
    // A last word that is a food on its own still shares the second's head.
    #expect(name("smoked chicken or turkey breast") == "chicken breast")
  }

  @Test func aCutNamedBeforeOfIsThatCut() {
    #expect(name("1.5 kg brisket of beef") == "brisket")
    #expect(name("neck of lamb") == "lamb neck")
    // A food before `of` that is no kind of the food after it is no cut of it.
    #expect(name("2 tbsp oil of lamb") != "oil")
  }

  @Test func aFoodBeforeAnAliasOfAnotherKindNamesItsOwnKind() {
    #expect(name("500 g semolina pasta flour") == "semolina")
    #expect(name("500 g pasta flour") == "00 flour")
    // A food that makes no food of its own with the head leaves the alias alone.
    #expect(name("500 g rye pasta flour") == "00 flour")
  }

  @Test func aMisspeltWordBeforeAFoodNamedByItsHeadAloneMayNameAnotherFood() {
    #expect(name("a pinch of sancho pepper") == "sansho")
    #expect(name("1 tsp pepper") == "black pepper")
    // A word no edit turns into a food stays a modifier of the food.
    #expect(name("a pinch of tellicherry pepper") == "black pepper")
  }

  @Test func aKindWordThatLostADoubledLetterMakesItsKind() {
    #expect(name("400g caned tomatoes") == "canned tomato")
    #expect(name("1 tined tomato") == "canned tomato")
  }
}
