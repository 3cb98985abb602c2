import Foundation
import LarderCore

/// One user-state file shared by concurrent requests, with async faces like GRDB's
/// `DatabasePool`: ``write(_:)`` runs on the one writer connection, ``read(_:)`` on a read-only
/// connection, each on a thread of its own (``StorageThreads``), so neither SQLite nor the
/// `fsync` of a write runs on Swift concurrency's shared threads.
///
/// Writes run one at a time in the order they were asked for (SQLite serializes writers
/// anyway); reads run beside them (the file is in WAL mode) and see every write acknowledged
/// before they started, so a token lookup never waits for another profile's `fsync`.
public final class SharedUserStore: Sendable {
  private let writer: Locked<UserStore>
  private let reader: Locked<UserStore>
  private let writerThread: StorageThreads
  private let readerThread: StorageThreads

  /// The file.
  public let url: URL

  /// Opens (creating when needed) the user-state file in `directory`: the writer connection,
  /// which creates and migrates the file, then the read-only one, each with its thread under
  /// `threads` (a server that puts keystrokes first: ``StorageThreadPolicy/yielding``). Blocks
  /// while it opens.
  public init(directory: URL, threads: StorageThreadPolicy = .standard) throws {
    let opened = try UserStore(directory: directory)
    let readOnly = try UserStore(directory: directory)
    // Refuses any write on this connection: a write run through `read` fails loudly.
    try readOnly.connection.execute("PRAGMA query_only = ON;")
    url = opened.url
    writerThread = StorageThreads(count: 1, name: "larder-user-wr", policy: threads)
    readerThread = StorageThreads(count: 1, name: "larder-user-rd", policy: threads)
    writer = Locked(opened)
    reader = Locked(readOnly)
  }

  /// Runs `body` with the writer connection on the writer thread, after every write asked for
  /// before it, and returns what it returns.
  /// - Throws: whatever `body` throws; `CancellationError` when the calling task is cancelled
  ///   before the thread took the work (then nothing was written).
  @discardableResult
  public func write<T: Sendable>(_ body: @escaping @Sendable (UserStore) throws -> T)
    async throws -> T
  {
    try await writerThread.run { try self.writer.withLock { store in try body(store) } }
  }

  /// Runs `body` with the read-only connection on the reader thread and returns what it
  /// returns. A write in `body` fails with a `SQLiteError` (the connection is `query_only`).
  /// - Throws: whatever `body` throws; `CancellationError` when the calling task is cancelled
  ///   before the thread took the work.
  public func read<T: Sendable>(_ body: @escaping @Sendable (UserStore) throws -> T)
    async throws -> T
  {
    try await readerThread.run { try self.reader.withLock { store in try body(store) } }
  }
}
