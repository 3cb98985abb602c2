#if canImport(Glibc)
  import Glibc
#endif
#if os(Linux)
  import CLinuxScheduling
#endif

/// How Linux schedules a thread that yields to requests: a reload's threads (``YieldingThread``:
/// the loader, the release of a replaced index) and ``StorageThreadPolicy/yielding`` storage
/// threads (the user-state file's, which stay under `SCHED_IDLE`: see
/// ``applyIdlePolicyToCallingThread()``).
///
/// Why a long time slice at nice 19 and not `SCHED_IDLE` (used until 2026-11-28, and still where
/// the kernel keeps no time slice per thread): `SCHED_IDLE` only counts against threads of the
/// same scheduling group. Linux puts each session in a group of its own (autogroup) or a
/// service in its cgroup, so the clients, proxies and databases beside the server are other
/// groups. Its wakeup placement counts a CPU that runs only `SCHED_IDLE` threads as idle and
/// wakes their threads there, but its wakeup preemption compares the two groups, and the
/// server's group is not idle: the woken thread waits until the group's protected slice ends,
/// which the 4 ms tick (`HZ=250`) checks. `perf sched` during back-to-back reloads of rebuilt
/// files (issue 16, BENCHMARKS.md): the benchmark's client waited 0.3 ms or more behind the
/// `SCHED_IDLE` loader 490-750 times in 4 s (median 2.7 ms), the server's own request threads
/// almost never; the same client run in the server's session (one group) waited behind it 16
/// times, and the suggest p99 during reloads fell to its idle p99.
///
/// Since Linux 6.12 (EEVDF's `PREEMPT_SHORT`), a thread that wakes with a shorter time slice
/// than the running one's cancels its protected slice and is picked at once when it is
/// eligible with the earlier deadline, at every level of the group hierarchy (a group's slice
/// is the shortest of its queued threads'). A yielding thread therefore asks for twice the
/// default slice (the kernel's default for the machine's CPU count, 0.7-2.8 ms), so every other
/// thread that wakes beside it has the shorter one, and for nice 19, so within the server it
/// gets a core only when request threads leave one (weight 15 against 1,024). Not the longest
/// slice (100 ms): a group's deadline is set from its slice when the group is picked, so a
/// group whose only runnable thread asked for 100 ms keeps a far deadline after a request
/// thread joins it, and that request thread then waits behind every other process
/// (`run-blocking.sh` at load 14: suggest p99 48-76 ms during reloads, 11 ms during writes,
/// against 2.2-3.1 ms). Measured with twice the default (the same probe, load 8-12): the
/// client's waits behind the loader 366 and 424 in 4 s against 615 and 721 under `SCHED_IDLE`,
/// the server's request threads' 67-70 against 71-88. Fewer, not none: a group's deadline still
/// races the client's. Unprivileged: raising a thread's nice value and choosing its slice need
/// no capability.
public enum YieldingScheduling: Sendable, Hashable {
  /// `SCHED_OTHER` at nice 19 with twice the default time slice (Linux 6.12 and later).
  case longerSliceAtNice19
  /// Linux's `SCHED_IDLE`: on kernels that keep no time slice per thread (before 6.12).
  case idlePolicy
  /// Neither: a thread that does not yield (request threads), or not Linux.
  case standard

  /// The kernel's bounds on a thread's slice (it clamps to 0.1-100 ms).
  private static let longestSliceNanoseconds: UInt64 = 100_000_000
  /// Linux's `SCHED_IDLE` (`<sched.h>`, value 5 since Linux 2.6.23): Glibc's Swift module
  /// leaves it out because the header defines it only under `_GNU_SOURCE`.
  private static let schedIdle: Int32 = 5
  /// Linux's `SCHED_OTHER`, the default policy.
  private static let schedOther: UInt32 = 0
  private static let lowestPriorityNice: Int32 = 19

  /// How the calling thread is scheduled.
  public static var ofCallingThread: YieldingScheduling {
    #if os(Linux)
      var attributes = larder_sched_attr()
      guard larder_sched_getattr_self(&attributes) == 0 else { return .standard }
      if attributes.sched_policy == UInt32(schedIdle) { return .idlePolicy }
      // Set only with the longer slice: where the kernel did not keep it, SCHED_IDLE follows.
      if attributes.sched_policy == schedOther, attributes.sched_nice == lowestPriorityNice {
        return .longerSliceAtNice19
      }
      return .standard
    #else
      return .standard
    #endif
  }

  /// Makes the calling thread (only it) yield: ``longerSliceAtNice19`` where the kernel keeps
  /// the slice, else ``idlePolicy``. A failure leaves the default policy: the work then only
  /// runs at full priority, which is correct, just less kind to requests. Threads the calling
  /// thread starts afterwards inherit its scheduling.
  static func applyToCallingThread() {
    #if os(Linux)
      // Already yielding (started by a yielding thread): its slice is not the default.
      guard ofCallingThread == .standard else { return }
      // A kernel before 6.12 reports no slice (0) and ignores one asked for: at nice 19 with
      // the default slice a thread still keeps its protected slice against a request thread
      // that wakes, so there `SCHED_IDLE` is the better of the two.
      var current = larder_sched_attr()
      let defaultSlice = larder_sched_getattr_self(&current) == 0 ? current.sched_runtime : 0
      if defaultSlice > 0 {
        var attributes = larder_sched_attr()
        attributes.sched_policy = schedOther
        attributes.sched_nice = lowestPriorityNice
        attributes.sched_runtime = min(2 * defaultSlice, longestSliceNanoseconds)
        var applied = larder_sched_attr()
        if larder_sched_setattr_self(&attributes) == 0, larder_sched_getattr_self(&applied) == 0,
          applied.sched_runtime == attributes.sched_runtime
        {
          return
        }
      }
      applyIdlePolicyToCallingThread()
    #endif
  }

  /// Puts the calling thread (only it) under `SCHED_IDLE` (``idlePolicy``), whatever the
  /// kernel: for the user-state file's threads, whose writes phase already held its target
  /// under it (suggest p99 while writing 1.0-1.1x idle, BENCHMARKS.md); the longer slice was
  /// measured on reloads only (writing p99 4.8-6.0 ms against 2.6-3.5 at load 12, too noisy to
  /// tell). A failure leaves the default policy.
  static func applyIdlePolicyToCallingThread() {
    #if os(Linux)
      var parameters = sched_param()
      parameters.sched_priority = 0
      _ = sched_setscheduler(0, schedIdle, &parameters)
    #endif
  }
}
