import Foundation
import LarderTestSupport
import Testing

@testable import LarderCore

/// The recipe context over a real corpus: every TheMealDB line whose method makes its food more
/// specific is one we judged right (`Tests/Fixtures/recipe-context/mealdb-changes.tsv`).
@Suite struct RecipeContextCorporaTests {
  @Test(.enabled(if: Fixtures.sharedCorpora != nil))
  func theFullDumpChangesOnlyJudgedLines() throws {
    let normalizer = RecipeNormalizer(vocabulary: try Vocabulary.bundled())
    let url = try #require(Fixtures.sharedCorpora).appendingPathComponent(
      "themealdb/pausgracia_all_meals_586.json")
    var changed: Set<String> = []
    var total = 0
    try CorpusFile(path: url.path).forEachRecord { result in
      let source = try result.get()
      let inRecipe = normalizer.normalizedIngredients(of: source)
      for (ingredient, line) in zip(source.ingredients, inRecipe) {
        total += 1
        let alone = normalizer.normalize(ingredient)
        #expect(alone?.text == line?.text)
        if let alone, let line, alone.name != line.name {
          changed.insert("\(source.recipe.id)\t\(line.text)\t\(alone.name)\t\(line.name)")
        }
      }
      return .continue
    }
    let fixture = Fixtures.repositoryRoot.appendingPathComponent(
      "Tests/Fixtures/recipe-context/mealdb-changes.tsv")
    let rows = try String(contentsOf: fixture, encoding: .utf8).split(separator: "\n").dropFirst()
      .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    let right = Set(
      rows.filter { $0.count >= 5 && $0[4] == "right" }.map { $0[0..<4].joined(separator: "\t") })
    print(
      "TheMealDB dump: \(total) ingredients, \(changed.count) made more specific by their recipe"
        + " (\(changed.intersection(right).count) judged right)")
    #expect(total == 6_215)
    let unjudged = changed.subtracting(right)
    #expect(unjudged.isEmpty, "not judged right:\n\(unjudged.sorted().joined(separator: "\n"))")
    // A judged change no longer made is stale: judge the set again.
    #expect(right.subtracting(changed).isEmpty, "\(right.subtracting(changed).sorted())")
  }
}
