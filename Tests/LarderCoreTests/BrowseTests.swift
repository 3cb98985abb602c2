import LarderTestSupport
import Testing

@testable import LarderCore

@Suite struct BrowseTests {
  @Test(arguments: RandomCorpus.seeds)
  func categoryAndAreaListsFollowFoldedTitles(seed: UInt64) {
    print("seed \(seed)")
    let (recipes, relations) = RandomCorpus.make(seed: seed, recipes: 600)
    let snapshot = RandomCorpus.snapshot(recipes, relations)
    var counts: [String: Int] = [:]
    for r in recipes { if let c = r.category { counts[c, default: 0] += 1 } }
    #expect(
      snapshot.categories().map { [$0.name: $0.recipeCount] }
        == counts.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map {
          [$0: counts[$0]!]
        })
    for group in snapshot.categories() {
      let expected = recipes.indices.filter { recipes[$0].category == group.name }.sorted {
        let a = SearchFolding.fold(recipes[$0].title)
        let b = SearchFolding.fold(recipes[$1].title)
        return a != b ? a.utf8.lexicographicallyPrecedes(b.utf8) : $0 < $1
      }
      let page = snapshot.recipes(inCategory: group.name, offset: 5, limit: 10)
      #expect(page.total == expected.count)
      #expect(page.recipes.map(\.index) == Array(expected.dropFirst(5).prefix(10)))
    }
    for group in snapshot.areas() {
      let all = snapshot.recipes(inArea: group.name, limit: 10_000)
      #expect(all.total == recipes.filter { $0.area == group.name }.count)
      #expect(all.recipes.allSatisfy { recipes[$0.index].area == group.name })
    }
    #expect(snapshot.recipes(inCategory: "Nope").total == 0)
  }

  @Test func randomPicksAreDistinctAndDeterministic() {
    let (recipes, relations) = RandomCorpus.make(seed: 4, recipes: 300)
    let snapshot = RandomCorpus.snapshot(recipes, relations)
    let a = snapshot.randomRecipes(count: 12, seed: 77)
    #expect(a == snapshot.randomRecipes(count: 12, seed: 77))
    #expect(a != snapshot.randomRecipes(count: 12, seed: 78))
    #expect(Set(a).count == 12)
    let desserts = snapshot.randomRecipes(count: 10_000, category: "Dessert", seed: 1)
    #expect(desserts.count == recipes.filter { $0.category == "Dessert" }.count)
    #expect(Set(desserts).count == desserts.count)
    #expect(desserts.allSatisfy { recipes[$0.index].category == "Dessert" })
    #expect(snapshot.randomRecipes(count: 3, category: "Nope", seed: 1).isEmpty)
  }
}
