import LarderCore
import Testing

/// The classes of error the third fresh judged sample showed (issue 14), measured over every
/// corpus line and fixed as classes, each with examples of our own: a part of an animal or
/// plant named after it (`duck crowns`, `cod cheeks`, `walnut kernels`), a count noun before
/// the food that names the form the vocabulary keeps apart (`1 stick cinnamon`), a unit glued
/// to the food (`1/4 cupmilk`), a phrase that leaves the kind to the cook (`of your choice`),
/// a size inside the name (`dried ½-inch tortilla squares`), an approximate second measure
/// (`1 lb or about 2 cups of`), the zest of a fruit `zested`, and a citrus fruit measured by
/// volume (its juice), an adjective whose plural is a food before a comma (`crisp, sweet
/// apples`), a participle after the last of two alternatives, `room temp` and
/// `steel cut`. A small vocabulary keeps each rule apart from the bundled data.
@Suite struct PartsAndLineShapeTests {
  static let tsv = """
    poultry\t\t\t
    duck\tpoultry\t\t
    duck breast\tduck\t\t
    pigeon\tpoultry\t\twood pigeon
    chicken\tpoultry\t\t
    chicken thigh\tchicken\t\t
    guinea fowl\tpoultry\t\t
    squid\t\t\tcalamari
    cod\t\t\t
    walnut\t\t\t
    lamb\t\t\t
    mutton\tlamb\t\t
    lamb shoulder\tlamb\t\tshoulder of lamb
    bacon\t\t\t
    lardon\tbacon\t\tbacon piece
    turkey\t\t\t
    smoked turkey\tturkey\t\tturkey slice
    artichoke\t\t\t
    artichoke heart\tartichoke\t\tartichoke bottom
    spice\t\t\t
    cinnamon\tspice\t\t
    cinnamon stick\tcinnamon\t\tstick cinnamon
    cardamom\tspice\t\t
    green cardamom\tcardamom\t\tcardamom pod
    herb\t\t\t
    coriander\tspice\t\t
    cilantro\tcoriander\t\tcoriander sprig|coriander leaf
    butter\t\t\t
    milk\t\t\t
    baking powder\t\t\t
    water\t\t\t
    curry powder\t\t\t
    pasta\t\t\t
    berry\t\t\t
    onion\t\t\t
    tortilla\t\t\t
    chicken liver\t\t\t
    citrus fruit\t\t\tcitrus
    lemon\tcitrus fruit\t\t
    lime\tcitrus fruit\t\t
    mandarin\tcitrus fruit\t\ttangerine
    lemon juice\t\t\t
    lime zest\t\t\t
    mandarin juice\t\t\t
    lemon zest\t\t\t
    apple\t\t\t
    potato chip\t\t\tcrisps
    candy\t\t\tsweets
    creamed corn\t\t\tcream style corn
    oat\t\t\t
    steel cut oat\toat\t\t
    pork chop\t\t\t
    red onion\tonion\t\t
    white onion\tonion\t\t
    yellow onion\tonion\t\t
    sweet onion\tonion\t\t
    egg\t\t\t
    """

  let parser: IngredientLineParser

  init() throws {
    parser = IngredientLineParser(vocabulary: try Vocabulary(tsv: Self.tsv, file: "test.tsv"))
  }

  func name(_ line: String) -> String { parser.parse(line).name }

  @Test func aPartAfterTheFoodNamesTheFood() {
    #expect(name("4 duck crowns") == "duck")
    #expect(name("2 wood pigeon crowns") == "pigeon")
    #expect(name("200g cod cheeks") == "cod")
    #expect(name("50g walnut kernels") == "walnut")
    #expect(name("1 duck carcass, chopped") == "duck")
    #expect(name("2 guinea fowl legs") == "guinea fowl")
    #expect(name("1kg mutton shoulder, diced") == "mutton")
    #expect(name("squid wings and tentacles, cleaned") == "squid")
    #expect(name("6 small calamari bodies") == "squid")
    // A part the vocabulary names stays that food.
    #expect(name("4 chicken thighs") == "chicken thigh")
    #expect(name("2 duck breasts") == "duck breast")
    // An alias names a part as its own food where a cook buys it apart.
    #expect(name("6 artichoke bottoms") == "artichoke heart")
  }

  @Test func aCountNounBeforeTheFoodMayNameItsForm() {
    #expect(name("1 stick cinnamon") == "cinnamon stick")
    #expect(name("3 Pods Cardamom") == "green cardamom")
    #expect(name("4-5 pods of cardamom") == "green cardamom")
    #expect(name("2 sprigs coriander, chopped") == "cilantro")
    #expect(name("1 shoulder of salt marsh lamb") == "lamb shoulder")
    #expect(name("1 breast of duck") == "duck breast")
    // Pieces and slices are how a cook cuts anything, no form of their own.
    #expect(name("2 pieces bacon") == "bacon")
    #expect(name("3 slices of turkey") == "turkey")
    #expect(name("2 sticks butter") == "butter")
  }

  @Test func aUnitGluedToTheFoodIsTheUnit() {
    let milk = parser.parse("1/4 cupmilk")
    #expect(milk.name == "milk")
    #expect(milk.unit == "cup")
    #expect(milk.known)
    #expect(name("1 teaspoonbaking powder") == "baking powder")
    #expect(name("3 cupswater, for steaming") == "water")
    // Only where the rest names a food: a word that merely starts like a unit stays.
    #expect(parser.parse("12 cupcakes").known == false)
  }

  @Test func aPhraseLeavingTheKindToTheCookNamesNothing() {
    let curry = parser.parse("Curry powder of your favourite variety")
    #expect(curry.name == "curry powder")
    #expect(curry.comment == "of your favourite variety")
    #expect(name("200 g pasta of choice") == "pasta")
    #expect(name("Fresh berries of choice, to decorate") == "berry")
    #expect(name("A cup of diced onions of any kind.") == "onion")
  }

  @Test func aSizeInsideTheNameIsNoAmount() {
    let squares = parser.parse("1/3 cup (85 ml) dried ½-inch (1.25 cm) tortilla squares")
    #expect(squares.name == "tortilla")
    #expect(squares.unit == "cup")
  }

  @Test func anApproximateSecondMeasureIsSkipped() {
    let livers = parser.parse("1 lb or about 2 cups of chicken livers")
    #expect(livers.name == "chicken liver")
    #expect(livers.unit == "lb")
  }

  @Test func aZestedFruitIsItsZest() {
    #expect(name("1/2 lime, zested") == "lime zest")
    #expect(name("2 lemons, zested") == "lemon zest")
    // Zested and juiced, the whole fruit is used.
    #expect(name("1 lemon, zested and juiced") == "lemon")
  }

  @Test func anAdjectiveWhosePluralIsAFoodDescribesTheFoodAfterTheComma() {
    #expect(name("2 pounds crisp, sweet apples") == "apple")
    #expect(name("1 cup canned sweet, cream-style corn") == "creamed corn")
    #expect(name("1 bag crisps") == "potato chip")
  }

  @Test func aParticipleAfterTheLastAlternativeIsNoHead() {
    #expect(name("1 medium white or yellow onion diced") == "white onion")
  }

  @Test func roomTempAndCutWordsStayInTheirPlace() {
    #expect(name("1 stick butter room temp.") == "butter")
    #expect(name("2 large eggs room temp.") == "egg")
    #expect(name("1 cup steel cut oats") == "steel cut oat")
    #expect(name("4 center cut pork chops") == "pork chop")
    // `cut into` still ends the name.
    #expect(name("2 apples cut into wedges") == "apple")
  }

  @Test func aCitrusFruitByVolumeIsItsJuice() {
    #expect(name("1/3 cup Lemon") == "lemon juice")
    #expect(name("1 teaspoon fresh lemon") == "lemon juice")
    // Counted, it is the fruit; grated, its zest is meant.
    #expect(name("2 lemons") == "lemon")
    #expect(name("1 heaping teaspoon finely grated tangerine") == "mandarin")
  }
}
