// The index every query benchmark shares: the shared synthetic corpus (BenchmarkCorpus) written
// to a temporary Larder JSONL file and indexed once per benchmark process with `IndexBuild` (no
// vocabulary: the synthetic names are canonical already), then opened both ways: the in-memory
// snapshot and a SQLite reader for the SQLite-only path. Query workloads are drawn from the same
// corpus with a fixed seed: keystroke prefixes of popular names, common/rare ingredient pairs
// and triples, category pages, and pantries of 5/10/20/50 items.
import Foundation
import LarderCore
import LarderStore
import LarderTooling

enum BenchmarkIndex {
  /// A temporary folder of this benchmark process.
  static let directory: URL = {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "larder-bench-\(ProcessInfo.processInfo.processIdentifier)")
    try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }()

  /// The shared corpus as a Larder JSONL file, written on first use.
  static let corpus: URL = {
    let corpus = directory.appendingPathComponent("corpus.jsonl")
    let encoder = RecipeJSONLineEncoder(format: .larderJSONL)
    var text = ""
    for recipe in BenchmarkCorpus.recipes { text += encoder.line(for: recipe) + "\n" }
    try! Data(text.utf8).write(to: corpus)
    return corpus
  }()

  /// The index file, built on first use.
  static let url: URL = {
    let index = directory.appendingPathComponent("index.sqlite")
    _ = try! IndexBuild(vocabulary: Vocabulary()).run(paths: [corpus.path], destination: index)
    return index
  }()

  /// The in-memory snapshot of the index.
  static let snapshot: Snapshot = try! IndexReader(url: url).loadSnapshot()

  /// Canonical names by popularity (most recipes first): ingredient id = rank.
  static var namesByPopularity: [String] {
    (0..<snapshot.ingredientCount).map { snapshot.ingredientName(IngredientID($0)) }
  }

  /// Where a name of a workload comes from: the head (`common`: rank < 50), the tail
  /// (`rare`: rank ≥ 500, in at least two recipes) of the popularity ranks.
  enum Popularity { case common, rare }

  /// A seeded workload: `count` lists of distinct names, one drawn per entry of `pattern`.
  static func ingredientLists(count: Int, pattern: [Popularity], seed: UInt64) -> [[String]] {
    var random = SplitMix64(seed: seed)
    let names = namesByPopularity
    let counts = snapshot.ingredientRecipeCounts
    let rareEnd = max(min(500, names.count - 1) + 1, counts.firstIndex { $0 < 2 } ?? names.count)
    return (0..<count).map { _ in
      var picked: [String] = []
      while picked.count < pattern.count {
        let range: Range<Int> =
          switch pattern[picked.count] {
          case .common: 0..<min(50, names.count)
          case .rare: min(500, names.count - 1)..<rareEnd
          }
        let name = names[range.lowerBound + Int(random.next() % UInt64(range.count))]
        if !picked.contains(name) { picked.append(name) }
      }
      return picked
    }
  }

  /// `count` pairs of names no recipe has together (drawn from the 2,000 most popular).
  static func zeroResultPairs(count: Int, seed: UInt64) -> [[String]] {
    var random = SplitMix64(seed: seed)
    let names = Array(namesByPopularity.prefix(2_000))
    let scratch = QueryScratch(for: snapshot)
    var pairs: [[String]] = []
    while pairs.count < count {
      let a = names[Int(random.next() % UInt64(names.count))]
      let b = names[Int(random.next() % UInt64(names.count))]
      if a != b && snapshot.exactAllOf([a, b], limit: 1, scratch: scratch).count == 0 {
        pairs.append([a, b])
      }
    }
    return pairs
  }

  /// Every prefix of `count` typed names drawn by recipe count, typed as `typing` says: the
  /// keystroke workloads of `larder baseline`.
  static func keystrokes(
    names count: Int, typing: KeystrokeWorkload.Typing = .asSpelled
  ) -> [String] {
    KeystrokeWorkload(
      snapshot: snapshot, count: count, choice: .byRecipeCount, typing: typing, seed: 42
    ).keystrokes
  }
}
