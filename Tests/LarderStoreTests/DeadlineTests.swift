import Foundation
import LarderCore
import Testing

@testable import LarderStore

/// `withDeadline`, which bounds every PostgreSQL call (issue 18): the work's answer or error
/// when it ends first; `DeadlineExceeded` when the time runs out first, without waiting for
/// work that does not stop when cancelled; `CancellationError` when the caller is cancelled.
@Suite struct DeadlineTests {
  /// A limit no run of the suite reaches. The deadline's timer runs on a SwiftNIO event loop,
  /// not in Swift concurrency's pool, so while other tests of the same process block the
  /// pool's threads (a waited-for child process, a crash test), work that ends at once can
  /// still start only after a 30 s timer has fired: that raced once in a full run on 2 cores.
  static let far = Duration.seconds(24 * 3600)

  @Test func theWorksAnswerWhenItEndsFirst() async throws {
    for round in 0..<200 {
      let answer = try await withDeadline(Self.far) { round * 2 }
      #expect(answer == round * 2)
    }
  }

  @Test func aLimitBeyondWhatNanosecondsHoldIsNoTrap() async throws {
    let answer = try await withDeadline(.seconds(Int64.max)) { 7 }
    #expect(answer == 7)
  }

  @Test func theWorksErrorWhenItFailsFirst() async {
    struct Refused: Error, Equatable {}
    await #expect(throws: Refused.self) {
      try await withDeadline(Self.far) { () async throws -> Int in throw Refused() }
    }
  }

  @Test func deadlineExceededWithoutWaitingForWorkThatIgnoresCancellation() async {
    // The work waits for a gate that opens only after the caller has its answer: had
    // `withDeadline` waited for the work, it would never return.
    let gate = Gate()
    let sawCancellation = Locked(false)
    await #expect(throws: DeadlineExceeded.self) {
      try await withDeadline(.milliseconds(50)) { () async -> Int in
        await gate.wait()
        sawCancellation.withLock { $0 = Task.isCancelled }
        return 1
      }
    }
    gate.open()
    await gate.waitUntilPassed()
    #expect(sawCancellation.withLock { $0 }, "the work is cancelled at the deadline")
  }

  @Test func cancellingTheCallerThrowsCancellationError() async {
    let gate = Gate()
    let call = Task {
      try await withDeadline(Self.far) { () async -> Int in
        await gate.wait()
        return 1
      }
    }
    call.cancel()
    await #expect(throws: CancellationError.self) { try await call.value }
    gate.open()
    await gate.waitUntilPassed()
  }
}

/// A gate work waits at until the test opens it, ignoring cancellation.
private final class Gate: Sendable {
  private struct State {
    var open = false
    var waiting: [CheckedContinuation<Void, Never>] = []
    var passed = false
    var passedWaiters: [CheckedContinuation<Void, Never>] = []
  }
  private let state = Locked(State())

  func wait() async {
    await withCheckedContinuation { continuation in
      let now = state.withLock { state -> Bool in
        if state.open { return true }
        state.waiting.append(continuation)
        return false
      }
      if now { continuation.resume() }
    }
    let waiters = state.withLock { state in
      state.passed = true
      defer { state.passedWaiters = [] }
      return state.passedWaiters
    }
    for waiter in waiters { waiter.resume() }
  }

  func open() {
    let waiting = state.withLock { state in
      state.open = true
      defer { state.waiting = [] }
      return state.waiting
    }
    for continuation in waiting { continuation.resume() }
  }

  /// Returns once a waiter has passed the open gate.
  func waitUntilPassed() async {
    await withCheckedContinuation { continuation in
      let now = state.withLock { state -> Bool in
        if state.passed { return true }
        state.passedWaiters.append(continuation)
        return false
      }
      if now { continuation.resume() }
    }
  }
}
