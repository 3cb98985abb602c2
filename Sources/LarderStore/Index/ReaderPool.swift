import Foundation

/// Read-only connections to one index file, lent to one caller at a time.
///
/// An ``IndexReader`` is not `Sendable`; the pool hands each one to a single caller under its
/// lock and takes it back afterwards, opening a new one when all are busy.
public final class ReaderPool: @unchecked Sendable {
  // Safety: `idle` is only touched while `lock` is held; a reader is used by one caller at a time.
  private let lock = NSLock()
  private var idle: [IndexReader] = []
  /// The index file.
  public let url: URL

  /// A pool for `url`; opens one reader now so a bad file fails here, not on the first request.
  public init(url: URL) throws {
    self.url = url
    idle.append(try IndexReader(url: url))
  }

  /// Runs `body` with a reader of its own.
  public func withReader<T>(_ body: (IndexReader) throws -> T) throws -> T {
    lock.lock()
    let reader = idle.popLast()
    lock.unlock()
    let lent = try reader ?? IndexReader(url: url)
    defer {
      lock.lock()
      if idle.count < 8 { idle.append(lent) }
      lock.unlock()
    }
    return try body(lent)
  }
}
