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
