import Foundation
import LarderStore
import LarderTestSupport
import Testing

/// A server's pool keeps all of its connections open from the start (so that no call pays for
/// postgres-nio's idle-timeout timers); a command's keeps one. Counted by PostgreSQL itself
/// (`pg_stat_activity`), which also lists the reachability check's connection and psql's own.
@Suite struct PostgresPoolTests {
  /// The sessions open on `database`, psql's own among them.
  static func sessions(on database: String, url: String) async throws -> Int {
    let count = try await TestPostgres.psql(
      "SELECT count(*) FROM pg_stat_activity WHERE datname = '\(database)'", url: url)
    return try #require(Int(count), "psql printed \(count)")
  }

  @Test func aServersPoolKeepsItsConnectionsOpenAndACommandsOne() async throws {
    for kept in [PostgresUserStore.serverConnections, 1] {
      let url = try await TestPostgres.sharedDatabase()
      let database = try #require(URL(string: url)?.lastPathComponent)
      try await PostgresUserStore.running(
        try PostgresLocation(url), connectTimeout: .seconds(120), callTimeout: .seconds(60),
        keptConnections: kept
      ) { _ in
        // The pool opens its kept connections in the background: wait for them (at most 60 s).
        var open = 0
        for _ in 0..<600 {
          open = try await Self.sessions(on: database, url: url)
          if open >= kept + 1 { break }
          try await Task.sleep(for: .milliseconds(100))
        }
        // Idle for a while: nothing more is opened, nothing closed.
        try await Task.sleep(for: .seconds(1))
        let later = try await Self.sessions(on: database, url: url)
        // The pool's kept connections and psql's; the reachability check's, and one the pool
        // may have opened on demand while migrating and reading the token count at once.
        #expect((kept + 1)...(kept + 3) ~= open, "kept \(kept): \(open) sessions")
        #expect((kept + 1)...(kept + 3) ~= later, "kept \(kept): \(later) sessions later")
      }
    }
  }
}
