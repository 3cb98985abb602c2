import Foundation
import LarderTestSupport
import Testing

/// The user-state file shared by a running `larder serve` and CLI commands (separate
/// processes): a write through either face reaches the file, and a CLI command that ends while
/// the server runs leaves the server's `-wal` in place. Before the fix the server lost its
/// SQLite locks when it prepared the file's mode (a descriptor of the file opened and closed in
/// its process), so the CLI's closing connection took itself for the last one, checkpointed and
/// deleted the `-wal`, and the server's later writes went to the deleted file: acknowledged,
/// seen by the server, never by the CLI, and gone once the server stopped.
@Suite struct UserStateSharingTests {
  @Test func serverWritesAfterACLICommandReachTheFile() async throws {
    let served = try APIShapeCommandTests.Served()
    let wal = URL(fileURLWithPath: served.environment["XDG_DATA_HOME"]!)
      .appendingPathComponent("larder/user.sqlite-wal")
    func pantryByCLI() throws -> [String] {
      let outcome = try CommandRunner.run(
        ["pantry", "list", "--json"], environment: served.environment)
      #expect(outcome.status == 0, "\(outcome.stderr)")
      let body = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8))
      return try #require((body as? NSDictionary)?["pantry"] as? [String])
    }

    _ = try await served.http("POST", "/v1/me/pantry", body: ["names": ["egg"]])
    #expect(try pantryByCLI() == ["egg"])
    #expect(FileManager.default.fileExists(atPath: wal.path), "the server's -wal was removed")
    _ = try await served.http("POST", "/v1/me/pantry", body: ["names": ["lemon"]])
    #expect(try pantryByCLI() == ["egg", "lemon"], "a server write after a CLI command")

    let added = try CommandRunner.run(["pantry", "add", "rice"], environment: served.environment)
    #expect(added.status == 0, "\(added.stderr)")
    let seen = try await served.http("GET", "/v1/me/pantry")
    #expect((seen as? NSDictionary)?["pantry"] as? [String] == ["egg", "lemon", "rice"])

    // Stopped, the server's acknowledged writes are in the file for the next process.
    _ = try await served.http("POST", "/v1/me/pantry", body: ["names": ["basil"]])
    served.started.process.terminate()
    served.started.process.waitUntilExit()
    #expect(try pantryByCLI() == ["basil", "egg", "lemon", "rice"])
  }
}
