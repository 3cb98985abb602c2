import Foundation
import LarderCore

/// Read-only connections to one generation of an index file, each with a thread of its own:
/// the async face of the index, like GRDB's `DatabasePool.read`.
///
/// ``read(_:)`` runs its body on one of the pool's ``StorageThreads`` with a reader lent to it
/// alone, and suspends the caller meanwhile, so SQLite never runs on Swift concurrency's
/// shared threads. The pool is bounded: it keeps `size` readers and `size` threads, so at most
/// `size` bodies run at once, each with its own reader, and further callers wait in the
/// threads' queue; it never opens a reader after it was made.
///
/// A served index must be one generation: a rebuild renames a new file over the path while
/// this pool serves the old one, and a connection opened by path after that would read the new
/// file beside an old snapshot (wrong answers with status 200). So the pool opens all its
/// readers when it is made, of the generation it records (``generation``, the build's id in
/// `meta`), and keeps them: an open connection goes on reading the file it was opened on. A new
/// generation is served by a new pool (a reload).
public final class ReaderPool: Sendable {
  private let idle: Locked<[IndexReader]>
  private let threads: StorageThreads
  /// The index file.
  public let url: URL
  /// The generation of the file every reader of this pool reads (`meta.generation`).
  public let generation: String
  /// Readers (and threads) kept: twice the processors, at least 4.
  public static let standardSize = max(4, 2 * ProcessInfo.processInfo.activeProcessorCount)

  /// Opens a pool of `size` readers of `url`, all of one generation, on the pool's own threads
  /// (opening reads the file); a bad file fails here.
  /// - Throws: ``IndexOpenError``, also when the file is replaced while the readers open.
  public static func open(url: URL, size: Int = ReaderPool.standardSize) async throws -> ReaderPool
  {
    let threads = StorageThreads(count: size)
    let opened = try await threads.run {
      let first = try IndexReader(url: url)
      let generation = try first.generation()
      var readers = [first]
      for _ in 1..<threads.count {
        let reader = try IndexReader(url: url)
        guard try reader.generation() == generation else {
          throw IndexOpenError.generationChanged(path: url.path)
        }
        readers.append(reader)
      }
      return OpenedReaders(readers: readers, generation: generation)
    }
    return ReaderPool(url: url, opened: opened, threads: threads)
  }

  private init(url: URL, opened: OpenedReaders, threads: StorageThreads) {
    self.url = url
    self.generation = opened.generation
    self.threads = threads
    idle = Locked(opened.readers)
  }

  /// Runs `body` on one of the pool's threads with a reader of its own, of this pool's
  /// generation, and returns what it returns. The reader must not escape `body`.
  /// - Throws: whatever `body` throws; `CancellationError` when the calling task is cancelled
  ///   before a thread took the work.
  public func read<T: Sendable>(_ body: @escaping @Sendable (IndexReader) throws -> T)
    async throws -> T
  {
    try await threads.run { try self.withReader(body) }
  }

  /// Runs `body` with an idle reader on the calling thread, one of the pool's (one thread per
  /// reader, so an idle one is always there).
  private func withReader<T>(_ body: (IndexReader) throws -> T) throws -> T {
    guard let lent = idle.withLock({ $0.popLast() }) else {
      throw ReaderPoolError.noIdleReader(path: url.path)
    }
    defer {
      let returned = ReturnedReader(reader: lent)
      idle.withLock { $0.append(returned.reader) }
    }
    return try body(lent)
  }
}

/// A pool's readers between the thread that opened them and the pool that keeps them.
private struct OpenedReaders: @unchecked Sendable {
  // Safety: made on one thread and handed over whole; the opening thread keeps no reference.
  let readers: [IndexReader]
  let generation: String
}

/// A reader on its way back to the pool. The compiler cannot see that `withReader`'s body, being
/// non-escaping, has let go of the reader when it returns; this box says so in one place.
private struct ReturnedReader: @unchecked Sendable {
  // Safety: built only after `body` returned, when the reader has one owner again.
  let reader: IndexReader
}

/// A ``ReaderPool`` broke its own bound.
public enum ReaderPoolError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A body ran with every reader lent (the pool has one reader per thread, so this is a bug).
  case noIdleReader(path: String)

  /// One line saying what happened.
  public var description: String {
    switch self {
    case .noIdleReader(let path): "every reader of \(path) is busy (a reader pool bug)"
    }
  }
}
