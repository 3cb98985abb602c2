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
    /// Whether requests are counted for `GET /metrics`.
    public var requestMetrics: RequestMetrics
    /// Where the event loops run (pinned one per CPU, or wherever the kernel places them).
    public var eventLoops: EventLoopPlacement

    /// Creates a configuration.
    public init(
      host: String = "127.0.0.1", port: Int = 8080, allowedOrigins: [String] = [],
      allowedHosts: [String] = [], limits: ConnectionLimits = ConnectionLimits(),
      requestMetrics: RequestMetrics = .recorded, eventLoops: EventLoopPlacement = .pinned
    ) {
      self.limits = limits
      self.requestMetrics = requestMetrics
      self.eventLoops = eventLoops
      self.host = host
      self.port = port
      self.allowedOrigins = allowedOrigins
      self.allowedHosts = allowedHosts
    }
  }

  /// The index being served (swapped on reload).
  public let holder: IndexHolder
  /// The user-state store: the SQLite file, or PostgreSQL shared by replicas.
  public let users: any UserStateStore
  /// Listening configuration.
  public let configuration: Configuration
  /// The logger for request lines.
  public let logger: Logger
  /// What `GET /metrics` reports.
  let metrics = ServerMetrics()
  /// Keeps the index caught up with the shared recipe change log, when the served index has
  /// one (`--postgres`); ``run(onListening:)`` runs it beside the HTTP server.
  public let follower: ChangeLogFollower?

  /// Creates a server.
  public init(
    holder: IndexHolder, users: any UserStateStore, configuration: Configuration, logger: Logger
  ) {
    self.holder = holder
    self.users = users
    self.configuration = configuration
    self.logger = logger
    follower = holder.index.changeLog.map {
      ChangeLogFollower(holder: holder, log: $0, logger: logger)
    }
  }

  /// Every route the server answers, from the route files: the one table the router is built
  /// from, that 405 answers read, and that the docs test compares with `openapi.json`.
  var routeTable: [APIRoute] {
    PageRoutes(holder: holder).routes + EngineRoutes(holder: holder, users: users).routes
      + UserRoutes(holder: holder, users: users).routes + AdminRoutes(holder: holder).routes
      + WriteRoutes(holder: holder).routes
      + ReadinessRoutes(holder: holder, users: users, follower: follower).routes
      + MetricsRoutes(holder: holder, users: users, follower: follower, metrics: metrics).routes
  }

  /// The router with every route and middleware.
  func makeRouter() -> Router<LarderRequestContext> {
    // HEAD answers wherever GET does, with GET's headers and no body.
    let router = Router(context: LarderRequestContext.self, options: .autoGenerateHeadEndpoints)
    let table = routeTable
    var routes = RouteTable()
    for route in table { routes.add(route.method.rawValue, route.path) }
    // Outermost first: count every answer and return its request id, log every request, turn
    // every error into JSON, refuse foreign hosts
    // and origins and unknown tokens before anything runs, then add CORS headers to what is
    // allowed.
    if configuration.requestMetrics == .recorded {
      router.add(middleware: MetricsMiddleware(metrics: metrics))
    }
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
    // Routes that need a profile, or an admin, are registered in groups whose context exists
    // only for such a request: the check is the group's, once, not a call in every handler.
    let profiles = router.group(context: ProfileContext.self)
    let admins = router.group(context: AdminContext.self)
    for route in table {
      let path = RouterPath(route.path)
      switch route.handler {
      case .open(let handler): router.on(path, method: route.method, use: handler)
      case .profile(let handler): profiles.on(path, method: route.method, use: handler)
      case .admin(let handler): admins.on(path, method: route.method, use: handler)
      }
    }
    return router
  }

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
      eventLoopGroupProvider: .shared(configuration.eventLoops.group),
      logger: logger)
  }

  /// Runs until SIGINT or SIGTERM, finishing requests in flight (graceful shutdown), with the
  /// change-log ``follower`` beside it when there is one.
  public func run(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
    guard let follower else {
      try await makeApplication(onListening: onListening).runService()
      return
    }
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { await follower.run() }
      try await makeApplication(onListening: onListening).runService()
      group.cancelAll()
    }
  }
}

/// Whether the server counts requests for `GET /metrics` (and returns `X-Request-Id`).
public enum RequestMetrics: String, Sendable, Hashable, CaseIterable {
  /// Counted (the default).
  case recorded
  /// Not counted: `/metrics` still reports the index and the user-state store. For measuring
  /// what counting costs, or where nothing scrapes.
  case off
}
