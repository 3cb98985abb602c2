import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderStore

/// The SQLite-only path and the in-memory engine answer the harness's all-of, pantry and
/// category queries identically on seeded random corpora.
@Suite struct SQLOnlyDifferentialTests {
  @Test(arguments: RandomCorpus.seeds)
  func sqliteAndMemoryAgree(seed: UInt64) throws {
    print("seed \(seed)")
    let (recipes, relations) = RandomCorpus.make(seed: seed, recipes: 300)
    let url = try Fixtures.temporaryDirectory().appendingPathComponent("index.sqlite")
    let writer = try IndexWriter(destination: url)
    for (offset, recipe) in recipes.enumerated() { try writer.add(recipe, id: RecipeID(offset)) }
    try writer.finish(
      .init(summary: IndexingSummary(), parents: relations.parent, snapshotParts: { [:] }))
    let reader = try IndexReader(url: url)
    let snapshot = RandomCorpus.snapshot(recipes, relations)
    let scratch = QueryScratch(for: snapshot)
    let names = Array(Set(recipes.flatMap { $0.ingredients.map(\.name) })).sorted()
    var random = SplitMix64(seed: seed)
    for _ in 0..<40 {
      let size = 1 + Int(random.next() % 3)
      let picked = (0..<size).map { _ in names[Int(random.next() % UInt64(names.count))] }
      let memory = snapshot.exactAllOf(picked, limit: 20, scratch: scratch)
      let sql = try reader.sqlAllOf(Array(Set(picked)), matching: .exact, limit: 20)
      #expect(memory.count == sql.count, "\(picked)")
      #expect(memory.first == sql.ids, "\(picked)")
      let pantry = (0..<(2 + Int(random.next() % 8))).map { _ in
        names[Int(random.next() % UInt64(names.count))]
      }
      let memoryPantry = snapshot.exactPantry(Array(Set(pantry)), limit: 20, scratch: scratch)
      let sqlPantry = try reader.sqlPantry(Array(Set(pantry)), limit: 20)
      #expect(memoryPantry.map(\.recipe) == sqlPantry.map(\.id), "\(pantry)")
      #expect(memoryPantry.map(\.used) == sqlPantry.map(\.used))
      #expect(memoryPantry.map(\.missing) == sqlPantry.map(\.missing))
    }
    for category in snapshot.categories().map(\.name) + ["Nope"] {
      for page in 0..<3 {
        #expect(
          try reader.sqlCategoryPage(category, offset: page * 7, limit: 7)
            == snapshot.categoryPageByTitleBytes(category, page: page, limit: 7), "\(category)")
      }
    }
  }
}
