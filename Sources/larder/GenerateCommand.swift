import ArgumentParser
import Foundation
import LarderCore
import LarderTooling

/// `larder generate`: writes a seeded synthetic corpus (see `SyntheticCorpus`) for benchmarks and
/// scale tests, and reports its statistics on standard error.
struct GenerateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "generate",
    abstract: "Write a seeded synthetic recipe corpus as JSON Lines.",
    discussion: """
      The corpus of N recipes is exactly the first N lines of any larger one with the same seed. \
      Statistics (distinct names, postings, staple shares, df by rank) go to standard error.
      """
  )

  @Option(
    name: .long,
    help: ArgumentHelp(
      "How many recipes: an integer, or with a k/m suffix (10k, 1m).", valueName: "n"))
  var recipes: String

  @Option(name: .long, help: "The seed fixing vocabulary and recipes.")
  var seed: UInt64 = 42

  @Option(
    name: .long,
    help: ArgumentHelp("Where to write the corpus (default: standard output).", valueName: "file"))
  var output: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "larder-jsonl (ingredients as {\"name\"} objects) or harness-jsonl.", valueName: "format"))
  var format: String = RecipeLineFormat.larderJSONL.rawValue

  @Option(
    name: .long,
    help: ArgumentHelp("Also write the statistics as JSON to this file.", valueName: "file"))
  var statsJSON: String?

  func validate() throws {
    guard Self.count(recipes) != nil else {
      throw ValidationError(
        "--recipes must be a whole number from 0 to 1000000000, optionally with k or m (got \(recipes))"
      )
    }
    guard RecipeLineFormat(rawValue: format) != nil else {
      let known = RecipeLineFormat.allCases.map(\.rawValue).joined(separator: ", ")
      throw ValidationError("--format must be one of \(known) (got \(format))")
    }
  }

  func run() throws {
    let count = Self.count(recipes) ?? 0
    let encoder = RecipeJSONLineEncoder(format: RecipeLineFormat(rawValue: format) ?? .larderJSONL)
    let sink =
      try output.map { path -> FileHandle in
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
          throw CommandFailure("cannot create \(path)")
        }
        return try FileHandle(forWritingTo: URL(fileURLWithPath: path))
      } ?? FileHandle.standardOutput

    let started = Date()
    let corpus = SyntheticCorpus(seed: seed)
    var collector = CorpusStatisticsCollector()
    var buffer: [UInt8] = []
    buffer.reserveCapacity(1 << 20)
    for recipe in corpus.recipes(count: count) {
      collector.add(recipe)
      encoder.append(recipe, to: &buffer)
      if buffer.count >= 1 << 20 {
        try sink.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
      }
    }
    try sink.write(contentsOf: buffer)
    if output != nil { try sink.close() }
    let seconds = Date().timeIntervalSince(started)

    let statistics = collector.statistics()
    Console.note(statistics.description)
    let rate = seconds > 0 ? Int(Double(count) / seconds) : 0
    Console.note(
      "generated \(count) recipes (seed \(seed), \(format)) in \(String(format: "%.2f", seconds)) s, \(rate) recipes/s"
    )
    if let statsJSON {
      let jsonEncoder = JSONEncoder()
      jsonEncoder.outputFormatting = [.sortedKeys, .prettyPrinted]
      try jsonEncoder.encode(statistics).write(to: URL(fileURLWithPath: statsJSON))
    }
  }

  /// "10000", "10k", "1m" → a recipe count.
  static func count(_ text: String) -> Int? {
    let lowered = text.lowercased()
    let multiplier = lowered.hasSuffix("k") ? 1_000 : lowered.hasSuffix("m") ? 1_000_000 : 1
    let digits = multiplier == 1 ? lowered : String(lowered.dropLast())
    guard let value = Int(digits), value >= 0 else { return nil }
    let (count, overflow) = value.multipliedReportingOverflow(by: multiplier)
    return overflow || count > largestCount ? nil : count
  }

  /// The most recipes one run generates (a billion: far past any benchmark, far from overflow).
  static let largestCount = 1_000_000_000
}
