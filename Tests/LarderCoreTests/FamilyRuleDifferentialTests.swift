import LarderTestSupport
import Testing

@testable import LarderCore

/// All-of, pantry and the grocery list's "add missing" answer "does this recipe have X" the
/// same way, in family mode and in exact mode (one family rule: `FamilyRule.swift`).
@Suite struct FamilyRuleDifferentialTests {
  @Test(arguments: RandomCorpus.seeds)
  func allOfPantryAndGroceryAgree(seed: UInt64) throws {
    print("seed \(seed)")
    let (recipes, relations) = RandomCorpus.make(seed: seed, recipes: 600, vocabulary: 50)
    let snapshot = RandomCorpus.snapshot(recipes, relations)
    let matcher = PantryMatcher(snapshot: snapshot)
    let scratch = QueryScratch(for: snapshot)
    var rng = SplitMix64(seed: seed &+ 11)
    // Names with children first, so family mode is exercised on every seed.
    let names = (0..<snapshot.ingredientCount).map { IngredientID($0) }
      .sorted { snapshot.hasChildren($0) && !snapshot.hasChildren($1) }
      .map { snapshot.ingredientName($0) }
    #expect(snapshot.hasChildren(snapshot.ingredientID(names[0])!), "corpus has no families")
    for round in 0..<40 {
      let x = round < 8 ? names[round % names.count] : names[Int(rng.next() % UInt64(names.count))]
      for matching in [IngredientMatching.family, .exact] {
        let allOf = try snapshot.allOf(
          AllOfQuery([x], matching: matching, page: PageRequest(limit: recipes.count)),
          scratch: scratch)
        let pantry = try matcher.match(
          PantryQuery(have: [x], matching: matching, limit: recipes.count), scratch: scratch)
        let coverage = try PantryCoverage(
          [x], in: snapshot, matching: matching, unknownItems: .refuse)
        let context = "seed \(seed) X \(x) \(matching)"
        #expect(allOf.total == pantry.total, "\(context)")
        #expect(allOf.hits.map(\.recipe) == pantry.hits.map(\.recipe).sorted(), "\(context)")
        let pantryUsed = Dictionary(
          uniqueKeysWithValues: pantry.hits.map { ($0.recipe, Set($0.used)) })
        for (r, recipe) in recipes.enumerated() {
          let id = RecipeID(r)
          let lines = Array(snapshot.lines(of: id))
          // All-of: the lines it reports as matching X (empty when the recipe is not a hit).
          let allOfNames = Set(
            (allOf.hits.first { $0.recipe == id }?.matchedLines[0] ?? []).map {
              snapshot.ingredientName(lines[$0])
            })
          // Grocery: the lines "add missing" leaves off the list.
          let groceryCovered = Set(recipe.ingredients.map(\.name)).subtracting(
            coverage.missingLines(of: recipe).map(\.name))
          #expect(allOfNames == (pantryUsed[id] ?? []), "\(context) recipe \(r)")
          #expect(allOfNames == groceryCovered, "\(context) recipe \(r)")
        }
      }
    }
  }
}
