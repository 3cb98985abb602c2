import Foundation
import LarderStore
import LarderTestSupport
import Testing

/// User state in PostgreSQL over HTTP (issue 18): two servers, each with its own connection
/// pool as two replicas would have, share one database; while PostgreSQL is down engine routes
/// keep answering, user routes and `/readyz` answer 503, and both recover without a restart.
/// A real PostgreSQL 15 on loopback, started and stopped (bounded) by the test itself.
@Suite(.serialized) struct PostgresUserStateRouteTests {
  /// Runs `body` with a PostgreSQL server of its own and a running store for each of `count`
  /// servers on one fresh database; stops the server afterwards.
  func withPostgres(
    stores count: Int, _ body: (TestPostgres, [PostgresUserStore]) async throws -> Void
  ) async throws {
    try TestPostgres.requireInstalled()
    let postgres = try await TestPostgres.start()
    defer { postgres.stop() }
    let location = try PostgresLocation(try await postgres.createDatabase())
    // Generous waits: the full suite runs hundreds of tests at once on two cores, far beyond
    // what a server sees (serve's own call timeout is 5 s).
    let stores = (0..<count).map { _ in PostgresUserStore(location, callTimeout: .seconds(60)) }
    let running = stores.map { store in Task { await store.run() } }
    defer { for task in running { task.cancel() } }
    for store in stores { try await store.prepare(timeout: .seconds(120)) }
    try await body(postgres, stores)
  }

  /// Polls `path` until it answers `status` (at most 20 s, every 100 ms).
  func waitFor(_ status: Int, _ path: String, on server: LiveServer) async throws -> Bool {
    for _ in 0..<200 {
      if try await server.get(path).status == status { return true }
      try await Task.sleep(for: .milliseconds(100))
    }
    return false
  }

  @Test func writesThroughOneServerAreReadThroughTheOther() async throws {
    try await withPostgres(stores: 2) { _, stores in
      let a = try await LiveServer.start(userState: stores[0])
      let b = try await LiveServer.start(userState: stores[1])
      let recipe = "a-beef-rendang"
      #expect(
        try await a.send("POST", "/v1/me/favorites", json: ["recipeId": recipe], token: a.token)
          .status == 201)
      #expect(
        try await a.send("POST", "/v1/me/pantry", json: ["names": ["egg"]], token: a.token).status
          == 200)
      #expect(
        try await a.send(
          "POST", "/v1/me/grocery", json: ["items": [["name": "2 cups flour"]]], token: a.token
        ).status == 201)
      // A's token works on B, and B reads what A wrote.
      let favorites = try await b.get("/v1/me/favorites", token: a.token)
      #expect(favorites.status == 200)
      let listed = (favorites.json["favorites"] as? [[String: Any]])?.map {
        $0["recipeId"] as? String
      }
      #expect(listed == [recipe])
      #expect(
        (try await b.get("/v1/me/pantry", token: a.token).json["pantry"] as? [String]) == ["egg"])
      let grocery = try await b.get("/v1/me/grocery", token: a.token).json
      #expect((grocery["items"] as? [[String: Any]])?.first?["name"] as? String == "flour")
      // B's own profile sees none of it, on either server.
      for server in [a, b] {
        let other = try await server.get("/v1/me/favorites", token: b.token).json
        #expect((other["favorites"] as? [Any])?.isEmpty == true)
        let pantry = try await server.get("/v1/me/pantry", token: b.token).json
        #expect((pantry["pantry"] as? [Any])?.isEmpty == true)
      }
    }
  }

  @Test func aPostgresOutageStopsOnlyUserRoutesAndHeals() async throws {
    try await withPostgres(stores: 1) { postgres, stores in
      let server = try await LiveServer.start(userState: stores[0])
      #expect(
        try await server.send(
          "POST", "/v1/me/favorites", json: ["recipeId": "a-beef-rendang"], token: server.token
        ).status == 201)
      let ready = try await server.get("/readyz")
      #expect(ready.status == 200)
      #expect(ready.json["status"] as? String == "ready")

      await postgres.kill()
      #expect(try await waitFor(503, "/readyz", on: server))
      let notReady = try await server.get("/readyz").json
      #expect((notReady["checks"] as? [String: Any])?["userState"] as? String == "unreachable")
      #expect(notReady["reason"] as? String == "PostgreSQL does not answer")
      // The engine answers from the local index, with or without a token.
      #expect(try await server.get("/v1/suggest?q=chick").status == 200)
      #expect(try await server.get("/v1/suggest?q=chick", token: server.token).status == 200)
      #expect(try await server.get("/healthz").status == 200)
      let favorites = try await server.get("/v1/me/favorites", token: server.token)
      #expect(favorites.status == 503)
      #expect(favorites.errorCode == "user_state_unavailable")
      #expect(favorites.headers["content-type"]?.hasPrefix("application/json") == true)

      try await postgres.startServer()
      #expect(try await waitFor(200, "/readyz", on: server))
      let healed = try await server.get("/v1/me/favorites", token: server.token)
      #expect(healed.status == 200)
      // The write acknowledged before the crash is still there.
      let listed = (healed.json["favorites"] as? [[String: Any]])?.map { $0["recipeId"] as? String }
      #expect(listed == ["a-beef-rendang"])
    }
  }
}
