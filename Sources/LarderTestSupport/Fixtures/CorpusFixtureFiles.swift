import Foundation
import LarderCore

/// Writing corpus fixtures to temporary files and reading them back through ``CorpusFile``.
extension Fixtures {
  /// Writes `contents` to a new file `name` in a fresh temporary directory; returns its path.
  public static func file(named name: String, contents: String) throws -> String {
    try file(named: name, bytes: Array(contents.utf8))
  }

  /// Writes raw `bytes` to a new file `name` in a fresh temporary directory; returns its path.
  public static func file(named name: String, bytes: [UInt8]) throws -> String {
    let url = try temporaryDirectory().appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url.path
  }

  /// Every record of a corpus file, in order: recipes and per-record errors.
  public static func records(in path: String, format: CorpusFormat? = nil) throws -> [Result<
    SourceRecipe, CorpusError
  >] {
    var results: [Result<SourceRecipe, CorpusError>] = []
    try CorpusFile(path: path, format: format).forEachRecord { result in
      results.append(result)
      return .continue
    }
    return results
  }

  /// The recipes of a corpus file, dropping per-record errors.
  public static func recipes(in path: String, format: CorpusFormat? = nil) throws -> [SourceRecipe]
  {
    try records(in: path, format: format).compactMap { try? $0.get() }
  }

  /// The per-record errors of a corpus file.
  public static func recordErrors(in path: String, format: CorpusFormat? = nil) throws
    -> [CorpusError]
  {
    try records(in: path, format: format).compactMap {
      if case .failure(let error) = $0 { return error }
      return nil
    }
  }

  /// A gzip file decompressed (with the system `gzip`) into a temporary file; its path.
  public static func gunzip(_ url: URL) throws -> String {
    let output = try temporaryDirectory().appendingPathComponent(
      url.deletingPathExtension().lastPathComponent)
    guard FileManager.default.createFile(atPath: output.path, contents: nil) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: output.path])
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["gzip", "-dc", url.path]
    process.standardOutput = try FileHandle(forWritingTo: output)
    try process.run()
    process.waitUntilExit()
    return output.path
  }

  /// The benchmark harness's data folder (`../shared/peers/data`), or `nil` when absent.
  public static var sharedPeersData: URL? {
    guard let corpora = sharedCorpora else { return nil }
    let url = corpora.deletingLastPathComponent().appendingPathComponent("peers/data")
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
  }
}
