import Foundation
import LarderTestSupport
import Testing

/// `larder serve` refuses limits outside their ranges, and option values it does not know,
/// before it opens anything.
@Suite struct ServeOptionTests {
  @Test func limitsOutOfRangeAreRefused() throws {
    let dir = try Fixtures.temporaryDirectory()
    let environment = Fixtures.isolatedEnvironment(in: dir)
    for (arguments, message) in [
      (["--idle-timeout", "0"], "--idle-timeout must be from 1 to 3600"),
      (["--header-timeout", "99999"], "--header-timeout must be from 1 to 3600"),
      (["--body-timeout=-1"], "--body-timeout must be from 1 to 3600"),
      (["--max-connections", "0"], "--max-connections must be from 1 to 100000"),
      (["--postgres-write-batches", "0"], "--postgres-write-batches must be from 1 to 16"),
      (["--postgres-write-batches", "17"], "--postgres-write-batches must be from 1 to 16"),
    ] {
      let result = try CommandRunner.run(
        ["serve", "--port", "0"] + arguments, environment: environment)
      #expect(result.status != 0, "\(arguments)")
      #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
    }
  }

  @Test func anUnknownLogLevelIsRefused() throws {
    let dir = try Fixtures.temporaryDirectory()
    let result = try CommandRunner.run(
      ["serve", "--port", "0", "--log-level", "loud"],
      environment: Fixtures.isolatedEnvironment(in: dir))
    #expect(result.status != 0)
    #expect(result.stderr.contains("--log-level"), "\(result.stderr)")
  }

  /// An option with a fixed set of values refuses another and names the option and a value it
  /// takes.
  @Test(arguments: [("--event-loops", "pinned"), ("--user-state-threads", "yielding")])
  func anUnknownChoiceIsRefused(option: String, known: String) throws {
    let dir = try Fixtures.temporaryDirectory()
    let result = try CommandRunner.run(
      ["serve", "--port", "0", option, "sideways"],
      environment: Fixtures.isolatedEnvironment(in: dir))
    #expect(result.status != 0)
    #expect(result.stderr.contains(option), "\(result.stderr)")
    #expect(result.stderr.contains(known), "\(result.stderr)")
  }
}
