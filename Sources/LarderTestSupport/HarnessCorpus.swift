import Foundation
import LarderCore
import LarderTooling

/// The peer benchmark harness's corpus and query files (`../shared/peers`), for tests that
/// compare Larder's answers with the C reference's.
public enum HarnessCorpus {
  /// `../shared/peers` beside the repository (or `$LARDER_PEERS_DIR`, for worktrees), or `nil`
  /// when absent (tests then skip).
  public static var peersDirectory: URL? {
    let url =
      ProcessInfo.processInfo.environment["LARDER_PEERS_DIR"].map { URL(fileURLWithPath: $0) }
      ?? Fixtures.repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/peers")
    return FileManager.default.fileExists(atPath: url.appendingPathComponent("data").path)
      ? url : nil
  }

  /// Reads a file, gunzipping `.gz` through `/bin/gzip` (tests only).
  public static func text(of url: URL) throws -> String {
    if url.pathExtension == "gz" {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/gzip")
      process.arguments = ["-dc", url.path]
      let pipe = Pipe()
      process.standardOutput = pipe
      try process.run()
      let data = pipe.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return String(decoding: data, as: UTF8.self)
    }
    return try String(contentsOf: url, encoding: .utf8)
  }

  /// Parses harness corpus JSONL into recipes whose ingredient lines are the given names.
  public static func recipes(fromJSONL text: String) throws -> [Recipe] {
    try HarnessCorpusFormat.recipes(fromJSONL: text)
  }

  /// A snapshot of a harness corpus file (no relations) and its public ids.
  public static func snapshot(corpus url: URL) throws -> (snapshot: Snapshot, publicIDs: [String]) {
    try HarnessCorpusFormat.snapshot(fromJSONL: text(of: url))
  }

  /// The parsed queries of a harness query file.
  public static func queries(_ url: URL) throws -> [HarnessQuery] {
    try text(of: url).split(separator: "\n", omittingEmptySubsequences: true).map {
      try HarnessQuery(line: String($0))
    }
  }
}
