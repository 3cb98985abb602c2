import Foundation
import LarderStore
import LarderTestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `larder serve` killed with SIGKILL in the middle of a stream of writes loses nothing it
/// acknowledged, and its user-state file stays sound.
@Suite struct ServerCrashTests {
  /// Starts `larder serve` on a free port and returns the process, the base URL and the token.
  func startServer(environment: [String: String]) throws -> (CommandRunner.Started, String, String?)
  {
    let started = try CommandRunner.start(["serve", "--port", "0"], environment: environment)
    var text = ""
    let deadline = Date().addingTimeInterval(120)
    // A fresh data folder: the server prints its URL, then the new profile's token line.
    while Date() < deadline, text.firstMatch(of: /keep it\): lt_[A-Za-z0-9_-]+\n/) == nil {
      let data = started.output.fileHandleForReading.availableData
      if data.isEmpty { break }
      text += String(decoding: data, as: UTF8.self)
    }
    let url = try #require(text.firstMatch(of: /http:\/\/127\.0\.0\.1:[0-9]+/)).output
    let token = text.firstMatch(of: /keep it\): (lt_[A-Za-z0-9_-]+)/).map { String($0.output.1) }
    return (started, String(url), token)
  }

  func post(_ url: String, _ path: String, json: String, token: String) async throws -> Int {
    var request = URLRequest(url: URL(string: url + path)!)
    request.httpMethod = "POST"
    request.httpBody = Data(json.utf8)
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
    let (_, response) = try await URLSession.shared.data(for: request)
    return (response as! HTTPURLResponse).statusCode
  }

  @Test func acknowledgedWritesSurviveKillNine() async throws {
    let dir = try Fixtures.temporaryDirectory()
    let environment = Fixtures.isolatedEnvironment(in: dir)
    let (server, url, firstToken) = try startServer(environment: environment)
    let token = try #require(firstToken)
    let recipeIDs = try await recipeIDs(url)
    var acknowledgedFavorites: [String] = []
    var acknowledgedItems: [String] = []
    // Writes in a loop; the server is killed while they run. The kill is armed by progress,
    // not by a clock, so a loaded CI machine still gets a stream of writes before it.
    let pid = server.process.processIdentifier
    var killer: Task<Void, Never>?
    var i = 0
    while true {
      if i == 10 {
        killer = Task.detached {
          try? await Task.sleep(for: .milliseconds(30))
          kill(pid, SIGKILL)
        }
      }
      do {
        let id = recipeIDs[i % recipeIDs.count]
        if try await post(url, "/v1/me/favorites", json: "{\"recipeId\":\"\(id)\"}", token: token)
          == 201
        {
          acknowledgedFavorites.append(id)
        }
        // A quantity of its own keeps the name as typed ("item 7" alone reads as 7 × item).
        let item = "item \(i)"
        let body = "{\"items\":[{\"name\":\"\(item)\",\"quantity\":1}]}"
        if try await post(url, "/v1/me/grocery", json: body, token: token) == 201 {
          acknowledgedItems.append(item)
        }
      } catch {
        break  // the server is gone
      }
      i += 1
    }
    await killer?.value
    server.process.waitUntilExit()
    #expect(killer != nil, "the server failed before the kill was armed")
    #expect(acknowledgedItems.count >= 10, "the loop ran before the kill")

    // After a restart (the CLI opens the same file), every acknowledged write is there.
    let favorites = try CommandRunner.run(
      ["favorites", "list", "--json"], environment: environment)
    for id in Set(acknowledgedFavorites) { #expect(favorites.stdout.contains("\"\(id)\"")) }
    let grocery = try CommandRunner.run(["grocery", "list", "--json"], environment: environment)
    for item in acknowledgedItems { #expect(grocery.stdout.contains("\"\(item)\"")) }
    let store = try UserStore(directory: dir.appendingPathComponent("data/larder"))
    #expect(try store.isIntact())  // PRAGMA integrity_check
  }

  func recipeIDs(_ url: String) async throws -> [String] {
    let (data, _) = try await URLSession.shared.data(
      from: URL(string: url + "/v1/random?count=50&seed=1")!)
    let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    return (json?["recipes"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
  }
}
