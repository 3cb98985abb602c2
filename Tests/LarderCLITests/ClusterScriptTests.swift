import Foundation
import LarderCore
import LarderTestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `scripts/cluster.sh up 2` (issue 18): PostgreSQL 15, two replicas and nginx on loopback.
/// User state written through one replica is read through the other and stays invisible to
/// other profiles on every replica; `kill -9` of a replica under a bounded load through nginx
/// fails no idempotent request (nginx retries on the other replica); `kill -9` of PostgreSQL
/// under a bounded load of reads and user-state writes fails no engine read, user routes answer
/// 503 JSON, no acknowledged write is lost and the replicas recover without a restart.
/// Cancelled, with the reason, only where PostgreSQL 15 or nginx is not installed.
@Suite(.serialized) struct ClusterScriptTests {
  static let script = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("scripts/cluster.sh")

  struct Cluster: Decodable {
    var balancer: String
    var replicas: [String]
    var pids: [Int32]
    var postgres: String
    var adminToken: String
  }

  /// Runs the script with `arguments`; returns its status, standard output and error.
  func script(_ arguments: [String], directory: URL) throws -> (Int32, String, String) {
    let outcome = try SpawnedCommand.run(
      ["/bin/bash", Self.script.path] + arguments,
      environment: [
        "LARDER_CLUSTER_DIR": directory.path, "LARDER_BIN": CommandRunner.executable.path,
        "XDG_CACHE_HOME": directory.deletingLastPathComponent().appendingPathComponent("cache")
          .path,
      ])
    return (outcome.status, outcome.output, outcome.error)
  }

  /// `scripts/cluster.sh up 2` in a temporary folder: the cluster, from the script's last
  /// line, and its folder (stop it with `down` there). Cancels the test, with the reason, where
  /// PostgreSQL 15 or nginx is not installed; a failed start has already stopped what it
  /// started (the script's own `down`), an output that is not the cluster's JSON stops it here.
  func startTwoReplicas() throws -> (Cluster, URL) {
    try TestPostgres.requireInstalled()
    guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/nginx") else {
      try Test.cancel("nginx is not installed: `apt-get install nginx` (.ci/run does)")
    }
    let directory = try Fixtures.temporaryDirectory().appendingPathComponent("cluster")
    let (status, stdout, stderr) = try script(["up", "2"], directory: directory)
    do {
      try #require(status == 0, "\(stderr)")
      let last = try #require(stdout.split(separator: "\n").last, "\(stderr)")
      return (try JSONDecoder().decode(Cluster.self, from: Data(last.utf8)), directory)
    } catch {
      _ = try? script(["down"], directory: directory)
      throw error
    }
  }

  func request(
    _ method: String, _ url: String, json: Any? = nil, token: String? = nil
  ) async throws -> (Int, [String: Any]) {
    var request = URLRequest(url: URL(string: url)!)
    request.httpMethod = method
    request.timeoutInterval = 10
    if let json {
      request.httpBody = try JSONSerialization.data(withJSONObject: json)
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    }
    if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
    let (data, response) = try await URLSession.shared.data(for: request)
    let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    return ((response as! HTTPURLResponse).statusCode, object)
  }

  @Test func replicasShareUserStateAndAKilledReplicaFailsNoRead() async throws {
    let (cluster, directory) = try startTwoReplicas()
    defer { _ = try? script(["down"], directory: directory) }
    #expect(cluster.replicas.count == 2 && cluster.pids.count == 2)
    #expect(try await request("GET", cluster.balancer + "/readyz").0 == 200)

    var tokens: [String] = []
    for name in ["alice", "bob"] {
      let made = try CommandRunner.run(
        ["profile", "create", name, "--json", "--postgres", cluster.postgres])
      #expect(made.status == 0, "\(made.stderr)")
      let object = try JSONSerialization.jsonObject(with: Data(made.stdout.utf8)) as? [String: Any]
      tokens.append(try #require(object?["token"] as? String))
    }
    let (a, b) = (cluster.replicas[0], cluster.replicas[1])
    #expect(
      try await request(
        "POST", a + "/v1/me/favorites", json: ["recipeId": "a-beef-rendang"], token: tokens[0]
      ).0 == 201)
    #expect(
      try await request("POST", a + "/v1/me/pantry", json: ["names": ["egg"]], token: tokens[0]).0
        == 200)
    #expect(
      try await request(
        "POST", a + "/v1/me/grocery", json: ["items": [["name": "2 cups flour"]]], token: tokens[0]
      ).0 == 201)
    let favorites = try await request("GET", b + "/v1/me/favorites", token: tokens[0]).1
    #expect(
      (favorites["favorites"] as? [[String: Any]])?.first?["recipeId"] as? String
        == "a-beef-rendang")
    #expect(
      (try await request("GET", b + "/v1/me/pantry", token: tokens[0]).1["pantry"] as? [String])
        == ["egg"])
    let grocery = try await request("GET", b + "/v1/me/grocery", token: tokens[0]).1
    #expect((grocery["items"] as? [[String: Any]])?.count == 1)
    for replica in cluster.replicas + [cluster.balancer] {
      #expect(
        (try await request("GET", replica + "/v1/me/favorites", token: tokens[1]).1["favorites"]
          as? [Any])?.isEmpty == true)
      #expect(
        (try await request("GET", replica + "/v1/me/pantry", token: tokens[1]).1["pantry"] as? [Any])?
          .isEmpty == true)
      #expect(
        (try await request("GET", replica + "/v1/me/grocery", token: tokens[1]).1["items"] as? [Any])?
          .isEmpty == true)
    }

    // A bounded load of reads through nginx (4 clients, at least 10 and at most 600 requests
    // each, for about 4 s);
    // replica A is killed with SIGKILL one second in.
    let balancer = cluster.balancer
    let started = ContinuousClock.now
    let outcomes = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
      for client in 0..<4 {
        group.addTask {
          var (ok, failed) = (0, 0)
          // At least 10 requests each: under load a client task may start after the 4 s.
          for index in 0..<600 where index < 10 || ContinuousClock.now - started < .seconds(4) {
            let path = index % 2 == 0 ? "/v1/suggest?q=chi" : "/v1/recipes/a-beef-rendang"
            let status = (try? await request("GET", balancer + path).0) ?? 0
            if status == 200 { ok += 1 } else { failed += 1 }
            _ = client
          }
          return (ok, failed)
        }
      }
      try await Task.sleep(for: .seconds(1))
      kill(cluster.pids[0], SIGKILL)
      var total = (0, 0)
      for try await (ok, failed) in group { total = (total.0 + ok, total.1 + failed) }
      return total
    }
    print("cluster kill -9 under load: \(outcomes.0) reads answered, \(outcomes.1) failed")
    #expect(outcomes.0 > 0)
    #expect(outcomes.1 == 0)
    #expect(try await request("GET", balancer + "/v1/me/favorites", token: tokens[0]).0 == 200)
  }

  @Test func aKilledPostgresFailsNoReadAndLosesNoAcknowledgedWrite() async throws {
    let (cluster, directory) = try startTwoReplicas()
    defer { _ = try? script(["down"], directory: directory) }
    let balancer = cluster.balancer
    var tokens: [String] = []
    for writer in 0..<3 {
      let made = try CommandRunner.run(
        ["profile", "create", "writer\(writer)", "--json", "--postgres", cluster.postgres])
      #expect(made.status == 0, "\(made.stderr)")
      let object = try JSONSerialization.jsonObject(with: Data(made.stdout.utf8)) as? [String: Any]
      tokens.append(try #require(object?["token"] as? String))
    }

    // A bounded load through nginx: 2 readers of engine routes and 3 writers of grocery items
    // (each item named after its writer and number), at most 60 s and 3,000 requests each,
    // until the phases below say stop. PostgreSQL is killed with SIGKILL once writes land.
    let stop = Locked(false)
    let writers = tokens
    let load = Task {
      try await withThrowingTaskGroup(
        of: (reads: Int, failedReads: Int, acknowledged: [String]).self
      ) { group in
        for reader in 0..<2 {
          group.addTask {
            var (ok, failed) = (0, 0)
            let started = ContinuousClock.now
            for index in 0..<3_000 where ContinuousClock.now - started < .seconds(60) {
              guard !stop.withLock({ $0 }) else { break }
              let path =
                (index + reader) % 2 == 0 ? "/v1/suggest?q=chi" : "/v1/recipes/a-beef-rendang"
              let status = (try? await request("GET", balancer + path).0) ?? 0
              if status == 200 { ok += 1 } else { failed += 1 }
            }
            return (ok, failed, [])
          }
        }
        for (writer, token) in writers.enumerated() {
          group.addTask {
            var acknowledged: [String] = []
            let started = ContinuousClock.now
            for number in 0..<3_000 where ContinuousClock.now - started < .seconds(60) {
              guard !stop.withLock({ $0 }) else { break }
              let name = "note w\(writer) n\(number)"
              let status =
                (try? await request(
                  "POST", balancer + "/v1/me/grocery",
                  json: ["items": [["name": name, "quantity": 1]]], token: token
                ).0) ?? 0
              if status == 201 { acknowledged.append(name) }
              try await Task.sleep(for: .milliseconds(20))
            }
            return (0, 0, acknowledged)
          }
        }
        var total = (reads: 0, failedReads: 0, acknowledged: [String]())
        for try await part in group {
          total.reads += part.reads
          total.failedReads += part.failedReads
          total.acknowledged += part.acknowledged
        }
        return total
      }
    }
    defer { load.cancel() }

    /// Polls `body` every 100 ms for at most `seconds`; whether it held.
    func eventually(_ seconds: Int, _ body: () async throws -> Bool) async throws -> Bool {
      for _ in 0..<(seconds * 10) {
        if try await body() { return true }
        try await Task.sleep(for: .milliseconds(100))
      }
      return false
    }
    let probe = tokens[0]
    try await Task.sleep(for: .seconds(1))
    let pidFile = directory.appendingPathComponent("pg/data/postmaster.pid")
    let postmaster = try #require(
      Int32(try String(contentsOf: pidFile, encoding: .utf8).split(separator: "\n")[0]))
    kill(postmaster, SIGKILL)
    // User routes answer 503 JSON while PostgreSQL is away, on every replica.
    #expect(
      try await eventually(20) {
        try await request("GET", balancer + "/v1/me/grocery", token: probe).0 == 503
      })
    for replica in cluster.replicas {
      let (code, body) = try await request("GET", replica + "/v1/me/grocery", token: probe)
      #expect(code == 503)
      #expect((body["error"] as? [String: Any])?["code"] as? String == "user_state_unavailable")
      #expect(try await request("GET", replica + "/readyz").0 == 503)
    }
    try await Task.sleep(for: .seconds(2))

    let (restarted, _, restartError) = try script(["postgres-start"], directory: directory)
    #expect(restarted == 0, "\(restartError)")
    // Every replica recovers by itself: ready again and answering user routes.
    for replica in cluster.replicas {
      #expect(try await eventually(30) { try await request("GET", replica + "/readyz").0 == 200 })
      #expect(
        try await eventually(30) {
          try await request("GET", replica + "/v1/me/grocery", token: probe).0 == 200
        })
    }
    try await Task.sleep(for: .seconds(1))
    stop.withLock { $0 = true }
    let outcome = try await load.value
    print(
      "cluster kill -9 of PostgreSQL under load: \(outcome.reads) engine reads answered, "
        + "\(outcome.failedReads) failed; \(outcome.acknowledged.count) grocery writes acknowledged"
    )
    #expect(outcome.reads > 0)
    #expect(outcome.failedReads == 0)
    #expect(!outcome.acknowledged.isEmpty)

    // No acknowledged write was lost, and the replicas were not restarted.
    var stored: Set<String> = []
    for token in tokens {
      let (code, body) = try await request("GET", balancer + "/v1/me/grocery", token: token)
      #expect(code == 200)
      for item in body["items"] as? [[String: Any]] ?? [] {
        if let name = item["name"] as? String { stored.insert(name) }
      }
    }
    let lost = outcome.acknowledged.filter { !stored.contains($0) }
    #expect(lost.isEmpty, "acknowledged but lost: \(lost.prefix(10))")
    for pid in cluster.pids {
      #expect(kill(pid, 0) == 0, "replica \(pid) is still the same process")
    }
  }
}
