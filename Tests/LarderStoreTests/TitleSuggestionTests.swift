import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderStore

/// Recipe-title suggestions from the index file's `title_words` table, and the merged
/// suggestion list of every kind.
@Suite struct TitleSuggestionTests {
  static func index(_ recipes: [Recipe], _ relations: IngredientRelations = .none) throws -> URL {
    let url = try Fixtures.temporaryDirectory().appendingPathComponent("index.sqlite")
    let writer = try IndexWriter(destination: url)
    for (offset, recipe) in recipes.enumerated() { try writer.add(recipe, id: RecipeID(offset)) }
    try writer.finish(
      .init(summary: IndexingSummary(), parents: relations.parent, snapshotParts: { [:] }))
    return url
  }

  static let recipes: [Recipe] = {
    let line = { (name: String) in IngredientLine(text: name, name: name) }
    return [
      Recipe(id: "1", title: "Crème Brûlée", category: "Dessert", ingredients: [line("cream")]),
      Recipe(id: "2", title: "Onion Soup", category: "Starter", ingredients: [line("onion")]),
      Recipe(id: "3", title: "Tomato Salad", category: "Starter", ingredients: [line("tomato")]),
      Recipe(id: "4", title: "Red Onion Tart", category: "Side", ingredients: [line("onion")]),
      Recipe(id: "5", title: "Onion", category: "Side", ingredients: [line("onion")]),
      Recipe(id: "6", title: "Onion and Onion", category: "Side", ingredients: [line("onion")]),
    ]
  }()

  @Test func foldsAndMatchesAtAnyWordStart() throws {
    let reader = try IndexReader(url: Self.index(Self.recipes))
    #expect(try reader.suggestRecipes("creme", limit: 3).first?.display == "Crème Brûlée")
    #expect(try reader.suggestRecipes("BRÛL", limit: 3).map(\.value) == ["1"])
    #expect(try reader.suggestRecipes("red o", limit: 5).map(\.value) == ["4"])
    #expect(try reader.suggestRecipes("tart", limit: 5).map(\.value) == ["4"])
    #expect(try reader.suggestRecipes("zzz", limit: 5).isEmpty)
    #expect(try reader.suggestRecipes("   ", limit: 5).isEmpty)
  }

  @Test func wholeTitlesComeFirstAndRecipesOnce() throws {
    let reader = try IndexReader(url: Self.index(Self.recipes))
    let onion = try reader.suggestRecipes("onion", limit: 10)
    #expect(onion.first?.value == "5")
    #expect(onion.first?.match == .exact)
    #expect(onion.map(\.value).sorted() == ["2", "4", "5", "6"])
    #expect(Set(onion.map(\.value)).count == onion.count)
    #expect(try reader.suggestRecipes("onion", limit: 2).count == 2)
  }

  @Test func hostileTextIsPlainText() throws {
    let reader = try IndexReader(url: Self.index(Self.recipes))
    for text in ["'", "\"", "%", "_", "on%", "o_ion", "') OR 1=1 --", "*", "\u{0}", "ÿÿÿ"] {
      #expect(try reader.suggestRecipes(text, limit: 5).allSatisfy { $0.kind == .recipe })
    }
    #expect(try reader.suggestRecipes("o_ion", limit: 5).isEmpty)
  }

  @Test func everyKindMergesExactMatchesFirst() throws {
    let url = try Self.index(Self.recipes)
    let reader = try IndexReader(url: url)
    var builder = SnapshotBuilder()
    for recipe in Self.recipes { builder.add(recipe) }
    let snapshot = builder.build()
    let all = try snapshot.suggest("onion", limit: 10, kind: .all, titles: reader)
    // The ingredient "onion" and the recipe "Onion" both match exactly and lead.
    #expect(all.prefix(2).allSatisfy { $0.match == .exact })
    #expect(Set(all.prefix(2).map(\.kind)) == [.ingredient, .recipe])
    #expect(all.contains { $0.kind == .recipe && $0.value == "6" })
    let ingredients = try snapshot.suggest("on", limit: 10, kind: .ingredient, titles: reader)
    #expect(ingredients == snapshot.suggest("on", limit: 10))
    let categories = try snapshot.suggest("st", limit: 5, kind: .category, titles: reader)
    #expect(categories.map(\.value) == ["Starter"])
    // Without a title source, recipe kinds are left out instead of trapping.
    #expect(snapshot.suggest("onion", limit: 10, kind: .all).allSatisfy { $0.kind != .recipe })
    #expect(snapshot.suggest("onion", limit: 10, kind: .recipe).isEmpty)
  }

  @Test(arguments: RandomCorpus.seeds)
  func matchesTheOracle(seed: UInt64) throws {
    print("seed \(seed)")
    let (recipes, relations) = RandomCorpus.make(seed: seed, recipes: 300)
    let reader = try IndexReader(url: Self.index(recipes, relations))
    let oracle = Oracle(recipes, relations)
    var random = SplitMix64(seed: seed)
    let typed = ["t", "cr", "crè", "creme b", "a", "a z", "pie", "s", "so", "BRU", "x", "stew c"]
    for _ in 0..<60 {
      let title = recipes[Int(random.next() % UInt64(recipes.count))].title
      let cut = String(title.prefix(1 + Int(random.next() % UInt64(max(title.count, 1)))))
      for text in [cut, typed[Int(random.next() % UInt64(typed.count))]] {
        let limit = 1 + Int(random.next() % 12)
        let got = try reader.suggestRecipes(text, limit: limit).map(\.value)
        let expected = oracle.titleSuggestions(text, limit: limit).map { recipes[$0].id }
        #expect(got == expected, "\(text) limit \(limit)")
      }
    }
  }

  @Test func summariesAndPublicIDsFollowTheRecipes() throws {
    let (recipes, relations) = RandomCorpus.make(seed: 9, recipes: 50)
    let reader = try IndexReader(url: Self.index(recipes, relations))
    #expect(try reader.publicIDs() == recipes.map(\.id))
    // One statement reads the page; the answer keeps the asked order, repeats and all (an id
    // the file lacks is an error: MissingSummaryTests).
    let ids = [7, 3, 49, 0, 3].map(RecipeID.init)
    let summaries = try reader.summaries(of: ids)
    #expect(summaries.map(\.recipe) == ids)
    #expect(try reader.summaries(of: []).isEmpty)
    for summary in summaries {
      let recipe = recipes[summary.recipe.index]
      #expect(summary.publicID == recipe.id)
      #expect(summary.title == recipe.title)
      #expect(summary.category == recipe.category)
      #expect(summary.area == recipe.area)
      #expect(summary.totalMinutes == recipe.totalMinutes)
      #expect(summary.image == recipe.image)
    }
  }
}
