import Foundation
import LarderCore
import LarderStore

/// One opened index as the server serves it: the index file with its live segment (a
/// ``LiveIndex``: every engine route answers over its latest view, and every recipe write goes
/// through ``apply(_:)``), and the vocabulary for diet labels, step mentions and new recipes.
/// A reload builds a new one.
///
/// Blocking work (SQLite reads and writes, fsync, view builds) runs on the index's own
/// ``StorageThreads``, never on the async request threads. Reads run in parallel, one per
/// storage thread, each with a base-file connection of its own.
public final class ServedIndex: Sendable {
  /// The index file.
  public let url: URL
  /// The index and its live segment.
  public let live: LiveIndex
  /// The vocabulary.
  public let vocabulary: Vocabulary
  /// The pantry staples.
  public let staples: [String]
  /// Finished suggest answers of this index, by ``writeGeneration`` and request.
  public let suggestCache = AnswerCache<String>()
  /// Finished `/v1/recipes` pages of this index, by ``writeGeneration`` and parsed query (the
  /// ingredients as typed, exclusions, filters, matching, order and page: everything the page
  /// depends on, besides the index and its writes). Pages run to tens of kilobytes, so they
  /// get a byte budget of their own.
  public let allOfCache = AnswerCache<AfterWrites<AllOfQuery>>(
    capacity: 4_096, byteBudget: 16 << 20)
  /// The generation of the base file the index was opened on (`meta.generation`).
  public let generation: String
  private let threads: StorageThreads
  /// Writes started, counted as they begin (see ``writeGeneration``).
  private let writes = Locked(0)
  /// How many reloads hold this index closed to writes (see ``closeToWrites()``).
  private let closedToWrites = Locked(0)
  private let normalizer: RecipeNormalizer

  /// Opens `url` with its live segment (created when missing) on storage threads of its own;
  /// `automaticCompaction` says when a write starts a compaction in the background.
  public init(
    url: URL, vocabulary: Vocabulary, staples: [String],
    automaticCompaction: AutomaticCompaction = .standard
  ) async throws {
    self.url = url
    let threads = StorageThreads(count: ReaderPool.standardSize)
    self.threads = threads
    let relations = IngredientRelations(vocabulary: vocabulary)
    let opened = try await threads.run {
      let live = try LiveIndex(
        url: url, relations: relations, automaticCompaction: automaticCompaction,
        readers: threads.count)
      return (live, try live.read { try $0.baseGeneration() })
    }
    live = opened.0
    generation = opened.1
    self.vocabulary = vocabulary
    self.staples = staples
    normalizer = RecipeNormalizer(vocabulary: vocabulary)
  }

  /// The snapshot of the latest view, for a query that reads no recipe text (a query that
  /// also reads text takes both from one ``read(_:)``). Answered at once when the view is
  /// built; after writes, the view is built on a storage thread, never on the caller's.
  public func snapshot() async throws -> Snapshot {
    if let view = live.builtView { return view.snapshot }
    return try await threads.run { self.live.view.snapshot }
  }

  /// A count that changes whenever a write may have changed what queries answer: part of
  /// every cached answer's key, so no answer made before a write is served after it.
  /// Raised when a write starts and again when it ends, so a suggest that reads the count
  /// after a write's acknowledgement reads a count no answer made before it was keyed by.
  public var writeGeneration: Int { writes.withLock { $0 } }

  /// Runs `body` on a storage thread over one consistent read of the latest view: every
  /// write acknowledged before this call is in it.
  public func read<T: Sendable>(_ body: @escaping @Sendable (LiveReadAccess) throws -> T)
    async throws -> T
  {
    try await threads.run { try self.live.read(body) }
  }

  /// Runs `work` (parsing a request body, say) on a storage thread, off the request threads.
  public func offload<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await threads.run(work)
  }

  /// Applies one recipe write: the one place a write reaches the index (a change log that
  /// must see every write first goes here). Returns once the write is durable in the live
  /// segment; every read that starts after that sees it.
  /// - Throws: ``ServedIndexError/reloading`` while a reload replaces this index (nothing is
  ///   written; retry); ``LiveIndexError`` or ``SQLiteError`` when the write is refused
  ///   (nothing is written).
  public func apply(_ write: RecipeWrite) async throws -> RecipeWriteResult {
    writes.withLock { $0 += 1 }
    defer { writes.withLock { $0 += 1 } }
    return try await threads.run {
      try self.closedToWrites.withLock { closers -> RecipeWriteResult in
        guard closers == 0 else { throw ServedIndexError.reloading }
        switch write {
        case .upsert(let sources):
          let outcomes = try self.live.upsert(sources.map(self.normalizer.normalize))
          return RecipeWriteResult(upserted: outcomes, recipes: self.live.recipeCount)
        case .delete(let ids):
          let deletion = try self.live.delete(ids: ids)
          return RecipeWriteResult(deletion: deletion, recipes: self.live.recipeCount)
        }
      }
    }
  }

  /// Stops this index taking writes (waiting for one in progress), so a reload can open the
  /// same files without a write landing in a segment it has already read; writes meanwhile
  /// get ``ServedIndexError/reloading``. Undone by ``reopenToWrites()``.
  func closeToWrites() async throws {
    try await threads.run { self.closedToWrites.withLock { $0 += 1 } }
  }

  /// Undoes one ``closeToWrites()`` (a reload that failed keeps this index).
  func reopenToWrites() { closedToWrites.withLock { $0 -= 1 } }
}

/// A write to the served index's recipes (see ``ServedIndex/apply(_:)``).
public enum RecipeWrite: Sendable, Hashable {
  /// Add each recipe, or replace the one with its id in place, as one transaction.
  case upsert([SourceRecipe])
  /// Delete the recipes with these public ids, as one transaction (unknown ids are reported).
  case delete([String])
}

/// What a ``RecipeWrite`` did.
public struct RecipeWriteResult: Sendable {
  /// For an upsert: what each recipe did, in order.
  public var upserted: [LiveRecipeOrder.UpsertOutcome] = []
  /// For a delete: the ids deleted and those not found.
  public var deletion: LiveDeletion? = nil
  /// How many recipes the index holds after the write.
  public var recipes: Int
}

/// Why the served index refused a write.
public enum ServedIndexError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A reload is replacing the index; nothing was written.
  case reloading

  /// The message.
  public var description: String {
    switch self {
    case .reloading: "the index is being reloaded; nothing was written, send the write again"
    }
  }
}

/// The index being served, swapped atomically on reload: a request takes the current
/// ``ServedIndex`` once and finishes on it, even if a reload happens meanwhile.
public final class IndexHolder: Sendable {
  /// The index served and the order of reloads.
  private struct State {
    var current: ServedIndex
    /// Reloads started so far; each takes the next number.
    var started = 0
    /// The number of the reload that made ``current`` (0: the first index).
    var installed = 0
  }

  private let state: Locked<State>

  /// Starts with `index`.
  public init(_ index: ServedIndex) { state = Locked(State(current: index)) }

  /// The index to use for one request.
  public var index: ServedIndex { state.withLock { $0.current } }

  /// Re-opens the same file (rebuilt in place) and swaps snapshot and readers to it together.
  /// The new index is built on storage threads while requests go on being served by the old
  /// one; the swap is one assignment under the lock. Of reloads that overlap, the one started
  /// last wins: one that finishes after a later one is dropped (it may have read an older file)
  /// and the index the later one installed is returned. On failure the old index stays.
  @discardableResult
  public func reload() async throws -> ServedIndex {
    let (old, number) = state.withLock { state in
      state.started += 1
      return (state.current, state.started)
    }
    // The new index reads the live segment when it opens: no write may land in it after that
    // through the old one, so the old one takes no writes until it is replaced.
    try await old.closeToWrites()
    let fresh: ServedIndex
    do {
      fresh = try await ServedIndex(
        url: old.url, vocabulary: old.vocabulary, staples: old.staples,
        automaticCompaction: old.live.automaticCompaction)
    } catch {
      old.reopenToWrites()
      throw error
    }
    return state.withLock { state in
      guard number > state.installed else { return state.current }
      state.current = fresh
      state.installed = number
      return fresh
    }
  }
}
