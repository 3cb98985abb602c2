import LarderCore

/// Thrown by ``withDeadline(_:_:)`` when the time ran out.
struct DeadlineExceeded: Error {}

/// `body`'s result, or ``DeadlineExceeded`` once `limit` has passed, whichever comes first.
///
/// `body` runs in a task of its own that is cancelled at the deadline but not waited for: a
/// postgres-nio call queued behind a pool that is backing off does not end when cancelled, and
/// the caller (a request, a readiness check) must get its answer on time all the same.
/// Cancelling the calling task cancels `body` and throws `CancellationError` at once.
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
/// resumes the caller, exactly once, and cancels the other tasks.
private final class DeadlineRace<T: Sendable>: Sendable {
  private struct State {
    var continuation: CheckedContinuation<T, any Error>?
    var tasks: [Task<Void, Never>] = []
    var outcome: Result<T, any Error>?
  }
  private let state = Locked(State())

  /// Starts the work and the timer; resumes `continuation` at once if the race is already over
  /// (the caller was cancelled first).
  func start(
    _ continuation: CheckedContinuation<T, any Error>, limit: Duration,
    body: @escaping @Sendable () async throws -> T
  ) {
    let work = Task {
      do { finish(.success(try await body())) } catch { finish(.failure(error)) }
    }
    let timer = Task {
      try? await Task.sleep(for: limit)
      finish(.failure(DeadlineExceeded()))
    }
    let decided: Result<T, any Error>? = state.withLock { state in
      state.tasks = [work, timer]
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
    let (continuation, tasks) = state.withLock { state in
      guard state.outcome == nil else {
        return (CheckedContinuation<T, any Error>?.none, [Task<Void, Never>]())
      }
      state.outcome = outcome
      defer { state.continuation = nil }
      return (state.continuation, state.tasks)
    }
    continuation?.resume(with: outcome)
    for task in tasks { task.cancel() }
  }
}
