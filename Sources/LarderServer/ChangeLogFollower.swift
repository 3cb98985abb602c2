import Dispatch
import Foundation
import LarderCore
import LarderStore
import Logging

/// Keeps this replica's index caught up with the shared recipe change log
/// (`larder serve --postgres`): reads the changes after the index's position, in order, and
/// applies them (``ServedIndex/applyLogged(_:)``: each change and the new position commit
/// together, so none is applied twice or skipped). It reads when PostgreSQL notifies a new
/// change, after the listener (re)connects, and every ``pollInterval`` in case a notification
/// was missed; a failed read or apply is tried again at the next of those.
///
/// ``status`` says how far behind the log the index is; ``ReadinessRoutes`` reports the
/// replica ready only once it has caught up with the log as it was at start (an index file
/// older than the log is brought up to date before the load balancer sends traffic).
public final class ChangeLogFollower: Sendable {
  /// How often the log is read when no notification arrives.
  public static let pollInterval: Duration = .milliseconds(500)
  /// The most changes read at once.
  static let pageSize = 500

  private let holder: IndexHolder
  private let log: PostgresChangeLog
  private let logger: Logger
  private let wakeup = Wakeup()
  private let state = Locked(State())

  private struct State {
    /// The log's last change as last read.
    var head: Int64 = 0
    /// Whether the index has reached the head read at start.
    var caughtUp = false
    /// Why the last read or apply failed, until one succeeds.
    var problem: String?
  }

  /// A follower that keeps the index `holder` serves (the one after each reload) caught up.
  public init(holder: IndexHolder, log: PostgresChangeLog, logger: Logger) {
    self.holder = holder
    self.log = log
    self.logger = logger
  }

  /// How far the index is behind the log.
  public var status: ChangeLogStatus {
    let applied = holder.index.changeLogPosition
    return state.withLock { state in
      ChangeLogStatus(
        applied: applied, head: max(state.head, applied), caughtUp: state.caughtUp,
        problem: state.problem)
    }
  }

  /// Follows the log until the calling task is cancelled.
  public func run() async {
    await withTaskGroup(of: Void.self) { group in
      group.addTask { await self.log.listen { self.wakeup.signal() } }
      group.addTask {
        while !Task.isCancelled {
          await self.catchUp()
          await self.wakeup.wait(upTo: Self.pollInterval)
        }
      }
      await group.next()
      group.cancelAll()
    }
  }

  /// Reads the log's head, then applies every change up to it (in pages).
  func catchUp() async {
    do {
      let head = try await log.head()
      state.withLock { $0.head = max($0.head, head) }
      while true {
        let index = holder.index
        let page = try await log.changes(after: index.changeLogPosition, limit: Self.pageSize)
        if page.isEmpty { break }
        try await index.applyLogged(page)
        if page.count < Self.pageSize { break }
      }
      let applied = holder.index.changeLogPosition
      state.withLock { state in
        state.head = max(state.head, applied)
        if applied >= head { state.caughtUp = true }
        state.problem = nil
      }
    } catch {
      let said = "\(error)"
      let first = state.withLock { state -> Bool in
        defer { state.problem = said }
        return state.problem != said
      }
      if first { logger.warning("change log: \(said); trying again") }
    }
  }
}

/// How far a replica's index is behind the recipe change log.
public struct ChangeLogStatus: Sendable, Hashable, Encodable {
  /// The last change applied to the index.
  public var applied: Int64
  /// The last change in the log, as last read.
  public var head: Int64
  /// Whether the index has caught up with the log as it was when the replica started.
  public var caughtUp: Bool
  /// Why the last read or apply failed, until one succeeds.
  public var problem: String?

  /// Changes in the log not applied yet.
  public var lag: Int64 { head - applied }

  private enum CodingKeys: String, CodingKey { case applied, head, lag, caughtUp, problem }

  /// Encodes the fields and ``lag``.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(applied, forKey: .applied)
    try container.encode(head, forKey: .head)
    try container.encode(lag, forKey: .lag)
    try container.encode(caughtUp, forKey: .caughtUp)
    try container.encodeIfPresent(problem, forKey: .problem)
  }
}

/// A wake-up signal for one waiter: ``signal()`` ends the current ``wait(upTo:)`` at once,
/// or the next one when nobody waits. The timeout runs on Dispatch, so a wait ends on time
/// even while Swift concurrency's threads are busy.
final class Wakeup: Sendable {
  private struct State {
    var pending = false
    var waiter: (number: Int, continuation: CheckedContinuation<Void, Never>)?
    var waits = 0
  }

  private let state = Locked(State())

  /// Wakes the waiter (or the next one).
  func signal() {
    let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
      guard let waiter = state.waiter else {
        state.pending = true
        return nil
      }
      state.waiter = nil
      return waiter.continuation
    }
    waiter?.resume()
  }

  /// Returns at the next signal (at once if one came since the last wait) or after `limit`.
  func wait(upTo limit: Duration) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let number = state.withLock { state -> Int? in
        if state.pending {
          state.pending = false
          return nil
        }
        state.waits += 1
        state.waiter = (state.waits, continuation)
        return state.waits
      }
      guard let number else {
        continuation.resume()
        return
      }
      let nanoseconds =
        limit.components.seconds * 1_000_000_000 + limit.components.attoseconds / 1_000_000_000
      DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) {
        [self] in
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
          // Only this wait's continuation: a later wait's is not ours to end.
          guard let waiter = state.waiter, waiter.number == number else { return nil }
          state.waiter = nil
          return waiter.continuation
        }
        waiter?.resume()
      }
    }
  }
}
