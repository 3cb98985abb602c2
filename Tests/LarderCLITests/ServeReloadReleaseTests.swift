import Foundation
import LarderCore
import LarderTestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `larder serve` lets go of the index a reload replaced, the first one included: after
/// reloads onto rebuilt files, once their requests have finished, the process holds one opened
/// index (`larder_indexes_held` in `GET /metrics`), not one more per reload. The first index
/// was kept for the server's whole run by a local of the command's body.
@Suite struct ServeReloadReleaseTests {
  @Test func reloadsOntoRebuiltFilesLeaveOneIndexHeld() async throws {
    let directory = try Fixtures.temporaryDirectory()
    let environment = Fixtures.isolatedEnvironment(in: directory)
    let index = directory.appendingPathComponent("index.sqlite")
    let corpus = try DataDirectory.locate().appendingPathComponent(
      "recipes/a-meat-and-seafood.jsonl")
    let build = ["index", corpus.path, "--output", index.path, "--quiet"]
    let built = try CommandRunner.run(build, environment: environment)
    #expect(built.status == 0, "\(built.stderr)")
    let created = try CommandRunner.run(
      ["profile", "create", "ops", "--role", "admin", "--json"], environment: environment)
    let token = try #require(
      (try JSONSerialization.jsonObject(with: Data(created.stdout.utf8)) as? [String: Any])?[
        "token"] as? String)
    let serving = try CommandRunner.startServing(
      ["serve", "--index", index.path, "--port", "0"], environment: environment)
    defer { serving.started.process.terminate() }
    let url = try #require(serving.url, "\(serving.printed)")
    #expect(try await indexesHeld(url) == 1)

    for _ in 0..<3 {
      // A new build of the same corpus, renamed over the file: another generation, so the
      // reload opens it and replaces the served index.
      let rebuilt = try CommandRunner.run(build, environment: environment)
      #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
      var request = URLRequest(url: URL(string: url + "/v1/admin/reload")!)
      request.httpMethod = "POST"
      request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
      let (body, response) = try await URLSession.shared.data(for: request)
      #expect((response as? HTTPURLResponse)?.statusCode == 200)
      let answer = try JSONSerialization.jsonObject(with: body) as? [String: Any]
      #expect(answer?["reopened"] as? Bool == true)
    }

    // The replaced indexes are let go of on a thread of their own once nothing uses them: no
    // request is in flight, so that is at once; polled for at most a minute, for a loaded
    // machine (a held index stays held however long this waits).
    var held = try await indexesHeld(url)
    for _ in 0..<600 where held != 1 {
      try await Task.sleep(for: .milliseconds(100))
      held = try await indexesHeld(url)
    }
    #expect(held == 1, "indexes held after 3 reloads")
  }

  /// `larder_indexes_held` from `GET /metrics`.
  private func indexesHeld(_ url: String) async throws -> Int? {
    let (body, _) = try await URLSession.shared.data(from: URL(string: url + "/metrics")!)
    let line = String(decoding: body, as: UTF8.self).split(separator: "\n")
      .first { $0.hasPrefix("larder_indexes_held ") }
    return line.flatMap { Double($0.split(separator: " ")[1]) }.map { Int($0) }
  }
}
