import Foundation
import LarderCore

/// Read-only connections to one generation of an index file, lent to one caller at a time.
///
/// An ``IndexReader`` is not `Sendable`; the pool hands each one to a single caller under its
/// lock and takes it back afterwards. A served index must be one generation: a rebuild renames
/// a new file over the path while this pool serves the old one, and a connection opened by path
/// after that would read the new file beside an old snapshot (wrong answers with status 200).
/// So the pool opens its readers when it is created, all of the generation it records
/// (``generation``, the build's id in `meta`), and keeps them: an open connection goes on
/// reading the file it was opened on. Only when every reader is busy does it open another, and
/// that one must be of the same generation, or the call fails with
/// ``IndexOpenError/generationChanged(path:)`` (the caller reloads to serve the new file).
public final class ReaderPool: Sendable {
  private let idle: Locked<[IndexReader]>
  /// The index file.
  public let url: URL
  /// The generation of the file every reader of this pool reads (`meta.generation`).
  public let generation: String
  /// Readers kept open (and opened at once): twice the processors, at least 4.
  public static let standardSize = max(4, 2 * ProcessInfo.processInfo.activeProcessorCount)

  /// A pool of `size` readers of `url`, all of one generation; a bad file fails here.
  /// - Throws: ``IndexOpenError``, also when the file is replaced while the readers open.
  public init(url: URL, size: Int = ReaderPool.standardSize) throws {
    self.url = url
    let first = try IndexReader(url: url)
    let generation = try first.generation()
    self.generation = generation
    var readers = [first]
    for _ in 1..<max(size, 1) {
      readers.append(try Self.open(url, generation: generation))
    }
    idle = Locked(readers)
    capacity = max(size, 1)
  }

  /// How many readers the pool keeps.
  private let capacity: Int

  /// Opens a reader of `url` and checks it reads `generation`.
  private static func open(_ url: URL, generation: String) throws -> IndexReader {
    let reader = try IndexReader(url: url)
    guard try reader.generation() == generation else {
      throw IndexOpenError.generationChanged(path: url.path)
    }
    return reader
  }

  /// Runs `body` with a reader of its own, of this pool's generation.
  /// - Throws: ``IndexOpenError/generationChanged(path:)`` when every kept reader is busy and
  ///   the file at ``url`` is no longer this generation; whatever `body` throws.
  public func withReader<T>(_ body: (IndexReader) throws -> T) throws -> T {
    let lent = try idle.withLock { $0.popLast() } ?? Self.open(url, generation: generation)
    defer {
      let returned = ReturnedReader(reader: lent)
      idle.withLock { idle in
        if idle.count < capacity { idle.append(returned.reader) }
      }
    }
    return try body(lent)
  }
}

/// A reader on its way back to the pool. The compiler cannot see that `withReader`'s body, being
/// non-escaping, has let go of the reader when it returns; this box says so in one place.
private struct ReturnedReader: @unchecked Sendable {
  // Safety: built only after `body` returned, when the reader has one owner again.
  let reader: IndexReader
}
