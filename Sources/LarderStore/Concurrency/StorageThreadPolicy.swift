/// How the kernel schedules a set of ``StorageThreads`` beside the threads that serve requests.
public enum StorageThreadPolicy: String, Sendable, Hashable, CaseIterable {
  /// The default policy, the same as every other thread of the process.
  case standard
  /// Linux's `SCHED_IDLE` (see ``YieldingThread``): a request thread that wakes on the core
  /// preempts the storage work at once instead of waiting out its time slice, and the storage
  /// work gets a core only when no request thread wants it. For work that can wait behind
  /// keystrokes (user-state writes and their `fsync`); on a machine the requests saturate, it
  /// progresses slowly (weight 3 against 1,024). Elsewhere than Linux, the same as
  /// ``standard``.
  case yielding
}
