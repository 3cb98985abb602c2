import LarderCore
import Testing

/// The classes of error the thirteenth fresh sample (`fresh12`) showed (issue 14, 2026-11-27
/// night), each fixed as a class over every pooled corpus line, with examples of our own: a
/// size after a count and descriptors (hyphenated, or before a container), an approximation
/// after an article, a juice named before `from`/`of` its fruit, the canned kind a cutting
/// word names before a variety in a can, a short gloss with a size word (`extra virgin`), a
/// two-word state after the comma, two cutting words joined by `and`, and crumbles of a food.
/// A small vocabulary keeps each rule apart from the data.
@Suite struct FreshTwelveClassTests {
  static let tsv = """
    fish\t\t\t
    white fish\tfish\t\t
    cod\twhite fish\t\tcod fillet
    halibut\twhite fish\t\thalibut fillet
    salmon\tfish\t\tsalmon fillet
    lemon\t\t\t
    lime\t\t\t
    lemon juice\t\t\tjuice of lemon
    lime juice\t\t\t
    tomato\t\t\t
    plum tomato\ttomato\t\troma tomato|roma|san marzano tomato
    canned tomato\ttomato\t\tcanned plum tomato|peeled tomato
    crushed tomato\tcanned tomato\t\tcrushed plum tomato
    canned chopped tomato\tcanned tomato\t\tchopped tomato|diced tomato
    onion\t\t\t
    red onion\tonion\t\t
    white onion\tonion\t\t
    egg\t\t\t
    hard boiled egg\tegg\t\tboiled egg|hard cooked egg
    soft boiled egg\tegg\t\t
    peanut\t\t\t
    dry roasted peanut\tpeanut\t\t
    cream\t\t\t
    whipped cream\tcream\t\t
    tofu\t\t\t
    bacon\t\t\t
    feta\t\t\t
    carrot\t\t\t
    oil\t\t\t
    vegetable oil\toil\t\tsalad oil|cooking oil
    olive oil\toil\t\t
    coconut oil\toil\t\t
    canola oil\tvegetable oil\t\tcanola
    virgin olive oil\tolive oil\t\t
    extra virgin olive oil\tolive oil\t\tevoo
    """

  let parser: IngredientLineParser

  init() throws {
    parser = IngredientLineParser(vocabulary: try Vocabulary(sources: [(Self.tsv, "85-test.tsv")]))
  }

  func name(_ line: String) -> String { parser.parse(line).name }

  @Test func aHyphenatedSizeAfterACountAndDescriptorsIsTheSizeOfEach() {
    #expect(name("Six thick 6-ounce salmon fillets, skin on") == "salmon")
    #expect(name("2 large 10-ounce fresh halibut fillets") == "halibut")
    #expect(name("Three thin 4-ounce cod fillets") == "cod")
    #expect(parser.parse("4 thick 8-ounce cod fillets").comment == "8 oz")
    // An amount after a food still ends the name.
    #expect(name("Cod fillets 400 g") == "cod")
    // A measure before a container: the container counts the food.
    let tins = parser.parse("3 large 400g/14oz tins of chopped tomatoes")
    #expect(tins.name == "canned chopped tomato")
    #expect(tins.quantity == Quantity(3))
    // An approximation after an article is no food.
    #expect(name("A generous 1 tablespoon lime juice") == "lime juice")
    #expect(parser.parse("A scant ½ cup lemon juice").quantity == Quantity(0.5))
  }

  @Test func aJuiceNamedBeforeItsFruitIsTheJuice() {
    #expect(name("Lime juice from 2 limes") == "lime juice")
    #expect(name("fresh lemon juice of 1 lemon") == "lemon juice")
    // Juice not named with its fruit counts the fruit, as before.
    #expect(name("Juice from 2 limes") == "lime")
    #expect(name("freshly squeezed juice of 1 lemon") == "lemon")
    #expect(name("Zest and juice of 1 lemon") == "lemon")
  }

  @Test func aCuttingWordBeforeAVarietyInACanNamesTheCannedKind() {
    #expect(name("1 can crushed San Marzano tomatoes") == "crushed tomato")
    #expect(name("1 tin diced roma tomatoes or whole peeled tomatoes") == "canned chopped tomato")
    #expect(name("1 can roma tomatoes") == "canned tomato")
    // Out of a can, the variety stays a fresh variety.
    #expect(name("3 diced roma tomatoes") == "plum tomato")
  }

  @Test func aShortGlossWithASizeWordMakesTheKind() {
    #expect(name("2 tbsp olive oil (extra virgin)") == "extra virgin olive oil")
    #expect(name("1/4 cup olive oil (extra-virgin)") == "extra virgin olive oil")
    // A cutting word in the gloss only describes; a preference stays a preference.
    #expect(name("2 tomatoes (chopped)") == "tomato")
    #expect(name("3 onions (preferably red)") == "onion")
  }

  @Test func aTwoWordStateAfterTheCommaMakesTheKindItNames() {
    #expect(name("6 eggs, soft-boiled") == "soft boiled egg")
    #expect(name("2 eggs, hard boiled and chopped") == "hard boiled egg")
    #expect(name("3 eggs, hard boiled") == "hard boiled egg")
    #expect(name("2 eggs, hard-cooked, peeled") == "hard boiled egg")
    // Written as one word, before the food or after the comma.
    #expect(name("4 hardboiled eggs") == "hard boiled egg")
    #expect(name("2 eggs, softboiled") == "soft boiled egg")
    #expect(name("1 cup peanuts, dry roasted") == "dry roasted peanut")
    // One participle after the comma only describes.
    #expect(name("1 cup cream, whipped") == "cream")
  }

  @Test func twoCuttingWordsJoinedByAndAreOnePreparation() {
    #expect(name("400g peeled and diced tomatoes") == "canned chopped tomato")
    #expect(name("2 peeled and sliced carrots") == "carrot")
  }

  @Test func crumblesOfAFoodAreTheFood() {
    #expect(name("Smoky Tofu Crumbles") == "tofu")
    #expect(name("1/2 cup bacon crumbles") == "bacon")
    #expect(name("50 g feta crumbles") == "feta")
  }
}
