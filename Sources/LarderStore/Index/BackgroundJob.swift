import Foundation

/// Runs one piece of work on a thread of its own, so an index build can use the second core
/// (the snapshot, the sorted title suffixes) while SQLite works on the first, or `larder add`
/// open its index while it reads its files; ``wait()`` returns the result.
public final class BackgroundJob<Result>: @unchecked Sendable {
  // Safety: `result` is written once by the background thread before `done` is signalled and
  // read only after waiting on `done`.
  private var result: Result?
  private let done = DispatchSemaphore(value: 0)

  /// Starts `work` on a new thread.
  public init(_ work: @escaping @Sendable () -> Result) {
    Thread.detachNewThread { [self] in
      result = work()
      done.signal()
    }
  }

  /// The result, once the work has finished.
  public func wait() -> Result {
    done.wait()
    done.signal()  // later waits return at once
    return result!
  }
}
