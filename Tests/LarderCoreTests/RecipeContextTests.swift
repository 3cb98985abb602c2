import Testing

@testable import LarderCore

/// The recipe's method makes a tersely named food more specific (``RecipeContext``), only when
/// every mention reads as one more specific food.
@Suite struct RecipeContextTests {
  let normalizer: RecipeNormalizer

  init() throws {
    normalizer = RecipeNormalizer(vocabulary: try Vocabulary.bundled())
  }

  /// The foods of `lines` (raw ingredient lines) normalized in a recipe whose method is `steps`.
  private func foods(_ lines: [String], method steps: [String]) -> [String] {
    let source = SourceRecipe(
      recipe: Recipe(id: "r1", title: "Test", steps: steps),
      ingredients: lines.map { SourceIngredient(line: $0) },
      location: SourceLocation(file: "t.jsonl", line: 1))
    return normalizer.normalize(source).ingredients.map(\.name)
  }

  @Test func aMethodNamingLimeLeavesMakesTheLimeLineLeaves() {
    let method = [
      "Brown the beef in the oil.",
      "Add the kaffir lime leaves, the sugar and the water, and simmer for two hours.",
    ]
    #expect(foods(["1 lb beef", "6 Lime", "1 tbs Sugar"], method: method)[1] == "kaffir lime leaf")
  }

  @Test func aMethodNamingLimeJuiceAndLimeLeavesChangesNothing() {
    let method = ["Add the lime leaves and simmer.", "Finish with a squeeze of lime juice."]
    #expect(foods(["1 lb beef", "6 Lime"], method: method)[1] == "lime")
  }

  @Test func aMethodAlsoNamingTheBareFoodChangesNothing() {
    let method = ["Add the lime leaves and simmer.", "Serve with the lime cut in wedges."]
    #expect(foods(["1 lb beef", "6 Lime"], method: method)[1] == "lime")
  }

  @Test func whatTheKitchenMakesFromTheFoodIsNotTaken() {
    // The cook buys lemons to squeeze; juice has no form word.
    #expect(foods(["2 Lemons"], method: ["Squeeze the lemon juice over the fish."]) == ["lemon"])
    // Stock made from the bird is not the bird.
    #expect(foods(["1 Chicken"], method: ["Simmer the chicken stock."]) != ["chicken stock"])
  }

  @Test func aKindOrAFormNamedInTheMethodIsTaken() {
    #expect(
      foods(["1/2 lb Beef", "3 tbs Starch"], method: ["Mix the beef with corn starch and oil."])
        == ["beef", "cornstarch"])
    #expect(
      foods(["6 Egg Plants", "4 Sticks Onions"], method: ["Sprinkle the green onions over."])[1]
        == "green onion")
  }

  @Test func anotherLineWithTheSpecificFoodKeepsTheBareLine() {
    let method = ["Add the kaffir lime leaves and simmer."]
    #expect(
      foods(["6 Lime", "4 kaffir lime leaves"], method: method) == ["lime", "kaffir lime leaf"])
  }

  @Test func twoLinesOfTheFoodKeepTheirFood() {
    let method = ["Peel and cube the parsley root.", "Stir in the stock."]
    #expect(foods(["4 Parsley", "2 tbsp Parsley"], method: method) == ["parsley", "parsley"])
  }

  @Test func aLineNamingTheFoodWithAFormIsReadAsWritten() {
    // `ground cinnamon` is an alias of cinnamon: the line is not bare.
    #expect(
      foods(["1 tsp ground cinnamon"], method: ["Add the cinnamon sticks to the syrup."])
        == ["cinnamon"])
  }

  @Test func aMentionDoesNotReachAcrossPunctuation() {
    // `ground, ginger` is no `ground ginger`.
    #expect(
      foods(["1 tsp Ginger", "1 lb beef"], method: ["Add the beef, ground, ginger and salt."])
        == ["ginger", "beef"])
  }

  @Test func aSpoonfulOfBareGingerInABakeIsTheGroundSpice() {
    let lines = ["2 cups flour", "1 tsp baking soda", "1 teaspoon ginger", "1/2 tsp cardamom"]
    let method = ["Sift together the flour, baking soda, ginger and cardamom."]
    #expect(
      foods(lines, method: method)
        == ["flour", "baking soda", "ground ginger", "ground cardamom"])
    // Without a leavener the line alone decides: a bare spoonful of ginger is the jar (the
    // parser's rule, as three blind judges read it).
    #expect(foods(["1 teaspoon ginger", "2 tbsp soy sauce"], method: method)[0] == "ground ginger")
    // Unless the method grates it: then it is the root, bake or not.
    #expect(
      foods(["1 teaspoon ginger", "2 tbsp soy sauce"], method: ["Peel and grate the ginger."])[0]
        == "ginger")
    // Minced in the line, or grated in the method: the fresh root.
    #expect(foods(["1 tsp baking powder", "2 tsp minced ginger"], method: method)[1] == "ginger")
    #expect(
      foods(["1 tsp baking powder", "1 tsp ginger"], method: ["Add the grated ginger."])[1]
        == "ginger")
    // Another line has the ground spice: this one is the other ginger.
    #expect(
      foods(["1 tsp baking powder", "1 tsp ginger", "1 tsp ground ginger"], method: method)[1]
        == "ginger")
  }

  @Test func noMethodOrNoMentionChangesNothing() {
    #expect(foods(["6 Lime"], method: []) == ["lime"])
    #expect(foods(["6 Lime"], method: ["Simmer the beef for two hours."]) == ["lime"])
  }

  @Test func namesTheSourceGaveAreKeptExactly() {
    let source = SourceRecipe(
      recipe: Recipe(id: "r1", title: "Test", steps: ["Add the kaffir lime leaves."]),
      ingredients: [SourceIngredient(name: "lime"), SourceIngredient(line: "1 lb beef")],
      location: SourceLocation(file: "t.jsonl", line: 1))
    #expect(normalizer.normalize(source).ingredients.map(\.name) == ["lime", "beef"])
  }

  @Test func theMealDBNameAndMeasureApartTakeTheMethodToo() {
    let source = SourceRecipe(
      recipe: Recipe(id: "53053", title: "Rendang", steps: ["Add the kaffir lime leaves."]),
      ingredients: [
        SourceIngredient(writtenName: "Beef", measure: "1lb"),
        SourceIngredient(writtenName: "Lime", measure: "6"),
      ],
      location: SourceLocation(file: "m.json", line: 0))
    let lines = normalizer.normalizedIngredients(of: source)
    #expect(lines.map { $0?.name } == ["beef", "kaffir lime leaf"])
    #expect(lines[1]?.text == "6 Lime")
    #expect(lines[1]?.quantity == Quantity(6))
  }
}
