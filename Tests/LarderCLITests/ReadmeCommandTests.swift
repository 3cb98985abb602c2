import Foundation
import LarderCore
import LarderTestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Every command in README.md's code blocks runs and exits 0, so the README cannot drift from
/// the CLI. Commands run in README order from the checkout's root, with the built `larder` for
/// `swift run larder`, fresh cache and data folders, and `/tmp/` paths moved into a temporary
/// folder (parallel test runs must not share files). `larder serve` gets `--port 0` (the
/// machine may already use 8080), must answer `/healthz`, and must exit 0 on SIGINT.
/// Commands naming `../shared/corpora` use ``Fixtures/sharedCorpora`` and are not run (said
/// on stdout) when it is absent, like the other tests that need it.
@Suite struct ReadmeCommandTests {
  /// A README line that is not a `swift run larder` command, and why it is not run here.
  static let notRunHere = [
    "swift test": "it is the command running this test",
    "scripts/cluster.sh up 2": "ClusterScriptTests runs it (PostgreSQL and nginx)",
    "scripts/cluster.sh down": "ClusterScriptTests runs it",
  ]

  /// The command lines of README.md's fenced code blocks, comments stripped, and the
  /// `swift run larder ...` commands its prose shows in code spans, in the order they appear
  /// (other code spans name options or templates such as `larder index FILE...`, not commands).
  static func readmeCommands(in root: URL) throws -> [String] {
    let text = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    var commands: [String] = []
    var inBlock = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        inBlock.toggle()
        continue
      }
      guard inBlock else {
        for span in line.matches(of: /`(swift run larder [^`]+)`/) {
          commands.append(String(span.output.1))
        }
        continue
      }
      let command = stripComment(String(line)).trimmingCharacters(in: .whitespaces)
      if !command.isEmpty { commands.append(command) }
    }
    return commands
  }

  /// The line without a trailing `# comment` (a `#` outside quotes after whitespace).
  static func stripComment(_ line: String) -> String {
    var inQuotes = false
    var previous: Character = " "
    for index in line.indices {
      let character = line[index]
      if character == "\"" { inQuotes.toggle() }
      if character == "#", !inQuotes, previous == " " { return String(line[..<index]) }
      previous = character
    }
    return line
  }

  /// Shell-style words: whitespace-separated, double quotes group and are removed.
  static func words(_ command: String) -> [String] {
    var words: [String] = []
    var word = ""
    var inQuotes = false
    var started = false
    for character in command {
      if character == "\"" {
        inQuotes.toggle()
        started = true
      } else if character == " ", !inQuotes {
        if started { words.append(word) }
        word = ""
        started = false
      } else {
        word.append(character)
        started = true
      }
    }
    if started { words.append(word) }
    return words
  }

  @Test func commentsAndQuotesAreReadAsAShellWould() {
    #expect(
      Self.stripComment(#"larder suggest "red o"   # as typed"#) == #"larder suggest "red o"   "#)
    #expect(Self.stripComment(##"larder search "#1 dish""##) == ##"larder search "#1 dish""##)
    #expect(Self.stripComment("larder show a#b") == "larder show a#b")
    #expect(
      Self.words(#"larder suggest "red o" --limit 3"#) == [
        "larder", "suggest", "red o", "--limit", "3",
      ])
  }

  @Test func commandsComeFromBlocksAndProseSpansInOrder() throws {
    let root = try Fixtures.temporaryDirectory()
    let readme = """
      Start with `swift run larder serve`, then:
      ```sh
      swift run larder find --with egg   # recipes
      ```
      Lost it? `swift run larder profile token default`; templates like `larder index FILE...`
      are not commands.
      """
    try readme.write(
      to: root.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
    #expect(
      try Self.readmeCommands(in: root) == [
        "swift run larder serve", "swift run larder find --with egg",
        "swift run larder profile token default",
      ])
  }

  @Test func everyReadmeCommandExitsZero() async throws {
    let root = try DataDirectory.locate().deletingLastPathComponent()
    let commands = try Self.readmeCommands(in: root)
    #expect(commands.count >= 5, "README.md's code blocks were not found")
    let scratch = try Fixtures.temporaryDirectory()
    let environment = [
      "XDG_CACHE_HOME": scratch.appendingPathComponent("cache").path,
      "XDG_DATA_HOME": scratch.appendingPathComponent("data").path,
    ]
    let tmp = scratch.appendingPathComponent("tmp", isDirectory: true)
    try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
    // Paths a skipped command would have written: later commands reading them are skipped too.
    var missingOutputs: Set<String> = []
    for command in commands {
      if Self.notRunHere[command] != nil { continue }
      let words = Self.words(command)
      guard words.starts(with: ["swift", "run", "larder"]) else {
        Issue.record("README command is neither `swift run larder ...` nor listed: \(command)")
        continue
      }
      var arguments = words.dropFirst(3).map {
        $0.replacingOccurrences(of: "/tmp/", with: tmp.path + "/")
      }
      if arguments.contains(where: { $0.hasPrefix("../shared/corpora/") }) {
        guard let corpora = Fixtures.sharedCorpora else {
          print("not run (no ../shared/corpora): \(command)")
          if let output = arguments.firstIndex(of: "--output") {
            missingOutputs.insert(arguments[output + 1])
          }
          continue
        }
        arguments = arguments.map {
          $0.replacingOccurrences(of: "../shared/corpora/", with: corpora.path + "/")
        }
      }
      if arguments.contains(where: missingOutputs.contains) {
        print("not run (reads what a command not run would have written): \(command)")
        continue
      }
      if arguments.first == "serve" {
        try await serveAnswersAndStops(arguments, environment: environment, root: root)
        continue
      }
      let outcome = try CommandRunner.run(arguments, environment: environment, in: root)
      #expect(outcome.status == 0, "`\(command)` exited \(outcome.status): \(outcome.stderr)")
    }
  }

  /// Starts `larder serve` on a free port, checks `/healthz`, and stops it with SIGINT.
  func serveAnswersAndStops(_ arguments: [String], environment: [String: String], root: URL)
    async throws
  {
    let started = try CommandRunner.start(
      arguments + ["--port", "0"], environment: environment, in: root)
    var text = ""
    while text.firstMatch(of: /http:\/\/127\.0\.0\.1:[0-9]+/) == nil {
      let data = started.output.fileHandleForReading.availableData
      if data.isEmpty { break }  // the process ended without printing its address
      text += String(decoding: data, as: UTF8.self)
    }
    guard let url = text.firstMatch(of: /http:\/\/127\.0\.0\.1:[0-9]+/)?.output else {
      started.process.waitUntilExit()
      Issue.record("`larder serve` printed no address: \(text)")
      return
    }
    let (_, response) = try await URLSession.shared.data(from: URL(string: url + "/healthz")!)
    #expect((response as? HTTPURLResponse)?.statusCode == 200)
    kill(started.process.processIdentifier, SIGINT)
    started.process.waitUntilExit()
    #expect(started.process.terminationStatus == 0, "`larder serve` did not exit 0 on SIGINT")
  }
}
