import LarderCore
import Testing

/// The classes of error the fourteenth fresh sample (`fresh13`) showed (issue 14, 2026-11-28),
/// each fixed as a class over every pooled corpus line, with examples of our own: a kind the
/// vocabulary splits named across a word that names no food, `zest only` after how the zest is
/// taken, a food kept in brine, and a bird counted whole. A small vocabulary keeps each rule
/// apart from the data.
@Suite struct FreshThirteenClassTests {
  static let tsv = """
    carrot\t\t\t
    baby carrot\tcarrot\t\t
    tomato\t\t\t
    plum tomato\ttomato\t\troma tomato
    citrus fruit\t\t\tcitrus
    lemon\tcitrus fruit\t\t
    lime\tcitrus fruit\t\t
    orange\tcitrus fruit\t\t
    tangerine\tcitrus fruit\t\t
    candied peel\t\t\t
    lemon zest\t\t\tlemon peel|lemon rind
    lime zest\t\t\tlime peel
    orange zest\t\t\torange peel|orange rind
    chili\t\t\t
    green chili\tchili\t\t
    pickle\t\t\t
    pickled jalapeno\tpickle\t\tpickled chili
    onion\t\t\t
    pickled onion\tpickle\t\t
    caper\t\t\t
    pepper\t\t\t
    roasted red pepper\tpepper\t\t
    pork\t\t\t
    pork belly\tpork\t\tbelly pork
    beef\t\t\t
    roast beef\tbeef\t\t
    mushroom\t\t\t
    shiitake mushroom\tmushroom\t\tblack mushroom
    chicken\t\tmeat,poultry,animal\t
    whole chicken\tchicken\tmeat,poultry,animal\troasting chicken
    chicken piece\tchicken\tmeat,poultry,animal\t
    turkey\t\tmeat,poultry,animal\t
    whole turkey\tturkey\tmeat,poultry,animal\t
    duck\t\tmeat,poultry,animal\t
    milk\t\tdairy,animal\t
    whole milk\tmilk\tdairy,animal\t
    """

  let parser: IngredientLineParser

  init() throws {
    parser = IngredientLineParser(vocabulary: try Vocabulary(sources: [(Self.tsv, "85-test.tsv")]))
  }

  func name(_ line: String) -> String { parser.parse(line).name }

  @Test func aKindNamedAcrossAWordThatNamesNoFoodIsThatKind() {
    #expect(name("250g baby Amsterdam carrots, scrubbed") == "baby carrot")
    #expect(name("1 bunch baby rainbow heirloom carrots") == "baby carrot")
    // A size word makes no kind; a word that names a food of its own or a plural noun
    // stands between.
    #expect(name("3 large heirloom carrots") == "carrot")
    #expect(name("6 baby plum tomatoes") == "plum tomato")
    #expect(name("9 black trompettes mushrooms, soaked") == "mushroom")
    // Across `of` only when the other order names the kind too: `belly of pork` is pork belly.
    #expect(name("1.5kg belly of pork") == "pork belly")
    #expect(name("2kg boned roast of beef") == "beef")
  }

  @Test func zestOnlyAfterHowTheZestIsTakenIsTheZest() {
    #expect(name("2 limes, finely grated zest only") == "lime zest")
    #expect(name("1 orange, pared zest only, plus extra wedges to serve") == "orange zest")
    #expect(name("½ lemon, strips of zest only") == "lemon zest")
    #expect(name("1 lemon, peel only, white pith removed") == "lemon zest")
    // The juice too, or peel as the verb: the whole fruit.
    #expect(name("1 lemon, finely grated zest only, plus 1 tbsp of its juice") == "lemon")
    #expect(name("2 oranges, juice and pared zest only") == "orange")
    #expect(name("3 oranges, peel and slice") == "orange")
  }

  @Test func theZestOfACitrusFruitWithNoZestOfItsOwnIsTheFruit() {
    #expect(name("1 tbsp finely grated tangerine zest") == "tangerine")
    #expect(name("2 strips tangerine peel") == "tangerine")
    #expect(name("1 tsp grated orange rind") == "orange zest")
    // Dried peel is a product of its own; no citrus, no fruit.
    #expect(parser.parse("2 pieces dried tangerine peel").known == false)
    #expect(parser.parse("1 tsp carrot peel").known == false)
  }

  @Test func aFoodKeptInBrineIsThePickledProduct() {
    #expect(name("4 green chillies in brine, drained and sliced") == "pickled jalapeno")
    #expect(name("12 small onions (packed in brine)") == "pickled onion")
    // No pickled kind in the vocabulary, a product already, or meat brined to cook.
    #expect(name("2 tbsp capers in brine, rinsed") == "caper")
    #expect(name("2 roasted red peppers in brine, drained") == "roasted red pepper")
    #expect(name("1kg pork belly, soaked in brine overnight") == "pork belly")
    #expect(name("3 green chillies, in brine or vinegar") == "green chili")
  }

  @Test func aBirdCountedWithNoMeasureIsTheWholeBird() {
    #expect(name("1 chicken, about 1.6kg/3½lb") == "whole chicken")
    #expect(name("Two 3-pound chickens, each cut into 8 pieces") == "whole chicken")
    #expect(name("1 free-range chicken (about 1.5kg)") == "whole chicken")
    #expect(name("1 oven-ready turkey, giblets removed") == "whole turkey")
    // Weighed or by the cup it may be any part; boneless, cooked or in pieces is no whole
    // bird; a bird the vocabulary keeps no whole kind of stays itself; no whole milk by count.
    #expect(name("450g chicken, diced") == "chicken")
    #expect(name("2 cups chicken, cooked and chopped") == "chicken")
    #expect(name("1 boneless chicken, cubed") == "chicken")
    #expect(name("6 bone in, skin on chicken") == "chicken")
    #expect(name("1 cooked chicken") == "chicken")
    #expect(name("10 chicken pieces") == "chicken piece")
    #expect(name("2 ducks") == "duck")
    #expect(name("1 milk") == "milk")
  }

  @Test func aBirdWeighedAndJointedIsTheWholeBird() {
    #expect(name("1.6kg/3½lb chicken, jointed into 8 pieces") == "whole chicken")
    #expect(name("3 pounds chicken, cut into 8 pieces") == "whole chicken")
    #expect(name("5kg/11lb turkey, giblets removed") == "whole turkey")
    #expect(name("3½-pound chicken, spatchcocked") == "whole chicken")
    #expect(name("4-pound chicken") == "whole chicken")
    // A weight alone, a small one, or parts may be any of the bird.
    #expect(name("1.5kg chicken") == "chicken")
    #expect(name("3 pounds chicken, any cut") == "chicken")
    #expect(name("500g chicken, cut into 8 pieces") == "chicken")
  }
}
