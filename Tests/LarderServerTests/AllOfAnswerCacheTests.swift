import Foundation
import LarderCore
import Testing

@testable import LarderServer

/// `/v1/recipes` keeps finished pages per served index (``ServedIndex/allOfCache``): a repeated
/// query is answered with the same bytes a fresh page has, spellings that parse to the same
/// query share one page, refusals are never kept, and a reload starts empty.
@Suite struct AllOfAnswerCacheTests {
  /// The page `query` has on `index`, made afresh (no cache).
  static func freshPage(_ query: AllOfQuery, on index: ServedIndex) async throws -> [UInt8] {
    try await index.read {
      try ResponseShapes.allOfPage(
        try $0.snapshot.allOf(query), query: query, lineNames: $0.snapshot, reader: $0
      ).json()
    }
  }

  @Test func repeatedQueriesGetTheFreshPagesBytes() async throws {
    let server = try await LiveServer.start()
    let index = server.holder.index
    let cases: [(String, AllOfQuery)] = [
      ("/v1/recipes?with=garlic&with=onion&limit=20", AllOfQuery(["garlic", "onion"])),
      (
        "/v1/recipes?with=onion&with=garlic&limit=20", AllOfQuery(["onion", "garlic"])
      ),
      (
        "/v1/recipes?with=cheese&with=egg&sort=title&limit=7",
        AllOfQuery(["cheese", "egg"], order: .title, page: PageRequest(limit: 7))
      ),
      (
        "/v1/recipes?with=oil&without=butter&sort=time",
        AllOfQuery(["oil"], without: ["butter"], order: .totalTime)
      ),
      (
        "/v1/recipes?with=garlic&with=onion&cursor=i40&limit=5",
        AllOfQuery(
          ["garlic", "onion"], page: PageRequest(limit: 5, start: .cursor(PageCursor("i40")!)))
      ),
    ]
    for (path, query) in cases {
      let fresh = try await Self.freshPage(query, on: index)
      let first = try await server.get(path)
      let second = try await server.get(path)
      #expect(first.status == 200 && second.status == 200, "\(path)")
      #expect(Array(first.body) == fresh, "\(path)")
      #expect(Array(second.body) == fresh, "\(path)")
    }
    // Ingredient order is part of the answer (`matches` follow it): two entries, not one.
    #expect(index.allOfCache.count == cases.count)
    // A blank-padded spelling parses to the same query and shares its page.
    let padded = try await server.get("/v1/recipes?with=%20garlic&with=onion%20")
    #expect(Array(padded.body) == (try await Self.freshPage(cases[0].1, on: index)))
    #expect(index.allOfCache.count == cases.count)
  }

  @Test func refusalsAreNotKeptAndAReloadStartsEmpty() async throws {
    let server = try await LiveServer.start()
    let index = server.holder.index
    for _ in 0..<2 {
      let unknown = try await server.get("/v1/recipes?with=zzqxqz")
      #expect(unknown.status >= 400 && unknown.status < 500)
      #expect(unknown.errorCode != nil)
    }
    #expect(index.allOfCache.count == 0)
    let path = "/v1/recipes?with=garlic&with=lemon"
    let before = try await server.get(path)
    #expect(index.allOfCache.count == 1)
    // A reload that opens the files again (they hold a write the served index does not).
    try server.writeBehindTheServer()
    let fresh = try await server.holder.reload()
    #expect(fresh !== index)
    #expect(fresh.allOfCache.count == 0)
    let after = try await server.get(path)
    #expect(after.body == before.body)
    #expect(fresh.allOfCache.count == 1)
  }
}
