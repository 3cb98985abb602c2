import Foundation
import LarderTestSupport

/// The judged TheMealDB name differences (`Tests/Fixtures/mealdb-names/judged-changes.tsv`):
/// each ingredient whose name, read with its measure, differs from what `strIngredient` alone
/// resolves to, with our grade.
struct MealDBJudgedChanges {
  /// One judged difference.
  struct Change {
    /// `measure<TAB>ingredient<TAB>alone<TAB>name`, the test's key.
    var key: String
    /// `right` or `wrong food`.
    var grade: String
  }

  /// The judged differences.
  static func load() throws -> [Change] {
    let url = Fixtures.repositoryRoot.appendingPathComponent(
      "Tests/Fixtures/mealdb-names/judged-changes.tsv")
    let text = try String(contentsOf: url, encoding: .utf8)
    var changes: [Change] = []
    for line in text.split(separator: "\n").dropFirst() where !line.isEmpty {
      let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard columns.count >= 5 else { continue }
      changes.append(Change(key: columns[0..<4].joined(separator: "\t"), grade: columns[4]))
    }
    return changes
  }
}
