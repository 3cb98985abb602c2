import Foundation
import LarderCore
import Testing

@testable import LarderServer

/// A reload computes the replaced index's hot suggest answers on the new index before it swaps
/// (autowarming), so keystrokes after a reload are answered from the cache: the warmed answers
/// are the new index's own, byte for byte.
@Suite struct ReloadWarmingTests {
  @Test func aReloadCarriesTheHotSuggestAnswersComputedOnTheNewIndex() async throws {
    let server = try await LiveServer.start()
    let paths = [
      "/v1/suggest?q=ga&limit=10", "/v1/suggest?q=on", "/v1/suggest?q=chi&kind=all&limit=5",
      "/v1/suggest?q=tom&exclude=tomato&limit=3", "/v1/suggest?q=be&kind=category",
    ]
    var before: [String: [UInt8]] = [:]
    for path in paths {
      let answer = try await server.get(path)
      #expect(answer.status == 200, "\(path)")
      before[path] = Array(answer.body)
    }
    // A refusal is never cached, so it is not warmed either.
    #expect(try await server.get("/v1/suggest?q=ga&limit=0").status == 400)
    let old = server.holder.index
    #expect(old.suggestCache.count == paths.count)

    // Files with a write the served index does not hold: a reload opens them (one of
    // unchanged files keeps the served index, and its cache).
    try server.writeBehindTheServer()
    let fresh = try await server.holder.reload()
    #expect(fresh !== old)
    #expect(fresh.suggestCache.count == paths.count, "every hot answer is warmed")
    for path in paths {
      let after = try await server.get(path)
      #expect(Array(after.body) == before[path], "\(path): the same file answers the same")
    }
    // Served from the warmed cache: no answer was added by asking again.
    #expect(fresh.suggestCache.count == paths.count)
  }
}
