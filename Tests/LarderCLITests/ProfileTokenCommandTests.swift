import Foundation
import LarderStore
import LarderTestSupport
import Testing

/// `larder profile token NAME` is how a user who lost a token gets back in: a new token, the old
/// one dead at once, a revoked profile live again, and its data kept.
@Suite struct ProfileTokenCommandTests {
  @Test func aNewTokenReplacesTheOldAndRevivesARevokedProfile() throws {
    let dir = try Fixtures.temporaryDirectory()
    let userData = dir.appendingPathComponent("data/larder")
    let environment = Fixtures.isolatedEnvironment(in: dir)
    let create = try CommandRunner.run(
      ["profile", "create", "sam", "--json"], environment: environment)
    #expect(create.status == 0, "\(create.stderr)")
    let first = try #require(
      (try JSONSerialization.jsonObject(with: Data(create.stdout.utf8)) as? [String: Any])?[
        "token"] as? String)
    #expect(
      try CommandRunner.run(
        ["pantry", "add", "eggs", "--profile", "sam"], environment: environment
      )
      .status == 0)
    #expect(
      try CommandRunner.run(["profile", "revoke", "sam"], environment: environment).status == 0)

    // Creating it again is refused, and the message says what to do instead.
    let again = try CommandRunner.run(["profile", "create", "sam"], environment: environment)
    #expect(again.status != 0)
    #expect(again.stderr.contains("larder profile token sam"), "\(again.stderr)")

    let issued = try CommandRunner.run(
      ["profile", "token", "sam", "--json"], environment: environment)
    #expect(issued.status == 0, "\(issued.stderr)")
    let second = try #require(
      (try JSONSerialization.jsonObject(with: Data(issued.stdout.utf8)) as? [String: Any])?[
        "token"] as? String)
    #expect(second != first && second.hasPrefix("lt_"))

    let store = try UserStore(directory: userData)
    #expect(try store.profile(forToken: first) == nil)
    let profile = try #require(try store.profile(forToken: second))
    #expect(profile.name == "sam")
    #expect(try store.pantry(of: profile) == ["egg"])
    // Only the hash is stored: the token's text is nowhere in the file.
    let file = try Data(contentsOf: userData.appendingPathComponent(UserStore.fileName))
    #expect(file.range(of: Data(second.utf8)) == nil)

    // A third token retires the second, live profile or not.
    let third = try CommandRunner.run(["profile", "token", "sam"], environment: environment)
    #expect(third.status == 0)
    #expect(try store.profile(forToken: second) == nil)

    let unknown = try CommandRunner.run(["profile", "token", "nobody"], environment: environment)
    // A domain error: status 1 and the message, without usage (the command line was right).
    #expect(unknown.status == 1)
    #expect(unknown.stderr.contains("no profile named \"nobody\""))
    #expect(!unknown.stderr.contains("Usage:"))
  }
}
