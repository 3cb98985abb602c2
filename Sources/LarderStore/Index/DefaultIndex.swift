import Foundation
import LarderCore

/// The index of the embedded corpus in `Data/`, built on first use into the cache directory
/// and rebuilt when the corpus or vocabulary files change (their checksums are in the index).
public enum DefaultIndex {
  /// `$XDG_CACHE_HOME/larder/default-index.sqlite`.
  public static var location: URL {
    XDGPaths.cacheDirectory.appendingPathComponent("default-index.sqlite")
  }

  /// The default index, built or rebuilt first when needed.
  /// - Parameter note: told, in one line each, when a build starts and where it goes.
  public static func ensure(note: (String) -> Void = { _ in }) throws -> URL {
    let data = try DataDirectory.locate()
    let corpus = try DataDirectory.corpusFiles(in: data).map(\.path)
    let vocabularyChecksum = try DataDirectory.vocabularyFiles(
      in: data.appendingPathComponent("vocabulary")
    ).map { try FileChecksum.fnv1a64(path: $0.path).checksum }.joined(separator: ",")
    let url = location
    if isCurrent(url, sources: corpus, vocabularyChecksum: vocabularyChecksum) { return url }
    note("Building the default index from \(data.path) into \(url.path) ...")
    let summary = try IndexBuild(vocabulary: try Vocabulary.bundled(), policy: .strict)
      .run(paths: corpus, destination: url, metadata: ["vocabulary_checksum": vocabularyChecksum])
    note("Indexed \(summary.recipes) recipes in \(String(format: "%.2f", summary.seconds)) s.")
    return url
  }

  /// Whether `url` is an index of exactly these files with their current contents, built with
  /// the current vocabulary.
  static func isCurrent(_ url: URL, sources: [String], vocabularyChecksum: String) -> Bool {
    guard let reader = try? IndexReader(url: url), let info = try? reader.info(),
      (try? reader.metadata("vocabulary_checksum")) == vocabularyChecksum
    else { return false }
    guard info.sources.map(\.path) == sources else { return false }
    for (source, path) in zip(info.sources, sources) {
      guard let current = try? FileChecksum.fnv1a64(path: path), current.checksum == source.checksum
      else {
        return false
      }
    }
    return true
  }
}
