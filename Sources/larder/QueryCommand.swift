import ArgumentParser
import Foundation
import LarderCore
import LarderStore
import LarderTooling

/// `larder query --batch`: answer benchmark-harness query lines (stdin or `--queries`) and
/// write `{"qid":N,"r":...}` lines (stdout or `--answers`), optionally timing every group.
struct QueryCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "query",
    abstract: "Answer benchmark-harness query lines (JSONL) against an index snapshot."
  )

  /// Where the snapshot comes from.
  struct SnapshotOptions: ParsableArguments {
    @Option(help: "Build the snapshot from a benchmark-harness corpus JSONL file instead.")
    var harnessCorpus: String?

    @Option(
      help: "An index file (the default when --harness-corpus is not given).")
    var index: String?
  }

  /// Figures of the index build, passed on into the timing JSON by the harness script.
  struct BuildFigures: ParsableArguments {
    @Option(help: "Seconds the index build took (for the timing JSON).") var buildSeconds: Double?
    @Option(help: "Peak RSS of the index build in KiB (for the timing JSON).") var buildPeakRssKb:
      Double?
    @Option(help: "Size of the index file in bytes (for the timing JSON).") var indexBytes: Double?
  }

  @OptionGroup var figures: BuildFigures

  @OptionGroup var source: SnapshotOptions

  @Flag(help: "Read harness query lines and write answer lines.")
  var batch = false

  @Option(help: "Query lines file (default: standard input).")
  var queries: String?

  @Option(help: "Answer lines file (default: standard output).")
  var answers: String?

  @Option(help: "Write the harness results JSON (per-group p50/p95/p99, batch µs) to this file.")
  var timing: String?

  @Option(help: "Seconds of timed passes per group when timing.")
  var secondsPerGroup: Double = 0.2

  func validate() throws {
    guard secondsPerGroup.isFinite, secondsPerGroup > 0, secondsPerGroup <= 600 else {
      throw ValidationError("--seconds-per-group must be more than 0 and at most 600")
    }
    guard batch else { throw ValidationError("only --batch mode exists for now") }
    guard source.harnessCorpus == nil || source.index == nil else {
      throw ValidationError("give at most one of --index and --harness-corpus")
    }
  }

  func run() throws {
    let loadAverage = Self.loadAverage()
    let start = Date()
    let (snapshot, publicIDs) = try Self.openSnapshot(source)
    let openSeconds = Date().timeIntervalSince(start)
    let residentAfterOpen = Self.residentKilobytes()
    let text: String
    if let queries {
      text = try String(contentsOfFile: queries, encoding: .utf8)
    } else {
      text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    }
    let parsed = try text.split(separator: "\n", omittingEmptySubsequences: true).map {
      try HarnessQuery(line: String($0))
    }
    let runner = BatchRunner(snapshot: snapshot, publicIDs: publicIDs)
    let result = runner.run(
      parsed, timing: timing == nil ? .none : .measured(secondsPerGroup: secondsPerGroup))
    let output =
      result.answerLines.joined(separator: "\n") + (result.answerLines.isEmpty ? "" : "\n")
    if let answers {
      try output.write(toFile: answers, atomically: true, encoding: .utf8)
    } else {
      FileHandle.standardOutput.write(Data(output.utf8))
    }
    if let timing {
      var build = [
        "build_s": figures.buildSeconds ?? openSeconds, "recipes": Double(snapshot.recipeCount),
      ]
      if source.harnessCorpus != nil { build["index_bytes"] = Double(snapshot.serialized().count) }
      if let bytes = figures.indexBytes { build["index_bytes"] = bytes }
      if let rss = figures.buildPeakRssKb { build["build_peak_rss_kb"] = rss }
      let json = BatchRunner.harnessJSON(
        result, peer: "larder", build: build,
        query: [
          "open_s": openSeconds, "rss_after_open_kb": Double(residentAfterOpen),
          "peak_rss_kb": Double(Self.peakResidentKilobytes()),
        ], qids: parsed.map(\.qid), loadAverage: loadAverage)
      try json.write(toFile: timing, atomically: true, encoding: .utf8)
    }
  }

  /// Opens the snapshot named by the options, with the public id of every recipe (answers
  /// name recipes by them).
  static func openSnapshot(_ options: SnapshotOptions) throws -> (Snapshot, [String]) {
    if let path = options.harnessCorpus {
      let built = try HarnessCorpusFormat.snapshot(
        fromJSONL: String(contentsOfFile: path, encoding: .utf8))
      return (built.snapshot, built.publicIDs)
    }
    // An index file: its stored snapshot blob (the default index when no path is given).
    let url = try options.index.map { URL(fileURLWithPath: $0) } ?? DefaultIndex.ensure()
    let reader = try IndexReader(url: url)
    return (try reader.loadSnapshot(), try reader.publicIDs())
  }

  /// The current resident set size (Linux `/proc/self/statm`; 0 elsewhere).
  static func residentKilobytes() -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
      return 0
    }
    let fields = statm.split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(getpagesize()) / 1024 : 0
  }

  /// The 1, 5 and 15 minute load averages (Linux `/proc/loadavg`; empty elsewhere).
  static func loadAverage() -> [Double] {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else {
      return []
    }
    return text.split(separator: " ").prefix(3).compactMap { Double($0) }
  }

  /// The process's peak resident set size.
  static func peakResidentKilobytes() -> Int {
    var usage = rusage()
    #if os(Linux)
      getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    #else
      getrusage(RUSAGE_SELF, &usage)
    #endif
    return usage.ru_maxrss
  }
}
