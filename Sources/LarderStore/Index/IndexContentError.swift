import LarderCore

/// An index file that lacks what its own snapshot names. Dense ids are only ever taken from the
/// snapshot stored in the same file (a rebuilt file is caught first, as
/// ``IndexOpenError/generationChanged(path:)``), so a miss means the file was damaged or edited
/// after it was built: not the asker's fault, and not cured by asking again.
public enum IndexContentError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Recipes the snapshot answered with have no row in the file's `recipes` table.
  case missingRecipes(path: String, recipes: [RecipeID])

  /// One line saying what is wrong and what to do.
  public var description: String {
    switch self {
    case .missingRecipes(let path, let recipes):
      "\(path) has no stored row for recipe\(recipes.count == 1 ? "" : "s") "
        + recipes.prefix(5).map { "\($0)" }.joined(separator: ", ")
        + (recipes.count > 5 ? " and \(recipes.count - 5) more" : "")
        + " that its snapshot names: the file is damaged; rebuild it with `larder index`"
    }
  }
}
