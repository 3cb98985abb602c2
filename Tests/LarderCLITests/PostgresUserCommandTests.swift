import Foundation
import LarderTestSupport
import Testing

/// The CLI's user commands with `--postgres URL` (and `LARDER_POSTGRES_URL`) keep user state in
/// PostgreSQL, as `larder serve --postgres` does: what one command writes the next one reads,
/// and no SQLite user file is made. A real PostgreSQL 15 on loopback.
@Suite struct PostgresUserCommandTests {
  @Test func userCommandsReadAndWritePostgres() throws {
    let url = try TestPostgres.sharedDatabaseBlocking()
    let dir = try Fixtures.temporaryDirectory()
    let environment = Fixtures.isolatedEnvironment(in: dir)
    let create = try CommandRunner.run(
      ["profile", "create", "sam", "--json", "--postgres", url], environment: environment)
    #expect(create.status == 0, "\(create.stderr)")
    // The environment variable names the same database.
    var withURL = environment
    withURL["LARDER_POSTGRES_URL"] = url
    let add = try CommandRunner.run(
      ["pantry", "add", "eggs", "milk", "--profile", "sam"], environment: withURL)
    #expect(add.status == 0, "\(add.stderr)")
    let list = try CommandRunner.run(
      ["pantry", "list", "--profile", "sam", "--json", "--postgres", url], environment: environment)
    #expect(list.status == 0, "\(list.stderr)")
    let pantry =
      (try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any])?[
        "pantry"] as? [String]
    #expect(pantry == ["egg", "milk"])
    let profiles = try CommandRunner.run(
      ["profile", "list", "--json"], environment: withURL)
    #expect(profiles.stdout.contains("\"sam\""), "\(profiles.stdout)")
    // Nothing went to the SQLite user file.
    #expect(
      !FileManager.default.fileExists(
        atPath: dir.appendingPathComponent("data/larder/user.sqlite").path))

    let wrong = try CommandRunner.run(
      ["profile", "list", "--postgres", "mysql://x@y/z"], environment: environment)
    #expect(wrong.status != 0)
    #expect(wrong.stderr.contains("postgres://"), "\(wrong.stderr)")
  }
}
