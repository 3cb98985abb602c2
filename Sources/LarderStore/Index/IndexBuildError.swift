import LarderCore

/// Why a build wrote no index even though every input could be read.
public enum IndexBuildError: Error, Sendable, CustomStringConvertible {
  /// No record became a recipe (every one was skipped, or the inputs held none). An index with
  /// no recipes is never what the user meant, so the destination is left as it was.
  case noRecipes(skipped: Int, firstErrors: [String], destination: String)

  /// A message for the user.
  public var description: String {
    switch self {
    case .noRecipes(let skipped, let errors, let destination):
      let reasons = errors.prefix(3).map { "\n  skipped: \($0)" }.joined()
      let what =
        skipped == 0
        ? "the input holds no recipe records"
        : "all \(skipped) record(s) were skipped"
      return
        "no recipe was indexed: \(what); \(destination) was left as it was\(reasons)"
    }
  }
}
