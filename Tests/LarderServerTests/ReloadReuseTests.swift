import Foundation
import LarderCore
import LarderStore
import LarderTestSupport
import Testing

@testable import LarderServer

/// A reload of files that hold nothing the served index does not keeps it (nothing opened);
/// otherwise it shares with the index it replaces what cannot have changed: the base of a file
/// whose generation is the one served (snapshot, ids, titles, id table, readers), while the live
/// segment is read anew, so writes made before the reload are all there; a rebuilt file is
/// loaded whole.
@Suite struct ReloadReuseTests {
  @Test func aReloadOfUnchangedFilesKeepsTheServedIndexAndOpensNothing() async throws {
    let server = try await LiveServer.start()
    let old = server.holder.index
    #expect(try await server.holder.reload() === old)
    let answer = try await server.send("POST", "/v1/admin/reload", token: server.adminToken)
    #expect(answer.status == 200)
    #expect(answer.json["reopened"] as? Bool == false)
    #expect(server.holder.index === old)

    // A write through the served index is in the index it serves: still nothing to open.
    let id = try await someRecipeID(server)
    let count = old.live.recipeCount
    #expect(try await old.apply(.delete([id])).deletion?.deleted == [id])
    #expect(try await server.holder.reload() === old)
    #expect(old.live.recipeCount == count - 1)
    #expect(try await server.get("/v1/recipes/\(id)").status == 404)
    // And it still takes writes after the reload that opened nothing.
    #expect(
      try await old.apply(.delete(["no-such-recipe"])).deletion?.missing == ["no-such-recipe"])
  }

  @Test func aReloadAfterAnotherWriterSharesTheBaseAndReadsTheSegmentAnew() async throws {
    let server = try await LiveServer.start()
    let old = server.holder.index
    let id = try await someRecipeID(server)
    let count = old.live.recipeCount
    // Another writer of the same files (as `larder add` in another process): the served index
    // does not hold its write, so the reload opens the files again, sharing the unchanged base.
    let other = try LiveIndex(url: server.indexURL, relations: old.live.relations)
    #expect(try other.delete(ids: [id]).deleted == [id])
    #expect(!old.live.matchesFiles())

    let fresh = try await server.holder.reload()
    #expect(fresh !== old)
    #expect(fresh.generation == old.generation)
    #expect(fresh.live.recipeCount == count - 1)
    #expect(fresh.live.matchesFiles())
    #expect(try await server.get("/v1/recipes/\(id)").status == 404)
    #expect(try await server.get("/v1/suggest?q=ga").status == 200)
  }

  private func someRecipeID(_ server: LiveServer) async throws -> String {
    let random = try await server.get("/v1/random?count=1&seed=3")
    #expect(random.status == 200)
    let recipes = try #require(random.json["recipes"] as? [[String: Any]])
    return try #require(recipes.first?["id"] as? String)
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

/// A reload onto a file that cannot be opened is refused with a JSON 409, never a 500, and the
/// index served before goes on answering.
@Suite struct ReloadRefusalTests {
  @Test func aReloadOntoADamagedFileIsRefusedAndTheServedIndexStays() async throws {
    let server = try await LiveServer.start()
    let old = server.holder.index
    // A damaged file put in place as a copy would be (written beside it, renamed over it):
    // the served index keeps the file it opened.
    let damaged = server.indexURL.deletingLastPathComponent().appendingPathComponent("damaged")
    try Data(repeating: 0x5A, count: 64 * 1024).write(to: damaged)
    #expect(rename(damaged.path, server.indexURL.path) == 0)

    let answer = try await server.send("POST", "/v1/admin/reload", token: server.adminToken)
    #expect(answer.status == 409)
    let error = try #require(answer.json["error"] as? [String: Any])
    #expect(error["code"] as? String == "reload_failed")
    #expect((error["message"] as? String)?.contains("could not be opened") == true)
    #expect(server.holder.index === old)
    #expect(try await server.get("/v1/suggest?q=ga").status == 200)
    #expect(try await server.get("/v1/random?count=1&seed=3").status == 200)
  }
}
