import Dispatch
import Foundation
import LarderCore
import LarderStore
import Logging

/// Keeps this replica's index caught up with the shared recipe change log
/// (`larder serve --postgres`): reads the changes after the index's position, in order, and
/// applies them (``ServedIndex/applyLogged(_:)``: consecutive changes in batches, each batch
/// and the new position in one SQLite transaction, so none is applied twice or skipped). It reads when PostgreSQL notifies a new
/// change, after the listener (re)connects, and every ``pollInterval`` in case a notification
/// was missed; a failed read is tried again at the next of those.
///
/// A change the index cannot apply (``LoggedChangeNotApplied``: written by a newer Larder,
/// damaged, or a full disk), or a log trimmed past the index's position
/// (``RecipeChangeLogTrimmed``), stops the follower there, as PostgreSQL's replay stops at a
/// record it cannot apply: nothing after it is applied, the replica goes on serving its index
/// as it is, ``status`` names the change and the error (``ChangeLogStatus/blocked``: `/readyz`
/// answers 503 with it, `/metrics` reports it), the log says what to do, and the change is
/// tried again after a backoff (``retryDelay(afterAttempts:)``, at most
/// ``maximumRetryDelay``; at once after a reload), so a corrected change or a freed disk is
/// picked up without a restart, and a replica restarted on a Larder that can apply the change
/// or on a newer index file goes on from where it stopped.
///
/// ``status`` says how far behind the log the index is; ``ReadinessRoutes`` reports the
/// replica ready only once it has caught up with the log as it was at start (an index file
/// older than the log is brought up to date before the load balancer sends traffic).
public final class ChangeLogFollower: Sendable {
  /// How often the log is read when no notification arrives.
  public static let pollInterval: Duration = .milliseconds(500)
  /// The longest wait between two tries of a change that could not be applied: about what
  /// a PostgreSQL standby waits before it asks again for WAL it could not get (5 s), times
  /// three, since a blocked change waits for an operator, not for a network.
  public static let maximumRetryDelay: Duration = .seconds(15)
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
    /// Why the last read of the log failed, until one succeeds.
    var problem: String?
    /// The change the follower is stopped at, until it is applied.
    var blocked: Blocked?
  }

  /// A change the follower is stopped at.
  private struct Blocked {
    var change: ChangeLogStatus.BlockedChange
    /// The index it failed on: a reload (a newer index file) is tried at once.
    var index: ObjectIdentifier
    /// When to try again.
    var retryAt: ContinuousClock.Instant
  }

  /// A follower that keeps the index `holder` serves (the one after each reload) caught up.
  public init(holder: IndexHolder, log: PostgresChangeLog, logger: Logger) {
    self.holder = holder
    self.log = log
    self.logger = logger
  }

  /// How long to wait before trying a blocked change again after `attempts` failed tries:
  /// 1 s, doubling, at most ``maximumRetryDelay``.
  public static func retryDelay(afterAttempts attempts: Int) -> Duration {
    let doublings = min(max(attempts - 1, 0), 16)
    return min(.seconds(1 << doublings), maximumRetryDelay)
  }

  /// How far the index is behind the log, and where it is stopped if it is.
  public var status: ChangeLogStatus {
    let applied = holder.index.changeLogPosition
    return state.withLock { state in
      ChangeLogStatus(
        applied: applied, head: max(state.head, applied), caughtUp: state.caughtUp,
        problem: state.problem, blocked: state.blocked?.change)
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

  /// Reads the log's head, then applies every change up to it (in pages); while stopped at a
  /// change, only reads the head until the change's next try is due.
  func catchUp() async {
    let index = holder.index
    let waiting = state.withLock { state -> Bool in
      guard let blocked = state.blocked else { return false }
      return blocked.index == ObjectIdentifier(index) && ContinuousClock.now < blocked.retryAt
    }
    do {
      let head = try await log.head()
      state.withLock { $0.head = max($0.head, head) }
      if waiting { return }
      while true {
        let index = holder.index
        let page = try await log.changes(after: index.changeLogPosition, limit: Self.pageSize)
        if page.isEmpty { break }
        try await index.applyLogged(page)
        if page.count < Self.pageSize { break }
      }
      let applied = holder.index.changeLogPosition
      let unblocked = state.withLock { state -> ChangeLogStatus.BlockedChange? in
        state.head = max(state.head, applied)
        if applied >= head { state.caughtUp = true }
        state.problem = nil
        defer { state.blocked = nil }
        return state.blocked?.change
      }
      if let unblocked {
        logger.notice(
          "change log: applied change \(unblocked.seq) after \(unblocked.attempts) failed tries; following the log again (applied through \(applied))"
        )
      }
    } catch let error as LoggedChangeNotApplied {
      block(at: error.seq, reason: error.reason, trimmed: false, index: index)
    } catch let error as RecipeChangeLogTrimmed {
      block(at: error.position + 1, reason: error.description, trimmed: true, index: index)
    } catch {
      let said = "\(error)"
      let first = state.withLock { state -> Bool in
        defer { state.problem = said }
        return state.problem != said
      }
      if first { logger.warning("change log: \(said); trying again") }
    }
  }

  /// Records that the follower is stopped at change `seq` and when it tries again; logs the
  /// first failure of a change (and a changed reason) with what an operator can do.
  private func block(at seq: Int64, reason: String, trimmed: Bool, index: ServedIndex) {
    let applied = index.changeLogPosition
    let (change, first) = state.withLock { state -> (ChangeLogStatus.BlockedChange, Bool) in
      var change = ChangeLogStatus.BlockedChange(
        seq: seq, error: reason, since: Date(), attempts: 1)
      let before = state.blocked?.change
      if let before, before.seq == seq {
        change.since = before.since
        change.attempts = before.attempts + 1
      }
      state.blocked = Blocked(
        change: change, index: ObjectIdentifier(index),
        retryAt: ContinuousClock.now + Self.retryDelay(afterAttempts: change.attempts))
      return (change, before?.seq != seq || before?.error != reason)
    }
    guard first else {
      logger.debug("change log: change \(seq) still cannot be applied (try \(change.attempts))")
      return
    }
    let action =
      trimmed
      ? "Seed this replica again from a newer compacted index file (see the error)."
      : "Run a Larder that can apply it (a newer binary), or, if the change is damaged, correct it in recipe_changes (psql: UPDATE recipe_changes SET change = ... WHERE seq = \(seq)); it is picked up without a restart."
    logger.error(
      "change log: stopped at change \(seq): \(reason). This replica keeps serving its index as of change \(applied) and answers /readyz 503 (out of rotation) until the change is applied; nothing after it is applied first. \(action) Trying again in \(Self.retryDelay(afterAttempts: 1)), backing off to \(Self.maximumRetryDelay)."
    )
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
  /// Why the last read of the log failed, until one succeeds.
  public var problem: String?
  /// The change the follower is stopped at (it cannot apply it, or the log no longer holds
  /// the changes after ``applied``), until it is applied.
  public var blocked: BlockedChange?

  /// A change the follower cannot apply, and since when.
  public struct BlockedChange: Sendable, Hashable, Encodable {
    /// Its sequence number (for a trimmed log, the first change the index lacks).
    public var seq: Int64
    /// Why it cannot be applied, in one line.
    public var error: String
    /// The first failed try.
    public var since: Date
    /// Failed tries so far.
    public var attempts: Int

    private enum CodingKeys: String, CodingKey { case seq, error, since, attempts }

    /// Encodes the fields, ``since`` in ISO 8601.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(seq, forKey: .seq)
      try container.encode(error, forKey: .error)
      try container.encode(since.formatted(.iso8601), forKey: .since)
      try container.encode(attempts, forKey: .attempts)
    }
  }

  /// Changes in the log not applied yet.
  public var lag: Int64 { head - applied }

  private enum CodingKeys: String, CodingKey {
    case applied, head, lag, caughtUp, problem, blocked
  }

  /// Encodes the fields and ``lag``.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(applied, forKey: .applied)
    try container.encode(head, forKey: .head)
    try container.encode(lag, forKey: .lag)
    try container.encode(caughtUp, forKey: .caughtUp)
    try container.encodeIfPresent(problem, forKey: .problem)
    try container.encodeIfPresent(blocked, forKey: .blocked)
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
