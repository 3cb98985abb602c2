import ArgumentParser
import Foundation
import LarderCore
import LarderStore

/// `--index PATH` of the write commands: required, since a write goes into the live segment
/// beside that file (the default index of `Data/` is rebuilt when `Data/` changes, which
/// would drop the writes).
struct WriteIndexOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "The index file; writes go to its live segment PATH-live.", valueName: "path"))
  var index: String

  @Option(
    name: .long,
    help:
      "A vocabulary folder of *.tsv files (default: Data/vocabulary): the one the index was built with."
  )
  var vocabulary: String?

  /// The index's URL.
  var url: URL { URL(fileURLWithPath: index) }

  /// The vocabulary new recipes are normalized with and views are built with.
  func loadVocabulary() throws -> Vocabulary {
    try Vocabulary.bundled(folder: vocabulary.map { URL(fileURLWithPath: $0) })
  }

  /// Opens the index with its live segment.
  func open(_ vocabulary: Vocabulary) throws -> LiveIndex {
    try LiveIndex(url: url, relations: IngredientRelations(vocabulary: vocabulary))
  }

  /// Starts opening the index for writing only (its live segment and the base's ids, not the
  /// snapshot) on a thread of its own, so a command can read its input on this one meanwhile.
  func startOpeningForWrites() -> BackgroundJob<Result<LiveSegmentWriter, any Error>> {
    let url = self.url
    return BackgroundJob { Result { try LiveSegmentWriter(url: url) } }
  }

  /// Says on stderr when the segment has passed the size at which a server compacts it: a
  /// write command leaves compaction to a server or `larder compact`, rather than running a
  /// whole index build before it exits.
  func noteCompactionDue(_ writer: LiveSegmentWriter) {
    guard let threshold = writer.compactionThreshold(passedUnder: .standard) else { return }
    let (written, deleted) = writer.segmentSize
    Console.note(
      "the live segment holds \(written + deleted) written or deleted places (a server compacts "
        + "from \(threshold)); run `larder compact --index \(index)` to fold it into the index")
  }
}

/// `larder add FILE... --index PATH`: add or replace recipes by id, without a rebuild.
struct AddCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add",
    abstract: "Add recipes to an index, or replace those with the same id, without a rebuild.",
    discussion: """
      Reads the formats `larder index` reads, through the same readers and normalizer. A \
      malformed record is reported as file:line: field: what and skipped (--strict: nothing is \
      written if any record is bad). Every recipe read is written in one durable transaction to \
      the index's live segment (PATH-live): a recipe whose id is in the index replaces it in \
      place, a new one goes after every recipe there.
      """)

  @Argument(help: "Corpus files, read in order (new recipes go last, in this order).")
  var files: [String]

  @OptionGroup var target: WriteIndexOptions

  @Flag(name: .long, help: "Write nothing if any record is malformed.")
  var strict = false

  @OptionGroup var output: OutputOptions

  /// What `add --json` prints.
  struct Summary: Encodable {
    var added: Int
    var replaced: Int
    var skipped: Int
    var errors: [String]
  }

  func run() throws {
    // The index opens for writing only (its ids and segment: appending needs no snapshot and
    // no vocabulary) and the vocabulary loads, each on a thread of its own, while this one
    // reads and parses the files; the records are normalized once the vocabulary is there (it
    // was 0.09 s of a 0.45 s run of 9,000 recipes when loaded first). A failure to read them
    // still writes nothing.
    let opening = target.startOpeningForWrites()
    let target = self.target
    let loading = BackgroundJob { Result { try target.loadVocabulary() } }
    // A command that fails still lets the open and the load finish before it exits.
    defer {
      _ = opening.wait()
      _ = loading.wait()
    }
    var records: [SourceRecipe] = []
    let read: IndexingSummary
    do {
      read = try CorpusIndexer.read(paths: files, policy: strict ? .strict : .skip) { record, _ in
        records.append(record)
      }
    } catch let error as CorpusError {
      throw CommandFailure("\(error)\(strict ? " (--strict: nothing was written)" : "")")
    }
    guard !records.isEmpty else {
      for error in read.errors { Console.note("skipped: \(error)") }
      throw CommandFailure(
        "no record became a recipe (\(read.skipped) skipped); nothing was written")
    }
    let normalizer = RecipeNormalizer(vocabulary: try loading.wait().get())
    let recipes = records.map { normalizer.normalize($0) }
    let live = try opening.wait().get()
    let outcomes = try live.upsert(recipes)
    target.noteCompactionDue(live)
    let replaced = outcomes.filter { $0 == .replaced }.count
    let summary = Summary(
      added: outcomes.count - replaced, replaced: replaced, skipped: read.skipped,
      errors: read.errors)
    if output.json { return try Console.printJSON(summary) }
    for error in read.errors { Console.note("skipped: \(error)") }
    if read.skipped > read.errors.count {
      Console.note("... and \(read.skipped - read.errors.count) more skipped records")
    }
    print(
      "Added \(summary.added) and replaced \(summary.replaced) recipe(s) in \(target.index) "
        + "(\(live.recipeCount) recipes); skipped \(summary.skipped).")
  }
}

/// `larder remove ID... --index PATH`: delete recipes by id, without a rebuild.
struct RemoveCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "remove",
    abstract: "Remove recipes from an index by id, without a rebuild.",
    discussion: """
      The ids found are removed in one durable transaction; unknown ids are reported and change \
      nothing. Exits 1 when an id was not found, unless --ignore-missing is given.
      """)

  @Argument(help: "Public recipe ids.")
  var ids: [String]

  @OptionGroup var target: WriteIndexOptions

  @Flag(name: .customLong("ignore-missing"), help: "Exit 0 even when an id was not found.")
  var ignoreMissing = false

  @OptionGroup var output: OutputOptions

  /// What `remove --json` prints.
  struct Summary: Encodable {
    var removed: [String]
    var missing: [String]
  }

  func validate() throws {
    guard !ids.isEmpty else { throw ValidationError("give at least one recipe id") }
  }

  func run() throws {
    let live = try LiveSegmentWriter(url: target.url)
    let deletion = try live.delete(ids: ids)
    target.noteCompactionDue(live)
    if output.json {
      try Console.printJSON(Summary(removed: deletion.deleted, missing: deletion.missing))
    } else {
      print(
        "Removed \(deletion.deleted.count) recipe(s) from \(target.index) "
          + "(\(live.recipeCount) recipes).")
      for id in deletion.missing { Console.note("not found: \(id)") }
    }
    if !deletion.missing.isEmpty && !ignoreMissing {
      throw ExitCode(1)
    }
  }
}

/// `larder compact --index PATH`: fold the live segment into a new base index file.
struct CompactCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "compact",
    abstract: "Write the index's live segment into a new index file (renamed into place).")

  @OptionGroup var target: WriteIndexOptions
  @OptionGroup var output: OutputOptions

  /// What `compact --json` prints.
  struct Summary: Encodable {
    var recipes: Int
    var written: Int
    var deleted: Int
    var seconds: Double
  }

  func run() throws {
    let live = try target.open(try target.loadVocabulary())
    let (written, deleted) = live.segmentSize
    let started = Date()
    try live.compact()
    let summary = Summary(
      recipes: live.recipeCount, written: written, deleted: deleted,
      seconds: Date().timeIntervalSince(started))
    if output.json { return try Console.printJSON(summary) }
    print(
      String(
        format: "Compacted %@: %d recipes (%d written, %d deleted folded in) in %.2f s.",
        target.index, summary.recipes, written, deleted, summary.seconds))
  }
}
