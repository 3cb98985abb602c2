import Foundation

/// Paths to test material: the shared corpora beside the repository and temporary folders.
public enum Fixtures {
  /// The repository root, found from this file's location.
  public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `../shared/corpora` beside the repository, or `nil` when it is absent (tests then skip).
  public static var sharedCorpora: URL? {
    let url = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpora")
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
  }

  /// A fresh empty temporary directory.
  public static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("larder-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
