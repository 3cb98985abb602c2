import Hummingbird

/// With an explicit origin list, refuses cross-origin requests from other origins before they
/// run (CORS alone only hides the answer from the page; a write would still happen).
struct OriginCheckMiddleware: RouterMiddleware {
  typealias Context = LarderRequestContext
  let allowed: [String]

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws
    -> Response
  {
    if let origin = request.headers[.origin], !allowed.contains("*"), !allowed.contains(origin),
      let host = request.head.authority, !origin.hasSuffix("://" + host)
    {
      throw APIError(
        status: .forbidden, code: "origin_not_allowed",
        message: "Requests from \(origin) are not allowed.")
    }
    return try await next(request, context)
  }
}
