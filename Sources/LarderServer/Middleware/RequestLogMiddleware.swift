import Hummingbird
import Logging

/// One structured log line per request: method, path, status and duration in milliseconds.
struct RequestLogMiddleware: RouterMiddleware {
  typealias Context = LarderRequestContext

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws
    -> Response
  {
    let start = ContinuousClock.now
    let response = try await next(request, context)
    let elapsed = ContinuousClock.now - start
    let milliseconds =
      Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
    context.logger.info(
      "request",
      metadata: [
        "method": .string(request.method.rawValue), "path": .string(request.uri.path),
        "status": .stringConvertible(response.status.code),
        "ms": .string(String(format: "%.3f", milliseconds)),
      ])
    return response
  }
}
