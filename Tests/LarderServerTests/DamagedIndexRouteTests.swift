import Foundation
import LarderCore
import LarderStore
import LarderTestSupport
import Testing

/// A served index file that lost recipe rows its snapshot still names (damaged in place, same
/// generation): pages that would show them answer a JSON 500 `index_damaged`, not a page with
/// hits silently missing, and pages that do not touch them still answer. (A page already made
/// from the intact file stays in the served index's page cache, whole: only pages made after the
/// damage can find it, so the check asks pages not asked before.)
@Suite struct DamagedIndexRouteTests {
  @Test func aPageWithAMissingRecipeIsA500NotAShorterPage() async throws {
    let server = try await LiveServer.start()
    let path = "/v1/recipes?with=garlic&limit=20"
    let before = try await server.get(path)
    #expect(before.status == 200)
    let ids = try #require(
      (before.json["recipes"] as? [[String: Any]])?.compactMap { $0["id"] as? String })
    try #require(ids.count >= 2)
    let damage = try Connection(path: server.indexURL.path, mode: .readWriteCreate)
    try damage.execute("DELETE FROM recipes WHERE id = '\(ids[0])'")

    for path in ["/v1/recipes?with=garlic&limit=19", "/v1/recipes?with=garlic&limit=50"] {
      let reply = try await server.get(path)
      #expect(reply.status == 500, "\(path)")
      #expect(reply.errorCode == "index_damaged", "\(path)")
      #expect(reply.headers["content-type"]?.hasPrefix("application/json") == true, "\(path)")
    }
    // What does not need the lost row still reads.
    #expect(try await server.get("/v1/recipes/\(ids[1])").status == 200)
  }
}
