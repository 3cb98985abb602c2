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
    let fresh = try await server.holder.reload()
    #expect(fresh !== old)
    #expect(fresh.generation == old.generation)
    // No write: every query runs on the base's snapshot, the same object, not loaded again.
    #expect(fresh.live.view.ingredientTables === old.live.view.ingredientTables)

    // A delete through the served index, then a reload: the segment was read again.
    let random = try await server.get("/v1/random?count=1&seed=3")
    #expect(random.status == 200)
    let recipes = try #require(random.json["recipes"] as? [[String: Any]])
    let id = try #require(recipes.first?["id"] as? String)
    let count = fresh.live.recipeCount
    let deleted = try await fresh.apply(.delete([id]))
    #expect(deleted.deletion?.deleted == [id])
    let again = try await server.holder.reload()
    #expect(again !== fresh)
    #expect(again.live.recipeCount == count - 1)
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
