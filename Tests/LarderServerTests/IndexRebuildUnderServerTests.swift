import Foundation
import LarderCore
import LarderStore
import LarderTestSupport
import Testing

/// An index rebuilt in place while the server serves it: answers stay those of the served
/// generation (or a 503 `index_changed`, never a mix) until a reload, then come from the new
/// file (issue 13, item 3).
@Suite struct IndexRebuildUnderServerTests {
  static let paths = [
    "/v1/categories/Beef/recipes?limit=100", "/v1/recipes?with=garlic&limit=20",
    "/v1/search?q=lamb&limit=20", "/v1/areas/Indian/recipes?limit=50",
  ]

  @Test func answersStayOneGenerationUntilReload() async throws {
    let server = try await LiveServer.start()
    var before: [String: Data] = [:]
    for path in Self.paths {
      let reply = try await server.get(path)
      #expect(reply.status == 200, "\(path)")
      before[path] = reply.body
    }
    let oldGeneration = server.holder.index.generation

    // Rebuild the served file in place from another corpus (written aside, renamed over).
    let corpus = try Fixtures.file(named: "other.jsonl", contents: CorpusSamples.larderJSONL)
    _ = try IndexBuild(vocabulary: try Vocabulary.bundled(), policy: .skip)
      .run(paths: [corpus], destination: server.indexURL)
    #expect(try IndexReader(url: server.indexURL).generation() != oldGeneration)

    // Many requests at once, so that the pool's kept readers are all busy at times.
    for _ in 0..<4 {
      try await withThrowingTaskGroup(of: (String, LiveServer.Reply).self) { group in
        for index in 0..<32 {
          let path = Self.paths[index % Self.paths.count]
          group.addTask { (path, try await server.get(path)) }
        }
        for try await (path, reply) in group {
          if reply.status == 200 {
            #expect(reply.body == before[path], "\(path) answered from another generation")
          } else {
            #expect(reply.status == 503, "\(path)")
            #expect(reply.errorCode == "index_changed", "\(path)")
          }
        }
      }
    }

    try await server.holder.reload()
    #expect(server.holder.index.generation != oldGeneration)
    let beef = try await server.get("/v1/categories/Beef/recipes")
    #expect(beef.status == 404)
    #expect(try await server.get("/v1/recipes/pea-soup").status == 200)
  }
}
