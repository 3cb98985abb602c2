import LarderCore
import Testing

/// The classes of error the eighth fresh sample (`fresh7`) showed (issue 14, 2026-11-27
/// evening), each fixed as a class over every pooled corpus line, with examples of our own:
/// the spellings of chili as one word, `dry` as `dried`, a gloss that leaves the state to the
/// cook, a flavour before a compound name, skin taken from a food, a long heading followed by a
/// measured food, a plant's leaves when chopped or bought by the bunch, a gloss naming cuts,
/// cubes before the food, an article before a size, and a participle that makes a product
/// (`roasted red bell peppers`). A small vocabulary keeps each rule apart from the data.
@Suite struct FreshSevenClassTests {
  static let tsv = """
    chili\t\t\tchile
    red chili\tchili\t\tred chile
    dried chili\tchili\t\tdry red chilli
    green chili paste\t\t\tgreen chilli paste
    mushroom\t\t\t
    dried mushroom\tmushroom\t\t
    white wine\t\t\t
    sherry\t\t\t
    chicken\t\t\t
    cooked chicken\tchicken\t\tleftover chicken
    chicken breast\tchicken\t\t
    chicken skin\tchicken\t\t
    guinea fowl\t\t\t
    pea\t\t\t
    frozen pea\tpea\t\t
    milk\t\t\t
    whole milk\tmilk\t\t
    vinegar\t\t\t
    white wine vinegar\tvinegar\t\t
    herb vinegar\tvinegar\t\ttarragon vinegar
    oil\t\t\t
    olive oil\toil\t\t
    truffle oil\toil\t\t
    candy\t\t\tsweets
    onion\t\t\t
    vegetable oil\toil\t\t
    red onion\tonion\t\t
    sweet onion\tonion\t\t
    cheddar\t\t\tcheddar cheese
    black pepper\t\t\t
    salt\t\t\t
    coriander\t\t\t
    cilantro\tcoriander\t\tcoriander leaf
    ground coriander\tcoriander\t\t
    beef\t\t\t
    stewing beef\tbeef\t\tbeef cube
    pepper\t\t\t
    bell pepper\tpepper\t\t
    red bell pepper\tbell pepper\t\t
    sichuan pepper\tpepper\t\t
    roasted red pepper\t\t\troasted bell pepper|roasted pepper
    jalapeno\t\t\t
    pickled jalapeno\t\t\t
    """

  let parser: IngredientLineParser

  init() throws {
    parser = IngredientLineParser(vocabulary: try Self.vocabulary())
  }

  /// The test foods, with the plants that flavour products in a file of their food group.
  static func vocabulary() throws -> Vocabulary {
    try Vocabulary(sources: [
      (tsv, "85-test.tsv"), ("tarragon\t\t\t\ntruffle\t\t\t\n", "30-herbs-spices.tsv"),
      ("plum\t\t\t\n", "20-fruits.tsv"),
      (
        "tomato\t\t\t\ncherry tomato\ttomato\t\t\nplum tomato\ttomato\t\t\nvegetable\t\t\t\n",
        "10-vegetables.tsv"
      ),
    ])
  }

  func name(_ line: String) -> String { parser.parse(line).name }

  @Test func chiliIsOneWordInAnyOfItsSpellings() throws {
    #expect(name("2 dry red chiles, stemmed") == "dried chili")
    #expect(name("1 dry red chili") == "dried chili")
    #expect(name("1 tbsp green chile paste") == "green chili paste")
    #expect(name("3 red chillies") == "red chili")
    // Typed text folds the same way.
    let vocabulary = try Self.vocabulary()
    #expect(vocabulary.entry(for: "Dry Red Chiles")?.name == "dried chili")
  }

  @Test func dryBeforeAFoodIsDriedWhereTheVocabularyKeepsTheDriedKind() {
    #expect(name("30 g dry mushrooms, soaked") == "dried mushroom")
    #expect(name("1 cup dry white wine") == "white wine")
    #expect(name("2 tbsp dry sherry") == "sherry")
    // After a participle, dry says how the food was left.
    #expect(name("2 rinsed and patted dry mushrooms") == "mushroom")
  }

  @Test func aGlossOfStatesLeavesTheStateToTheCook() {
    #expect(name("2 cups shredded chicken (raw or cooked)") == "chicken")
    #expect(name("1 cup peas (frozen or fresh)") == "pea")
    #expect(name("1 cup peas (either fresh or frozen)") == "pea")
    // A gloss of kinds still names the first kind.
    #expect(name("1 cup milk (whole or skim)") == "whole milk")
  }

  @Test func aFoodBeforeACompoundNameMakesTheFlavouredSibling() {
    #expect(name("2 tbsp tarragon white wine vinegar") == "herb vinegar")
    #expect(name("1 tsp truffle olive oil") == "truffle oil")
    // No sibling made: the name stands; a colour is no flavour.
    #expect(name("1 tbsp white wine vinegar") == "white wine vinegar")
    #expect(name("1 tbsp red white wine vinegar") == "white wine vinegar")
    // A food of no flavouring group (sweets) is no flavour: a sweet red onion is a red onion.
    #expect(name("2 sweet red onions") == "red onion")
    // Before a plant food, a plant of another family is its shape; a whole group no flavour.
    #expect(name("10 plum cherry tomatoes") == "cherry tomato")
    #expect(name("2 tbsp vegetable olive oil") == "olive oil")
  }

  @Test func skinTakenFromAFoodIsThatFoodsSkin() {
    #expect(name("skin from 2 chickens, finely sliced") == "chicken skin")
    #expect(name("the skin from 1 guinea fowl") == "guinea fowl")
  }

  @Test func aLongHeadingFollowedByAMeasuredFoodNamesTheMeasuredFood() {
    #expect(
      name("Cheese and Pepper Variation: 1 cup grated cheddar and 1 tsp black pepper")
        == "cheddar")
    // Nothing measured after the colon: the heading's food stays.
    #expect(name("Salt and pepper to finish: to taste") == "salt")
    // A heading with its own amount is the food.
    #expect(name("2 cups cheddar cheese: 1 cup for the sauce, 1 cup to top") == "cheddar")
  }

  @Test func aPlantChoppedOrByTheBunchIsItsLeaves() {
    #expect(name("large handful of coriander, roughly chopped") == "cilantro")
    #expect(name("3 tbsp minced coriander") == "cilantro")
    #expect(name("1 bunch coriander") == "cilantro")
    #expect(name("1 tsp coriander") == "coriander")
    #expect(name("2 tsp ground coriander") == "ground coriander")
  }

  @Test func aGlossNamingCutsNamesTheFirstCut() {
    #expect(name("2 lb chicken (breasts or thighs)") == "chicken breast")
    #expect(name("2 lb chicken (any pieces you like)") == "chicken")
  }

  @Test func cubesBeforeTheFoodNameItsCubedKind() {
    #expect(name("2 lb trimmed cubes beef") == "stewing beef")
  }

  @Test func anArticleBeforeASizeIsOne() {
    let parsed = parser.parse("a 6-ounce chunk of good aged cheddar cheese")
    #expect(parsed.name == "cheddar")
    #expect(parsed.quantity == Quantity(1))
    #expect(name("an 8 oz bag frozen peas") == "frozen pea")
  }

  @Test func aParticipleBeforeTheFoodNamesTheProductItMakes() {
    #expect(name("2 roasted red bell peppers, sliced") == "roasted red pepper")
    #expect(name("3 tbsp chopped pickled jalapenos") == "pickled jalapeno")
    // Only a colour may be left out of the food's name, and alternatives stay the food.
    #expect(name("1 tsp roasted sichuan pepper") == "sichuan pepper")
    #expect(name("1 red bell pepper, fresh or roasted") == "red bell pepper")
  }
}
