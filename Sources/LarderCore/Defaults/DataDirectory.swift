import Foundation

/// Locates Larder's `Data/` folder (corpus, vocabulary, staples).
///
/// Order: the `LARDER_DATA` environment variable when set; otherwise the nearest folder
/// containing `Data/vocabulary` walking up from this source file (works for `swift build`,
/// `swift test` and `swift run` from a checkout); otherwise walking up from the current
/// directory.
public enum DataDirectory {
  /// Why the folder or one of its files can't be found.
  public struct NotFound: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was looked for and where.
    public var message: String
    /// The message.
    public var description: String { message }
  }

  /// The `Data/` folder.
  public static func locate() throws(NotFound) -> URL {
    let environment = ProcessInfo.processInfo.environment
    if let path = environment["LARDER_DATA"], !path.isEmpty {
      let url = URL(fileURLWithPath: path, isDirectory: true)
      guard FileManager.default.fileExists(atPath: url.path) else {
        throw NotFound(message: "LARDER_DATA=\(path): no such folder")
      }
      return url
    }
    let sourceFile = URL(fileURLWithPath: #filePath)
    if let found = search(upFrom: sourceFile.deletingLastPathComponent()) { return found }
    let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    if let found = search(upFrom: current) { return found }
    throw NotFound(
      message: "can't find Larder's Data/vocabulary folder: set LARDER_DATA to the Data folder")
  }

  /// The nearest `Data` folder holding `vocabulary`, from `start` upwards.
  static func search(upFrom start: URL) -> URL? {
    var directory = start.standardizedFileURL
    while true {
      let candidate = directory.appendingPathComponent("Data", isDirectory: true)
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(
        atPath: candidate.appendingPathComponent("vocabulary").path, isDirectory: &isDirectory),
        isDirectory.boolValue
      {
        return candidate
      }
      let parent = directory.deletingLastPathComponent()
      if parent.path == directory.path { return nil }
      directory = parent
    }
  }

  /// The `*.tsv` files of `folder`, in file-name order.
  public static func vocabularyFiles(in folder: URL) throws(NotFound) -> [URL] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
      throw NotFound(message: "\(folder.path): can't read the vocabulary folder")
    }
    let files = names.filter { $0.hasSuffix(".tsv") }.sorted().map {
      folder.appendingPathComponent($0)
    }
    guard !files.isEmpty else {
      throw NotFound(message: "\(folder.path): no .tsv vocabulary files")
    }
    return files
  }
}

extension Vocabulary {
  /// The vocabulary in `Data/vocabulary/*.tsv` (or `folder` when given), files in name order.
  ///
  /// Throws ``DataDirectory/NotFound`` when the folder is missing or empty, and
  /// ``VocabularyError`` for a malformed file.
  public static func bundled(folder: URL? = nil) throws -> Vocabulary {
    let directory =
      try folder ?? DataDirectory.locate().appendingPathComponent("vocabulary", isDirectory: true)
    return try Vocabulary(files: DataDirectory.vocabularyFiles(in: directory))
  }
}

extension DataDirectory {
  /// The default corpus: `recipes/*.jsonl` of the data folder, in file-name order.
  public static func corpusFiles(in folder: URL) throws(NotFound) -> [URL] {
    let recipes = folder.appendingPathComponent("recipes", isDirectory: true)
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: recipes.path) else {
      throw NotFound(message: "\(recipes.path): can't read the default corpus folder")
    }
    let files = names.filter { $0.hasSuffix(".jsonl") }.sorted().map {
      recipes.appendingPathComponent($0)
    }
    guard !files.isEmpty else { throw NotFound(message: "\(recipes.path): no .jsonl corpus files") }
    return files
  }
}
