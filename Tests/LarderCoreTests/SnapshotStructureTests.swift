import LarderTestSupport
import Testing

@testable import LarderCore

@Suite struct SnapshotStructureTests {
  @Test(arguments: RandomCorpus.seeds)
  func ingredientIdsArePopularityRanks(seed: UInt64) {
    print("seed \(seed)")
    let (recipes, relations) = RandomCorpus.make(seed: seed, recipes: 300)
    let snapshot = RandomCorpus.snapshot(recipes, relations)
    let counts = Oracle(recipes, relations).recipeCounts
    for id in 0..<snapshot.ingredientCount {
      let name = snapshot.ingredientName(IngredientID(id))
      #expect(Int(snapshot.ingredientRecipeCounts[id]) == counts[name, default: 0])
      #expect(snapshot.ingredientID(name) == IngredientID(id))
      if id > 0 {
        let previous = snapshot.ingredientName(IngredientID(id - 1))
        let a = snapshot.ingredientRecipeCounts[id - 1]
        let b = snapshot.ingredientRecipeCounts[id]
        #expect(a > b || (a == b && previous.utf8.lexicographicallyPrecedes(name.utf8)))
      }
    }
  }

  @Test(arguments: RandomCorpus.seeds)
  func postingListsAscendAndBitmapsAgree(seed: UInt64) {
    print("seed \(seed)")
    // Enough recipes that the head ingredients pass the 1,024-posting bitmap threshold.
    let (recipes, relations) = RandomCorpus.make(seed: seed, recipes: 5000, vocabulary: 30)
    let snapshot = RandomCorpus.snapshot(recipes, relations)
    let oracle = Oracle(recipes, relations)
    var bitmaps = 0
    for id in (0..<snapshot.ingredientCount).map(IngredientID.init) {
      let list = Array(snapshot.postings.list(id))
      #expect(zip(list, list.dropFirst()).allSatisfy { $0 < $1 })
      let name = snapshot.ingredientName(id)
      // Posting lists store raw recipe ids.
      let expected = recipes.indices.filter { oracle.distinctNames($0).contains(name) }.map {
        RecipeID($0).rawValue
      }
      #expect(list == expected)
      if snapshot.postings.hasBitmap(id) {
        bitmaps += 1
        let fromBitmap = (0..<recipes.count).map(RecipeID.init).filter {
          snapshot.postings.contains(id, $0)
        }
        #expect(fromBitmap.map(\.rawValue) == list)
      }
    }
    #expect(bitmaps > 0)
  }

  @Test func familiesFollowTheParentMap() {
    let (recipes, relations) = RandomCorpus.make(seed: 7, recipes: 200)
    let snapshot = RandomCorpus.snapshot(recipes, relations)
    let oracle = Oracle(recipes, relations)
    let cheese = snapshot.ingredientID("cheese")!
    let family = Set(snapshot.family(of: cheese).map { snapshot.ingredientName($0) })
    #expect(family == oracle.family("cheese"))
    #expect(family.contains("aged cheddar"))
    let aged = snapshot.ingredientID("aged cheddar")!
    #expect(
      snapshot.ancestry(of: aged).map { snapshot.ingredientName($0) } == [
        "aged cheddar", "cheddar", "cheese",
      ])
    let expectedFamilyCount = recipes.indices.filter {
      !Set(oracle.distinctNames($0)).isDisjoint(with: family)
    }.count
    #expect(Int(snapshot.ingredientFamilyCounts[cheese.index]) == expectedFamilyCount)
  }

  @Test func perRecipeFieldsFollowTheRecipes() {
    let (recipes, relations) = RandomCorpus.make(seed: 9, recipes: 50)
    let snapshot = RandomCorpus.snapshot(recipes, relations)
    for (i, recipe) in recipes.enumerated() {
      let category = snapshot.recipeCategory[i]
      #expect((category == .max ? nil : snapshot.categoryNames[Int(category)]) == recipe.category)
      let area = snapshot.recipeArea[i]
      #expect((area == .max ? nil : snapshot.areaNames[Int(area)]) == recipe.area)
      #expect(snapshot.recipeMinutes[i] == recipe.totalMinutes.map { Int32($0) } ?? -1)
      #expect(
        snapshot.lines(of: RecipeID(i)).map { snapshot.ingredientName($0) }
          == recipe.ingredients.map(\.name))
    }
  }
}
