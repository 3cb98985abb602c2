import Foundation
import Testing

/// `GET /v1/search?diet=...`: the word search takes the ingredient search's diet filter, decided
/// by the same food flags, so a recipe the filter keeps is never labelled against that diet on
/// its own page, and one it drops is.
@Suite struct TextSearchDietRouteTests {
  func ids(_ reply: LiveServer.Reply) -> [String] {
    (reply.json["recipes"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
  }

  @Test(arguments: ["dairy-free", "gluten-free"])
  func dietNarrowsWordSearchAsRecipeLabelsSay(diet: String) async throws {
    let server = try await LiveServer.start()
    for words in ["chicken", "cream", "bread", "rice"] {
      let all = try await server.get("/v1/search?q=\(words)&limit=100")
      let kept = try await server.get("/v1/search?q=\(words)&diet=\(diet)&limit=100")
      #expect(kept.status == 200)
      let allIDs = ids(all)
      let keptIDs = ids(kept)
      #expect(kept.json["count"] as? Int == keptIDs.count, "\(words)")
      #expect(keptIDs.count < allIDs.count, "\(words): the filter drops something")
      // Same order as the unfiltered ranking, only fewer.
      #expect(allIDs.filter(Set(keptIDs).contains) == keptIDs, "\(words)")
      for id in allIDs {
        let detail = try await server.get("/v1/recipes/\(id)")
        let labels = (detail.json["recipe"] as? [String: Any])?["diets"] as? [String: String]
        let verdict = labels?[diet]
        if keptIDs.contains(id) {
          #expect(verdict != "no", "\(words): \(id) kept but labelled not \(diet)")
        } else {
          #expect(verdict == "no", "\(words): \(id) dropped but labelled \(verdict ?? "-")")
        }
      }
    }
  }

  @Test func dietPagesAndRefusals() async throws {
    let server = try await LiveServer.start()
    let whole = ids(try await server.get("/v1/search?q=chicken&diet=dairy-free&limit=100"))
    let first = try await server.get("/v1/search?q=chicken&diet=dairy-free&limit=3")
    #expect(ids(first) == Array(whole.prefix(3)))
    let next = try #require(first.json["next"] as? String)
    let second = try await server.get("/v1/search?q=chicken&diet=dairy-free&limit=3&cursor=\(next)")
    #expect(ids(second) == Array(whole.dropFirst(3).prefix(3)))
    let both = ids(
      try await server.get("/v1/search?q=chicken&diet=dairy-free&diet=gluten-free&limit=100"))
    #expect(both.allSatisfy(whole.contains) && both.count <= whole.count)
    #expect(
      try await server.get("/v1/search?q=chicken&diet=carnivore").errorCode == "invalid_parameter")
  }
}
