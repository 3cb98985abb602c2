import LarderCore
import NIOCore
import NIOPosix

/// Thrown by ``withDeadline(_:_:)`` when the time ran out.
struct DeadlineExceeded: Error {}

/// `body`'s result, or ``DeadlineExceeded`` once `limit` has passed, whichever comes first.
///
/// `body` runs in a task of its own that is cancelled at the deadline but not waited for: a
/// postgres-nio call queued behind a pool that is backing off does not end when cancelled, and
/// the caller (a request, a readiness check) must get its answer on time all the same.
/// Cancelling the calling task cancels `body` and throws `CancellationError` at once.
///
/// The timer is a task scheduled on one of SwiftNIO's event loops (the singleton group, whose
/// loops postgres-nio's connections use), cancelled when the work ends first: a timer `Task`
/// sleeping for the limit cost a task, a Dispatch timer armed and disarmed on Dispatch's
/// manager thread and a cancellation for every call, about a tenth of a replica's CPU per
/// user-state write (issue 18).
func withDeadline<T: Sendable>(
  _ limit: Duration, _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
  let race = DeadlineRace<T>()
  return try await withTaskCancellationHandler {
    try await withCheckedThrowingContinuation { continuation in
      race.start(continuation, limit: limit, body: body)
    }
  } onCancel: {
    race.finish(.failure(CancellationError()))
  }
}

/// One race of ``withDeadline(_:_:)``: the first of the work, the timer and a cancellation
/// resumes the caller, exactly once, and cancels the others.
private final class DeadlineRace<T: Sendable>: Sendable {
  private struct State {
    var continuation: CheckedContinuation<T, any Error>?
    var work: Task<Void, Never>?
    var timer: Scheduled<Void>?
    var outcome: Result<T, any Error>?
  }
  private let state = Locked(State())

  /// Starts the work and the timer; resumes `continuation` at once if the race is already over
  /// (the caller was cancelled first).
  func start(
    _ continuation: CheckedContinuation<T, any Error>, limit: Duration,
    body: @escaping @Sendable () async throws -> T
  ) {
    // `TimeAmount(_:)` clamps a limit beyond Int64 nanoseconds (292 years) instead of trapping.
    let timer = MultiThreadedEventLoopGroup.singleton.any().scheduleTask(in: TimeAmount(limit)) {
      [self] in
      finish(.failure(DeadlineExceeded()))
    }
    let work = Task {
      do { finish(.success(try await body())) } catch { finish(.failure(error)) }
    }
    let decided: Result<T, any Error>? = state.withLock { state in
      state.work = work
      state.timer = timer
      if let outcome = state.outcome { return outcome }
      state.continuation = continuation
      return nil
    }
    if let decided {
      continuation.resume(with: decided)
      work.cancel()
      timer.cancel()
    }
  }

  /// Ends the race with `outcome` unless it has ended already.
  func finish(_ outcome: Result<T, any Error>) {
    let ended: (CheckedContinuation<T, any Error>?, Task<Void, Never>?, Scheduled<Void>?)? =
      state.withLock { state in
        guard state.outcome == nil else { return nil }
        state.outcome = outcome
        defer { state.continuation = nil }
        return (state.continuation, state.work, state.timer)
      }
    guard let (continuation, work, timer) = ended else { return }
    continuation?.resume(with: outcome)
    // The work that finished needs no cancelling, nor a timer that fired.
    if case .success = outcome {
      timer?.cancel()
    } else {
      work?.cancel()
      timer?.cancel()
    }
  }
}
