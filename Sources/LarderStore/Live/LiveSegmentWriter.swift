import Foundation
import LarderCore

/// The write-only face of a live index: what a command that only appends to the live segment
/// (`larder add`, `larder remove`) needs, and nothing a query needs.
///
/// It opens the segment as ``LiveIndex`` does (``LiveSegmentFile/open(forBase:generation:indexURL:)``)
/// and replays it over the base's public ids into a ``LiveRecipeOrder`` (which decides added
/// or replaced, present or missing, by the same id rules), but never loads the base snapshot,
/// titles or a view, and never compacts: a process that writes and exits leaves compaction to
/// a server's background compaction or `larder compact` (as SQLite FTS5's `automerge` runs
/// inside the next writer that has the index open, never in one that is about to exit).
/// ``compactionThreshold(passedUnder:)`` says when the segment has passed the threshold, so
/// the command can say so.
///
/// - Complexity: opening is one scan of the base's ids (O(N) for the id table) and one of the
///   segment (its records decoded and replayed); a write is one durable transaction, O(recipes
///   written) besides.
public final class LiveSegmentWriter: Sendable {
  /// The base index file.
  public let url: URL

  private struct State {
    var segment: LiveSegmentFile
    var order: LiveRecipeOrder
  }

  /// The segment and the order, held for a whole write.
  private let state: Locked<State>

  /// Opens the index at `url` for writing: its live segment (created when missing; emptied of
  /// what the base already holds, as ``LiveIndex/init(url:relations:automaticCompaction:readers:reusingBaseOf:pacing:)``
  /// does), and the base's public ids.
  /// - Throws: ``IndexOpenError`` for a missing or damaged base, ``SQLiteError`` for the
  ///   segment, ``SegmentRecordDamaged`` for a damaged segment record.
  public init(url: URL) throws {
    self.url = url
    IndexWriter.removeStaleTemporaryFiles(for: url)
    let reader = try IndexReader(url: url)
    let (segment, _) = try LiveSegmentFile.open(
      forBase: reader, generation: try reader.generation(), indexURL: url)
    var order = LiveRecipeOrder(basePublicIDs: try reader.publicIDs())
    _ = try LiveSegmentFile.replay(try segment.storedOperations(), into: &order)
    state = Locked(State(segment: segment, order: order))
  }

  /// Adds each recipe, or replaces the recipe with its public id in place, in order, as one
  /// durable transaction; returns what each did (as ``LiveIndex/upsert(_:)``).
  /// - Throws: ``LiveIndexError/invalidRecipe(id:reason:)`` or ``SQLiteError``; nothing is
  ///   written then.
  @discardableResult
  public func upsert(_ recipes: [Recipe]) throws -> [LiveRecipeOrder.UpsertOutcome] {
    try LiveIndex.validate(recipes)
    return try state.withLock { state in
      try LiveIndex.write(upserting: recipes, to: state.segment, order: &state.order).outcomes
    }
  }

  /// Deletes the present recipes with these public ids as one durable transaction (as
  /// ``LiveIndex/delete(ids:)``).
  /// - Throws: ``SQLiteError``; nothing is written then.
  @discardableResult
  public func delete(ids: [String]) throws -> LiveDeletion {
    try state.withLock { state in
      try LiveIndex.write(deleting: ids, to: state.segment, order: &state.order).deletion
    }
  }

  /// How many recipes are present after the last write.
  public var recipeCount: Int { state.withLock { $0.order.count } }

  /// How many written and deleted places the segment holds (what a compaction folds in).
  public var segmentSize: (written: Int, deleted: Int) {
    state.withLock { ($0.order.writtenCount, $0.order.deletedCount) }
  }

  /// The segment size from which `rule` compacts this index, when the segment has reached
  /// it (a ``LiveIndex`` with that rule would start a compaction on its next write), else `nil`.
  public func compactionThreshold(passedUnder rule: AutomaticCompaction) -> Int? {
    state.withLock { state in
      guard let threshold = rule.threshold(baseCount: state.order.baseCount),
        state.order.writtenCount + state.order.deletedCount >= threshold
      else { return nil }
      return threshold
    }
  }
}
