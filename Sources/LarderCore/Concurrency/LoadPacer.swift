import Foundation

/// How a long load (a server's reload: decoding a snapshot, hashing the base's ids) gives its
/// core back: after ``work`` of computing it sleeps for ``pause``.
///
/// Why a sleep and not only a low priority: a reload's thread runs under `SCHED_IDLE`, which
/// yields only to threads of its own scheduling group (the server's autogroup). A thread of
/// another process (a client, a proxy) that wakes on the loader's core is weighed against the
/// server's *group*, not the idle thread, and waits out that group's slice, up to the 4 ms
/// tick (BENCHMARKS.md, issue 16). A loader that sleeps leaves the group with nothing to run on
/// that core, so a waiting thread of any process runs at once: it waits at most ``work``.
public struct LoadPacing: Sendable, Hashable {
  /// How long the load computes between two pauses.
  public var work: Duration
  /// How long each pause lasts (the kernel's timer slack, 50 µs for a normal thread, comes on
  /// top).
  public var pause: Duration

  /// Pacing with these lengths.
  public init(work: Duration, pause: Duration) {
    self.work = work
    self.pause = pause
  }

  /// A reload beside requests: 0.25 ms of work, then a 20 µs sleep. A keystroke whose request
  /// takes about 0.2 ms then waits at most about as long again behind a reload (the target:
  /// p99 within 2× idle), and the load runs about 75-80 % as fast as unpaced (the sleep, its
  /// timer slack and the wakeup).
  public static let besideRequests = LoadPacing(
    work: .microseconds(250), pause: .microseconds(20))
}

/// One thread's meter of a paced load (``LoadPacing``): the load's loops report their work to
/// it, and it sleeps once the work since the last pause reaches the budget.
///
/// One per thread and load (its counters are the thread's own; it is not `Sendable`). The
/// loops take it as an optional: `nil`, the default everywhere, runs at full speed for the CLI,
/// the first open of a server and library users, at the cost of one branch per step.
///
/// - Complexity: ``step()`` is a decrement; every ``stride`` steps, and at every
///   ``checkpoint()``, one read of the monotonic clock (tens of nanoseconds).
public final class LoadPacer {
  /// The lengths of work and pause.
  public let pacing: LoadPacing
  /// How many pauses this pacer made.
  public private(set) var pauses = 0
  /// Steps between two reads of the clock: a step is at most a few microseconds of work (a
  /// row read, a hash insert, a short scan), so 64 of them stay well within the budget.
  static let stride = 64
  private var countdown = LoadPacer.stride
  private let budget: UInt64
  private let pauseSeconds: Double
  /// When the work since the last pause began (monotonic nanoseconds).
  private var workStart: UInt64

  /// A pacer starting its first stretch of work now.
  public init(_ pacing: LoadPacing) {
    self.pacing = pacing
    budget = Self.nanoseconds(pacing.work)
    pauseSeconds = Double(Self.nanoseconds(pacing.pause)) / 1e9
    workStart = DispatchTime.now().uptimeNanoseconds
  }

  /// Reports a small unit of work (a row read, a hash insert, an element checked: at most a
  /// few microseconds); may pause.
  @inline(__always)
  public func step() {
    countdown -= 1
    if countdown <= 0 { checkpoint() }
  }

  /// Reports a larger unit of work (a chunk copied or summed, a table entry computed: tens of
  /// microseconds at most); pauses when the work since the last pause reached the budget.
  public func checkpoint() {
    countdown = Self.stride
    let now = DispatchTime.now().uptimeNanoseconds
    guard now &- workStart >= budget else { return }
    Thread.sleep(forTimeInterval: pauseSeconds)
    pauses += 1
    workStart = DispatchTime.now().uptimeNanoseconds
  }

  private static func nanoseconds(_ duration: Duration) -> UInt64 {
    let (seconds, attoseconds) = duration.components
    return UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
  }
}

extension LoadPacer {
  /// Bytes a paced copy or scan handles between two checkpoints: about 10-30 µs of memory
  /// work, page faults of a fresh buffer included. Unpaced, the same work runs in one piece.
  static let chunkBytes = 128 << 10

  /// How many bytes a copy or scan under `pacer` takes in one piece: all of them unpaced.
  static func piece(_ pacer: LoadPacer?) -> Int { pacer == nil ? .max : chunkBytes }

  /// Walks `0..<count` in consecutive ranges of about ``chunkBytes`` of `elementBytes`-byte
  /// elements (one range unpaced), with a checkpoint of `pacer` after each; stops at the first
  /// range `body` refuses. The one piecewise loop of the paced decode: the checksum, the bulk
  /// copies, the validation and the comparison with the replaced snapshot.
  /// - Returns: whether `body` accepted every range.
  static func inPieces(
    _ count: Int, elementBytes: Int, pacer: LoadPacer?, _ body: (Range<Int>) -> Bool
  ) -> Bool {
    let length = max(1, piece(pacer) / elementBytes)
    var first = 0
    while first < count {
      let end = first + min(length, count - first)
      guard body(first..<end) else { return false }
      first = end
      pacer?.checkpoint()
    }
    return true
  }
}
