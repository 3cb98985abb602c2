import Foundation
import LarderCore

/// One index build from corpus files to a finished index file: the indexer's records go to the
/// SQLite writer and the snapshot builder in one pass; the file appears only when all succeeded.
public struct IndexBuild: Sendable {
  /// The vocabulary the normalizer resolves ingredient names with.
  public var vocabulary: Vocabulary
  /// Skip or stop on malformed records.
  public var policy: CorpusIndexer.ErrorPolicy

  /// Creates a build.
  public init(vocabulary: Vocabulary, policy: CorpusIndexer.ErrorPolicy = .skip) {
    self.vocabulary = vocabulary
    self.policy = policy
  }

  /// Indexes `paths` (in order) into `destination`.
  /// - Throws: ``CorpusError`` for an unreadable input or a bad record under `.strict`;
  ///   ``IndexBuildError/noRecipes(skipped:firstErrors:destination:)`` when no record became a
  ///   recipe; ``SQLiteError`` for storage failures. The destination is untouched on any failure.
  public func run(
    paths: [String], destination: URL, metadata: [String: String] = [:],
    progress: (CorpusIndexer.Progress) -> Void = { _ in }
  ) throws -> IndexingSummary {
    let writer = try IndexWriter(destination: destination)
    // SQLite inserts run on a second thread while this one reads, normalizes and feeds the
    // snapshot builder; the writer is this thread's again once the pipeline has drained.
    let pipeline = PipelinedSink(writer)
    do {
      let snapshot = SnapshotSink()
      let summary = try CorpusIndexer(
        normalizer: RecipeNormalizer(vocabulary: vocabulary), policy: policy
      )
      .run(paths: paths, into: [pipeline, snapshot], progress: progress)
      try pipeline.drain()
      guard summary.recipes > 0 else {
        throw IndexBuildError.noRecipes(
          skipped: summary.skipped, firstErrors: summary.errors, destination: destination.path)
      }
      // The snapshot is built on another core while SQLite builds its indexes and FTS5 table;
      // the sink is used by that thread alone once handed over.
      nonisolated(unsafe) let sink = snapshot
      let relations = IngredientRelations(vocabulary: vocabulary)
      let job = BackgroundJob { sink.finish(relations: relations) }
      try writer.finish(
        .init(
          summary: summary, parents: vocabulary.parentsByName, snapshotParts: { job.wait() },
          metadata: metadata))
      return summary
    } catch {
      try? pipeline.drain()  // the worker must be done with the writer before it is abandoned
      writer.abandon()
      throw error
    }
  }
}
