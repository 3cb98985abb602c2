import Foundation
import LarderCore
import LarderStore
import LarderTestSupport
import Testing

@testable import LarderServer

/// A reload shares with the index it replaces what cannot have changed: the base of a file
/// whose generation is the one served (snapshot, ids, titles, readers), while the live segment
/// is read anew, so writes made before the reload are all there; a rebuilt file is loaded whole.
@Suite struct ReloadReuseTests {
  @Test func aReloadOfTheUnchangedFileSharesItsBaseAndReadsTheSegmentAnew() async throws {
    let server = try await LiveServer.start()
    let old = server.holder.index
    let random = try await server.get("/v1/random?count=1&seed=3")
    #expect(random.status == 200)
    let recipes = try #require(random.json["recipes"] as? [[String: Any]])
    let id = try #require(recipes.first?["id"] as? String)
    let count = old.live.recipeCount
    let deleted = try await old.apply(.delete([id]))
    #expect(deleted.deletion?.deleted == [id])

    let fresh = try await server.holder.reload()
    #expect(fresh !== old)
    #expect(fresh.generation == old.generation)
    // The same snapshot object: not loaded again.
    #expect(fresh.live.view.ingredientTables === old.live.view.ingredientTables)
    // The segment was read again: the delete made through the old index is in the new one.
    #expect(fresh.live.recipeCount == count - 1)
    #expect(try await server.get("/v1/recipes/\(id)").status == 404)
    #expect(try await server.get("/v1/suggest?q=ga").status == 200)
  }

  @Test func aReloadOfARebuiltFileLoadsItWhole() async throws {
    let server = try await LiveServer.start()
    let old = server.holder.index
    // The same corpus built again: equal contents, another generation.
    let corpus = try Fixtures.file(named: "again.jsonl", contents: CorpusSamples.larderJSONL)
    _ = try IndexBuild(vocabulary: try Vocabulary.bundled(), policy: .skip)
      .run(paths: [corpus], destination: server.indexURL)

    let fresh = try await server.holder.reload()
    #expect(fresh.generation != old.generation)
    #expect(fresh.live.view.ingredientTables !== old.live.view.ingredientTables)
    #expect(try await server.get("/v1/recipes/pea-soup").status == 200)
  }
}
