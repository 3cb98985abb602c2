import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a command that may leave servers running behind it (`pg_ctl start`,
/// `scripts/cluster.sh up`): spawned with posix_spawn and waited for with waitpid, its standard
/// output and error each in a file. Foundation's `Process` missed such a command's exit (it
/// stayed a zombie and `waitUntilExit` never returned), and a pipe would be inherited by the
/// servers, so reading it to its end would wait for them to stop. The child gets standard
/// input, output and error only (every other descriptor is closed in it).
public enum SpawnedCommand {
  /// How a run ended and what it printed.
  public struct Outcome: Sendable {
    /// The exit status (or 128 + the signal that ended it).
    public var status: Int32
    /// Standard output.
    public var output: String
    /// Standard error.
    public var error: String
  }

  /// Runs `argv` (`argv[0]` an absolute path) with `environment` added to this process's.
  public static func run(_ argv: [String], environment: [String: String] = [:]) throws -> Outcome {
    let folder = NSTemporaryDirectory() + "larder-spawn-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let (outPath, errPath) = (folder + "/out", folder + "/err")
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    // Nothing else of the test process goes to the child: servers it leaves behind
    // (PostgreSQL, nginx, replicas) would otherwise hold other tests' sockets open, so a
    // connection another test's server closed never reached its end (EdgeErrorTests waited
    // for it in vain).
    closeFrom(3, &actions)
    var merged = ProcessInfo.processInfo.environment
    for (name, value) in environment { merged[name] = value }
    var cArguments = argv.map { strdup($0) } + [nil]
    var cEnvironment = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in cArguments { free(pointer) }
      for pointer in cEnvironment { free(pointer) }
    }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, argv[0], &actions, nil, &cArguments, &cEnvironment)
    guard spawned == 0 else {
      throw CocoaError(.executableLoad, userInfo: [NSFilePathErrorKey: argv[0]])
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1, errno == EINTR {}
    let signal = status & 0x7f
    return Outcome(
      status: signal == 0 ? (status >> 8) & 0xff : 128 + signal,
      output: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
      error: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
  }
  /// glibc's `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34; Swift's Glibc module does
  /// not declare it), looked up once.
  private static let addCloseFrom:
    (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
      guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
      return unsafeBitCast(
        symbol,
        to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)
          .self)
    }()

  /// Adds to `actions`: close every descriptor from `first` up in the child.
  private static func closeFrom(_ first: Int32, _ actions: inout posix_spawn_file_actions_t) {
    if let addCloseFrom { _ = addCloseFrom(&actions, first) }
  }

}
