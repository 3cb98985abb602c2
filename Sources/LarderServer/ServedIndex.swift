import Foundation
import LarderCore
import LarderStore

/// One opened index as the server serves it: the in-memory snapshot for the engine queries,
/// a pool of read-only SQLite connections for detail and text search, and the vocabulary for
/// diet labels and step mentions. Immutable; a reload builds a new one.
public final class ServedIndex: Sendable {
  /// The index file.
  public let url: URL
  /// The in-memory layer.
  public let snapshot: Snapshot
  /// SQLite readers of the same file and generation as ``snapshot`` (see ``ReaderPool``).
  public let readers: ReaderPool
  /// The vocabulary.
  public let vocabulary: Vocabulary
  /// The pantry staples.
  public let staples: [String]
  /// Finished suggest answers of this index, by request.
  public let suggestCache = AnswerCache<String>()
  /// Finished `/v1/recipes` pages of this index, by parsed query (the ingredients as typed,
  /// exclusions, filters, matching, order and page: everything the page depends on, besides the
  /// index itself). Pages run to tens of kilobytes, so they get a byte budget of their own.
  public let allOfCache = AnswerCache<AllOfQuery>(capacity: 4_096, byteBudget: 16 << 20)

  /// Opens `url`: opens the readers of one generation and loads the snapshot through one of
  /// them (on the pool's threads, off the caller's), so the snapshot and every reader describe
  /// the same build.
  public init(url: URL, vocabulary: Vocabulary, staples: [String]) async throws {
    self.url = url
    let readers = try await ReaderPool.open(url: url)
    self.readers = readers
    self.snapshot = try await readers.read { try $0.loadSnapshot() }
    self.vocabulary = vocabulary
    self.staples = staples
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
    let fresh = try await ServedIndex(
      url: old.url, vocabulary: old.vocabulary, staples: old.staples)
    return state.withLock { state in
      guard number > state.installed else { return state.current }
      state.current = fresh
      state.installed = number
      return fresh
    }
  }
}
