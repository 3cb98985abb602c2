import Foundation
import LarderCore
import LarderServer
import LarderStore
import LarderTestSupport
import Logging
import ServiceLifecycle
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A real Larder server on a free loopback port, over an index of the embedded corpus built
/// into a temporary folder, with its own user-state file.
final class LiveServer: @unchecked Sendable {
  let baseURL: URL
  let holder: IndexHolder
  let users: SharedUserStore
  /// The store the server answers from: `users`, or the PostgreSQL store it was started with.
  let store: any UserStateStore
  let indexURL: URL
  let token: String
  private let group: ServiceGroup
  /// The token of `root`, a profile with the admin role.
  let adminToken: String
  /// The bound port.
  var port: Int { baseURL.port ?? 0 }

  /// Builds (once per process) the default corpus index and starts a server on it.
  /// `configure` adjusts the configuration (host and port stay 127.0.0.1 and a free port).
  /// With `userState` (a running PostgreSQL store, maybe shared by several servers) it
  /// answers from that store; its profiles get a unique suffix (`alice-1f2e3d`).
  static func start(
    allowedOrigins: [String] = [], userState: (any UserStateStore)? = nil,
    configure: (inout LarderHTTPServer.Configuration) -> Void = { _ in }
  ) async throws -> LiveServer {
    let directory = try Fixtures.temporaryDirectory()
    let indexURL = directory.appendingPathComponent("index.sqlite")
    try FileManager.default.copyItem(at: try SharedIndex.url(), to: indexURL)
    let served = try await ServedIndex(
      url: indexURL, vocabulary: try Vocabulary.bundled(), staples: ["water", "salt"])
    let holder = IndexHolder(served)
    let users = try SharedUserStore(directory: directory.appendingPathComponent("user"))
    let store: any UserStateStore = userState ?? users
    let suffix = userState == nil ? "" : "-\(UUID().uuidString.prefix(6))"
    let token = try await store.createProfile(name: "alice" + suffix, role: .user).token
    let adminToken = try await store.createProfile(name: "root" + suffix, role: .admin).token
    var logger = Logger(label: "test")
    logger.logLevel = .warning
    var configuration = LarderHTTPServer.Configuration(
      host: "127.0.0.1", port: 0, allowedOrigins: allowedOrigins)
    configure(&configuration)
    let server = LarderHTTPServer(
      holder: holder, users: store, configuration: configuration, logger: logger)
    let (ports, continuation) = AsyncStream<Int>.makeStream()
    // Stopped by a graceful shutdown (see `deinit`): cancelling the task instead makes
    // Hummingbird log a `CancellationError` from its accept loop.
    let group = ServiceGroup(
      services: [server.makeApplication(onListening: { continuation.yield($0) })], logger: logger)
    Task { try await group.run() }
    var port = 0
    for await bound in ports {
      port = bound
      break
    }
    return LiveServer(
      baseURL: URL(string: "http://127.0.0.1:\(port)")!, holder: holder, users: users,
      store: store, indexURL: indexURL, token: token, adminToken: adminToken, group: group)
  }

  private init(
    baseURL: URL, holder: IndexHolder, users: SharedUserStore, store: any UserStateStore,
    indexURL: URL, token: String,
    adminToken: String, group: ServiceGroup
  ) {
    self.baseURL = baseURL
    self.holder = holder
    self.users = users
    self.store = store
    self.indexURL = indexURL
    self.token = token
    self.adminToken = adminToken
    self.group = group
  }

  deinit { Task { [group] in await group.triggerGracefulShutdown() } }

  /// One HTTP exchange's outcome.
  struct Reply {
    let status: Int
    let headers: [String: String]
    let body: Data

    /// The body as a JSON object (empty when it is not one).
    var json: [String: Any] {
      (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
    }
    /// `error.code` of an error body.
    var errorCode: String? { (json["error"] as? [String: Any])?["code"] as? String }
  }

  /// Sends a request; `path` may carry a raw (already encoded) query string.
  func send(
    _ method: String, _ path: String, body: Data? = nil, token: String? = nil,
    headers: [String: String] = [:]
  ) async throws -> Reply {
    var request = URLRequest(url: URL(string: baseURL.absoluteString + path)!)
    request.httpMethod = method
    request.httpBody = body
    if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
    if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let (data, response) = try await URLSession.shared.data(for: request)
    let http = response as! HTTPURLResponse
    var fields: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
      fields[String(describing: name).lowercased()] = String(describing: value)
    }
    return Reply(status: http.statusCode, headers: fields, body: data)
  }

  /// Writes one recipe again, as it is, through another ``LiveIndex`` of the server's files (as
  /// `larder add` in another process would): the files then hold a write the served index does
  /// not, so a reload opens them again (one of unchanged files keeps the served index), and
  /// every answer stays the same.
  func writeBehindTheServer() throws {
    let other = try LiveIndex(url: indexURL, relations: holder.index.live.relations)
    let recipe = try #require(try other.read { try $0.recipe(RecipeID(0)) })
    try other.upsert([recipe])
  }

  /// A GET.
  func get(_ path: String, token: String? = nil, headers: [String: String] = [:]) async throws
    -> Reply
  {
    try await send("GET", path, token: token, headers: headers)
  }

  /// A request with a JSON body.
  func send(_ method: String, _ path: String, json: Any, token: String? = nil) async throws -> Reply
  {
    try await send(
      method, path, body: try JSONSerialization.data(withJSONObject: json), token: token)
  }
}

/// The default corpus index, built once per test process.
enum SharedIndex {
  private static let built: Result<URL, any Error> = Result {
    let url = try Fixtures.temporaryDirectory().appendingPathComponent("default.sqlite")
    let data = try DataDirectory.locate()
    _ = try IndexBuild(vocabulary: try Vocabulary.bundled(), policy: .strict)
      .run(paths: try DataDirectory.corpusFiles(in: data).map(\.path), destination: url)
    return url
  }

  static func url() throws -> URL { try built.get() }
}
