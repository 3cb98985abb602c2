import HTTPTypes
import Hummingbird

/// One route of the server: its method, path pattern and handler, and through the handler's
/// case who may call it. Each route file lists its routes as these; the router is built from
/// that one table (``LarderHTTPServer/routeTable``), the same table gives 405 answers their
/// `Allow` header, and a test compares it with `openapi.json`.
struct APIRoute: Sendable {
  /// Who may call a route, and so what its handler is given.
  enum Handler: Sendable {
    /// Anyone; a token, when sent, must still name a live profile (``TokenMiddleware``).
    case open(@Sendable (Request, LarderRequestContext) async throws -> Response)
    /// Only a request with a profile's token: the handler's ``ProfileContext`` carries the
    /// profile; without a token the group answers 401 before the handler runs.
    case profile(@Sendable (Request, ProfileContext) async throws -> Response)
    /// Only a request with an admin profile's token (``AdminContext``): 401 without a token,
    /// 403 for a profile that is not an admin.
    case admin(@Sendable (Request, AdminContext) async throws -> Response)
  }

  /// The HTTP method.
  let method: HTTPRequest.Method
  /// The path pattern, with `:name` for a path parameter (`{name}` in `openapi.json`).
  let path: String
  /// The handler, by who may call it.
  let handler: Handler

  init(_ method: HTTPRequest.Method, _ path: String, _ handler: Handler) {
    self.method = method
    self.path = path
    self.handler = handler
  }
}
