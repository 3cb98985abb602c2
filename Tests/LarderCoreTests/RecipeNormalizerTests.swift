import Testing

@testable import LarderCore

@Suite struct RecipeNormalizerTests {
  private func source(_ ingredients: [SourceIngredient]) -> SourceRecipe {
    SourceRecipe(
      recipe: Recipe(id: "r1", title: "Test", steps: ["Chop the onions."]),
      ingredients: ingredients,
      location: SourceLocation(file: "t.jsonl", line: 1))
  }

  @Test func parsesLines() throws {
    let normalizer = RecipeNormalizer(vocabulary: try TestVocabulary.make())
    let recipe = normalizer.normalize(
      source([
        SourceIngredient(line: "4 spring onions, sliced"), SourceIngredient(line: "2 large eggs"),
      ]))
    #expect(recipe.ingredients.map(\.name) == ["green onion", "egg"])
    #expect(recipe.ingredients[0].quantity == Quantity(4))
    #expect(recipe.ingredients[0].preparation == "sliced")
    #expect(recipe.ingredients[0].text == "4 spring onions, sliced")
    #expect(recipe.id == "r1")
    #expect(recipe.steps == ["Chop the onions."])
  }

  @Test func givenNameIsOnlyFolded() throws {
    let normalizer = RecipeNormalizer(vocabulary: try TestVocabulary.make())
    let recipe = normalizer.normalize(
      source([
        SourceIngredient(name: "Spring Onions"), SourceIngredient(name: "Crème Fraîche"),
        SourceIngredient(line: "2 cups chopped scallions", name: "scallions"),
      ]))
    #expect(recipe.ingredients.map(\.name) == ["spring onions", "creme fraiche", "scallions"])
    #expect(recipe.ingredients[0].text == "Spring Onions")
    #expect(recipe.ingredients[2].quantity == Quantity(2))
    #expect(recipe.ingredients[2].unit == "cup")
  }

  @Test func statedFieldsOverrideParsedOnes() {
    let normalizer = RecipeNormalizer()
    let recipe = normalizer.normalize(
      source([
        SourceIngredient(
          line: "2 cups chopped onions", quantity: Quantity(3, to: 4), unit: "tbsp",
          preparation: "grated",
          isOptional: true)
      ]))
    let line = try! #require(recipe.ingredients.first)
    #expect(line.name == "onion")
    #expect(line.quantity == Quantity(3, to: 4))
    #expect(line.unit == "tbsp")
    #expect(line.preparation == "grated")
    #expect(line.isOptional)
  }

  @Test func ingredientsNamingNoFoodAreLeftOut() {
    let recipe = RecipeNormalizer().normalize(
      source([
        SourceIngredient(line: "For the sauce:"), SourceIngredient(),
        SourceIngredient(line: "salt"),
      ]))
    #expect(recipe.ingredients.map(\.name) == ["salt"])
  }

  @Test func butternutPumpkinIsButternutSquash() throws {
    let normalizer = RecipeNormalizer(vocabulary: try TestVocabulary.make())
    let recipe = normalizer.normalize(
      source([SourceIngredient(line: "1 kg butternut pumpkin, cubed")]))
    #expect(recipe.ingredients.first?.name == "butternut squash")
  }
}
