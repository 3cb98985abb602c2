import Foundation

/// Drives an indexing run: reads corpus files in order, normalizes each record, gives it the
/// next dense ``RecipeID`` and hands it to the sinks.
///
/// Malformed records and duplicate ids are skipped and counted (the first 20 are reported), or
/// stop the run under ``ErrorPolicy/strict``. A file that can't be read at all always stops the
/// run: an index silently missing a whole source would be worse than no new index.
public struct CorpusIndexer: Sendable {
  /// What to do with a malformed record.
  public enum ErrorPolicy: Sendable {
    /// Skip it, count it, go on.
    case skip
    /// Fail the run on the first one.
    case strict
  }

  /// Progress of a run, reported every few thousand records.
  public struct Progress: Sendable {
    /// Recipes written so far.
    public var recipes: Int
    /// Records skipped so far.
    public var skipped: Int
    /// Bytes of input read so far (all files).
    public var bytesRead: Int
    /// Bytes of input in all files.
    public var bytesTotal: Int
    /// Seconds since the run started.
    public var seconds: Double
  }

  /// The normalizer turning raw records into recipes.
  public var normalizer: RecipeNormalizer
  /// Skip or stop on malformed records.
  public var policy: ErrorPolicy

  /// Creates an indexer.
  public init(normalizer: RecipeNormalizer, policy: ErrorPolicy = .skip) {
    self.normalizer = normalizer
    self.policy = policy
  }

  /// Reads `paths` in order into `sinks`.
  /// - Parameter progress: called every 5,000 records and once at the end.
  /// - Throws: ``CorpusError`` for an unreadable file, or for a bad record under `.strict`;
  ///   whatever a sink throws.
  public func run(
    paths: [String], into sinks: [any RecipeSink], progress: (Progress) -> Void = { _ in }
  ) throws -> IndexingSummary {
    try Self.read(paths: paths, policy: policy, progress: progress) { record, id in
      let recipe = normalizer.normalize(record)
      for sink in sinks { try sink.add(recipe, id: id) }
    }
  }

  /// Reads `paths` in order and hands `accept` each record the run takes (well-formed, its
  /// id not seen before), not normalized yet, with the dense id it gets: what ``run(paths:into:progress:)``
  /// does before normalizing, for a caller that reads its files while it loads the vocabulary
  /// (`larder add`).
  /// - Parameter progress: called every 5,000 records and once at the end.
  /// - Throws: ``CorpusError`` for an unreadable file, or for a bad record under `policy`
  ///   `.strict`; whatever `accept` throws.
  public static func read(
    paths: [String], policy: ErrorPolicy, progress: (Progress) -> Void = { _ in },
    accepting accept: (SourceRecipe, RecipeID) throws -> Void
  ) throws -> IndexingSummary {
    let clock = ContinuousClock()
    let start = clock.now
    var summary = IndexingSummary()
    var seenIDs: [String: SourceLocation] = [:]
    // Streams (stdin, pipes, FIFOs) are read once into regular files first; see CorpusSpool.
    let spool = CorpusSpool(
      directory: FileManager.default.temporaryDirectory.appendingPathComponent(
        "larder-spool-\(UUID().uuidString)"))
    defer { try? FileManager.default.removeItem(at: spool.directory) }
    let files = try paths.map {
      try CorpusFile(reading: try spool.readablePath(for: $0), named: $0)
    }
    let sizes = try files.map { try FileChecksum.fnv1a64(path: $0.readPath) }
    let bytesTotal = sizes.reduce(0) { $0 + $1.bytes }
    var bytesBefore = 0
    func elapsed() -> Double {
      let duration = clock.now - start
      return Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    for (file, size) in zip(files, sizes) {
      var source = IndexingSummary.Source(
        path: file.path, format: file.format.rawValue, bytes: size.bytes, checksum: size.checksum,
        recipes: 0, skipped: 0)
      var recordsInFile = 0
      try file.forEachRecordWithProgress({ result, fileProgress in
        recordsInFile += 1
        switch result {
        case .failure(let error):
          if policy == .strict { throw error }
          summary.recordSkip(error)
          source.skipped += 1
        case .success(let record):
          if let first = seenIDs[record.recipe.id] {
            let error = CorpusError(
              .badRecord, at: record.location, field: "id",
              "duplicate id \"\(record.recipe.id)\" (first at \(first))")
            if policy == .strict { throw error }
            summary.recordSkip(error)
            source.skipped += 1
          } else {
            seenIDs[record.recipe.id] = record.location
            try accept(record, RecipeID(summary.recipes))
            summary.recipes += 1
            source.recipes += 1
          }
        }
        if recordsInFile % 5_000 == 0 {
          progress(
            Progress(
              recipes: summary.recipes, skipped: summary.skipped,
              bytesRead: bytesBefore + fileProgress.bytesRead, bytesTotal: bytesTotal,
              seconds: elapsed()))
        }
        return .continue
      })
      bytesBefore += size.bytes
      summary.sources.append(source)
    }
    summary.seconds = elapsed()
    progress(
      Progress(
        recipes: summary.recipes, skipped: summary.skipped, bytesRead: bytesTotal,
        bytesTotal: bytesTotal,
        seconds: summary.seconds))
    return summary
  }
}
