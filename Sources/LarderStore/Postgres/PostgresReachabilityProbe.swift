import LarderCore
import Logging
import PostgresNIO

/// The reachability check of one ``PostgresUserStore``: `SELECT 1` on a connection of its own,
/// every `interval`, each check (connecting included) given at most `timeout`.
///
/// It runs on one of NIO's event loops, not on Swift concurrency's shared threads: a busy
/// process can hold those for seconds (a test suite's synchronous work, a burst of requests),
/// and the check must measure PostgreSQL, not our own scheduling. It uses a connection of its
/// own because the calls' pool queues requests behind its backoff while the server is away.
final class PostgresReachabilityProbe: Sendable {
  /// What the probe reports after each check: the outcome, and for a failure the error.
  typealias Report = @Sendable (PostgresReachability.Outcome, (any Error)?) -> Void

  private struct State {
    var connection: PostgresConnection?
    var repeated: RepeatedTask?
    var stopped = false
  }

  private let eventLoop: any EventLoop
  private let configuration: PostgresConnection.Configuration
  private let timeout: TimeAmount
  private let interval: TimeAmount
  private let logger: Logger
  private let report: Report
  private let state = Locked(State())

  /// A probe of the server `configuration` names; nothing connects before ``start()``.
  init(
    _ configuration: PostgresConnection.Configuration, interval: Duration, timeout: Duration,
    logger: Logger, report: @escaping Report
  ) {
    eventLoop = PostgresConnection.defaultEventLoopGroup.any()
    self.configuration = configuration
    self.interval = Self.timeAmount(interval)
    self.timeout = Self.timeAmount(timeout)
    self.logger = logger
    self.report = report
  }

  /// Starts checking: the first check at once, each next one `interval` after the last ended.
  func start() {
    let repeated = eventLoop.scheduleRepeatedAsyncTask(initialDelay: .zero, delay: interval) {
      _ in self.check()
    }
    let stopped = state.withLock { state in
      state.repeated = repeated
      return state.stopped
    }
    if stopped { repeated.cancel() }
  }

  /// Stops checking and closes the probe's connection.
  func stop() {
    let (repeated, connection) = state.withLock { state in
      state.stopped = true
      defer {
        state.repeated = nil
        state.connection = nil
      }
      return (state.repeated, state.connection)
    }
    repeated?.cancel()
    if let connection { Self.close(connection) }
  }

  /// One check; its future succeeds when the outcome has been reported.
  private func check() -> EventLoopFuture<Void> {
    let done = eventLoop.makePromise(of: Void.self)
    let finished = Locked(false)
    let timer = Locked<Scheduled<Void>?>(nil)
    // The first of the answer and the timeout decides; the other is ignored.
    let finish: @Sendable (Result<Void, any Error>) -> Void = { result in
      guard
        finished.withLock({ was in
          defer { was = true }
          return !was
        })
      else { return }
      timer.withLock { $0 }?.cancel()
      switch result {
      case .success:
        self.report(.succeeded, nil)
      case .failure(let error):
        // The next check starts from a new connection: a timed-out query may still hold it.
        let stale = self.state.withLock { state in
          defer { state.connection = nil }
          return state.connection
        }
        if let stale { Self.close(stale) }
        if !self.state.withLock({ $0.stopped }) {
          self.report(PostgresUserStore.outcome(of: error), error)
        }
      }
      done.succeed(())
    }
    timer.withLock {
      $0 = eventLoop.scheduleTask(in: timeout) { finish(.failure(DeadlineExceeded())) }
    }
    connected().flatMap { connection in
      connection.simpleQuery("SELECT 1").map { _ in () }
    }.whenComplete(finish)
    return done.futureResult
  }

  /// The probe's open connection, or a new one.
  private func connected() -> EventLoopFuture<PostgresConnection> {
    if let open = state.withLock({ $0.connection }), !open.isClosed {
      return eventLoop.makeSucceededFuture(open)
    }
    return PostgresConnection.connect(
      on: eventLoop, configuration: configuration, id: 0, logger: logger
    ).map { connection in
      let stopped = self.state.withLock { state in
        if !state.stopped { state.connection = connection }
        return state.stopped
      }
      if stopped { Self.close(connection) }
      return connection
    }
  }

  /// Closes `connection`, keeping it alive until it is closed (postgres-nio asserts that a
  /// connection is closed before it goes away).
  static func close(_ connection: PostgresConnection) {
    connection.close().whenComplete { _ in withExtendedLifetime(connection) {} }
  }

  /// `duration` in NIO's unit.
  static func timeAmount(_ duration: Duration) -> TimeAmount {
    .nanoseconds(
      duration.components.seconds * 1_000_000_000 + duration.components.attoseconds
        / 1_000_000_000)
  }
}
