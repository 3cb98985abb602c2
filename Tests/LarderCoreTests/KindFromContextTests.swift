import LarderCore
import Testing

/// The classes of error the fresh judged sample showed (issue 14), each with examples of our
/// own: alternatives whose second has descriptors of its own, chilies sold crushed, a part taken
/// from a food, a gloss of alternatives, a kind-making word apart from its food, a misspelt
/// kind before a known food, and a long heading before the food. A small vocabulary keeps
/// each rule apart from the bundled data.
@Suite struct KindFromContextTests {
  static let tsv = """
    sausage\t\t\t
    sausage meat\tsausage\t\tsausagemeat
    pork\t\t\tpork meat
    meat\t\t\t
    poultry breast\t\t\t
    chicken breast\tpoultry breast\t\t
    turkey breast\tpoultry breast\t\t
    chili\t\t\tchilli|hot red pepper|red chili
    jalapeno\tchili\t\t
    chili flake\t\t\tred pepper flakes
    orange\t\t\t
    orange juice\t\t\t
    pork loin\tpork\t\t
    maraschino cherry\t\t\t
    stock\t\t\t
    stock cube\tstock\t\tbouillon cube
    beef stock\tstock\t\tbeef stock cube
    lamb stock\tstock\t\t
    sugar\t\t\t
    brown sugar\tsugar\t\t
    dark brown sugar\tbrown sugar\t\tdark muscovado
    caster sugar\tsugar\t\t
    soy sauce\t\t\t
    tamari\tsoy sauce\t\t
    steak\t\t\t
    sirloin steak\tsteak\t\tsirloin
    onion\t\t\t
    sweet onion\tonion\t\t
    apricot\t\t\t
    dried apricot\tapricot\t\t
    salmon\t\t\t
    smoked salmon\tsalmon\t\t
    cheese\t\t\t
    parmesan\tcheese\t\tparmesan cheese
    cheddar\tcheese\t\tcheddar cheese
    herb\t\t\t
    thyme\therb\t\t
    dill\therb\t\t
    lovage\therb\t\t
    """

  let parser: IngredientLineParser

  init() throws {
    parser = IngredientLineParser(vocabulary: try Vocabulary(tsv: Self.tsv, file: "test.tsv"))
  }

  func name(_ line: String) -> String { parser.parse(line).name }

  @Test func aSecondAlternativeWithItsOwnDescriptorsSharesNoHeadItDoesNotNeed() {
    // `pork meat` is pork: `meat` adds nothing, so the first alternative does not take it.
    #expect(name("400g cooked sausage or cooked pork meat") == "sausage")
    #expect(name("400g sausage or pork meat") == "sausage")
    // A head that makes a sibling is still shared.
    #expect(name("2 fresh chicken or fresh turkey breasts") == "chicken breast")
  }

  @Test func chiliesSoldCrushedAreFlakes() {
    #expect(name("½ tsp crushed hot red pepper") == "chili flake")
    #expect(name("a pinch of crushed jalapeno") == "chili flake")
    // Fresh ones, counted ones and ones crushed in the method stay chilies.
    #expect(name("1 tbsp fresh crushed chilli") == "chili")
    #expect(name("2 crushed red chilies") == "chili")
    #expect(name("2 red chillies, crushed") == "chili")
  }

  @Test func aPartTakenFromAFoodIsThatFoodOrItsMeasuredProduct() {
    // Measured, the part is the product the vocabulary has.
    #expect(name("3 tbsp juice from half an orange") == "orange juice")
    // Counted fruit is the fruit; a part with no product of its own is the food.
    #expect(name("juice from 2 oranges") == "orange")
    #expect(name("trimmings from the pork loin") == "pork loin")
    #expect(name("2 tbsp syrup from the jar of maraschino cherries") == "maraschino cherry")
  }

  @Test func aGlossOfAlternativesNamesItsFirstKind() {
    #expect(name("1 stock cube (beef, lamb or vegetable)") == "beef stock")
    #expect(name("300g sugar (half dark muscovado, half caster)") == "dark brown sugar")
    // A substitute and examples name no kind; one kind word among descriptions does.
    #expect(name("2 tbsp soy sauce (or tamari)") == "soy sauce")
    #expect(name("500g steak (sirloin, rump or any other cut)") == "steak")
    #expect(name("1 onion (sweet, large, chopped)") == "sweet onion")
  }

  @Test func aKindWordApartFromItsFoodMakesTheKind() {
    #expect(name("100g dried sliced apricots") == "dried apricot")
    #expect(name("100g dried, sliced apricots") == "dried apricot")
    #expect(name("200g smoked thinly sliced salmon") == "smoked salmon")
    // Not across another food.
    #expect(name("200g smoked cheese and salmon") != "smoked salmon")
  }

  @Test func aMisspeltKindBeforeAKnownFoodNarrowsIt() {
    #expect(name("50g grated parmezan cheese") == "parmesan")
    #expect(name("100g chedar cheese") == "cheddar")
    // A word that no edit makes a kind leaves the food as it is.
    #expect(name("100g grated gruyere cheese") == "cheese")
  }

  @Test func aLongHeadingThatNamesNoFoodIsFollowedByTheFood() {
    #expect(name("Toppings of your liking: thyme, dill or lovage") == "thyme")
  }
}
