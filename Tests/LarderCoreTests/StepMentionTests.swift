import Testing

@testable import LarderCore

@Suite struct StepMentionTests {
  private func lines(_ names: [String]) -> [IngredientLine] {
    names.map { IngredientLine(text: $0, name: $0) }
  }

  @Test func findsIngredientsByNameAtWordBoundaries() {
    let normalizer = RecipeNormalizer()
    let ingredients = lines(["egg", "flour", "eggplant", "pork"])
    #expect(normalizer.mentions(in: "Whisk the eggs into the flour.", of: ingredients) == [0, 1])
    #expect(normalizer.mentions(in: "Slice the eggplant.", of: ingredients) == [2])
  }

  @Test func eggDoesNotMatchEggplant() {
    let mentions = RecipeNormalizer().mentions(in: "Roast the eggplants.", of: lines(["egg"]))
    #expect(mentions.isEmpty)
  }

  @Test func porkDoesNotMatchFork() {
    let mentions = RecipeNormalizer().mentions(in: "Mash with a fork.", of: lines(["pork"]))
    #expect(mentions.isEmpty)
    #expect(RecipeNormalizer().mentions(in: "Brown the pork.", of: lines(["pork"])) == [0])
  }

  @Test func multiWordNamesAndHeadNouns() {
    let ingredients = lines(["red onion", "olive oil", "black pepper"])
    let finder = StepMentionFinder()
    #expect(finder.mentions(in: "Fry the red onions in olive oil.", of: ingredients) == [0, 1])
    #expect(finder.mentions(in: "Add the onion.", of: ingredients) == [0])
    #expect(finder.mentions(in: "Season with salt.", of: ingredients) == [])
  }

  @Test func aliasesAndParentsCount() throws {
    let finder = StepMentionFinder(vocabulary: try TestVocabulary.make())
    let ingredients = lines(["green onion", "cheddar", "creme fraiche"])
    #expect(finder.mentions(in: "Scatter over the scallions.", of: ingredients) == [0])
    #expect(finder.mentions(in: "Top with the cheese.", of: ingredients) == [1])
    #expect(finder.mentions(in: "Stir in the crème fraîche.", of: ingredients) == [2])
  }

  @Test func emptyStepMentionsNothing() {
    #expect(StepMentionFinder().mentions(in: "", of: lines(["egg"])).isEmpty)
  }

  @Test func modifiersAreNoMentionOnTheirOwn() {
    let finder = StepMentionFinder()
    #expect(finder.mentions(in: "Pour in the white wine.", of: lines(["egg white"])) == [])
    #expect(finder.mentions(in: "Whisk the egg whites.", of: lines(["egg white"])) == [0])
  }

  @Test func severalStepsAtOnce() {
    let finder = StepMentionFinder()
    let result = finder.mentions(
      inSteps: ["Beat the eggs.", "Fold in the flour and the eggs.", "Bake."],
      of: lines(["egg", "flour"]))
    #expect(result == [[0], [0, 1], []])
  }
}

/// The classes of card errors found with the judged set (`Tests/Fixtures/step-cards/`), each
/// with examples of our own, read against the bundled vocabulary.
@Suite struct StepCardErrorTests {
  let finder: StepMentionFinder

  init() throws {
    finder = StepMentionFinder(vocabulary: try Vocabulary.bundled())
  }

  private func lines(_ names: [String]) -> [IngredientLine] {
    names.map { IngredientLine(text: $0, name: $0) }
  }

  @Test func aPasteTheStepMakesIsNotAPasteLine() {
    let cards = finder.mentions(
      inSteps: [
        "Blend the shallots and garlic to a smooth paste.",
        "Fry the paste for 5 minutes, then stir in the tamarind paste.",
      ], of: lines(["tamarind paste", "shallot", "garlic", "soy sauce"]))
    #expect(cards == [[1, 2], [0]])
    #expect(finder.mentions(in: "Simmer until the sauce thickens.", of: lines(["soy sauce"])) == [])
  }

  @Test func aLineInsideALongerNamedFoodIsNotUsed() {
    let ingredients = lines([
      "sugar", "brown sugar", "chicken", "chicken stock", "vegetable oil", "sesame oil",
    ])
    #expect(
      finder.mentions(in: "Stir in the brown sugar and the chicken stock.", of: ingredients) == [
        1, 3,
      ])
    #expect(finder.mentions(in: "Drizzle with the sesame oil.", of: ingredients) == [5])
    #expect(finder.mentions(in: "Pour in the fish stock.", of: lines(["smoked haddock"])) == [])
    #expect(finder.mentions(in: "Flake the fish.", of: lines(["smoked haddock"])) == [0])
  }

  @Test func theSameIngredientAppearsOnceOnACard() {
    let soy = [
      IngredientLine(text: "2 tbsp soy sauce", name: "soy sauce"),
      IngredientLine(text: "soy sauce, to serve", name: "soy sauce"),
    ]
    let cards = finder.mentions(
      inSteps: ["Toss the noodles with the soy sauce.", "Serve with more soy sauce."], of: soy)
    #expect(cards == [[0], [1]])
    let chillies = [
      IngredientLine(text: "1 red chilli, chopped", name: "red chili"),
      IngredientLine(text: "1 red chilli, sliced", name: "red chili"),
    ]
    let chilliCards = finder.mentions(
      inSteps: ["Fry the chopped chilli.", "Scatter with the sliced chilli."], of: chillies)
    #expect(chilliCards == [[0], [1]])
  }

  @Test func anExactNameBeatsAHeadNoun() {
    let ingredients = lines(["onion", "white onion", "oil", "olive oil"])
    #expect(finder.mentions(in: "Soften the onions in the oil.", of: ingredients) == [0, 2])
    #expect(finder.mentions(in: "Top with the white onion.", of: ingredients) == [1])
  }

  @Test func theRemainingOilIsTheOneUsedLast() {
    let ingredients = lines(["vegetable oil", "sesame oil"])
    let cards = finder.mentions(
      inSteps: [
        "Rub the chicken with the sesame oil.", "Fry the rice in the vegetable oil.",
        "Heat the remaining oil and pour it over.",
      ], of: ingredients)
    #expect(cards == [[1], [0], [0]])
    #expect(finder.mentions(in: "Add the remaining oil.", of: lines(["olive oil"])) == [0])
  }

  @Test func partialNamesAndPlurals() {
    #expect(finder.mentions(in: "Fry the onions.", of: lines(["red onion", "garlic"])) == [0])
    let chillies = lines(["guajillo chili", "ancho chili", "onion"])
    #expect(
      finder.mentions(in: "Blend the drained chillies with the onion.", of: chillies) == [0, 1, 2])
    let herbs = lines(["parsley", "dill", "egg"])
    #expect(finder.mentions(in: "Stir the chopped herbs into the eggs.", of: herbs) == [0, 1, 2])
    let chocolate = lines(["chocolate chip", "white chocolate chip"])
    let cards = finder.mentions(
      inSteps: [
        "Melt the chocolate chips.",
        "Melt the white chocolate chips until the chocolate is smooth.",
      ], of: chocolate)
    #expect(cards == [[0], [1]])
  }

  @Test func mixturesAndCookingWaterAreNotTheLines() {
    #expect(finder.mentions(in: "Pour in the egg mixture.", of: lines(["egg"])) == [])
    let ingredients = lines(["water", "basmati rice"])
    #expect(
      finder.mentions(in: "Boil the rice in plenty of boiling water.", of: ingredients) == [1])
    #expect(finder.mentions(in: "Soak the rice in cold water.", of: ingredients) == [1])
    #expect(finder.mentions(in: "Add the water and simmer.", of: ingredients) == [0])
  }

  @Test func aVerbIsNotAFood() {
    let ingredients = lines(["bread roll", "flour"])
    #expect(finder.mentions(in: "Roll the dough out on a floured board.", of: ingredients) == [])
    #expect(finder.mentions(in: "Split the bread rolls.", of: ingredients) == [0])
  }

  @Test func aDuplicateLineGoesToItsGroup() {
    let pudding = [
      IngredientLine(text: "175 g flour", name: "flour"),
      IngredientLine(text: "2 eggs", name: "egg"),
      IngredientLine(text: "85 g butter", name: "butter"),
      IngredientLine(text: "100 ml milk", name: "milk"),
      IngredientLine(text: "175 g muscovado sugar", name: "muscovado sugar"),
      IngredientLine(text: "225 ml double cream", name: "heavy cream"),
      IngredientLine(text: "50 g butter", name: "butter"),
    ]
    let cards = finder.mentions(
      inSteps: [
        "Grease the tins with butter.",
        "Beat the butter with the eggs, then fold in the flour and milk.",
        "Melt the butter with the muscovado sugar and the cream.",
      ], of: pudding)
    #expect(cards == [[2], [0, 1, 2, 3], [4, 5, 6]])
  }

  @Test func waterTheLineDescribesIsTheLine() {
    let dates = [
      IngredientLine(text: "225 g dates", name: "medjool date"),
      IngredientLine(text: "175 ml boiling water", name: "water"),
    ]
    #expect(finder.mentions(in: "Pour the boiling water over the dates.", of: dates) == [0, 1])
  }

  @Test func aHeadingInCapitalsHasNoCard() {
    let cards = finder.mentions(
      inSteps: ["DEEP FRY THE CHICKEN", "Fry the chicken for 4 minutes."],
      of: lines(["chicken breast"]))
    #expect(cards == [[], [0]])
  }
}
