import LarderCore
import Testing

/// How the rest of a line changes or supplies the food its name words give: headings that name
/// the food (`thyme sprigs: 3`), alternatives with their own amount, sentences after the name,
/// part nouns, negation, flavour lists, zest, cans, packets, counted peppers and kinds written
/// after a comma. A small vocabulary of our own keeps each rule apart from the bundled data.
@Suite struct LineContextResolutionTests {
  static let tsv = """
    herb\t\t\t
    thyme\therb\t\t
    dill\therb\t\tdill frond
    lovage\therb\t\t
    sea lettuce\t\t\t
    lettuce\t\t\tlettuce leaf
    kaffir lime leaf\t\t\t
    lime\t\t\t
    lime zest\t\t\tlime rind
    lemon\t\t\t
    lemon zest\t\t\t
    radish\t\t\t
    fruit\t\t\t
    stone fruit\tfruit\t\t
    cheese\t\t\t
    feta\tcheese\t\t
    blue cheese\tcheese\t\t
    ravioli\t\t\t
    squash\t\t\t
    plum\t\t\t
    canned plum\t\t\ttinned plum
    jam\t\t\tjelly
    jello\t\t\t
    black pepper\t\t\tpepper
    bell pepper\t\t\t
    cumin\t\t\t
    ground cumin\tcumin\t\t
    tomato\t\t\t
    canned chopped tomato\t\t\tchopped tomato
    milk\t\t\t
    whole milk\tmilk\t\t
    sprinkles\t\t\t
    walnut\t\t\t
    parsnip\t\t\t
    pizza dough\t\t\t
    salt\t\t\t
    cinnamon stick\t\t\t
    cinnamon\t\t\t
    bay leaf\t\t\t
    wine\t\t\t
    white wine\twine\t\t
    peach\t\t\t
    smoked haddock\thaddock\t\t
    haddock\t\t\t
    sunflower seed\t\t\t
    pumpkin seed\t\t\t
    sesame seed\t\t\t
    pork loin\t\t\t
    puff pastry\t\t\t
    goat cheese\t\t\tgoats cheese
    """

  let parser: IngredientLineParser

  init() throws {
    parser = IngredientLineParser(vocabulary: try Vocabulary(tsv: Self.tsv, file: "test.tsv"))
  }

  func name(_ line: String) -> String { parser.parse(line).name }

  @Test func aHeadingNamesTheFoodWhenTheRestIsOnlyAnAmount() {
    let thyme = parser.parse("thyme sprigs: 3")
    #expect(thyme.name == "thyme")
    #expect(thyme.quantity == Quantity(3))
    #expect(name("radishes: a dozen small ones") == "radish")
    // A heading before a whole line stays a heading.
    let topping = parser.parse("Topping: 50 g feta")
    #expect(topping.name == "feta")
    #expect(topping.quantity == Quantity(50))
  }

  @Test func anAlternativeWithItsOwnAmountNamesTheFood() {
    let parsnips = parser.parse("3 small or 2 large parsnips")
    #expect(parsnips.name == "parsnip")
    #expect(parsnips.quantity == Quantity(3))
    #expect(name("1 lime or 2 lemons") == "lime")
  }

  @Test func aSentenceAfterTheNameIsComment() {
    let feta = parser.parse("100 g feta. Greek sheep feta is best.")
    #expect(feta.name == "feta")
    #expect(feta.comment?.contains("Greek") == true)
    // Abbreviations before a period do not end the name.
    #expect(name("2 tbsp. ground cumin") == "ground cumin")
  }

  @Test func aSpacedDashAfterTheAmountOnlySeparates() {
    let walnuts = parser.parse("150g - Walnuts, chopped")
    #expect(walnuts.name == "walnut")
    #expect(walnuts.unit == "g")
    #expect(walnuts.quantity == Quantity(150))
  }

  @Test func anAmountWordAfterAnApproximationIsTheAmount() {
    let parsnips = parser.parse("about six parsnips")
    #expect(parsnips.name == "parsnip")
    #expect(parsnips.quantity == Quantity(6))
  }

  @Test func aPartNounIsDroppedWhenItHidesALongerName() {
    #expect(name("a handful of sea lettuce leaves") == "sea lettuce")
    // ... but a part that makes another food stays.
    #expect(name("4 kaffir lime leaves") == "kaffir lime leaf")
    #expect(name("2 lettuce leaves") == "lettuce")
  }

  @Test func aNameAfterNonIsNotTheFood() {
    #expect(name("non-stone fruit") == "fruit")
    #expect(name("2 cups stone fruit") == "stone fruit")
  }

  @Test func flavoursBeforeAProductNameTheProduct() {
    #expect(name("250 g squash and feta ravioli") == "ravioli")
    #expect(name("100 g creamy dill and lovage blue cheese") == "blue cheese")
    // A plain list keeps its first food.
    #expect(name("salt and black pepper") == "salt")
  }

  @Test func zestOnlyIsTheZest() {
    #expect(name("grated rind of 2 limes") == "lime zest")
    #expect(name("1 lemon, zest only") == "lemon zest")
    // Zest and juice use the whole fruit; a peel that is thrown away is no zest.
    #expect(name("zest and juice of 1 lemon") == "lemon")
    #expect(name("1 lemon, zest removed") == "lemon")
  }

  @Test func aCanMakesTheCannedForm() {
    #expect(name("1 can plums in syrup") == "canned plum")
    #expect(name("1 x 400g tin plums") == "canned plum")
    #expect(name("6 plums") == "plum")
  }

  @Test func jellyInPacketsIsTheDessert() {
    #expect(name("1 packet lime jelly") == "jello")
    #expect(name("2 tbsp lime jelly") == "jam")
  }

  @Test func countedPeppersAreTheVegetable() {
    #expect(name("3 peppers, deseeded and sliced") == "bell pepper")
    #expect(name("1 tsp pepper") == "black pepper")
    #expect(name("salt and pepper") == "salt")
    #expect(name("10 black peppers") == "black pepper")
  }

  @Test func aKindWrittenAfterACommaIsTheKind() {
    #expect(name("1 tsp Cumin, Ground") == "ground cumin")
    // A preparation that spells a product elsewhere is no kind of the food.
    #expect(name("3 tomatoes, chopped") == "tomato")
  }

  @Test func aListOfColoursRunsOnToItsFood() {
    #expect(name("1 tbsp pink, yellow, and blue sprinkles") == "sprinkles")
    #expect(name("2 limes, green and firm") == "lime")
  }

  @Test func aDescriptorAlternativeTakesTheSecondsWholeFood() {
    #expect(name("1 cup whole or 2% milk") == "whole milk")
    #expect(name("1 tsp ground or whole cumin") == "ground cumin")
    // Only the second's whole food: "fresh or tinned plums" is no "fresh" anything else.
    #expect(name("200 g fresh or tinned plums") == "plum")
  }

  @Test func aCannedWordBeforeTheFoodMakesTheCannedForm() {
    #expect(name("400 g tinned whole plums") == "canned plum")
    #expect(name("2 ripe or canned plums") == "plum")
  }

  @Test func adverbsAndParticiplesAfterANameAreNoHeadNoun() {
    #expect(name("2 walnut halves pounded lightly") == "walnut")
  }

  @Test func anAdjectiveBeforeACommaRunsOnToTheFood() {
    #expect(name("4 firm, ripe peaches, sliced") == "peach")
    #expect(name("300 g smoked, undyed haddock") == "smoked haddock")
    // A list before a head: the first takes it.
    #expect(name("1 tbsp sunflower, sesame or pumpkin seeds") == "sunflower seed")
    // The clause must follow the comma that ends the name.
    #expect(!parser.parse("mirepoix such as 1 onion, 1 peach").known)
  }

  @Test func wordsJoinedByHyphensEndNothing() {
    #expect(name("1 sheet ready-to-roll puff pastry") == "puff pastry")
    #expect(name("1 kg center-cut pork loin") == "pork loin")
    #expect(name("1 kg bone-in pork loin") == "pork loin")
  }

  @Test func formNounsAfterAFoodAreNoHeadNoun() {
    #expect(name("100 g goats' cheese log") == "goat cheese")
  }

  @Test func theLongestNameAfterDescriptorsWins() {
    #expect(name("1 cup additional whole milk") == "whole milk")
  }

  @Test func aFormNounBeforeOfNamesAPartOfTheFoodAfter() {
    #expect(name("1 tsp dried leaves of lovage") == "lovage")
  }

  @Test func spoonsAndServingsAreCountUnits() {
    let milk = parser.parse("3 big spoons of whole milk")
    #expect(milk.name == "whole milk")
    #expect(milk.unit == "spoon")
    #expect(parser.parse("1 serving pizza dough").unit == "serving")
  }

  @Test func aMisspeltWordIsRepairedWhenOneFoodResults() {
    #expect(name("1 cinamon stick") == "cinnamon stick")
    #expect(name("3 bayleafs") == "bay leaf")
    #expect(name("100ml white whine") == "white wine")
    #expect(name("2 parsnipps") == "parsnip")
    // Short words and words no single edit brings to a food stay unknown.
    #expect(!parser.parse("2 tbsp wime").known)
    #expect(!parser.parse("1 cup gremolata").known)
  }

  @Test func markupIsNoPartOfTheLine() {
    let dough = parser.parse("1 ball [pizza dough](/recipes/pizza-dough)")
    #expect(dough.name == "pizza dough")
    #expect(dough.line == "1 ball [pizza dough](/recipes/pizza-dough)")
    #expect(name("Salt u0026 pepper") == "salt")
  }
}
