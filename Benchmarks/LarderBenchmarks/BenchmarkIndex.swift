// The index every query benchmark shares: the shared synthetic corpus (BenchmarkCorpus) written
// to a temporary Larder JSONL file and indexed once per benchmark process with `IndexBuild` (no
// vocabulary: the synthetic names are canonical already), then opened both ways: the in-memory
// snapshot and a SQLite reader for the SQLite-only path. Query workloads are drawn from the same
// corpus with a fixed seed: keystroke prefixes of popular names, common/rare ingredient pairs
// and triples, category pages, and pantries of 5/10/20/50 items.
import Foundation
import LarderCore
import LarderStore

enum BenchmarkIndex {
  /// The index file, built on first use.
  static let url: URL = {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "larder-bench-\(ProcessInfo.processInfo.processIdentifier)")
    try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let corpus = directory.appendingPathComponent("corpus.jsonl")
    let encoder = RecipeJSONLineEncoder(format: .larderJSONL)
    var text = ""
    for recipe in BenchmarkCorpus.recipes { text += encoder.line(for: recipe) + "\n" }
    try! Data(text.utf8).write(to: corpus)
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

  /// A seeded workload of ingredient lists: `count` lists of `size` names, drawn from the head
  /// (`common`: rank < 50) or the tail (`rare`: 500 ≤ rank).
  static func ingredientLists(count: Int, size: Int, popularity: Popularity, seed: UInt64)
    -> [[String]]
  {
    var random = SplitMix64(seed: seed)
    let names = namesByPopularity
    let range: Range<Int> =
      switch popularity {
      case .common: 0..<min(50, names.count)
      case .rare: min(500, names.count - 1)..<names.count
      case .mixed: 0..<min(2_000, names.count)
      }
    return (0..<count).map { _ in
      var picked: [String] = []
      while picked.count < size {
        let name = names[range.lowerBound + Int(random.next() % UInt64(range.count))]
        if !picked.contains(name) { picked.append(name) }
      }
      return picked
    }
  }

  /// Where a workload's names come from.
  enum Popularity { case common, rare, mixed }

  /// Every prefix (1–8 characters) of `count` popular names, in typing order.
  static func keystrokes(names count: Int) -> [String] {
    namesByPopularity.prefix(count).flatMap { name in
      (1...min(8, name.count)).map { String(name.prefix($0)) }
    }
  }
}
