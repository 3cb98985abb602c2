import ArgumentParser
import Dispatch
import Foundation
import LarderCore
import LarderServer
import LarderStore
import Logging

/// `larder serve`: the HTTP JSON API and the web page.
struct ServeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve the JSON API and the web page over HTTP.",
    discussion: """
      With no --index it serves the embedded corpus in Data/, building its index on first start \
      into $XDG_CACHE_HOME/larder. User data (profiles, favorites, grocery list, pantry) lives \
      in $XDG_DATA_HOME/larder, apart from the index. On first start a profile named "default" \
      is created and its token printed. SIGHUP, or POST /v1/admin/reload with the token of an \
      admin profile (`larder profile create NAME --role admin`), swaps to the index file's new \
      contents; SIGINT/SIGTERM shut down gracefully (requests in flight finish). With --postgres \
      (or $LARDER_POSTGRES_URL) user data lives in PostgreSQL, shared by replicas, and recipe \
      writes go through PostgreSQL's change log, which every replica applies to its own index; \
      GET /readyz answers 503 while PostgreSQL cannot be reached or the index has not caught up \
      with the log, and user routes and recipe writes answer 503 meanwhile. \
      Requests whose Host header is not an IP address, localhost, the --host name or an --allow-host name are refused (DNS rebinding).
      """)

  @OptionGroup var index: IndexOptions
  @OptionGroup var userData: UserDataOptions

  @Option(help: "The address to listen on.") var host = "127.0.0.1"
  @Option(help: "The port to listen on (0: any free port).") var port = 8080
  @Option(
    name: .customLong("allow-origin"),
    help: "An origin allowed to call the API from a browser (repeatable; * for any).")
  var allowedOrigins: [String] = []
  @Option(
    name: .customLong("allow-host"),
    help: "A host name clients may use in the Host header (repeatable; * for any).")
  var allowedHosts: [String] = []
  @Option(help: "Seconds a connection may stay open with no request in progress (1-3600).")
  var idleTimeout = 30
  @Option(help: "Seconds a request's line and headers may take to arrive (1-3600).")
  var headerTimeout = 10
  @Option(help: "Seconds a request's body may take to arrive after its headers (1-3600).")
  var bodyTimeout = 30
  @Option(help: "Connections served at once; more wait until one closes (1-100000).")
  var maxConnections = 512
  @Option(
    name: .customLong("compact-after"),
    help: ArgumentHelp(
      "Compact in the background once the live segment holds this many written or deleted recipes (1-10000000; default: 10000 or a tenth of the index, whichever is larger).",
      valueName: "places"))
  var compactAfter: Int?
  @Option(
    help: ArgumentHelp(
      "recorded: count requests and their latency per route for GET /metrics; off: do not (the index and user-state figures stay).",
      valueName: "mode"))
  var requestMetrics = RequestMetrics.recorded
  @Option(
    help: ArgumentHelp(
      "The least severe log lines written to standard error: info (one line per request, with its id), notice, warning (requests answered 5xx, still with their id, and problems), error, critical; or debug, trace.",
      valueName: "level"),
    transform: LogLevelArgument.parse)
  var logLevel = Logger.Level.info
  @Option(
    help: ArgumentHelp(
      "pinned: one event loop per CPU the process may use, each pinned to its CPU (Linux; the default: a reload's background loading then cannot make request threads queue on one CPU); unpinned: the kernel places them (better when another busy process shares these CPUs).",
      valueName: "placement"))
  var eventLoops = EventLoopPlacement.pinned
  @Option(
    help: ArgumentHelp(
      "With --postgres: favorites saved and removed meanwhile are committed together, one transaction per group, each answered after its group's commit; at most this many groups commit at once (1-16).",
      valueName: "groups"))
  var postgresWriteBatches = PostgresUserStore.defaultWriteBatches
  @Option(
    help: ArgumentHelp(
      "yielding: the user-state file's reader and writer threads run under Linux's SCHED_IDLE, so a keystroke never waits behind a favorite's write and fsync (the default); standard: the default policy (better when requests keep every CPU busy, where yielding writes would wait long).",
      valueName: "policy"))
  var userStateThreads = StorageThreadPolicy.yielding

  func validate() throws {
    guard (0...65_535).contains(port) else {
      throw ValidationError("--port must be from 0 to 65535 (got \(port))")
    }
    for (name, seconds) in [
      ("--idle-timeout", idleTimeout), ("--header-timeout", headerTimeout),
      ("--body-timeout", bodyTimeout),
    ] where !(1...3600).contains(seconds) {
      throw ValidationError("\(name) must be from 1 to 3600 seconds (got \(seconds))")
    }
    guard (1...100_000).contains(maxConnections) else {
      throw ValidationError("--max-connections must be from 1 to 100000 (got \(maxConnections))")
    }
    if let compactAfter, !(1...10_000_000).contains(compactAfter) {
      throw ValidationError("--compact-after must be from 1 to 10000000 (got \(compactAfter))")
    }
    guard (1...PostgresUserStore.maximumConnections).contains(postgresWriteBatches) else {
      throw ValidationError(
        "--postgres-write-batches must be from 1 to \(PostgresUserStore.maximumConnections) (got \(postgresWriteBatches))"
      )
    }
  }

  func run() async throws {
    // The log's timestamps are local time through glibc's `localtime`, which stats
    // /etc/localtime on every call while TZ is unset (a path lookup per request line); naming
    // the same file in TZ makes it read once. Set only when the user set no TZ.
    setenv("TZ", ":/etc/localtime", 0)
    // Small frees join their neighbours at once, so letting go of a replaced index never
    // leaves 100,000 blocks for one later free to join in milliseconds.
    ServerAllocator.joinFreedBlocksAtOnce()
    let level = logLevel
    LoggingSystem.bootstrap { label in
      var handler = StreamLogHandler.standardError(label: label)
      handler.logLevel = level
      return handler
    }
    let indexURL = try index.resolve()
    let vocabulary = try Vocabulary.bundled()
    try await userData.withStore(
      connectTimeout: .seconds(60), callTimeout: PostgresUserStore.defaultCallTimeout,
      keptConnections: PostgresUserStore.serverConnections, writeBatches: postgresWriteBatches,
      threads: userStateThreads
    ) { users in
      // With PostgreSQL, recipe writes go through its change log, which every replica follows.
      // Straight into the holder, with no local of its own: a local lives as long as this
      // closure, which is the server's whole run, and would hold the first index (its
      // snapshot, arrays and connections) after a reload has replaced it.
      let holder = IndexHolder(
        try await ServedIndex(
          url: indexURL, vocabulary: vocabulary,
          staples: (try? StapleList.bundled().names) ?? [],
          automaticCompaction: compactAfter.map {
            AutomaticCompaction(minimumPlaces: $0, baseFraction: 0)
          }
            ?? .standard,
          changeLog: (users as? PostgresUserStore).map(PostgresChangeLog.init(store:))))
      let firstToken = try await users.createFirstProfile(name: "default")
      let host = self.host
      let server = LarderHTTPServer(
        holder: holder, users: users,
        configuration: .init(
          host: host, port: port, allowedOrigins: allowedOrigins, allowedHosts: allowedHosts,
          limits: ConnectionLimits(
            idleTimeout: .seconds(idleTimeout), headerTimeout: .seconds(headerTimeout),
            bodyTimeout: .seconds(bodyTimeout), maximumConnections: maxConnections),
          requestMetrics: requestMetrics, eventLoops: eventLoops),
        logger: Logger(label: "larder"))
      let hangup = DispatchSource.makeSignalSource(signal: SIGHUP, queue: .global())
      signal(SIGHUP, SIG_IGN)
      hangup.setEventHandler {
        Task {
          do {
            let served = holder.index
            let fresh = try await holder.reload()
            Console.note(
              fresh === served
                ? "Reload: \(fresh.url.path) holds nothing new; still serving it."
                : "Reloaded \(fresh.url.path): \(fresh.live.recipeCount) recipes.")
          } catch {
            Console.note("Reload failed; still serving the previous index: \(error)")
          }
        }
      }
      hangup.resume()
      // The count, not the index: a closure the server keeps would hold the first index (its
      // snapshot and threads) for the process's life, after a reload has replaced it.
      let recipeCount = holder.index.live.recipeCount
      Console.note("Index: \(indexURL.path) (\(recipeCount) recipes)")
      Console.note("User data: \(users.location)")
      try await server.run { boundPort in
        let url = "http://\(host.contains(":") ? "[\(host)]" : host):\(boundPort)/"
        Console.line("Larder is serving \(recipeCount) recipes at \(url)")
        if let firstToken {
          Console.line("Created profile \"default\"; open \(url)#token=\(firstToken)")
          Console.line("Its API token (keep it): \(firstToken)")
        } else {
          Console.line("Profiles: `larder profile list`; new token: `larder profile create NAME`.")
        }
      }
    }
  }
}

/// `--user-data PATH` and `--postgres URL`, shared by every command that touches user state.
struct UserDataOptions: ParsableArguments {
  @Option(
    name: .customLong("user-data"),
    help: ArgumentHelp(
      "The folder of the user-state file. Default: $XDG_DATA_HOME/larder (~/.local/share/larder).",
      valueName: "path"))
  var path: String?

  @Option(
    name: .customLong("postgres"),
    help: ArgumentHelp(
      "Keep user state in this PostgreSQL database instead of the SQLite file (postgres://USER:PASSWORD@HOST:PORT/DB; also $LARDER_POSTGRES_URL, which keeps a password out of the process list).",
      valueName: "url"))
  var postgres: String?

  var directory: URL { path.map { URL(fileURLWithPath: $0) } ?? XDGPaths.dataDirectory }

  /// `--postgres`, else `LARDER_POSTGRES_URL` (an empty value counts as unset).
  var postgresURL: String? {
    if let postgres { return postgres }
    let fromEnvironment = ProcessInfo.processInfo.environment["LARDER_POSTGRES_URL"]
    return fromEnvironment?.isEmpty == false ? fromEnvironment : nil
  }

  /// The PostgreSQL database the options name, or `nil` for the SQLite file.
  /// - Throws: ``CommandFailure`` for a URL Larder cannot use.
  func postgresLocation() throws -> PostgresLocation? {
    guard let url = postgresURL else { return nil }
    do { return try PostgresLocation(url) } catch let error as PostgresLocationError {
      throw CommandFailure("--postgres: \(error.description)")
    }
  }

  /// Runs `body` with the user-state store these options name: the SQLite file in
  /// ``directory``, or PostgreSQL, connected (waiting at most `connectTimeout`) and migrated before
  /// `body` runs and disconnected after it; one of its calls may take `callTimeout` (a one-shot
  /// command has nobody else waiting, so it waits longer than a server's call by default);
  /// PostgreSQL's pool keeps `keptConnections` connections open and commits at most
  /// `writeBatches` groups of favorite writes at once; the SQLite file's threads run under
  /// `threads`.
  func withStore<T>(
    connectTimeout: Duration = .seconds(10), callTimeout: Duration = .seconds(30),
    keptConnections: Int = 1, writeBatches: Int = PostgresUserStore.defaultWriteBatches,
    threads: StorageThreadPolicy = .standard,
    _ body: (any UserStateStore) async throws -> T
  ) async throws -> T {
    guard let location = try postgresLocation() else {
      return try await body(try SharedUserStore(directory: directory, threads: threads))
    }
    return try await PostgresUserStore.running(
      location, connectTimeout: connectTimeout, callTimeout: callTimeout,
      keptConnections: keptConnections, writeBatches: writeBatches, body)
  }
}

extension RequestMetrics: ExpressibleByArgument {}
extension StorageThreadPolicy: ExpressibleByArgument {}

/// `--log-level`: swift-log's level names (`info`, `warning`, ...). Parsed by a function rather
/// than a conformance of `Logger.Level` to `ExpressibleByArgument`, which would be retroactive
/// (neither type is ours).
enum LogLevelArgument {
  /// The level named by `text`, or a validation error listing the names.
  static func parse(_ text: String) throws -> Logger.Level {
    guard let level = Logger.Level(rawValue: text) else {
      let names = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
      throw ValidationError("'\(text)' is not a log level; use one of \(names).")
    }
    return level
  }
}

extension EventLoopPlacement: ExpressibleByArgument {}
