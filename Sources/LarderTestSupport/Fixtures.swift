import Foundation

/// Paths to test material: the shared corpora beside the repository and temporary folders.
public enum Fixtures {
  /// The repository root, found from this file's location.
  public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `../shared/corpora` beside the repository (or `$LARDER_CORPORA_DIR`, for worktrees), or
  /// `nil` when it is absent (tests then skip).
  public static var sharedCorpora: URL? {
    let url =
      ProcessInfo.processInfo.environment["LARDER_CORPORA_DIR"].map { URL(fileURLWithPath: $0) }
      ?? repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpora")
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
  }

  /// A fresh empty temporary directory, inside one folder per test process that is removed
  /// when the process exits (so test runs do not pile folders up in the system's temp).
  public static func temporaryDirectory() throws -> URL {
    let url = processFolder.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// The environment of a CLI run whose cache (the default index) and data (user state) live
  /// in `dir`, so a test never reads or writes the user's own XDG folders.
  public static func isolatedEnvironment(in dir: URL) -> [String: String] {
    [
      "XDG_CACHE_HOME": dir.appendingPathComponent("cache").path,
      "XDG_DATA_HOME": dir.appendingPathComponent("data").path,
    ]
  }

  /// This process's folder of temporary directories, removed at exit.
  static let processFolder: URL = {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("larder-test-\(UUID().uuidString)")
    atexit { try? FileManager.default.removeItem(at: Fixtures.processFolder) }
    return url
  }()
}
