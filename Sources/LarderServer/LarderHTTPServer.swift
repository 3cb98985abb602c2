import Foundation
import Hummingbird
import HummingbirdCore
import LarderCore
import LarderStore
import Logging
import NIOCore

/// What `larder serve` runs: the JSON API, the web page and the admin reload, over one served
/// index and one user-state file.
public struct LarderHTTPServer: Sendable {
  /// Where to listen and what to serve.
  public struct Configuration: Sendable {
    /// The address to bind (127.0.0.1 unless told otherwise).
    public var host: String
    /// The port; 0 picks a free one (the chosen port is reported through `onListening`).
    public var port: Int
    /// Origins allowed by CORS (`*` allows any); empty: no CORS headers.
    public var allowedOrigins: [String]
    /// Host names accepted in `Host` besides IP literals, `localhost` and `host` (`*`: any).
    public var allowedHosts: [String]
    /// Timeouts and the connection cap.
    public var limits: ConnectionLimits

    /// Creates a configuration.
    public init(
      host: String = "127.0.0.1", port: Int = 8080, allowedOrigins: [String] = [],
      allowedHosts: [String] = [], limits: ConnectionLimits = ConnectionLimits()
    ) {
      self.limits = limits
      self.host = host
      self.port = port
      self.allowedOrigins = allowedOrigins
      self.allowedHosts = allowedHosts
    }
  }

  /// The index being served (swapped on reload).
  public let holder: IndexHolder
  /// The user-state store, if user routes are on.
  public let users: SharedUserStore
  /// Listening configuration.
  public let configuration: Configuration
  /// The logger for request lines.
  public let logger: Logger

  /// Creates a server.
  public init(
    holder: IndexHolder, users: SharedUserStore, configuration: Configuration, logger: Logger
  ) {
    self.holder = holder
    self.users = users
    self.configuration = configuration
    self.logger = logger
  }

  /// The router with every route and middleware.
  func makeRouter() -> Router<LarderRequestContext> {
    // HEAD answers wherever GET does, with GET's headers and no body.
    let router = Router(context: LarderRequestContext.self, options: .autoGenerateHeadEndpoints)
    var routes = RouteTable()
    for (method, path) in Self.apiRoutes + PageRoutes.paths.map({ ("GET", $0) }) {
      routes.add(method, path)
    }
    // Outermost first: log every request, turn every error into JSON, refuse foreign hosts
    // and origins and unknown tokens before anything runs, then add CORS headers to what is
    // allowed.
    router.add(middleware: RequestLogMiddleware())
    router.add(middleware: APIErrorMiddleware(routes: routes))
    router.add(
      middleware: HostCheckMiddleware(
        boundHost: configuration.host, allowedHosts: configuration.allowedHosts))
    router.add(middleware: OriginCheckMiddleware(allowed: configuration.allowedOrigins))
    router.add(middleware: TokenMiddleware(users: users))
    if !configuration.allowedOrigins.isEmpty {
      let origin: CORSMiddleware<LarderRequestContext>.AllowOriginExtended =
        configuration.allowedOrigins == ["*"] ? .all : .originBased
      router.add(
        middleware: CORSMiddleware(
          allowOrigin: origin, allowHeaders: [.contentType, .authorization],
          allowMethods: [.get, .post, .patch, .delete, .options], maxAge: .seconds(600)))
    }
    PageRoutes(holder: holder).register(on: router)
    EngineRoutes(holder: holder, users: users).register(on: router)
    UserRoutes(holder: holder, users: users).register(on: router)
    AdminRoutes(holder: holder).register(on: router)
    return router
  }

  /// Every API route's method and path pattern (for 405 answers and the docs).
  static let apiRoutes: [(String, String)] = [
    ("GET", "/v1/suggest"), ("GET", "/v1/recipes"), ("GET", "/v1/search"),
    ("GET", "/v1/recipes/:id"),
    ("GET", "/v1/categories"), ("GET", "/v1/areas"), ("GET", "/v1/categories/:name/recipes"),
    ("GET", "/v1/areas/:name/recipes"), ("GET", "/v1/random"), ("POST", "/v1/pantry/match"),
    ("GET", "/v1/me"),
    ("GET", "/v1/me/favorites"), ("POST", "/v1/me/favorites"),
    ("DELETE", "/v1/me/favorites/:recipeId"),
    ("GET", "/v1/me/grocery"), ("POST", "/v1/me/grocery"), ("PATCH", "/v1/me/grocery"),
    ("DELETE", "/v1/me/grocery"), ("DELETE", "/v1/me/grocery/:itemId"), ("GET", "/v1/me/pantry"),
    ("POST", "/v1/me/pantry"), ("DELETE", "/v1/me/pantry/:name"), ("POST", "/v1/me/pantry/at-home"),
    ("GET", "/v1/me/points"), ("POST", "/v1/admin/reload"),
  ]

  /// Builds the application; `onListening` gets the bound port once the server accepts connections.
  public func makeApplication(onListening: @escaping @Sendable (Int) async -> Void = { _ in })
    -> some ApplicationProtocol
  {
    let limits = configuration.limits
    return Application(
      router: makeRouter(),
      server: HTTPServerBuilder { responder in
        LarderHTTPChannel(responder: responder, limits: limits)
      },
      configuration: .init(
        address: .hostname(configuration.host, port: configuration.port), serverName: "Larder",
        availableConnectionsDelegate: MaximumAvailableConnections(
          limits.maximumConnections, logger: logger)),
      onServerRunning: { channel in await onListening(channel.localAddress?.port ?? 0) },
      logger: logger)
  }

  /// Runs until SIGINT or SIGTERM, finishing requests in flight (graceful shutdown).
  public func run(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
    try await makeApplication(onListening: onListening).runService()
  }
}
