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
  /// How each thread is named and scheduled, applied by the first work it runs; `nil` leaves
  /// NIO's name (`TP-#N`) and the default policy.
  private let setup: ThreadSetup?

  /// How many threads run the work.
  public var count: Int { pool.numberOfThreads }

  /// Starts `count` threads (at least one) under `policy`, named `name` for the kernel (what
  /// `top -H` and `perf` show; at most 15 bytes are kept) when one is given.
  public init(count: Int, name: String? = nil, policy: StorageThreadPolicy = .standard) {
    pool = NIOThreadPool(numberOfThreads: max(count, 1))
    setup = name == nil && policy == .standard ? nil : ThreadSetup(name: name, policy: policy)
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
    guard let setup else { return try await pool.runIfActive(work) }
    return try await pool.runIfActive {
      setup.prepareCallingThread()
      return try work()
    }
  }
}

/// A pool thread's name and policy, set by the thread itself (NIO's pool has no hook for a
/// thread's start, and on Linux a thread can only be renamed from itself here) the first
/// time it runs work: a thread-specific marker makes every later call a single load.
private final class ThreadSetup: Sendable {
  let name: String?
  let policy: StorageThreadPolicy
  /// Set on each thread once it is named and scheduled.
  private let prepared = ThreadSpecificVariable<Prepared>()

  private final class Prepared: Sendable {}

  init(name: String?, policy: StorageThreadPolicy) {
    self.name = name
    self.policy = policy
  }

  func prepareCallingThread() {
    guard prepared.currentValue == nil else { return }
    if let name { YieldingThread.nameCallingThread(name) }
    if policy == .yielding { YieldingThread.yieldToOtherThreads() }
    prepared.currentValue = Prepared()
  }
}
