import CoreMetrics
import Foundation
import HTTPTypes
import LarderCore
import LarderStore
import Prometheus

/// The server's metrics, exported at `GET /metrics` in Prometheus's text format: requests and
/// their latency per route, method and status (recorded through swift-metrics' facades into
/// swift-prometheus's registry), and, read at each scrape, the served index's recipes, file
/// size and generation, how many opened indexes the process holds, and the user-state store's state (reachable; with PostgreSQL, the
/// pool's size and the calls in flight, and the change log's position, lag, and the change
/// the follower is stopped at, if any).
///
/// Each server has its own registry (not the process-wide `MetricsSystem`), so tests run
/// several servers in one process. Request handles are cached per (route, method, status):
/// after a route's first request, recording is one dictionary lookup under a lock and two
/// atomic updates, no registry lookup.
final class ServerMetrics: Sendable {
  /// Histogram buckets for request latency: 100 µs to 10 s, the range from a suggest answer
  /// to a slow pantry match or reload.
  static let latencyBuckets: [Duration] = [
    .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1),
    .milliseconds(2.5), .milliseconds(5), .milliseconds(10), .milliseconds(25),
    .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
    .seconds(1), .seconds(2.5), .seconds(10),
  ]

  let registry = PrometheusCollectorRegistry()
  let factory: PrometheusMetricsFactory
  private let handles = Locked<[Key: Handles]>([:])
  private let indexRecipes: CoreMetrics.Gauge
  private let indexBytes: CoreMetrics.Gauge
  private let indexesHeld: CoreMetrics.Gauge
  private let userStateReachable: CoreMetrics.Gauge
  private let generation = Locked<(label: String, gauge: Prometheus.Gauge)?>(nil)

  struct Key: Hashable {
    var route: String
    var method: HTTPRequest.Method
    var status: Int
  }

  struct Handles: Sendable {
    var requests: CoreMetrics.Counter
    var latency: CoreMetrics.Timer
  }

  init() {
    var factory = PrometheusMetricsFactory(registry: registry)
    factory.defaultDurationHistogramBuckets = Self.latencyBuckets
    self.factory = factory
    indexRecipes = CoreMetrics.Gauge(label: "larder_index_recipes", factory: factory)
    indexBytes = CoreMetrics.Gauge(label: "larder_index_file_bytes", factory: factory)
    indexesHeld = CoreMetrics.Gauge(label: "larder_indexes_held", factory: factory)
    userStateReachable = CoreMetrics.Gauge(label: "larder_user_state_reachable", factory: factory)
  }

  /// Counts one answered request and its latency.
  func record(route: String, method: HTTPRequest.Method, status: Int, duration: Duration) {
    let key = Key(route: route, method: method, status: status)
    let found = handles.withLock { table -> Handles in
      if let existing = table[key] { return existing }
      let dimensions = [("route", route), ("method", method.rawValue), ("status", String(status))]
      let made = Handles(
        requests: CoreMetrics.Counter(
          label: "larder_http_requests_total", dimensions: dimensions, factory: factory),
        latency: CoreMetrics.Timer(
          label: "larder_http_request_duration_seconds", dimensions: dimensions,
          factory: factory))
      table[key] = made
      return made
    }
    found.requests.increment()
    found.latency.recordNanoseconds(
      duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000)
  }

  /// The text exposition, after reading the gauges.
  func exposition(index: ServedIndex, users: any UserStateStore, changeLog: ChangeLogStatus?)
    -> [UInt8]
  {
    indexRecipes.record(index.live.recipeCount)
    let size = try? FileManager.default.attributesOfItem(atPath: index.url.path)[.size] as? Int
    indexBytes.record(size ?? 0)
    indexesHeld.record(ServedIndex.held)
    userStateReachable.record(users.isReachable ? 1 : 0)
    generation.withLock { current in
      // The generation is an id, not a number: one series labelled with it, replaced on reload.
      guard current?.label != index.generation else { return }
      if let old = current { registry.unregisterGauge(old.gauge) }
      let gauge = registry.makeGauge(
        descriptor: MetricNameDescriptor(
          namespace: "larder", subsystem: "index", metricName: "generation", unitName: "info",
          helpText: "The served index file's generation (its build id), as a label"),
        labels: [("generation", index.generation)])
      gauge.set(to: 1)
      current = (index.generation, gauge)
    }
    var text = registry.emitToBuffer()
    if let pool = users.poolState {
      text += Array(
        """
        # TYPE larder_postgres_pool_max_connections gauge
        larder_postgres_pool_max_connections \(pool.maximumConnections)
        # TYPE larder_postgres_calls_in_flight gauge
        larder_postgres_calls_in_flight \(pool.callsInFlight)

        """.utf8)
    }
    if let changeLog {
      text += Array(
        """
        # TYPE larder_change_log_applied gauge
        larder_change_log_applied \(changeLog.applied)
        # TYPE larder_change_log_head gauge
        larder_change_log_head \(changeLog.head)
        # TYPE larder_change_log_lag gauge
        larder_change_log_lag \(changeLog.lag)
        # HELP larder_change_log_blocked 1 while the follower is stopped at a change it cannot apply (see /readyz)
        # TYPE larder_change_log_blocked gauge
        larder_change_log_blocked \(changeLog.blocked == nil ? 0 : 1)
        # HELP larder_change_log_blocked_seq The change the follower is stopped at (0: none)
        # TYPE larder_change_log_blocked_seq gauge
        larder_change_log_blocked_seq \(changeLog.blocked?.seq ?? 0)
        # TYPE larder_change_log_blocked_attempts gauge
        larder_change_log_blocked_attempts \(changeLog.blocked?.attempts ?? 0)

        """.utf8)
    }
    return text
  }
}
