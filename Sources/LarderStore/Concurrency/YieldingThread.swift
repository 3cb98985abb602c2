import Foundation
import LarderCore

#if canImport(Glibc)
  import Glibc
#endif

/// Runs one piece of long blocking work (opening and loading an index for a reload) on a
/// thread started for it alone, under Linux's `SCHED_IDLE` policy, while other threads serve
/// requests.
///
/// Why `SCHED_IDLE` and not a higher nice value: Linux's scheduler (EEVDF since 6.6) lets a
/// running thread finish its time slice before a thread that wakes up may preempt it, whatever
/// their nice values, so a keystroke whose thread wakes while a reload loads on the same core
/// waits for the next scheduler tick (4 ms at `HZ=250`). Measured on this project's benchmark
/// (`Benchmarks/http/run-blocking.sh`, BENCHMARKS.md): a loader thread at nice +10 left the
/// suggest p99 during back-to-back reloads at 3.5 ms, as at nice 0. A `SCHED_IDLE` thread is
/// mostly preempted at once by a thread that wakes, and on a saturated machine it still
/// progresses slowly (weight 3 against 1,024), so a reload there takes longer instead of
/// stalling requests. Not always: EEVDF picks among the threads it finds eligible, whatever
/// their policy, so a request thread that has run ahead of its share wakes ineligible and can
/// wait behind this one until the next tick. `perf sched` during back-to-back reloads
/// (BENCHMARKS.md) saw 1 in 50 to 70 event-loop wakeups onto a core a reload thread held wait
/// 0.3-4 ms, the reload thread switched out at the timer tick: one cause of the reloads' p99
/// stall. Long-lived threads instead of one per reload did not change it. The thread ends with
/// the work, so the policy never leaks to a thread that later serves requests. Elsewhere than
/// Linux the thread runs at the default policy.
public enum YieldingThread {
  /// Runs `work` on a new thread that yields to every other thread, and returns what it
  /// returns.
  /// - Throws: whatever `work` throws.
  public static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T
  {
    try await withCheckedThrowingContinuation { continuation in
      let thread = Thread {
        nameCallingThread("larder-yielding")
        yieldToOtherThreads()
        continuation.resume(with: Result { try work() })
      }
      thread.start()
    }
  }

  /// Lets go of `object` on a thread that yields to requests, once nothing else holds it
  /// (checked every 2 ms, for at most `patience`), and frees it there a part at a time
  /// (``PacedRelease``, with ``LoadPacing/besideRequests`` between parts): so the frees of
  /// something large (a replaced index: its snapshot's arrays, its titles, its connections)
  /// happen there, none of them for milliseconds at once, not on the request thread that
  /// happened to finish last with it.
  ///
  /// A request that still holds `object` when `patience` runs out keeps it: this thread then
  /// lets go of its own reference only, and that request's thread frees it, unpaced, when it
  /// finishes (its parts are in use until then; nothing else may free them).
  public static func release<Object: PacedReleasable & Sendable>(
    _ object: Object, patience: Duration = .seconds(30)
  ) {
    // The thread's only reference: a capture of `object` itself would be a second one for as
    // long as the closure lives. An array, so the check reaches the element in place and the
    // reference can be taken out.
    let held = Locked([object])
    let thread = Thread {
      nameCallingThread("larder-release")
      yieldToOtherThreads()
      let clock = ContinuousClock()
      let deadline = clock.now + patience
      var alone = false
      while true {
        alone = held.withLock { isKnownUniquelyReferenced(&$0[0]) }
        if alone || clock.now >= deadline { break }
        Thread.sleep(forTimeInterval: 0.002)
      }
      var release = PacedRelease(pacer: LoadPacer(.besideRequests))
      // Taken out under the lock; its parts are held, then the object itself is dropped
      // outside the lock (its deinitialisers now only let go of references to the parts).
      var taken = held.withLock { held -> [Object] in
        defer { held = [] }
        return held
      }
      if alone { taken[0].holdParts(in: &release) }
      taken = []
      release.release()
    }
    thread.start()
  }

  /// Names the calling thread for the kernel (its `comm`: what `top -H`, `ps -L` and `perf`
  /// show), so a reload's threads can be told apart there: Foundation's `Thread.name`, set
  /// before `start()`, never reached it (they showed their creator's name). Glibc's Swift
  /// module leaves out `pthread_setname_np` (declared only under `_GNU_SOURCE`), so this
  /// writes the thread's own `comm` file. Best effort; at most 15 bytes are kept.
  static func nameCallingThread(_ name: String) {
    #if os(Linux)
      guard let file = fopen("/proc/thread-self/comm", "w") else { return }
      fputs(name, file)
      fclose(file)
    #endif
  }

  /// Linux's `SCHED_IDLE` (`<sched.h>`, value 5 since Linux 2.6.23): Glibc's Swift module
  /// leaves it out because the header defines it only under `_GNU_SOURCE`.
  private static let idlePolicy: Int32 = 5

  /// Whether the calling thread runs under the yielding policy (for tests).
  public static var isCallingThreadYielding: Bool {
    #if os(Linux)
      return sched_getscheduler(0) == idlePolicy
    #else
      return false
    #endif
  }

  /// Puts the calling thread (only it: on Linux, pid 0 names the calling thread) under
  /// `SCHED_IDLE`. A failure leaves the default policy: the work then only runs at full
  /// priority, which is correct, just less kind to requests.
  static func yieldToOtherThreads() {
    #if os(Linux)
      var parameters = sched_param()
      parameters.sched_priority = 0
      _ = sched_setscheduler(0, idlePolicy, &parameters)
    #endif
  }
}
