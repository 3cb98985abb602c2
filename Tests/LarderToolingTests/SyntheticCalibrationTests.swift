import Foundation
import LarderTestSupport
import Testing

@testable import LarderCore
@testable import LarderTooling

/// Compares the synthetic corpus with the real corpora and the peer harness's published
/// statistics in `../shared` (skipped when that folder is absent).
@Suite struct SyntheticCalibrationTests {
  static let seed: UInt64 = 42
  static let corpora = Fixtures.sharedCorpora
  static let peersData = Fixtures.sharedPeersData

  /// Share of recipes with each ingredient count 5...20 (index 0 = 5 ingredients).
  static func countDistribution(_ counts: [Int]) -> [Double] {
    let kept = counts.filter { (5...20).contains($0) }
    return (5...20).map { k in Double(kept.filter { $0 == k }.count) / Double(max(kept.count, 1)) }
  }

  @Test(.enabled(if: corpora != nil))
  func ingredientCountsResembleTheFlavorNetwork() throws {
    print("SyntheticCalibrationTests seed \(Self.seed)")
    let folder = try #require(Self.corpora).appendingPathComponent("flavor-network-ahn2011")
    var paths = try ["allr_recipes.txt.gz", "epic_recipes.txt.gz"].map {
      try Fixtures.gunzip(folder.appendingPathComponent($0))
    }
    paths.append(folder.appendingPathComponent("menu_recipes.txt").path)
    var realCounts: [Int] = []
    for path in paths {
      for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
        realCounts.append(Set(line.split(separator: "\t").dropFirst()).count)
      }
    }
    #expect(realCounts.count > 50_000)
    let synthetic = SyntheticCorpus(seed: Self.seed).recipes(count: 20_000).map(\.ingredients.count)
    let real = Self.countDistribution(realCounts)
    let generated = Self.countDistribution(Array(synthetic))
    let distance = zip(real, generated).reduce(0) { $0 + abs($1.0 - $1.1) } / 2
    print("ingredient-count total variation distance \(distance)")
    #expect(distance < 0.1)
    let realMean = zip(5...20, real).reduce(0) { $0 + Double($1.0) * $1.1 }
    let generatedMean = zip(5...20, generated).reduce(0) { $0 + Double($1.0) * $1.1 }
    #expect(abs(realMean - generatedMean) < 0.5)
  }

  @Test(.enabled(if: corpora != nil))
  func categorySkewResemblesTheMealDB() throws {
    print("SyntheticCalibrationTests seed \(Self.seed)")
    let table = try #require(Self.corpora).appendingPathComponent(
      "themealdb/derived_categories.tsv")
    var real: [String: Int] = [:]
    for line in try String(contentsOf: table, encoding: .utf8).split(separator: "\n").dropFirst() {
      let fields = line.split(separator: "\t")
      if fields.count == 2, let count = Int(fields[1]) { real[String(fields[0])] = count }
    }
    let total = Double(real.values.reduce(0, +))
    #expect(real.count == 14)
    let statistics = CorpusStatistics.measure(
      SyntheticCorpus(seed: Self.seed).recipes(count: 20_000))
    #expect(Set(statistics.categories.keys) == Set(real.keys))
    for (category, count) in real {
      let share = Double(count) / total
      #expect(
        abs(statistics.categoryShare(category) - share) < 0.04,
        "\(category): synthetic \(statistics.categoryShare(category)), TheMealDB \(share)")
    }
    let largest = statistics.categories.max { $0.value < $1.value }?.key
    #expect(largest == "Dessert")
    #expect(real.max { $0.value < $1.value }?.key == "Dessert")
  }

  @Test(.enabled(if: peersData != nil))
  func statisticsMatchTheHarnessGeneratorAtTenThousand() throws {
    print("SyntheticCalibrationTests seed \(Self.seed)")
    let url = try #require(Self.peersData).appendingPathComponent("stats-10k.json")
    let harness = try #require(
      JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    let ours = CorpusStatistics.measure(SyntheticCorpus(seed: Self.seed).recipes(count: 10_000))
    func close(_ value: Int, _ reference: Any?, within tolerance: Double) -> Bool {
      guard let reference = reference as? Int, reference > 0 else { return false }
      return abs(Double(value) - Double(reference)) / Double(reference) <= tolerance
    }
    #expect(close(ours.distinctIngredients, harness["distinct_ingredients"], within: 0.1))
    #expect(close(ours.postings, harness["postings"], within: 0.02))
    #expect(close(ours.singletons, harness["singletons"], within: 0.1))
    let ranks = try #require(harness["df_at_rank"] as? [String: Int])
    #expect(close(ours.documentFrequency(atRank: 10) ?? 0, ranks["10"], within: 0.15))
    #expect(close(ours.documentFrequency(atRank: 100) ?? 0, ranks["100"], within: 0.15))
    let top = try #require(harness["top_ingredients"] as? [[Any]])
    for name in ["salt", "onion", "sugar"] {
      let count = try #require(top.first { $0.first as? String == name }?.last as? Int)
      let theirs = Double(count) / 10_000
      #expect(abs((ours.share(of: name) ?? 0) - theirs) < 0.03, "\(name)")
    }
  }
}
