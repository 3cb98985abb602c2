/// Whether a replica counts its PostgreSQL server as reachable, from the outcomes of its
/// background checks and of its calls, as an operator expects of a readiness check: a lost
/// connection (refused, reset, the server shutting down) counts at once, a check that merely
/// failed (it timed out, the server was too busy) only after ``failuresBeforeUnreachable`` in a
/// row, and a slow check that succeeds is a success. One success makes it reachable again.
///
/// - Complexity: O(1) per outcome.
public struct PostgresReachability: Sendable, Equatable {
  /// What one check (or call) found.
  public enum Outcome: Sendable, Equatable {
    /// The server answered.
    case succeeded
    /// The server could not be talked to at all: the connection was refused, reset or closed,
    /// or the server said it is shutting down or starting up.
    case connectionLost
    /// No answer in time, or an error that does not prove the server is gone.
    case failed
  }

  /// Failed checks in a row after which the server counts as unreachable: with a check every
  /// 0.5 s that may wait 5 s, a server that stops answering is noticed within about 16 s,
  /// while a loaded machine's one slow answer changes nothing.
  public static let failuresBeforeUnreachable = 3

  /// Whether calls may go to the server.
  public private(set) var isReachable: Bool
  /// Failed checks since the last success.
  public private(set) var failuresInARow = 0
  /// Whether the server has ever been reachable (a first connection is not a recovery).
  private var hasBeenReachable: Bool

  /// A state that starts `reachable` or not (a store is unreachable until it first connects).
  public init(reachable: Bool) {
    isReachable = reachable
    hasBeenReachable = reachable
  }

  /// Records `outcome`; returns whether the server just became reachable again after an
  /// outage, not at its first connection (the moment to replace a connection pool that has
  /// been backing off).
  @discardableResult
  public mutating func record(_ outcome: Outcome) -> Bool {
    let wasReachable = isReachable
    let hadBeenReachable = hasBeenReachable
    switch outcome {
    case .succeeded:
      failuresInARow = 0
      isReachable = true
    case .connectionLost:
      failuresInARow = max(failuresInARow, Self.failuresBeforeUnreachable)
      isReachable = false
    case .failed:
      failuresInARow += 1
      if failuresInARow >= Self.failuresBeforeUnreachable { isReachable = false }
    }
    hasBeenReachable = hasBeenReachable || isReachable
    return isReachable && !wasReachable && hadBeenReachable
  }
}
