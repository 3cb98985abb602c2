import Foundation

/// Runs one piece of work on a thread of its own, so an index build can use the second core
/// (the snapshot, the sorted title suffixes) while SQLite works on the first; ``wait()``
/// returns the result.
final class BackgroundJob<Result>: @unchecked Sendable {
  // Safety: `result` is written once by the background thread before `done` is signalled and
  // read only after waiting on `done`.
  private var result: Result?
  private let done = DispatchSemaphore(value: 0)

  /// Starts `work` on a new thread.
  init(_ work: @escaping @Sendable () -> Result) {
    Thread.detachNewThread { [self] in
      result = work()
      done.signal()
    }
  }

  /// The result, once the work has finished.
  func wait() -> Result {
    done.wait()
    done.signal()  // later waits return at once
    return result!
  }
}
