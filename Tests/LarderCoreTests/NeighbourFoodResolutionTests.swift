import LarderCore
import Testing

/// Lines where two foods stand close and the parser must not take the neighbour: a list whose
/// comma was lost, an apposition after a grade word, sweet onions of a colour, a counted
/// food with a cutting word that also spells a product, and a part taken from a food. A small
/// vocabulary of our own keeps each rule apart from the bundled data.
@Suite struct NeighbourFoodResolutionTests {
  static let tsv = """
    mango\t\t\t
    mint\t\t\t
    polenta\t\t\t
    cornmeal\tgrain\t\tfine cornmeal|coarse cornmeal
    grain\t\t\t
    cheese\t\t\t
    parmesan\tcheese\t\t
    oil\t\t\t
    potato\t\t\t
    mashed potato\t\t\tmash
    tomato\t\t\t
    canned diced tomato\ttomato\t\tdiced tomato
    lobster\t\t\tlobster meat
    meat\t\t\t
    carrot\t\t\t
    butter\t\t\t
    """

  let parser: IngredientLineParser

  init() throws {
    parser = IngredientLineParser(vocabulary: try Vocabulary(tsv: Self.tsv, file: "test.tsv"))
  }

  func name(_ line: String) -> String { parser.parse(line).name }

  @Test func aCuttingWordBetweenTwoFoodsIsALostComma() {
    #expect(name("Garnish: mango chopped mint, lime") == "mango")
    // A compound's word before a participle is no food of its own.
    #expect(name("2 tbsp oil-packed sliced mango") == "mango")
    // Alone, or before no second food, the cutting word only describes.
    #expect(name("1 mango chopped") == "mango")
    #expect(name("2 tbsp chopped mint") == "mint")
    // Mashing joins a food before it into a compound: potatoes mashed with butter.
    #expect(name("2 cups butter-mashed potatoes") == "mashed potato")
  }

  @Test func aGradeWordBetweenTwoFoodsStartsAnApposition() {
    #expect(name("2 cups polenta coarse cornmeal") == "polenta")
    #expect(name("2 cups coarse cornmeal") == "cornmeal")
  }

  @Test func relatedFoodsAcrossTheGapKeepTheKind() {
    // Parmesan is a cheese: the more specific food is named, not the first.
    #expect(name("50 g cheese grated parmesan") == "parmesan")
  }

  @Test func sweetOnionsAreYellowOrWhiteNotRed() throws {
    // The bundled vocabulary: Vidalia and Maui onions are sold as sweet yellow or white
    // onions, while a "sweet red onion" is a red onion described.
    let bundled = IngredientLineParser(vocabulary: try Vocabulary.bundled())
    #expect(bundled.parse("1 sweet yellow onion, sliced").name == "sweet onion")
    #expect(bundled.parse("1/2 sweet white or red onion").name == "sweet onion")
    #expect(bundled.parse("2 sweet red onions").name == "red onion")
    #expect(bundled.parse("1 white onion").name == "white onion")
  }

  @Test func countedFoodsWithACuttingWordAreWholeFoods() {
    #expect(name("3 mashed potatoes") == "potato")
    #expect(name("2 cups mashed potatoes") == "mashed potato")
    #expect(name("4 diced tomatoes") == "tomato")
    #expect(name("400 g diced tomatoes") == "canned diced tomato")
    #expect(name("2 chopped carrots") == "carrot")
    // Counted cans are the product.
    #expect(name("2 x 400 g diced tomatoes") == "canned diced tomato")
    #expect(name("2 cans diced tomatoes") == "canned diced tomato")
  }

  @Test func aPartTakenFromAFoodNamesTheFood() {
    #expect(name("200 g meat from 2 cooked lobsters, in chunks") == "lobster")
    #expect(name("flesh from 1 mango") == "mango")
    #expect(name("500 g meat") == "meat")
    #expect(
      parser.parse("200 g meat from 2 cooked lobsters").preparation?.contains("meat from") == true)
  }
}
