import LarderTestSupport
import Testing

@testable import LarderCore
@testable import LarderTooling

/// The harness-mode queries (exact AND, exact pantry, category by title bytes) against the oracle.
@Suite struct HarnessQueryDifferentialTests {
  @Test(arguments: RandomCorpus.seeds)
  func exactQueriesMatchTheOracle(seed: UInt64) {
    print("seed \(seed)")
    let (recipes, relations) = RandomCorpus.make(seed: seed, recipes: 2000, vocabulary: 40)
    let snapshot = RandomCorpus.snapshot(recipes, .none)
    let oracle = Oracle(recipes, .none)
    let scratch = QueryScratch(for: snapshot)
    var rng = SplitMix64(seed: seed)
    let names = (0..<snapshot.ingredientCount).map { snapshot.ingredientName(IngredientID($0)) }
    func pick() -> String {
      names[min(Int(rng.next() % UInt64(names.count)), Int(rng.next() % UInt64(names.count)))]
    }
    for _ in 0..<150 {
      let query =
        (0..<(1 + Int(rng.next() % 3))).map { _ in pick() }
        + (rng.next() % 10 == 0 ? ["unknown thing"] : [])
      let got = snapshot.exactAllOf(query, limit: 20, scratch: scratch)
      let expected = oracle.exactAllOf(Array(Set(query)), limit: 20)
      #expect(got.count == expected.count, "\(query)")
      #expect(got.first.map { $0.index } == expected.first, "\(query)")
    }
    for size in [1, 5, 10, 20, 35] {
      for _ in 0..<10 {
        let pantry = Array(Set((0..<size).map { _ in pick() }))
        let got = snapshot.exactPantry(pantry, limit: 20, scratch: scratch)
        let expected = oracle.exactPantry(pantry, limit: 20)
        #expect(
          got.map { [$0.recipe.index, $0.used, $0.missing] }
            == expected.map { [$0.recipe, $0.used, $0.missing] })
      }
    }
    for category in ["Dessert", "Beef", "Crème", "Nope"] {
      for page in [0, 1, 7, 1000] {
        let got = snapshot.categoryPageByTitleBytes(category, page: page, limit: 20).map {
          $0.index
        }
        #expect(got == oracle.categoryPage(category, page: page, limit: 20))
      }
    }
    _ = relations
  }
}
