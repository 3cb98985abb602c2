import Testing

@testable import LarderCore

@Suite struct IngredientLineParserTests {
  private let plain = IngredientLineParser()

  private func known() throws -> IngredientLineParser {
    IngredientLineParser(vocabulary: try TestVocabulary.make())
  }

  @Test func fullLineSplitsIntoParts() {
    let parsed = plain.parse("1 ½ cups (350 ml) finely chopped red onions, divided")
    #expect(parsed.quantity == Quantity(1.5))
    #expect(parsed.unit == "cup")
    #expect(parsed.name == "red onion")
    #expect(parsed.preparation == "finely chopped")
    #expect(parsed.comment == "divided")
    #expect(parsed.known == false)
  }

  @Test func hyphenatedCutDescriptorsDoNotEndTheName() {
    #expect(plain.parse("1 kg bone-in chicken thighs").name == "chicken thigh")
    #expect(plain.parse("2 kg skin-on pork belly").name == "pork belly")
    #expect(plain.parse("8 bone in chicken thighs, skin removed").name == "chicken thigh")
    #expect(plain.parse("2 cups water, to taste").name == "water")
  }

  @Test func knownNameIsMarkedKnown() throws {
    let parsed = try known().parse("2 red onions")
    #expect(parsed.name == "red onion")
    #expect(parsed.known)
  }

  @Test func unitSpellings() {
    #expect(plain.parse("2 T butter").unit == "tbsp")
    #expect(plain.parse("1 t vanilla").unit == "tsp")
    #expect(plain.parse("3 tbs. sugar").unit == "tbsp")
    #expect(plain.parse("3 tbsp. sugar").unit == "tbsp")
    #expect(plain.parse("2 Tablespoons olive oil").unit == "tbsp")
    #expect(plain.parse("500ml/18fl oz stock").unit == "ml")
    #expect(plain.parse("4 T-bone steaks").unit == nil)
    #expect(plain.parse("4 T-bone steaks").name == "t bone steak")
  }

  @Test func dualMeasureKeepsTheFirst() {
    let parsed = plain.parse("150g/5¼oz canned chickpeas, drained and rinsed")
    #expect(parsed.quantity == Quantity(150))
    #expect(parsed.unit == "g")
    #expect(parsed.name == "chickpea")
    #expect(parsed.preparation?.contains("drained and rinsed") == true)
    let pounds = plain.parse("700g/1lb 9oz diced lamb")
    #expect(pounds.unit == "g")
    #expect(pounds.name == "lamb")
    let plus = plain.parse("2 tablespoons plus 2 teaspoons maple syrup")
    #expect(plus.quantity == Quantity(2))
    #expect(plus.name == "maple syrup")
  }

  @Test func saltAndPepperToTaste() {
    let parsed = plain.parse("salt and pepper to taste")
    #expect(parsed.name == "salt")
    #expect(parsed.comment == "and pepper, to taste")
    #expect(parsed.quantity == nil)
  }

  @Test func sizeIsDropped() {
    let parsed = plain.parse("2 large eggs")
    #expect(parsed.quantity == Quantity(2))
    #expect(parsed.name == "egg")
    #expect(parsed.preparation == nil)
  }

  @Test func restatedMeasureInParenthesesIsDropped() {
    #expect(plain.parse("2 cups (500 ml) milk").comment == nil)
    #expect(plain.parse("2 cups (see note) milk").comment == "see note")
  }

  @Test func canWithSizeNote() {
    let parsed = plain.parse("1 (14 oz) can coconut milk")
    #expect(parsed.quantity == Quantity(1))
    #expect(parsed.unit == "can")
    #expect(parsed.name == "coconut milk")
    #expect(parsed.comment == "14 oz")
  }

  @Test func multipliedTin() {
    let parsed = plain.parse("1 x 400g tin chopped tomatoes")
    #expect(parsed.quantity == Quantity(1))
    #expect(parsed.unit == "can")
    #expect(parsed.name == "tomato")
    #expect(parsed.preparation == "chopped")
    #expect(parsed.comment == "400 g")
  }

  @Test func zestAndJuiceNameTheFruit() {
    let zest = plain.parse("zest of 1 lemon")
    #expect(zest.name == "lemon")
    #expect(zest.quantity == Quantity(1))
    #expect(zest.preparation == "zest of")
    let juice = plain.parse("Juice of 2 limes")
    #expect(juice.name == "lime")
    #expect(juice.quantity == Quantity(2))
    #expect(plain.parse("Finely grated zest and juice of 1 orange").name == "orange")
  }

  @Test func pinchOfSaffron() {
    let parsed = plain.parse("a pinch of saffron")
    #expect(parsed.quantity == Quantity(1))
    #expect(parsed.unit == "pinch")
    #expect(parsed.name == "saffron")
    #expect(plain.parse("a good pinch of dried oregano").unit == "pinch")
    #expect(plain.parse("handful fresh breadcrumbs").unit == "handful")
  }

  @Test func headingBeforeColonIsDropped() {
    let parsed = plain.parse("for the garnish: parsley")
    #expect(parsed.name == "parsley")
    #expect(parsed.comment == "for the garnish")
    #expect(plain.parse("For the sauce:").name == "")
  }

  @Test func optionalMarkers() {
    #expect(plain.parse("1 tsp ground cumin (optional)").isOptional)
    #expect(plain.parse("½ teaspoon nutmeg, optional").isOptional)
    #expect(plain.parse("optional: 1 tbsp capers").isOptional)
    #expect(plain.parse("½ teaspoon nutmeg, optional").name == "nutmeg")
    #expect(!plain.parse("1 tsp ground cumin").isOptional)
  }

  @Test func descriptorsGoToPreparation() {
    let parsed = plain.parse("2 cups fresh organic basil leaves, roughly torn")
    #expect(parsed.name == "basil leaf")
    #expect(parsed.preparation == "fresh organic, roughly torn")
  }

  @Test func commaAfterDescriptorsDoesNotEndTheName() {
    #expect(plain.parse("6 skinless, boneless chicken thighs").name == "chicken thigh")
  }

  @Test func trailingCountNounBecomesTheUnit() {
    let parsed = plain.parse("2 garlic cloves, crushed")
    #expect(parsed.name == "garlic")
    #expect(parsed.unit == "clove")
    #expect(plain.parse("5 cloves garlic, minced").name == "garlic")
    #expect(plain.parse("5 cloves garlic, minced").unit == "clove")
  }

  @Test func alternativesKeepTheFirst() {
    #expect(plain.parse("beef or chicken stock").name == "beef stock")
    #expect(plain.parse("fresh or frozen peas").name == "pea")
    #expect(plain.parse("1 small onion or 2 shallots").name == "onion")
    #expect(plain.parse("¾ to 1 pound ground beef, pork, or lamb").name == "beef")
  }

  @Test func pieceOfGingerWithLength() {
    let parsed = plain.parse("2.5cm/1in piece fresh root ginger, grated")
    #expect(parsed.name == "root ginger")
    #expect(parsed.unit == "piece")
  }

  @Test func metricAfterTheName() {
    let parsed = plain.parse("1½ cups chopped onions 375 mL")
    #expect(parsed.name == "onion")
    #expect(parsed.quantity == Quantity(1.5))
    #expect(parsed.unit == "cup")
  }

  @Test func diacriticsAreFoldedInNames() {
    #expect(plain.parse("2 tbsp crème fraîche").name == "creme fraiche")
    #expect(plain.parse("4 jalapeños").name == "jalapeno")
  }

  @Test func aliasResolvesToCanonicalName() throws {
    let parser = try known()
    #expect(parser.parse("4 spring onions, sliced").name == "green onion")
    #expect(parser.parse("1 spring onion").name == "green onion")
    #expect(parser.parse("3 scallions").name == "green onion")
    #expect(parser.parse("500g butternut pumpkin").name == "butternut squash")
    #expect(parser.parse("500g butternut squash").name == "butternut squash")
    #expect(parser.parse("200 ml crème fraîche").name == "creme fraiche")
  }

  @Test func longestKnownSubPhrase() throws {
    let parser = try known()
    let parsed = parser.parse("2 boneless skinless chicken breasts")
    #expect(parsed.name == "chicken breast")
    #expect(parsed.known)
    #expect(parser.parse("1 tbsp good extra virgin olive oil").name == "olive oil")
    #expect(parser.parse("2 cups plain flour").name == "flour")
    #expect(parser.parse("150g mature aged cheddar").name == "aged cheddar")
  }

  @Test func unknownNameIsTheCleanedPhrase() throws {
    let parsed = try known().parse("3 tbsp finely chopped lovage leaves")
    #expect(parsed.name == "lovage leaf")
    #expect(!parsed.known)
  }

  @Test func regressionNamesSurviveSingularization() throws {
    let parser = try known()
    #expect(parser.parse("2 stalks lemongrass").name == "lemongrass")
    #expect(parser.parse("2 sea bass fillets").name == "sea bass")
    #expect(parser.parse("1 sea bass").name == "sea bass")
    #expect(plain.parse("2 cups flours").name == "flour")
    #expect(plain.parse("200g hummus").name == "hummus")
    #expect(plain.parse("1 cup couscous").name == "couscous")
  }

  @Test func canonicalNameOfABareName() throws {
    let parser = try known()
    #expect(parser.canonicalName("Spring Onions") == "green onion")
    #expect(plain.canonicalName("Spring Onions") == "spring onion")
  }
}

extension IngredientLineParserTests {
  @Test func percentagesAreNotPartOfTheName() {
    #expect(plain.parse("1½ cups 2% milk").name == "milk")
    #expect(plain.parse("100g 70% dark chocolate").name == "dark chocolate")
  }

  @Test func countNounsAfterSomeFoodsOnly() {
    #expect(plain.parse("3 celery ribs, sliced").name == "celery")
    #expect(plain.parse("1 kg pork ribs").name == "pork rib")
    #expect(plain.parse("2 celery sticks").name == "celery")
    #expect(plain.parse("1 cinnamon stick").name == "cinnamon stick")
  }

  @Test func descriptorOnlyAlternativesAreSkipped() {
    #expect(
      plain.parse("2 cups peeled, seeded, and chopped fresh or canned plum tomatoes").name
        == "plum tomato")
    #expect(plain.parse("1 medium to large zucchini").name == "zucchini")
  }

  @Test func vagueAmountsHaveNoQuantity() {
    let parsed = plain.parse("a few sprigs thyme")
    #expect(parsed.quantity == nil)
    #expect(parsed.unit == "sprig")
    #expect(parsed.name == "thyme")
    #expect(plain.parse("some olive oil").name == "olive oil")
  }
}
