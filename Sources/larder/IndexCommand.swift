import ArgumentParser
import Foundation
import LarderCore
import LarderStore

/// `larder index FILE... --output PATH`: builds an index file from corpus files.
struct IndexCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "index",
    abstract: "Build an index file from recipe corpus files.",
    discussion: """
      Reads Larder JSONL, TheMealDB JSON, schema.org Recipe JSON-LD and RecipeNLG-style CSV, \
      detected by content. Malformed records are skipped and counted (the first 20 are printed) \
      unless --strict is given. The index is written to a temporary file and renamed into place \
      only after a successful build. An index whose live segment (PATH-live) holds writes \
      (larder add, larder remove, HTTP writes) is rebuilt only with --discard-writes.
      """)

  @Argument(help: "Corpus files, read in order (dense recipe ids follow this order).")
  var files: [String]

  @Option(name: .shortAndLong, help: "Where to write the index file.")
  var output: String

  @Option(name: .long, help: "A vocabulary folder of *.tsv files (default: Data/vocabulary).")
  var vocabulary: String?

  @Flag(name: .long, help: "Fail on the first malformed record instead of skipping it.")
  var strict = false

  @Flag(name: .long, help: "Print no progress, only errors and the summary.")
  var quiet = false

  @Flag(
    name: .customLong("discard-writes"),
    help:
      "Rebuild even when the index's live segment (PATH-live) holds writes the file lacks; they are dropped."
  )
  var discardWrites = false

  @OptionGroup var outputOptions: OutputOptions

  func run() throws {
    let vocabulary = try Vocabulary.bundled(folder: vocabulary.map { URL(fileURLWithPath: $0) })
    // A rebuild makes a new base: the live segment's writes would be dropped when it is next
    // opened, so they are never dropped without being asked.
    let pending = try LiveSegmentStatus.pendingWrites(forIndex: URL(fileURLWithPath: output))
    if pending > 0 {
      guard discardWrites else {
        throw CommandFailure(
          "\(output)-live holds \(pending) write(s) that \(output) lacks (from `larder add` or `larder remove`, or the server); "
            + "rebuilding would drop them. Fold them in with `larder compact --index \(output)`, or pass --discard-writes to drop them."
        )
      }
      Console.note("Dropping \(pending) write(s) of \(output)-live (--discard-writes).")
    }
    let build = IndexBuild(vocabulary: vocabulary, policy: strict ? .strict : .skip)
    var lastReport = 0.0
    let started = Date()
    var summary = try build.run(paths: files, destination: URL(fileURLWithPath: output)) {
      progress in
      guard !quiet, progress.recipes >= 5_000, progress.seconds - lastReport >= 1 else { return }
      lastReport = progress.seconds
      let rate = Double(progress.recipes) / max(progress.seconds, 1e-9)
      let done = Double(progress.bytesRead) / Double(max(progress.bytesTotal, 1))
      let eta = done > 0 ? progress.seconds * (1 - done) / done : 0
      Console.note(
        String(
          format: "  %d recipes, %.0f recipes/s, %.0f%%, ETA %.0f s", progress.recipes, rate,
          done * 100, eta))
    }
    // The whole build, derived tables, FTS5 and snapshot included, not only the reading pass.
    summary.seconds = Date().timeIntervalSince(started)
    if outputOptions.json {
      try Console.printJSON(summary)
      return
    }
    for error in summary.errors { Console.note("skipped: \(error)") }
    if summary.skipped > summary.errors.count {
      Console.note("... and \(summary.skipped - summary.errors.count) more skipped records")
    }
    print(
      String(
        format:
          "Indexed %d recipes from %d file(s) into %@ in %.2f s (%.0f recipes/s); skipped %d.",
        summary.recipes, summary.sources.count, output, summary.seconds,
        Double(summary.recipes) / max(summary.seconds, 1e-9), summary.skipped))
  }
}
