import Foundation
import LarderCore
import LarderTestSupport
import LarderTooling
import Testing

@testable import larder

@Suite struct GenerateCommandTests {
  @Test func parsesCountsWithSuffixes() {
    #expect(GenerateCommand.count("250") == 250)
    #expect(GenerateCommand.count("10k") == 10_000)
    #expect(GenerateCommand.count("1M") == 1_000_000)
    #expect(GenerateCommand.count("-3") == nil)
    #expect(GenerateCommand.count("ten") == nil)
  }

  @Test func writesTheSyntheticCorpusAndItsStatistics() throws {
    print("GenerateCommandTests seed 7")
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let corpusURL = directory.appendingPathComponent("corpus.jsonl")
    let statsURL = directory.appendingPathComponent("stats.json")
    let command = try GenerateCommand.parse([
      "--recipes", "300", "--seed", "7", "--format", "harness-jsonl",
      "--output", corpusURL.path, "--stats-json", statsURL.path,
    ])
    try command.run()

    let lines = try String(contentsOf: corpusURL, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 300)
    let expected: [String] = Array(SyntheticCorpus(seed: 7).recipes(count: 300)).map {
      RecipeJSONLineEncoder(format: .harnessJSONL).line(for: $0)
    }
    #expect(lines.map(String.init) == expected)

    let statistics = try JSONDecoder().decode(
      CorpusStatistics.self, from: Data(contentsOf: statsURL))
    #expect(statistics == CorpusStatistics.measure(SyntheticCorpus(seed: 7).recipes(count: 300)))
  }

  @Test func rejectsUnknownFormats() {
    #expect(throws: (any Error).self) {
      try GenerateCommand.parse(["--recipes", "10", "--format", "csv"])
    }
  }
}
