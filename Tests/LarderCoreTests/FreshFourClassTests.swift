import LarderCore
import Testing

/// The classes of error the fourth fresh judged sample showed (issue 14), each looked for over
/// every pooled corpus line and fixed as a class, with examples of our own: `and/or` between
/// alternatives, a word left hanging on a suspended hyphen (`low- or non-fat`), the meat of a
/// named food (`lamb leg meat`), words before a name that name a kind of it (`Port Salut
/// cheese`, `burrito sized tortilla`), a kind-making word before an alias that names a kind
/// by its size (`dried baby shrimps`), a gloss whose first item is a kind of the food
/// (`broth (kakejiru; see below)`), a first alternative the vocabulary lacks, glossed by a
/// food (`coconut spread (margarine made with coconut oil) or shortening`), cream written
/// `creme`, misspellings that are other real words (`plain four`), and chilies sold crushed
/// named first among alternatives. A small vocabulary keeps each rule apart from the data.
@Suite struct FreshFourClassTests {
  static let tsv = """
    pepper\t\t\tblack pepper
    bell pepper\t\t\tsweet pepper
    red bell pepper\tbell pepper\t\tred pepper
    green bell pepper\tbell pepper\t\tgreen pepper
    leafy green\t\t\tgreens|green
    mushroom\t\t\t
    button mushroom\tmushroom\t\tbutton
    field mushroom\tmushroom\t\t
    sesame seed\t\t\t
    black sesame seed\tsesame seed\t\t
    white sesame seed\tsesame seed\t\t
    yogurt\t\t\t
    low fat yogurt\tyogurt\t\tlow fat yoghurt
    noodle\t\t\tinstant noodle|quick noodle
    vegetable\t\t\t
    rice\t\t\t
    long grain rice\trice\t\t
    short grain rice\trice\t\t
    rice noodle\tnoodle\t\t
    fettuccine\t\t\t
    meat\t\t\t
    lamb\t\t\t
    lamb leg\tlamb\t\tleg of lamb
    lobster\t\t\tlobster tail
    crab\t\t\tcrab meat
    sausage\t\t\t
    sausage meat\t\t\t
    cheese\t\t\t
    port salut\tcheese\t\t
    blue cheese\tcheese\t\t
    cheddar\tcheese\t\t
    herb\t\t\t
    parsley\therb\t\t
    chive\therb\t\t
    dill\therb\t\t
    port\t\t\tport wine
    apple\t\t\t
    cox apple\tapple\t\tcox's orange pippin
    tortilla\t\t\t
    flour tortilla\ttortilla\t\tburrito tortilla
    corn tortilla\ttortilla\t\t
    shrimp\t\t\tprawn
    brown shrimp\tshrimp\t\tbaby shrimp|small shrimp
    dried shrimp\tshrimp\t\t
    stock\t\t\tbroth
    chicken stock\tstock\t\tchicken broth
    dashi\tstock\t\t
    kakejiru\tdashi\t\tkakejiru broth
    margarine\t\t\t
    shortening\t\t\tvegetable shortening
    coconut oil\t\t\t
    cream\t\t\t
    cream cheese\tcheese\t\t
    sour cream\tcream\t\t
    creme fraiche\t\t\t
    flour\t\t\tplain flour
    garlic\t\t\tgarlic clove
    clove\t\t\t
    tomato\t\t\t
    tomato puree\t\t\t
    chili\t\t\tchile|chili pepper|hot pepper
    red chili\tchili\t\t
    birds eye chili\tchili\t\tthai chili|thai chile|bird's eye chili
    heavy cream\tcream\t\tdouble cream
    cupcake\t\t\t
    cheese spread\tcheese\t\tboursin|laughing cow
    ginger\t\t\t
    peach\t\t\t
    granola\t\t\t
    serrano chili\tchili\t\tserrano
    seed\t\t\t
    sunflower seed\tseed\t\t
    pumpkin seed\tseed\t\t
    dried chili\tchili\t\t
    pequin chili\tdried chili\t\tchile pequin
    chili flake\t\t\tcrushed red pepper
    cayenne\t\t\t
    beef\t\t\tbeef roast
    steak\tbeef\t\t
    tri tip\tsteak\t\ttri tip roast
    """

  let parser: IngredientLineParser

  init() throws {
    parser = IngredientLineParser(vocabulary: try Vocabulary(tsv: Self.tsv, file: "test.tsv"))
  }

  func name(_ line: String) -> String { parser.parse(line).name }

  @Test func andOrOffersAlternativesAsOrDoes() {
    #expect(name("1/2 cup diced green and/or red pepper") == "green bell pepper")
    #expect(name("200g button and/or field mushrooms, sliced") == "button mushroom")
    #expect(name("1 tbsp black and/or white sesame seeds") == "black sesame seed")
    // `and` alone still lists.
    #expect(name("2 red and green peppers") == "red bell pepper")
  }

  @Test func aWordHangingOnASuspendedHyphenSharesTheNextAlternativesWord() {
    #expect(name("1 cup low- or non-fat yogurt") == "low fat yogurt")
    #expect(name("2 packs vegetable- or chicken-quick noodles") == "noodle")
    #expect(name("1 cup long- or short-grain rice") == "long grain rice")
    #expect(name("200g fettuccine- or linguine-width rice noodles") == "rice noodle")
    // An ordinary hyphen joins as before.
    #expect(name("1 cup long-grain rice") == "long grain rice")
  }

  @Test func theMeatOfANamedFoodIsThatFood() {
    #expect(name("500 g lamb leg meat, cubed") == "lamb leg")
    #expect(name("1 lb cooked lobster tail meat") == "lobster")
    #expect(name("2 oz blue cheese crumbles") == "blue cheese")
    // A meat the vocabulary names stays that food.
    #expect(name("200g crab meat") == "crab")
    #expect(name("450g sausage meat") == "sausage meat")
    #expect(name("1 lb meat") == "meat")
  }

  @Test func wordsBeforeANameThatNameAKindOfItNameTheKind() {
    #expect(name("150g Port Salut cheese, sliced") == "port salut")
    #expect(name("2 Cox's Orange Pippin apples") == "cox apple")
    #expect(name("4 burrito sized tortillas") == "flour tortilla")
    #expect(name("4 burrito-size tortillas") == "flour tortilla")
    // A word right before an alias makes a kind with the food's own name.
    #expect(name("1 Red Chili Pepper, sliced") == "red chili")
    #expect(name("2 red hot peppers") == "red chili")
    #expect(name("1 bird's eye chili pepper, chopped") == "birds eye chili")
    #expect(name("5 Thai chili peppers") == "birds eye chili")
    // Words that name no kind leave the name alone.
    #expect(name("4 large soft tortillas") == "tortilla")
    #expect(name("100g mature cheese") == "cheese")
  }

  @Test func anAliasOfAKindOfTheFoodBeforeItNamesThatKind() {
    // `beef roast` is beef, but `tri tip roast` names a kind of beef: no other food's head.
    #expect(name("3 lb beef tri tip roast") == "tri tip")
    #expect(name("1 beef roast") == "beef")
  }

  @Test func aListOfKindsAcrossTwoCommasTakesItsHead() {
    #expect(name("2-4 green Thai, serrano, or cayenne chiles, stems removed") == "birds eye chili")
    #expect(name("1 tbsp sunflower, sesame, or pumpkin seeds") == "sunflower seed")
    // One comma, as before.
    #expect(name("1 tbsp sunflower, sesame or pumpkin seeds") == "sunflower seed")
  }

  @Test func aBrandBeforeItsFlavoursIsTheProduct() {
    #expect(name("150g Boursin Pepper and Fine Herbs") == "cheese spread")
    // A food called by its own name is no brand: the product after it stays the food.
    #expect(name("150g peach yogurt and granola") == "yogurt")
    // Flavours before a product name the product, as before.
    #expect(name("150g garlic and herb Boursin") == "cheese spread")
  }

  @Test func aKindMakingWordBeforeASizeAliasMakesItsKindOfTheHead() {
    #expect(name("30g dried baby shrimps, soaked") == "dried shrimp")
    #expect(name("25g dried small shrimp") == "dried shrimp")
    // Without the kind-making word the alias stands.
    #expect(name("100g baby shrimp") == "brown shrimp")
  }

  @Test func aGlossWhoseFirstItemIsAKindOfTheFoodNamesIt() {
    #expect(name("1 quart broth for noodles (kakejiru; see below)") == "kakejiru")
    #expect(name("2 cups stock (dashi, or chicken stock)") == "dashi")
    // Items without `or` after a mixed food are what the mix holds, and a gloss that gives
    // examples in a sentence names no kind either.
    #expect(name("2 tbsp mixed fresh herbs (parsley, chives, dill)") == "herb")
    #expect(name("8 slices cheese (sharp cheddar and port salut are good choices)") == "cheese")
    #expect(name("2 tbsp fresh herbs (parsley, chives, dill)") == "herb")
    // Alternatives in a gloss name their first kind.
    #expect(name("50g hard cheese (cheddar or port salut)") == "cheddar")
    // A gloss of examples or one that names what the food is not names no kind.
    #expect(name("2 cups stock (any other kind)") == "stock")
    #expect(name("2 cups stock (not dashi)") == "stock")
  }

  @Test func aFirstAlternativeTheVocabularyLacksIsWhatItsGlossNames() {
    #expect(
      name("3 tbsp coconut spread (margarine made with coconut oil) or vegetable shortening")
        == "margarine")
    // A known first alternative wins as always, and a gloss after the second is the second's.
    #expect(name("3 tbsp margarine (soft) or vegetable shortening") == "margarine")
    #expect(name("3 tbsp nut spread or vegetable shortening (margarine)") == "shortening")
  }

  @Test func creamWrittenCremeIsCream() {
    #expect(name("1 heaped tablespoon Creme Cheese") == "cream cheese")
    #expect(name("1/2 cup sour creme") == "sour cream")
    // Names that keep the French spelling stay.
    #expect(name("2 tbsp creme fraiche") == "creme fraiche")
  }

  @Test func aMisspellingThatIsAnotherWordIsReadAsMeant() {
    #expect(name("450g plain four, sifted") == "flour")
    #expect(name("2 garlic gloves, crushed") == "garlic")
    #expect(name("150g tomato pure") == "tomato puree")
    // Only when the meant word makes a name with the word before it.
    #expect(name("rubber gloves") != "clove")
  }

  @Test func aUnitGluedToTheFoodIsTheUnitEvenWhenTheRestNamesAFood() {
    #expect(name("3/4 cupheavy cream") == "heavy cream")
    #expect(parser.parse("3/4 cupheavy cream").unit == "cup")
    #expect(name("1 tablespooncream cheese, softened") == "cream cheese")
    // A food whose name begins like a unit stays that food.
    #expect(name("12 cupcakes") == "cupcake")
    #expect(parser.parse("12 cupcakes").unit == nil)
  }

  @Test func aCommaAfterAPairOfDescribingWordsDoesNotEndTheName() {
    #expect(name("3 cups reduced-sodium, fat-free chicken broth") == "chicken stock")
    #expect(name("3 cups low-sodium, store-bought chicken broth") == "chicken stock")
    // A food before the comma still ends the name there.
    #expect(name("2 cups chicken broth, low-sodium") == "chicken stock")
  }

  @Test func chiliesSoldCrushedAreFlakesWhenNamedFirst() {
    #expect(name("1/2 tsp crushed chile pequin or cayenne") == "chili flake")
    #expect(name("1 tsp crushed pequin chili") == "chili flake")
    // Fresh chilies, or crushed ones offered second, are not flakes.
    #expect(name("1 tsp fresh or crushed chile pequin") != "chili flake")
    #expect(name("2 pequin chilies, crushed") == "pequin chili")
  }
}
