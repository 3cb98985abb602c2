import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A real PostgreSQL 15 server for tests, from Debian's `postgresql-15` package: `initdb` into
/// a temporary folder, listening on 127.0.0.1 only, on a port of its own, with `trust`
/// authentication for the loopback (nothing else can reach it). Start and stop are bounded
/// (`pg_ctl -w -t 30`). As root, the server's commands run as the `postgres` user (PostgreSQL
/// refuses to run as root).
///
/// ``shared`` is one server per test process, started on first use and stopped when the
/// process exits; each test makes its own database (``createDatabase()``). A test that stops
/// and restarts PostgreSQL starts a server of its own with ``start()``.
public final class TestPostgres: Sendable {
  /// The folder of `initdb`, `pg_ctl` and `psql`.
  public static let binaries = URL(fileURLWithPath: "/usr/lib/postgresql/15/bin")

  /// Why PostgreSQL cannot run here, or `nil` when it can: the message a skipped test shows.
  public static let unavailableReason: String? = {
    let initdb = binaries.appendingPathComponent("initdb").path
    guard FileManager.default.isExecutableFile(atPath: initdb) else {
      return
        "PostgreSQL 15 is not installed (\(initdb) is missing): `apt-get install postgresql-15` (.ci/run does)"
    }
    if getuid() == 0, getpwnam("postgres") == nil {
      return "running as root and there is no `postgres` user to run PostgreSQL as"
    }
    return nil
  }()

  /// One server for the whole test process, or the reason it could not start.
  public static let shared: Result<TestPostgres, TestPostgresError> = {
    if let reason = unavailableReason { return .failure(TestPostgresError(reason)) }
    do {
      let server = try TestPostgres.start()
      atexit { if case .success(let server) = TestPostgres.shared { server.stop() } }
      return .success(server)
    } catch let error as TestPostgresError {
      return .failure(error)
    } catch {
      return .failure(TestPostgresError("\(error)"))
    }
  }()

  /// The TCP port on 127.0.0.1.
  public let port: Int
  /// The data directory (under a temporary folder).
  public let dataDirectory: URL
  private let folder: URL

  /// Creates a data directory and starts a server on a free port.
  /// - Throws: ``TestPostgresError`` with the command's output when a step fails.
  public static func start() throws -> TestPostgres {
    if let reason = unavailableReason { throw TestPostgresError(reason) }
    let folder = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("larder-pg-\(UUID().uuidString.prefix(8))")
    let data = folder.appendingPathComponent("data")
    try FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    if getuid() == 0 { try run("/bin/chown", ["postgres:postgres", folder.path]) }
    try run(
      binaries.appendingPathComponent("initdb").path,
      [
        "-D", data.path, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8",
        "--locale=C.UTF-8",
      ], asServer: true)
    let server = TestPostgres(port: try freePort(), dataDirectory: data, folder: folder)
    try server.startServer()
    try server.watchTestProcess()
    return server
  }

  /// Starts a watcher that stops this server once the test process is gone, however it ended.
  ///
  /// The shared server is stopped by an `atexit` handler, but a test process that ends without
  /// running its handlers (a crash, a signal, a runner that exits with `_exit`) left servers
  /// running after the suite. The watcher (`sh`, its output to /dev/null so that nothing waits
  /// on its pipes) polls the test process once a second and stops the server (`immediate`)
  /// when it has gone; a server stopped earlier makes that last `pg_ctl` fail quietly.
  func watchTestProcess() throws {
    let stop = [
      Self.binaries.appendingPathComponent("pg_ctl").path, "-D", dataDirectory.path, "-m",
      "immediate", "-w", "-t", "30", "stop",
    ]
    let asServer = getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--"] + stop : stop
    let quoted = asServer.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    let watcher = Process()
    watcher.executableURL = URL(fileURLWithPath: "/bin/sh")
    watcher.arguments = [
      "-c",
      "while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done; "
        + quoted.joined(separator: " "),
    ]
    watcher.standardInput = FileHandle.nullDevice
    watcher.standardOutput = FileHandle.nullDevice
    watcher.standardError = FileHandle.nullDevice
    try watcher.run()
  }

  private init(port: Int, dataDirectory: URL, folder: URL) {
    self.port = port
    self.dataDirectory = dataDirectory
    self.folder = folder
  }

  /// Starts (again) the server on its port; waits until it accepts connections (at most 30 s).
  public func startServer() throws {
    let options =
      "-c listen_addresses=127.0.0.1 -p \(port) -c unix_socket_directories=\(folder.path) -c fsync=off -c max_connections=200"
    try Self.run(
      Self.binaries.appendingPathComponent("pg_ctl").path,
      [
        "-D", dataDirectory.path, "-o", options, "-l", folder.appendingPathComponent("log").path,
        "-w", "-t", "30", "start",
      ], asServer: true)
  }

  /// Stops the server at once (`immediate`: like a crash, no checkpoint), at most 30 s.
  public func kill() {
    try? Self.run(
      Self.binaries.appendingPathComponent("pg_ctl").path,
      ["-D", dataDirectory.path, "-m", "immediate", "-w", "-t", "30", "stop"], asServer: true)
  }

  /// Stops the server (`fast`: open sessions are ended), at most 30 s.
  public func stop() {
    try? Self.run(
      Self.binaries.appendingPathComponent("pg_ctl").path,
      ["-D", dataDirectory.path, "-m", "fast", "-w", "-t", "30", "stop"], asServer: true)
  }

  /// Creates an empty database of its own and returns its URL.
  public func createDatabase() throws -> String {
    let name =
      "t_\(UUID().uuidString.prefix(12).lowercased().replacingOccurrences(of: "-", with: ""))"
    try Self.run(
      Self.binaries.appendingPathComponent("psql").path,
      [
        "-h", "127.0.0.1", "-p", "\(port)", "-U", "postgres", "-d", "postgres", "-v",
        "ON_ERROR_STOP=1", "-q", "-c", "CREATE DATABASE \(name)",
      ])
    return url(database: name)
  }

  /// Runs one SQL statement with `psql` on the database at `url` (as a test's operator
  /// would) and returns what it prints, unaligned and without headers (`psql -At`).
  /// - Throws: ``TestPostgresError`` with psql's output when the statement fails.
  public static func psql(_ sql: String, url: String) throws -> String {
    let outcome = try SpawnedCommand.run([
      binaries.appendingPathComponent("psql").path, "-d", url, "-v", "ON_ERROR_STOP=1", "-q",
      "-At", "-c", sql,
    ])
    guard outcome.status == 0 else {
      throw TestPostgresError("psql failed (status \(outcome.status)): \(outcome.error)")
    }
    return outcome.output.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The URL of `database` on this server.
  public func url(database: String) -> String {
    "postgres://postgres@127.0.0.1:\(port)/\(database)?sslmode=disable"
  }

  /// Runs a command (as `postgres` when `asServer` and root), throwing its output on failure.
  static func run(_ path: String, _ arguments: [String], asServer: Bool = false) throws {
    let argv =
      asServer && getuid() == 0
      ? ["/usr/sbin/runuser", "-u", "postgres", "--", path] + arguments : [path] + arguments
    let outcome = try SpawnedCommand.run(argv)
    guard outcome.status == 0 else {
      throw TestPostgresError(
        "\((path as NSString).lastPathComponent) failed (status \(outcome.status)): \(outcome.output)"
      )
    }
  }

  /// A TCP port free on 127.0.0.1 now (the kernel's pick for port 0).
  static func freePort() throws -> Int {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw TestPostgresError("socket() failed") }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
      }
    }
    guard bound else { throw TestPostgresError("bind() failed") }
    return Int(UInt16(bigEndian: address.sin_port))
  }
}

/// The same steps for async tests, each on a thread of its own: a test waiting for `initdb`,
/// `pg_ctl` or `psql` must not hold one of Swift concurrency's few shared threads, on which
/// every other test's servers and PostgreSQL clients run (holding them for seconds under a
/// loaded full suite made other tests' calls time out).
extension TestPostgres {
  /// ``shared``, first touched off the shared threads (its first use starts the server).
  public static func sharedServer() async -> Result<TestPostgres, TestPostgresError> {
    await offSharedThreads { Result<_, Never>.success(shared) }.get()
  }

  /// ``start()`` off the shared threads.
  public static func start() async throws -> TestPostgres {
    try await offSharedThreads { Result { try start() } }.get()
  }

  /// ``createDatabase()`` off the shared threads.
  public func createDatabase() async throws -> String {
    try await Self.offSharedThreads { Result { try self.createDatabase() } }.get()
  }

  /// ``startServer()`` off the shared threads.
  public func startServer() async throws {
    try await Self.offSharedThreads { Result { try self.startServer() } }.get()
  }

  /// ``psql(_:url:)`` off the shared threads.
  public static func psql(_ sql: String, url: String) async throws -> String {
    try await offSharedThreads { Result { try psql(sql, url: url) } }.get()
  }

  /// ``kill()`` off the shared threads.
  public func kill() async {
    await Self.offSharedThreads { Result<Void, Never>.success(self.kill()) }.get()
  }

  /// `body`'s result, computed on a new thread while the calling task waits.
  static func offSharedThreads<T: Sendable, Failure: Error>(
    _ body: @escaping @Sendable () -> Result<T, Failure>
  ) async -> Result<T, Failure> {
    await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: body()) }.start()
    }
  }
}

/// Why the test PostgreSQL server is not there.
public struct TestPostgresError: Error, Sendable, CustomStringConvertible {
  /// One line.
  public var description: String
  /// Creates the error.
  public init(_ description: String) { self.description = description }
}
