import HTTPTypes
import Hummingbird

/// Counts every answered request, with its latency, per route pattern (`/v1/recipes/{id}`,
/// never the raw path, so ids and typos cannot grow the series without bound; Hummingbird's
/// `NotFound` for paths no route has), method and status, into ``ServerMetrics``.
///
/// Outermost, so it sees the final status of every answer, errors included (the error
/// middleware inside it has made them responses). Cost on the request path: one clock read
/// at each end, one lookup under a lock and two atomic adds (measured in BENCHMARKS.md).
struct MetricsMiddleware: RouterMiddleware {
  typealias Context = LarderRequestContext
  let metrics: ServerMetrics

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let start = ContinuousClock.now
    let response = try await next(request, context)
    metrics.record(
      route: context.endpointPath ?? "unmatched", method: request.method,
      status: response.status.code, duration: ContinuousClock.now - start)
    return response
  }
}
