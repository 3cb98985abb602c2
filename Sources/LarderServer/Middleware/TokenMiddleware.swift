import Hummingbird
import LarderStore

/// Resolves the bearer token once per request, for every route: a request without a token goes
/// on without a profile; a token that names no live profile is a 401 wherever it is sent, so a
/// client with a stale token learns it at once instead of silently getting anonymous answers.
struct TokenMiddleware: RouterMiddleware {
  typealias Context = LarderRequestContext
  let users: SharedUserStore

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard request.headers[.authorization] != nil else { return try await next(request, context) }
    var context = context
    context.profile = try await Authentication.profile(request, users: users)
    return try await next(request, context)
  }
}
