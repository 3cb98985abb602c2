import Foundation
import LarderCore

/// An index that takes writes: recipes added, replaced and deleted by public id, each write
/// durable when the call returns and seen by every read that starts after it, with no rebuild.
///
/// The index file at ``url`` is the base (as `larder index` built it, never written in place);
/// writes go to its live segment (``LiveSegmentFile``, `PATH-live`, WAL with `synchronous=FULL`)
/// and to the in-memory ``LiveRecipeOrder``; each write publishes a new ``LiveView``, whose
/// snapshot is built over exactly the corpus a full build of the written state would read, so
/// every snapshot query answers as that full build does. ``compact()`` writes a new base of
/// the present recipes (temporary file, renamed into place) and empties the segment of what
/// the new base holds; writes that arrive meanwhile stay in the segment.
///
/// Reads take a consistent view: ``read(_:)`` hands one view (and the base file's text, for
/// recipe detail and summaries) to its body; a write that finishes while the body runs is not
/// seen by it, and is seen by the next read.
///
/// - Complexity: a write is one durable SQLite transaction plus a new view, a snapshot build
///   over the present recipes (O(P + N log N)); see the README's write-path paragraph for the
///   segment merge that replaces that rebuild.
public final class LiveIndex: Sendable {
  /// The base index file.
  public let url: URL
  /// The families, aliases and flags every view's snapshot is built with (the vocabulary's).
  public let relations: IngredientRelations

  /// What writes change: the segment file and the order. Held for a whole write, so writes
  /// are applied and published in the order they commit.
  private let writer: Locked<WriterState>
  /// What reads see: the latest view and a reader of the base file it was made over.
  private let published: Locked<Published>
  /// Held for a whole compaction, so two never run at once.
  private let compaction = Locked(())

  private struct WriterState {
    var segment: LiveSegmentFile
    var base: LiveBase
    var generation: String
    var order: LiveRecipeOrder
    var lastSequence: Int64
  }

  private struct Published {
    var view: LiveView
    var reader: BaseReader
  }

  /// The base file's reader, handed between locks.
  // Safety: the reader is used only inside `published.withLock` (by `read(_:)`), so one
  // thread at a time; the box only lets a compaction that opened it under the writer lock
  // move it into the published state.
  private final class BaseReader: @unchecked Sendable {
    let reader: IndexReader
    init(_ reader: IndexReader) { self.reader = reader }
  }

  /// Opens the index at `url` with its live segment (created when missing), replaying the
  /// segment's writes over the base.
  ///
  /// A segment whose writes a compaction already put into the base (a compaction stopped
  /// between its rename and emptying the segment) loses those; a segment of another base
  /// (left beside an index that `larder index` rebuilt) is emptied. Temporary files of a
  /// stopped compaction are removed.
  /// - Throws: ``IndexOpenError`` for a missing or damaged base, ``SQLiteError`` for the
  ///   segment, `DecodingError` for a damaged segment record.
  public init(url: URL, relations: IngredientRelations) throws {
    self.url = url
    self.relations = relations
    IndexWriter.removeStaleTemporaryFiles(for: url)
    let reader = try IndexReader(url: url)
    let (base, generation) = try Self.loadBase(reader)
    let segment = try LiveSegmentFile(indexURL: url)
    let segmentBase = try segment.baseGeneration()
    if segmentBase != generation {
      let through: Int64
      if let segmentBase, try reader.metadata("compacted_from") == segmentBase {
        through = Int64(try reader.metadata("compacted_through") ?? "") ?? 0
      } else {
        through = segmentBase == nil ? 0 : .max
      }
      try segment.rebase(onto: generation, droppingThrough: through)
    }
    var order = LiveRecipeOrder(basePublicIDs: base.publicIDs)
    var last: Int64 = 0
    for (seq, operation) in try segment.operations() {
      Self.apply(operation, to: &order)
      last = seq
    }
    last = max(last, try segment.append([]))
    let view = LiveView(base: base, order: order, relations: relations)
    writer = Locked(
      WriterState(
        segment: segment, base: base, generation: generation, order: order, lastSequence: last))
    published = Locked(Published(view: view, reader: BaseReader(reader)))
  }

  private static func loadBase(_ reader: IndexReader) throws -> (LiveBase, String) {
    let snapshot = try reader.loadSnapshot()
    let publicIDs = try reader.publicIDs()
    let titles = try reader.titles()
    return (
      LiveBase(snapshot: snapshot, publicIDs: publicIDs, titles: titles),
      try reader.generation()
    )
  }

  private static func apply(_ operation: LiveSegmentFile.Operation, to order: inout LiveRecipeOrder)
  {
    switch operation {
    case .upsert(let recipe): order.upsert(recipe)
    case .delete(let id): order.delete(id)
    }
  }

  // MARK: Writes

  /// Adds each recipe, or replaces the recipe with its public id in place, in order, as one
  /// durable transaction; returns what each did.
  /// - Throws: ``LiveIndexError/invalidRecipe(id:reason:)`` (nothing is written) when a recipe
  ///   has an empty id or an ingredient line without a name; ``SQLiteError`` when the segment
  ///   cannot be written (nothing is written).
  @discardableResult
  public func upsert(_ recipes: [Recipe]) throws -> [LiveRecipeOrder.UpsertOutcome] {
    for recipe in recipes {
      if recipe.id.isEmpty {
        throw LiveIndexError.invalidRecipe(id: recipe.id, reason: "the id is empty")
      }
      if recipe.ingredients.contains(where: { $0.name.isEmpty }) {
        throw LiveIndexError.invalidRecipe(
          id: recipe.id, reason: "an ingredient line has no ingredient name")
      }
    }
    return try write(recipes.map { .upsert($0) }) { order in
      recipes.map { order.upsert($0) }
    }
  }

  /// Deletes the recipes with these public ids as one durable transaction; ids not present
  /// are reported in ``LiveDeletion/missing`` and change nothing.
  @discardableResult
  public func delete(ids: [String]) throws -> LiveDeletion {
    try writer.withLock { state in
      // Which ids are present is decided in order, so an id named twice is deleted once.
      var probe = state.order
      var deleted: [String] = []
      var missing: [String] = []
      for id in ids {
        if probe.delete(id) { deleted.append(id) } else { missing.append(id) }
      }
      if !deleted.isEmpty {
        state.lastSequence = try state.segment.append(deleted.map { .delete($0) })
        state.order = probe
        publish(state)
      }
      return LiveDeletion(deleted: deleted, missing: missing)
    }
  }

  private func write<Result: Sendable>(
    _ operations: [LiveSegmentFile.Operation],
    apply: (inout LiveRecipeOrder) -> Result
  ) throws -> Result {
    try writer.withLock { state in
      // Durable first: the order and the published view change only after the commit.
      state.lastSequence = try state.segment.append(operations)
      let result = apply(&state.order)
      publish(state)
      return result
    }
  }

  /// Builds and publishes the view of `state`; called with the writer lock held.
  private func publish(_ state: WriterState) {
    let view = LiveView(base: state.base, order: state.order, relations: relations)
    published.withLock { $0.view = view }
  }

  // MARK: Compaction

  /// Writes a new base index of the present recipes (in recipe order, to a temporary file
  /// renamed into place) and drops from the segment the writes it holds. Reads go on over the
  /// old view meanwhile; writes go on too and stay in the segment, replayed over the new base.
  /// - Throws: ``SQLiteError`` or ``IndexOpenError``; the index and its segment are then as
  ///   before (a stopped compaction leaves at most a temporary file, removed on next open).
  public func compact() throws {
    try compaction.withLock { _ in
      let (order, through, generation) = writer.withLock { state in
        (state.order, state.lastSequence, state.generation)
      }
      let present = order.presentSlots
      let source = try IndexReader(url: url)
      let newGeneration = try IndexWriter.write(
        count: present.count,
        recipe: { i in
          switch present[i] {
          case .live(let recipe): return recipe
          case .base(let rid):
            guard let recipe = try source.recipe(rid) else {
              throw IndexOpenError.notAnIndex(url.path)
            }
            return recipe
          case .deleted: preconditionFailure("present slots hold no deletion")
          }
        }, relations: relations, to: url,
        metadata: ["compacted_from": generation, "compacted_through": String(through)])
      try writer.withLock { state in
        try state.segment.rebase(onto: newGeneration, droppingThrough: through)
        let reader = BaseReader(try IndexReader(url: url))
        let (base, _) = try Self.loadBase(reader.reader)
        var order = LiveRecipeOrder(basePublicIDs: base.publicIDs)
        for (_, operation) in try state.segment.operations() { Self.apply(operation, to: &order) }
        state.base = base
        state.generation = newGeneration
        state.order = order
        let view = LiveView(base: base, order: order, relations: relations)
        published.withLock {
          $0.view = view
          $0.reader = reader
        }
      }
    }
  }

  // MARK: Reads

  /// Runs `body` over one consistent view of the index.
  ///
  /// Bodies run one at a time (they share the base file's connection); keep them to one
  /// query and the text of one page.
  public func read<Result: Sendable>(_ body: (LiveReadAccess) throws -> Result) throws -> Result {
    try published.withLock { state in
      try body(LiveReadAccess(view: state.view, reader: state.reader.reader))
    }
  }

  /// The latest view (snapshot queries and ids only; recipe text needs ``read(_:)``).
  public var view: LiveView { published.withLock { $0.view } }

  /// How many recipes the segment holds written versions of, and how many places are
  /// deletion marks: what a compaction would fold into the base.
  public var segmentSize: (written: Int, deleted: Int) {
    writer.withLock { ($0.order.writtenCount, $0.order.deletedCount) }
  }
}

/// What ``LiveIndex/delete(ids:)`` did.
public struct LiveDeletion: Sendable, Hashable {
  /// The ids deleted, in the order given.
  public var deleted: [String]
  /// The ids that named no present recipe.
  public var missing: [String]
}

/// Why a live index refused a write.
public enum LiveIndexError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A recipe that cannot be indexed.
  case invalidRecipe(id: String, reason: String)

  /// The message.
  public var description: String {
    switch self {
    case .invalidRecipe(let id, let reason): "recipe \(id.debugDescription): \(reason)"
    }
  }
}
