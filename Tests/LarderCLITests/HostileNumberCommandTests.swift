import Foundation
import LarderTestSupport
import Testing

/// Every subcommand option that takes a number, given hostile numbers: a usage error (exit 64)
/// naming the option, never a signal, never a silent empty answer.
@Suite struct HostileNumberCommandTests {
  let environment: [String: String]
  let index: String

  init() throws {
    let dir = try Fixtures.temporaryDirectory()
    environment = Fixtures.isolatedEnvironment(in: dir)
    index = dir.appendingPathComponent("index.sqlite").path
    let build = try CommandRunner.run(
      [
        "index",
        Fixtures.repositoryRoot.appendingPathComponent("Data/recipes").path
          + "/a-meat-and-seafood.jsonl",
        "--output", index, "--quiet",
      ],
      environment: environment)
    #expect(build.status == 0, "\(build.stderr)")
  }

  static let hostile = [
    "-1", "-5", "-9223372036854775808", "9223372036854775807", "9223372036854775808",
    "18446744073709551616", "99999999999999999999999", "", "ten", "1e3",
  ]

  /// (command words before the option, the option, whether 0 is valid).
  var numericOptions: [([String], String, Bool)] {
    [
      (["suggest", "tom"], "--limit", false),
      (["find", "--with", "garlic"], "--limit", false),
      (["find", "--with", "garlic"], "--offset", true),
      (["find", "--with", "garlic"], "--max-minutes", true),
      (["pantry", "--have", "egg"], "--limit", false),
      (["pantry", "--have", "egg"], "--max-missing", true),
      (["pantry", "--have", "egg"], "--max-minutes", true),
      (["search", "lamb"], "--limit", false),
      (["search", "lamb"], "--offset", true),
      (["search", "lamb"], "--max-minutes", true),
      (["categories", "Beef"], "--limit", false),
      (["categories", "Beef"], "--offset", true),
      (["areas", "Indian"], "--limit", false),
      (["areas", "Indian"], "--offset", true),
      (["random"], "--count", false),
      (["random"], "--seed", true),
      (["serve"], "--port", true),
      (["baseline"], "--runs", false),
      (["generate"], "--recipes", true),
    ]
  }

  @Test func everyNumericOptionRefusesHostileNumbers() throws {
    for (words, option, zeroIsValid) in numericOptions {
      for number in Self.hostile + (zeroIsValid ? [] : ["0"]) {
        if option == "--seed" && ["9223372036854775807", "9223372036854775808"].contains(number) {
          continue
        }
        var arguments = words + ["\(option)=\(number)"]
        if words.first != "generate" && words.first != "serve" && words.first != "baseline" {
          arguments += ["--index", index]
        }
        if words.first == "baseline" { arguments += ["--index", index] }
        let run = try CommandRunner.run(arguments, environment: environment)
        #expect(run.status == 64, "\(arguments): status \(run.status) \(run.stderr)")
        #expect(run.stderr.contains(option), "\(arguments): \(run.stderr)")
      }
    }
  }

  @Test func hostileCursorsAreUsageErrors() throws {
    for cursor in ["o9223372036854775807", "i18446744073709551616", "i-1", "o-1", "x", ""] {
      let run = try CommandRunner.run(
        ["find", "--with", "garlic", "--cursor", cursor, "--index", index],
        environment: environment)
      #expect(run.status == 64, "\(cursor): \(run.status) \(run.stderr)")
    }
  }
}
