import Foundation
import LarderCore
import NIOPosix

#if canImport(Glibc)
  import Glibc
#endif

/// Runs long blocking work beside requests (opening and loading an index for a reload, warming
/// its answers, letting go of the index it replaced) on long-lived threads of its own, under
/// Linux's `SCHED_IDLE` policy, while other threads serve requests.
///
/// Why `SCHED_IDLE` and not a higher nice value: Linux's scheduler (EEVDF since 6.6) lets a
/// running thread finish its time slice before a thread that wakes up may preempt it, whatever
/// their nice values, so a keystroke whose thread wakes while a reload loads on the same core
/// waits for the next scheduler tick (4 ms at `HZ=250`). Measured on this project's benchmark
/// (`Benchmarks/http/run-blocking.sh`, BENCHMARKS.md): a loader thread at nice +10 left the
/// suggest p99 during back-to-back reloads at 3.5 ms, as at nice 0. A `SCHED_IDLE` thread is
/// preempted by a request thread that wakes, and gets a core only when it would otherwise
/// idle; on a saturated machine it still progresses slowly (weight 3 against 1,024), so a
/// reload there takes longer instead of stalling requests. Elsewhere than Linux the threads
/// run at the default policy.
///
/// Why long-lived threads and not one per piece of work: a thread the kernel has just created
/// is placed at the run queue's average virtual time, so it is owed a share at once, and it
/// runs at the default policy until it sets its own. Measured with `perf sched` during
/// back-to-back reloads (BENCHMARKS.md): of the keystroke wakeups that waited 0.3 ms or more
/// for a core a reload thread held, 19 of 21 met a thread less than 50 ms old (new threads
/// took about half of the wakeups), 2 of 709 an older one. These threads start once per process
/// and only ever run work that yields, so the policy never reaches a thread that serves
/// requests.
public enum YieldingThread {
  /// The thread ``run(_:)`` runs work on: one, so two reloads' loads never share the cores
  /// between them as well as with requests.
  private static let threads = StorageThreads(count: 1, name: "larder-yielding", policy: .yielding)
  /// The thread work that a yielding thread waits for runs on (``startBeside(_:)``): not
  /// ``threads``, where that waiting thread is.
  private static let besideThreads = StorageThreads(
    count: 1, name: "larder-yielding", policy: .yielding)
  /// Replaced objects waiting to be let go of (``release(_:patience:)``).
  private static let releases = ReleaseQueue()

  /// Runs `work` on a long-lived thread that yields to every other thread, and returns what
  /// it returns. Work queues behind work already running there.
  /// - Throws: whatever `work` throws; `CancellationError` when the calling task is cancelled
  ///   before the thread took the work (then it never runs).
  public static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T
  {
    try await threads.run {
      runsWork.currentValue = RunThread.marker
      return try work()
    }
  }

  /// Whether the calling thread is the one ``run(_:)`` runs work on.
  static var isCallingThreadRunningWork: Bool { runsWork.currentValue != nil }

  /// Set on ``threads``' thread (what ``isCallingThreadRunningWork`` reads).
  private static let runsWork = ThreadSpecificVariable<RunThread>()

  private final class RunThread: Sendable {
    static let marker = RunThread()
  }

  /// Starts `work` on another long-lived yielding thread and returns at once: for work that
  /// ``run(_:)``'s work starts beside itself and waits for (a ``BackgroundJob`` started there).
  /// Work started here that starts more work beside itself gets new threads (see
  /// ``BackgroundJob``), so it never waits for its own thread.
  static func startBeside(_ work: @escaping @Sendable () -> Void) {
    besideThreads.start(work)
  }

  /// Lets go of `object` on a long-lived thread that yields to requests, once nothing else
  /// holds it (checked every 2 ms, for at most `patience`; then it lets go anyway): so the last
  /// release of something large (a replaced index: its snapshot's arrays, its connections)
  /// and the deinitialisers it runs happen there, not on the request thread that happened to
  /// finish last with it.
  public static func release<Object: AnyObject & Sendable>(
    _ object: Object, patience: Duration = .seconds(30)
  ) {
    releases.add(object, patience: patience)
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

/// The objects ``YieldingThread/release(_:patience:)`` lets go of, and the one thread that
/// polls them: it runs while any is waiting and is parked (not polling) while none is.
private final class ReleaseQueue: Sendable {
  private struct Waiting {
    var object: (any AnyObject & Sendable)?
    let deadline: ContinuousClock.Instant
  }

  private struct State {
    var waiting: [Waiting] = []
    /// Whether the thread is polling (it stops when nothing waits, and ``add`` restarts it).
    var polling = false
  }

  private let state = Locked(State())
  private let thread = StorageThreads(count: 1, name: "larder-release", policy: .yielding)

  func add(_ object: any AnyObject & Sendable, patience: Duration) {
    let waiting = Waiting(object: object, deadline: .now + patience)
    let start = state.withLock { state -> Bool in
      state.waiting.append(waiting)
      defer { state.polling = true }
      return !state.polling
    }
    if start { thread.start { self.poll() } }
  }

  private func poll() {
    while true {
      // Taken out under the lock (each the only reference left, or past its patience) and
      // dropped at the end of this iteration, outside it: deinitialisers take a while.
      let (free, more) = state.withLock { state -> ([any AnyObject & Sendable], Bool) in
        let now = ContinuousClock.now
        var free: [any AnyObject & Sendable] = []
        var index = 0
        while index < state.waiting.count {
          if isKnownUniquelyReferenced(&state.waiting[index].object)
            || now >= state.waiting[index].deadline
          {
            if let object = state.waiting.remove(at: index).object { free.append(object) }
          } else {
            index += 1
          }
        }
        state.polling = !state.waiting.isEmpty
        return (free, state.polling)
      }
      _ = free
      guard more else { return }
      Thread.sleep(forTimeInterval: 0.002)
    }
  }
}
