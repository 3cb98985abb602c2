import LarderCore
import Testing

/// The classes of error that recur across the unseen parts (`fresh2` to `fresh8` at their
/// first grading; issue 14, 2026-11-27 night), each fixed as a class, with examples of our
/// own: a spoonful or a pinch of a bare spice, a name the vocabulary spells with `in` or
/// `with`, a gloss inside the name, a gloss listing foods of one kind, the seeds of a spice,
/// meat ground from a cut, a descriptor inside a name, racks of ribs, and an origin word
/// between a variety and its food; then fresh9's (same night): a head that restates the food
/// before it, a gloss giving such a name, candied rind; then fresh11's (2026-11-27/28): a
/// range of number words, coarse white sugar, a gloss that leaves the choice open, anchovies
/// kept in vinegar, typographic ligatures, a steak of a fish or of another meat, `powdered`.
/// A small vocabulary keeps each rule apart from the data.
@Suite struct UnseenClassTests {
  static let spices = """
    spice\t\t\t
    cumin\tspice\t\t
    ground cumin\tcumin\t\tcumin powder
    cumin seed\tcumin\t\t
    turmeric\t\t\t
    ground turmeric\tturmeric\t\t
    nutmeg\tspice\t\t
    cayenne\tspice\t\tcayenne pepper|ground red pepper
    sichuan pepper\tspice\t\tsichuan peppercorn
    dill\t\t\t
    spice blend\t\t\t
    mixed spice\tspice blend\t\t
    cardamom\tspice\t\t
    ground cardamom\tcardamom\t\t
    coriander\t\t\t
    cilantro\tcoriander\t\tcoriander leaf
    ground coriander\tcoriander\t\t
    ginger\t\t\t
    ground ginger\tginger\t\t
    """

  static let others = """
    chili\t\t\t
    red chili\tchili\t\t
    chili powder\t\t\tground chili
    chipotle\tchili\t\tchipotle pepper
    chipotle in adobo\t\t\tchipotle peppers in adobo sauce
    tomato\t\t\t
    tomato with green chili\t\t\t
    bread\t\t\t
    sourdough bread\tbread\t\tsourdough
    baguette\tbread\t\t
    rye bread\tbread\t\t
    cheese\t\t\t
    cheddar\tcheese\t\t
    butter\t\t\t
    seed\t\t\t
    pumpkin seed\tseed\t\t
    beef\t\t\t
    steak\tbeef\tmeat\t
    garlic\t\t\t
    garlic powder\t\t\tgranulated garlic
    hoki\t\tfish\t
    venison\t\tmeat\t
    beef chuck\tbeef\tmeat\tchuck
    ground beef\tbeef\tmeat\t
    pork\t\t\t
    pork shoulder\tpork\tmeat\t
    ground pork\tpork\tmeat\t
    pork rib\tpork\tmeat\tbaby back rib|spare rib
    almond\t\t\t
    anchovy\t\t\tanchovy in oil
    white anchovy\tanchovy\t\tmarinated anchovy
    mushroom\t\t\t
    enoki mushroom\tmushroom\t\tenoki
    straw mushroom\tmushroom\t\t
    rice\t\t\t
    pasta\t\t\t
    liqueur\t\t\t
    orange liqueur\tliqueur\t\t
    oil\t\t\t
    olive oil\toil\t\t
    chili oil\toil\t\tchili olive oil
    penne\tpasta\t\t
    fusilli\tpasta\t\t
    risotto rice\trice\t\t
    arborio rice\trisotto rice\t\tarborio
    pear\t\t\t
    bosc pear\tpear\t\t
    potato\t\t\t
    jersey royal\tpotato\t\t
    kombu\t\t\tdashi kombu
    dashi\t\t\t
    sugar\t\t\t
    caster sugar\tsugar\t\tbakers sugar|superfine sugar
    brown sugar\tsugar\t\t
    decorating sugar\tsugar\t\tcoarse sugar|sanding sugar
    sprinkles\t\t\tsugar sprinkles
    biscuit\t\t\t
    butter biscuit\tbiscuit\t\t
    ladyfinger\t\t\tsponge finger|savoiardi biscuit
    orange zest\t\t\torange rind
    candied peel\t\t\tcandied orange peel
    egg\t\t\t
    hard boiled egg\tegg\t\tboiled egg
    soft boiled egg\tegg\t\t
    duck egg\tegg\t\t
    egg white\t\t\t
    egg yolk\t\t\t
    leek\t\t\t
    noodle\t\t\t
    egg noodle\tnoodle\t\tpan fried noodle
    oat\t\t\t
    steel cut oat\toat\t\t
    nut\t\t\t
    cashew\tnut\t\t
    milk\t\t\t
    whole milk\tmilk\t\t
    semi skimmed milk\tmilk\t\tlow fat milk|two percent milk
    milk chocolate\t\t\t
    green chili\tchili\t\t
    dried chili\tchili\t\t
    """

  let parser: IngredientLineParser

  init() throws {
    parser = IngredientLineParser(
      vocabulary: try Vocabulary(sources: [
        (Self.spices, "30-herbs-spices.tsv"), (Self.others, "85-test.tsv"),
      ]))
  }

  func name(_ line: String) -> String { parser.parse(line).name }

  @Test func aSpoonfulOrAPinchOfABareSpiceIsTheGroundSpice() {
    #expect(name("2 teaspoons cumin") == "ground cumin")
    #expect(name("a pinch of turmeric") == "ground turmeric")
    #expect(name("1 heaped tbsp Turmeric") == "ground turmeric")
    // Seeds, a fresh spice, a preparation or another measure say otherwise.
    #expect(name("2 teaspoons cumin seeds") == "cumin seed")
    #expect(name("1 tbsp fresh turmeric") == "turmeric")
    #expect(name("1 tsp turmeric, grated") == "turmeric")
    #expect(name("5 cm turmeric") == "turmeric")
    // A spice the vocabulary keeps no ground kind of stays as it is.
    #expect(name("¼ tsp nutmeg") == "nutmeg")
    #expect(name("1 tsp turmeric (fresh or powder)") == "turmeric")
    #expect(name("1 tsp coriander stalks") == "coriander")
    // A herb whose leaves are a kind of it is chopped by the tablespoon, ground by the teaspoon.
    #expect(name("2 tbsp coriander") == "coriander")
    #expect(name("1 tsp coriander") == "ground coriander")
    // Ginger is spooned in minced fresh as often as ground, cardamom whole as often as
    // ground: the line must say which. A dash of coriander may be leaves to decorate.
    #expect(name("2 tsp ginger") == "ginger")
    #expect(name("1 tsp cardamom") == "cardamom")
    #expect(name("Dash coriander") == "coriander")
  }

  @Test func aNameSpeltWithInOrWithRunsOnPastTheWordThatEndsIt() {
    #expect(name("3 chipotle peppers in adobo sauce, minced") == "chipotle in adobo")
    #expect(name("1 can chipotle peppers in adobo sauce") == "chipotle in adobo")
    #expect(name("1 can tomatoes with green chili") == "tomato with green chili")
    // A clause that makes no name stays a comment, and one that makes a more general food
    // leaves the food the words name.
    #expect(name("2 chipotle peppers in a little water") == "chipotle")
    #expect(name("50 g marinated anchovies in oil") == "white anchovy")
    // After a comma the clause says how the food is kept.
    #expect(name("2 chipotle peppers, in adobo sauce") == "chipotle")
  }

  @Test func aGlossInsideTheNameSaysWhichFood() {
    #expect(name("½ tsp ground hot red (cayenne) pepper") == "cayenne")
    #expect(name("a pinch of hot red (cayenne) pepper") == "cayenne")
    // A gloss after the name does not make a name with the words before it.
    #expect(name("2 red chilies (cayenne)") == "red chili")
    // Not when the words before it name a food, or when the gloss is more general.
    #expect(name("3 oz enoki (straw) mushrooms") == "enoki mushroom")
    #expect(name("1 cup arborio (risotto) rice") == "arborio rice")
  }

  @Test func aGlossListingFoodsOfOneKindNamesTheKind() {
    #expect(name("Any firm loaf, sliced (rye bread, sourdough)") == "bread")
    #expect(name("a few slices of whatever you have (baguette, rye bread)") == "bread")
    // Foods of no common kind: the list names its first food.
    #expect(name("Something to dip (butter, cheddar, ...)") == "butter")
  }

  @Test func aCategoryFollowedByItsKindsListsExamples() {
    #expect(name("400 g short pasta penne, fusilli, any other shape") == "pasta")
    #expect(name("1 lb pasta penne, cooked") == "penne")
    #expect(name("1 lb beef chuck, or pork shoulder") == "beef chuck")
  }

  @Test func aFoodFlavouringAProductNamesTheFlavouredKind() {
    #expect(name("2 tbsp orange-flavored liqueur") == "orange liqueur")
    #expect(name("1 tbsp chili flavoured olive oil") == "chili oil")
    #expect(name("1 tbsp neutral-flavored oil") == "oil")
  }

  @Test func theSeedsOfASpiceAreTheSpice() {
    #expect(name("1 tsp Sichuan pepper seeds, toasted") == "sichuan pepper")
    #expect(name("2 tbsp pumpkin seeds") == "pumpkin seed")
    // A herb's seeds are no seeds of a spice.
    #expect(name("1 tsp dill seeds") == "seed")
  }

  @Test func meatGroundFromACutIsTheGroundMeat() {
    #expect(name("1 lb ground beef chuck") == "ground beef")
    #expect(name("500 g freshly ground pork shoulder") == "ground pork")
    #expect(name("1 lb beef chuck") == "beef chuck")
    #expect(name("1 cup ground almonds") == "almond")
  }

  @Test func aDescriptorInsideANameIsLeftOut() {
    #expect(name("1 tsp mixed ground spice") == "mixed spice")
    #expect(name("1 tsp ground mixed spice") == "mixed spice")
  }

  @Test func racksOfRibsAreTheRibs() {
    #expect(name("3 baby back rib racks") == "pork rib")
    #expect(name("1 spare rib rack, trimmed") == "pork rib")
  }

  @Test func anOriginWordBetweenVarietyAndFoodIsDropped() {
    #expect(name("4 Bosc USA pears, halved") == "bosc pear")
    #expect(name("2 imported Bosc pears") == "bosc pear")
  }

  @Test func aHeadThatRestatesAKnownFoodNamesThatFood() {
    #expect(name("1 kg small Jersey Royal potatoes") == "jersey royal")
    #expect(name("12 sponge finger biscuits") == "ladyfinger")
    // A food whose names never use the head is what the head is made with.
    #expect(name("1 lb cheddar potatoes") == "potato")
    #expect(name("4 butter biscuits") == "butter biscuit")
    // A name that begins with the head says what the food is for: kombu dashi is dashi.
    #expect(name("4 cups kombu dashi") == "dashi")
    // Words ending in `of` measure the head.
    #expect(name("1 sprinkle of sugar") == "sugar")
  }

  @Test func aGlossGivingAnotherNameOfTheHeadNamesThatFood() {
    #expect(name("200 g Boudoir biscuits (or sponge finger biscuits)") == "ladyfinger")
    #expect(name("200 g Boudoir biscuits (or cheddar biscuits)") == "biscuit")
    // A gloss that is a recipe of its own is no other name.
    #expect(
      name("200 g Boudoir biscuits (or a mix of sponge finger and other biscuits)") == "biscuit")
  }

  @Test func candiedRindIsCandiedPeel() {
    #expect(name("50 g candied orange rind, chopped") == "candied peel")
    #expect(name("2 tbsp candied orange zest") == "candied peel")
    #expect(name("1 tsp grated orange rind") == "orange zest")
  }

  @Test func aHyphenatedDescriptorStillCompletesAKnownName() {
    #expect(name("3 soft-boiled eggs, halved") == "soft boiled egg")
    #expect(name("4 hard-boiled eggs, peeled") == "hard boiled egg")
    #expect(name("200 g pan-fried noodles") == "egg noodle")
    #expect(name("1 cup steel-cut oats") == "steel cut oat")
    // A hyphenated descriptor that makes no name is still only a descriptor.
    #expect(name("2 hard-boiled duck eggs") == "duck egg")
    #expect(name("1 cup dry-roasted cashews") == "cashew")
  }

  @Test func oneOrTwoPercentMilkIsLowFatMilk() {
    #expect(name("1 1/4 cups 2% milk") == "semi skimmed milk")
    #expect(name("2 tbsp 1% milk") == "semi skimmed milk")
    #expect(name("1 cup 3.25% milk") == "milk")
    #expect(name("100 g 41% milk chocolate") == "milk chocolate")
    #expect(name("2 cups 1% or 2% milk") == "semi skimmed milk")
    // The first alternative names the kind, as it does in `whole or skim milk`.
    #expect(name("2 cups whole or 2% milk") == "whole milk")
  }

  @Test func aClauseKeepingOnlyThePartOfAnEggNamesThatPart() {
    #expect(name("3 large eggs, whites only") == "egg white")
    #expect(name("1 free-range egg, yolk only, beaten") == "egg yolk")
    // Some kept whole: still eggs.
    #expect(name("4 eggs, 3 whole, 1 yolk only") == "egg")
    // Only the egg's parts: a leek's white is no egg white.
    #expect(name("2 leeks, white only, sliced") == "leek")
  }

  @Test func countedCayennePeppersAreTheChilies() {
    #expect(name("6 Cayenne Pepper") == "red chili")
    #expect(name("3 dried cayenne peppers") == "dried chili")
    #expect(name("2 green cayenne peppers") == "green chili")
    // Measured, or said to be ground, it is the spice.
    #expect(name("1 tsp cayenne pepper") == "cayenne")
    #expect(name("2 ground cayenne peppers") == "cayenne")
    #expect(name("1/2 cayenne pepper") == "cayenne")
    #expect(name("A sprinkle of cayenne pepper") == "cayenne")
    #expect(name("1?8 teaspoon cayenne pepper") == "cayenne")
  }

  @Test func aRangeOfNumberWordsIsOneAmount() {
    let spoons = parser.parse("Two or three spoons of caster sugar")
    #expect(spoons.quantity == Quantity(2, to: 3))
    #expect(spoons.name == "caster sugar")
    #expect(parser.parse("five to six leeks, sliced").quantity == Quantity(5, to: 6))
    #expect(parser.parse("five to six leeks, sliced").name == "leek")
    // A hyphenated tens and units word is one number, not a range.
    #expect(parser.parse("Twenty-two cashews").quantity == Quantity(22))
    // A number word never joins a numeral.
    #expect(parser.parse("3 or four leeks").quantity == Quantity(3))
  }

  @Test func coarseWhiteSugarIsDecoratingSugar() {
    #expect(name("2 tsp coarse bakers sugar, for the top") == "decorating sugar")
    #expect(name("Coarse-grained sugar, to sprinkle") == "decorating sugar")
    #expect(name("1 tbsp coarse white sugar") == "decorating sugar")
    // Fine sugar, or coarse brown sugar, is not.
    #expect(name("2 tsp bakers sugar") == "caster sugar")
    #expect(name("3 tbsp coarse brown sugar") == "brown sugar")
  }

  @Test func aGlossLeavingTheChoiceOpenNamesThePlainFood() {
    #expect(name("½ cup sugar (white or brown is fine)") == "sugar")
    #expect(name("200 ml milk (whole or semi skimmed, either works)") == "milk")
    // A gloss that chooses still names the kind.
    #expect(name("1 cup milk (whole or semi skimmed)") == "whole milk")
  }

  @Test func anchoviesKeptInVinegarAreWhiteAnchovies() {
    #expect(name("8 anchovies (kept in vinegar)") == "white anchovy")
    #expect(name("100 g anchovy fillets, in vinegar") == "white anchovy")
    // In oil, or oil or vinegar, they stay anchovies.
    #expect(name("8 anchovy fillets in oil") == "anchovy")
    #expect(name("6 anchovies (in oil or vinegar)") == "anchovy")
  }

  @Test func typographicLigaturesFoldToTheirLetters() {
    #expect(
      TextFolding.words("sunﬂower oil, ﬁnely ﬀ ﬃ ﬄ") == [
        "sunflower", "oil", "finely", "ff", "ffi", "ffl",
      ])
    #expect(name("1 tsp chilli ﬂakes") == name("1 tsp chilli flakes"))
  }

  @Test func aSteakOfAFishOrAnotherMeatIsThatFood() {
    #expect(name("4 hoki steaks") == "hoki")
    #expect(name("2 venison steaks, about 200 g each") == "venison")
    // Beef steak, or a steak of no known animal, stays steak.
    #expect(name("2 beef steaks") == "steak")
    #expect(name("2 thick steaks") == "steak")
  }

  @Test func powderedSaysWhatGroundOrPowderSays() {
    #expect(name("1 tsp powdered cumin") == "ground cumin")
    #expect(name("1 tbsp powdered garlic") == "garlic powder")
    // Without a kept ground kind or powder the food stays; alternatives are left alone.
    #expect(name("a pinch of powdered nutmeg") == "nutmeg")
    #expect(name("1 tsp powdered cumin or turmeric") == "cumin")
  }
}
