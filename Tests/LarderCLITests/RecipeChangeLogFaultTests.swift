import Foundation
import LarderCore
import LarderTestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The change log's faults as an operator meets them (issue 18), with real `larder serve
/// --postgres` replicas and a real PostgreSQL 15: a change this Larder cannot apply (put in
/// `recipe_changes` by SQL, as a newer Larder would write it) stops the replica there, out of
/// rotation and saying why, until the change is corrected; a log trimmed past an index's
/// position is refused, never skipped, until a newer compacted index file is shipped.
extension RecipeChangeLogClusterTests {
  /// Polls `replica`'s `/readyz` (every 50 ms, at most `seconds`) until `accept` holds for
  /// its status and body; returns the last answer.
  static func waitForReadiness(
    _ replica: Replica, seconds: Int = 60, _ accept: (Int, [String: Any]) -> Bool
  ) async throws -> (Int, [String: Any]) {
    let deadline = ContinuousClock.now + .seconds(seconds)
    var last = try await replica.readiness()
    while !accept(last.0, last.1), ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(50))
      last = try await replica.readiness()
    }
    return last
  }

  /// The `/readyz` body's `changeLog.blocked`, if any.
  static func blocked(_ body: [String: Any]) -> [String: Any]? {
    (body["changeLog"] as? [String: Any])?["blocked"] as? [String: Any]
  }

  /// The value of the unlabelled metric `name` in `replica`'s `/metrics`.
  static func metric(_ name: String, on replica: Replica) async throws -> Double? {
    let text = String(decoding: try await http("GET", replica.url + "/metrics").1, as: UTF8.self)
    for line in text.split(separator: "\n") where line.hasPrefix(name + " ") {
      return Double(line.dropFirst(name.count + 1))
    }
    return nil
  }

  @Test func aChangeThisLarderCannotApplyTakesTheReplicaOutOfRotationUntilItIsCorrected()
    async throws
  {
    let place = try await Place()
    var a = try place.start("a")
    defer { a.stop() }
    try await a.waitUntilCaughtUp(through: 0)
    var rng = SplitMix64(seed: 1_801)
    let kept = Self.record("kept-1", title: "Kept 1", rng: &rng)
    #expect(
      try await Self.http("PUT", a.url + "/v1/recipes/kept-1", json: kept, token: place.token).0
        == 201)
    // A change of an operation this Larder does not know, as a newer Larder might log it.
    let inserted = try await TestPostgres.psql(
      #"INSERT INTO recipe_changes(change) VALUES ('{"op": "rename", "from": "kept-1", "to": "renamed-1"}') RETURNING seq"#,
      url: place.postgres)
    let bad = try #require(Int64(inserted.split(separator: "\n").first ?? ""), "\(inserted)")
    let (status, body) = try await Self.waitForReadiness(a) { status, body in
      status == 503 && (Self.blocked(body)?["seq"] as? NSNumber)?.int64Value == bad
    }
    #expect(status == 503, "not stopped at change \(bad): \(body)")
    let blocked = try #require(Self.blocked(body), "\(body)")
    #expect((blocked["error"] as? String)?.contains("rename") == true, "\(blocked)")
    #expect((blocked["attempts"] as? NSNumber)?.intValue ?? 0 >= 1)
    #expect(blocked["since"] is String)
    #expect((body["checks"] as? [String: Any])?["index"] as? String == "blocked")
    #expect((body["reason"] as? String)?.contains("change \(bad)") == true, "\(body)")
    let log = try #require(body["changeLog"] as? [String: Any])
    #expect((log["applied"] as? NSNumber)?.int64Value == bad - 1)
    #expect(try await Self.metric("larder_change_log_blocked", on: a) == 1)
    #expect(try await Self.metric("larder_change_log_blocked_seq", on: a) == Double(bad))
    // It keeps serving what it has.
    #expect(try await Self.http("GET", a.url + "/v1/recipes/kept-1").0 == 200)
    // A write through it is logged after the blocked change and not applied before it.
    let later = Self.record("later-1", title: "Later 1", rng: &rng)
    let (writeStatus, writeBody) = try await Self.http(
      "PUT", a.url + "/v1/recipes/later-1", json: later, token: place.token)
    #expect(writeStatus == 503, "\(String(decoding: writeBody, as: UTF8.self))")
    #expect(String(decoding: writeBody, as: UTF8.self).contains("write_not_applied_yet"))
    #expect(try await Self.http("GET", a.url + "/v1/recipes/later-1").0 == 404)

    // Started again, it stops at the same change: its position is kept, nothing is skipped.
    a.stop()
    a = try place.start("a")
    let (againStatus, againBody) = try await Self.waitForReadiness(a) { status, body in
      Self.blocked(body) != nil || status == 200
    }
    #expect(againStatus == 503, "\(againBody)")
    #expect((Self.blocked(againBody)?["seq"] as? NSNumber)?.int64Value == bad, "\(againBody)")
    #expect(try await Self.http("GET", a.url + "/v1/recipes/later-1").0 == 404)

    // The operator corrects the change in PostgreSQL; the same process applies it and every
    // change after it on a later try (the backoff is at most 15 s), and is ready again.
    let pid = a.started.process.processIdentifier
    _ = try await TestPostgres.psql(
      #"UPDATE recipe_changes SET change = '{"op": "delete", "ids": ["kept-1"]}' WHERE seq = "#
        + String(bad), url: place.postgres)
    let head = try await Self.head(a)
    let (readyStatus, readyBody) = try await Self.waitForReadiness(a) { status, _ in status == 200 }
    #expect(readyStatus == 200, "not ready after the change was corrected: \(readyBody)")
    #expect(a.started.process.isRunning && a.started.process.processIdentifier == pid)
    #expect(
      ((readyBody["changeLog"] as? [String: Any])?["applied"] as? NSNumber)?.int64Value ?? 0
        >= head)
    #expect(Self.blocked(readyBody) == nil)
    #expect(readyBody["reason"] == nil)
    #expect(try await Self.metric("larder_change_log_blocked", on: a) == 0)
    #expect(try await Self.http("GET", a.url + "/v1/recipes/kept-1").0 == 404)
    #expect(try await Self.http("GET", a.url + "/v1/recipes/later-1").0 == 200)
  }

  @Test func aLogTrimmedPastAnIndexIsRefusedUntilANewerCompactedFileIsShipped() async throws {
    let place = try await Place()
    let environment = Fixtures.isolatedEnvironment(in: place.directory)
    var a = try place.start("a")
    defer { a.stop() }
    try await a.waitUntilCaughtUp(through: 0)
    var rng = SplitMix64(seed: 1_802)
    for k in 1...5 {
      let record = Self.record("trim-\(k)", title: "Trim \(k)", rng: &rng)
      #expect(
        try await Self.http(
          "PUT", a.url + "/v1/recipes/trim-\(k)", json: record, token: place.token
        )
        .0 == 201)
    }
    // a's index, compacted: the file to seed new replicas with.
    a.stop()
    let compacted = try CommandRunner.run(
      ["compact", "--index", a.index.path, "--json"], environment: environment)
    #expect(compacted.status == 0, "\(compacted.stderr)")
    let info = try CommandRunner.run(
      ["info", "--index", a.index.path, "--json"], environment: environment)
    let described = try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any]
    #expect((described?["changeLogThrough"] as? NSNumber)?.int64Value == 5, "\(info.stdout)")

    // Trimming past the last change is refused; through 3 deletes 3 changes.
    let past = try CommandRunner.run(
      ["change-log", "trim", "--postgres", place.postgres, "--through", "9"],
      environment: environment)
    #expect(past.status != 0 && past.stderr.contains("last change is 5"), "\(past.stderr)")
    let trimmed = try CommandRunner.run(
      ["change-log", "trim", "--postgres", place.postgres, "--keep-last", "2", "--json"],
      environment: environment)
    #expect(trimmed.status == 0, "\(trimmed.stderr)")
    let done = try JSONSerialization.jsonObject(with: Data(trimmed.stdout.utf8)) as? [String: Any]
    #expect(
      (done?["deleted"] as? NSNumber)?.int64Value == 3
        && (done?["trimmedThrough"] as? NSNumber)?.int64Value == 3)
    let status = try CommandRunner.run(
      ["change-log", "status", "--postgres", place.postgres, "--json"], environment: environment)
    let summary = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
    #expect((summary?["head"] as? NSNumber)?.int64Value == 5, "\(status.stdout) \(status.stderr)")
    #expect((summary?["trimmedThrough"] as? NSNumber)?.int64Value == 3)
    #expect((summary?["changes"] as? NSNumber)?.int64Value == 2)

    // A replica on the original base (it holds none of the log) is refused, and skips nothing.
    var c = try place.start("c")
    defer { c.stop() }
    let (refused, body) = try await Self.waitForReadiness(c) { _, body in
      Self.blocked(body) != nil
    }
    #expect(refused == 503, "\(body)")
    let blocked = try #require(Self.blocked(body), "\(body)")
    #expect((blocked["seq"] as? NSNumber)?.int64Value == 1)
    #expect(
      (blocked["error"] as? String)?.contains("trimmed through change 3") == true
        && (blocked["error"] as? String)?.contains("compacted index file") == true, "\(blocked)")
    for k in 1...5 { #expect(try await Self.http("GET", c.url + "/v1/recipes/trim-\(k)").0 == 404) }

    // Shipping the compacted file: c stopped, the file copied in place of its index (its
    // live segment, which extends the old base, removed with it), c started again: ready,
    // with every change.
    c.stop()
    for suffix in ["-live", "-live-wal", "-live-shm"] {
      try? FileManager.default.removeItem(atPath: c.index.path + suffix)
    }
    try FileManager.default.removeItem(at: c.index)
    try FileManager.default.copyItem(at: a.index, to: c.index)
    c = try place.start("c")
    let (ready, readyBody) = try await Self.waitForReadiness(c, seconds: 60) { status, _ in
      status == 200
    }
    #expect(ready == 200, "\(readyBody)")
    for k in 1...5 { #expect(try await Self.http("GET", c.url + "/v1/recipes/trim-\(k)").0 == 200) }
    // a, started again on its compacted file (through change 5), follows the trimmed log.
    a = try place.start("a")
    try await a.waitUntilCaughtUp(through: 5)
  }
}
