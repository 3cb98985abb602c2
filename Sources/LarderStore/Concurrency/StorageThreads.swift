import NIOPosix

/// Threads of its own for blocking storage work (SQLite calls, `fsync`, opening and loading an
/// index), so that work never runs on Swift concurrency's shared threads: on two cores there
/// are two of those, and one stuck in a write or a reload stalls every request behind it.
///
/// A thin owner of a started `NIOThreadPool` (the pool Hummingbird's `FileIO` runs file work
/// on): ``run(_:)`` queues the work and suspends the caller until a thread has run it. The
/// number of threads bounds how much of this work runs at once. The threads stop when the
/// owner is released, after the work already queued has run.
public final class StorageThreads: Sendable {
  private let pool: NIOThreadPool

  /// How many threads run the work.
  public var count: Int { pool.numberOfThreads }

  /// Starts `count` threads (at least one).
  public init(count: Int) {
    pool = NIOThreadPool(numberOfThreads: max(count, 1))
    pool.start()
  }

  deinit {
    // Joins the threads on a queue of NIO's own, so this is safe on one of the pool's threads
    // (where the last reference to the owner may go).
    pool.shutdownGracefully { _ in }
  }

  /// Runs `work` on one of the threads and returns what it returns.
  /// - Throws: whatever `work` throws; `CancellationError` when the calling task is cancelled
  ///   before a thread took the work (then it never runs).
  public func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await pool.runIfActive(work)
  }
}
