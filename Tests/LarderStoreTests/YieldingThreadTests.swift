import Foundation
import LarderCore
import Testing

@testable import LarderStore

/// ``YieldingThread`` runs a reload's long work where it yields to requests, and lets go of a
/// replaced index off the request threads once nothing else holds it.
@Suite struct YieldingThreadTests {
  struct Refusal: Error, Equatable {}

  /// Says when it is deinitialised, and on which thread; it has no parts of its own to free.
  final class Watched: Sendable, PacedReleasable {
    let gone: Locked<(done: Bool, onReleaseThread: Bool)>
    init(gone: Locked<(done: Bool, onReleaseThread: Bool)>) { self.gone = gone }
    func holdParts(in release: inout PacedRelease) {}
    deinit {
      // Only the release thread yields (Foundation's thread names are not reliable on Linux).
      let yielding = YieldingThread.isCallingThreadYielding
      gone.withLock { $0 = (true, yielding) }
    }
  }

  @Test func workRunsUnderTheYieldingPolicyAndReturnsOrThrows() async throws {
    let (value, yielding) = try await YieldingThread.run {
      (21 * 2, YieldingThread.isCallingThreadYielding)
    }
    #expect(value == 42)
    #if os(Linux)
      #expect(yielding, "the work's thread runs under SCHED_IDLE")
    #endif
    // The caller's thread (and so every request thread) keeps the default policy.
    #expect(!YieldingThread.isCallingThreadYielding)
    await #expect(throws: Refusal.self) {
      try await YieldingThread.run { () throws -> Int in throw Refusal() }
    }
  }

  @Test func theWorksThreadCarriesItsNameToTheKernel() async throws {
    #if os(Linux)
      // What `top -H`, `ps -L` and `perf` show (Foundation's `Thread.name` never got there).
      let comm = try await YieldingThread.run {
        try String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)
      }
      #expect(comm == "larder-yielding\n")
    #endif
  }

  @Test func aReleasedObjectGoesOnlyOnceNothingElseHoldsItAndOnTheReleaseThread() async throws {
    let gone = Locked((done: false, onReleaseThread: false))
    var borrowed: Watched? = Watched(gone: gone)
    // Patience far beyond the test's run: under a loaded full suite this task may resume long
    // after its 60 ms sleep, and a release thread that gave up waiting would let go early.
    YieldingThread.release(borrowed!, patience: .seconds(3_600))
    // A request still holds it: it must stay.
    try await Task.sleep(for: .milliseconds(60))
    #expect(!gone.withLock { $0.done })
    borrowed = nil
    // Now the release thread's reference is the only one: it lets go within a few polls.
    for _ in 0..<500 where !gone.withLock({ $0.done }) {
      try await Task.sleep(for: .milliseconds(10))
    }
    let (done, onReleaseThread) = gone.withLock { $0 }
    #expect(done)
    #if os(Linux)
      #expect(onReleaseThread, "deinitialised on the release thread, not on the last holder's")
    #endif
  }
}
