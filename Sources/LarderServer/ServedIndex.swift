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
  /// Finished suggest answers of this index.
  public let suggestCache = SuggestCache()

  /// Opens `url`: opens the readers of one generation and reads the snapshot through one of
  /// them, so the snapshot and every reader describe the same build.
  public init(url: URL, vocabulary: Vocabulary, staples: [String]) throws {
    self.url = url
    let readers = try ReaderPool(url: url)
    self.readers = readers
    self.snapshot = try readers.withReader { try $0.loadSnapshot() }
    self.vocabulary = vocabulary
    self.staples = staples
  }

}

/// The index being served, swapped atomically on reload: a request takes the current
/// ``ServedIndex`` once and finishes on it, even if a reload happens meanwhile.
public final class IndexHolder: Sendable {
  private let current: Locked<ServedIndex>

  /// Starts with `index`.
  public init(_ index: ServedIndex) { current = Locked(index) }

  /// The index to use for one request.
  public var index: ServedIndex { current.withLock { $0 } }

  /// Re-opens the same file (rebuilt in place) and swaps snapshot and readers to it together;
  /// on failure the old index stays.
  @discardableResult
  public func reload() throws -> ServedIndex {
    let old = index
    let fresh = try ServedIndex(url: old.url, vocabulary: old.vocabulary, staples: old.staples)
    current.withLock { $0 = fresh }
    return fresh
  }
}
