import LarderCore

/// Which of a recipe's lines go on the grocery list.
public enum GroceryRecipeLines: Sendable, Hashable, RequestOption {
  /// Only the lines the pantry does not cover under the family rule (the default).
  case missing
  /// Every line.
  case all

  /// `missing` or `all`, as the CLI and the HTTP body spell them.
  public static let spellings: [(token: String, value: GroceryRecipeLines)] = [
    ("missing", .missing), ("all", .all),
  ]
}

extension UserStore {
  /// Puts `recipe`'s lines on the profile's grocery list: the one "add a recipe's missing
  /// items" that `larder grocery add-recipe` and `POST /v1/me/grocery {"recipeId"}` call.
  ///
  /// With ``GroceryRecipeLines/missing`` the profile's pantry decides, under the family rule
  /// (`matching`), against `snapshot`; stored pantry names that no longer resolve are skipped.
  /// Adding a recipe is idempotent: the rows an earlier add of the same recipe left on the list
  /// are replaced, so adding twice does not double the amounts, and adding again after the
  /// pantry changed brings the list up to date. Rows added by hand stay. One transaction.
  /// - Returns: the rows now on the list for this recipe.
  @discardableResult
  public func addRecipeToGrocery(
    _ recipe: Recipe, lines: GroceryRecipeLines, matching: IngredientMatching,
    snapshot: Snapshot, for profile: Profile
  ) throws -> [NewGroceryItem] {
    try connection.transaction {
      let chosen: [IngredientLine]
      switch lines {
      case .all: chosen = recipe.ingredients
      case .missing:
        let coverage = try PantryCoverage(
          try pantry(of: profile), in: snapshot, matching: matching, unknownItems: .skip)
        chosen = coverage.missingLines(of: recipe)
      }
      let rows = chosen.map {
        NewGroceryItem(
          name: $0.name, quantity: $0.quantity?.high ?? $0.quantity?.low, unit: $0.unit,
          recipeID: recipe.id)
      }
      try connection.statement("DELETE FROM grocery_items WHERE profile_id = ?1 AND recipe_id = ?2")
        .run([.integer(profile.id), .text(recipe.id)])
      try insertGroceryRows(rows, for: profile)
      return rows
    }
  }
}
