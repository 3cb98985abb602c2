import LarderCore
import LarderTestSupport
import Testing

@testable import LarderStore

/// A result page reads only the lines that matched: chosen (recipe, position) pairs in one
/// statement, answered by the text stored for exactly that line.
@Suite struct IngredientLineTextTests {
  @Test(arguments: RandomCorpus.seeds)
  func chosenLinesReadTheirOwnText(seed: UInt64) throws {
    print("seed \(seed)")
    let (recipes, relations) = RandomCorpus.make(seed: seed, recipes: 300)
    let reader = try IndexReader(url: TitleSuggestionTests.index(recipes, relations))
    var rng = SplitMix64(seed: seed)
    for _ in 0..<30 {
      var wanted: [RecipeLinePosition] = []
      for _ in 0..<(1 + rng.next() % 40) {
        let recipe = Int(rng.next() % UInt64(recipes.count + 5))
        // Positions past a recipe's last line, and recipes past the last, are asked too.
        wanted.append(RecipeLinePosition(RecipeID(recipe), Int(rng.next() % 10)))
      }
      wanted.append(wanted[0])
      let texts = try reader.ingredientLineTexts(at: wanted)
      for line in wanted {
        let stored =
          recipes.indices.contains(line.recipe.index)
          ? recipes[line.recipe.index].ingredients : []
        let expected = stored.indices.contains(line.position) ? stored[line.position].text : nil
        #expect(texts[line] == expected, "seed \(seed): \(line)")
      }
      #expect(Set(texts.keys).isSubset(of: Set(wanted)))
    }
    #expect(try reader.ingredientLineTexts(at: []).isEmpty)
    #expect(try reader.ingredientLineTexts(at: [RecipeLinePosition(RecipeID(0), -1)]).isEmpty)
  }
}
