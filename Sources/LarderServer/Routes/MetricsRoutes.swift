import Hummingbird
import LarderStore
import NIOCore

/// `GET /metrics`: the server's metrics in Prometheus's text format (version 0.0.4), for a
/// Prometheus server to scrape. Open like `/healthz`: it names routes and counts, no profile's
/// data; an operator who wants it private scrapes the replicas directly and keeps `/metrics`
/// off the public balancer.
struct MetricsRoutes {
  let holder: IndexHolder
  let users: any UserStateStore
  let follower: ChangeLogFollower?
  let metrics: ServerMetrics

  /// The metrics route, for the server's route table.
  var routes: [APIRoute] {
    [
      APIRoute(
        .get, "/metrics",
        .open { _, _ in
          let text = metrics.exposition(
            index: holder.index, users: users, changeLog: follower?.status)
          return Response(
            status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: text)))
        })
    ]
  }
}
