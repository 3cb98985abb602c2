import Hummingbird
import LarderStore

/// Resolves the bearer token once per request, for every route: a request without a token goes
/// on without a profile; a token that names no live profile is a 401 wherever it is sent, so a
/// client with a stale token learns it at once instead of silently getting anonymous answers.
/// While the user-state store cannot be reached, the request goes on without a profile and
/// with the reason, which routes that need the profile answer with (503).
struct TokenMiddleware: RouterMiddleware {
  typealias Context = LarderRequestContext
  let users: any UserStateStore

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard request.headers[.authorization] != nil else { return try await next(request, context) }
    var context = context
    do {
      context.profile = try await Authentication.profile(request, users: users)
    } catch let unavailable as UserStateUnavailable {
      // PostgreSQL is away: engine routes still answer from the local index; routes that
      // need the profile answer 503 (ProfileContext).
      context.userStateUnavailable = unavailable
    }
    return try await next(request, context)
  }
}
