import Foundation
import LarderCore

/// Read-only connections to one index file, lent to one caller at a time.
///
/// An ``IndexReader`` is not `Sendable`; the pool hands each one to a single caller under its
/// lock and takes it back afterwards, opening a new one when all are busy.
public final class ReaderPool: Sendable {
  private let idle: Locked<[IndexReader]>
  /// The index file.
  public let url: URL

  /// A pool for `url`; opens one reader now so a bad file fails here, not on the first request.
  public init(url: URL) throws {
    self.url = url
    idle = Locked([try IndexReader(url: url)])
  }

  /// Runs `body` with a reader of its own.
  public func withReader<T>(_ body: (IndexReader) throws -> T) throws -> T {
    let lent = try idle.withLock { $0.popLast() } ?? IndexReader(url: url)
    defer {
      let returned = ReturnedReader(reader: lent)
      idle.withLock { idle in
        if idle.count < 8 { idle.append(returned.reader) }
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
