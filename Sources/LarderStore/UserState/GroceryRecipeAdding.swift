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

/// Whether a recipe's staples (water, salt and the rest of `Data/staples.txt`) go on the
/// grocery list: skipped by default, since a kitchen has them; `--staples include` on the CLI and
/// `"staples": "include"` in the HTTP body put them on.
public enum GroceryStaples: Sendable, Hashable, RequestOption {
  /// Leave staples off the list (the default).
  case skip
  /// List staples like any other line.
  case include

  /// `skip` or `include`, as the CLI and the HTTP body spell them.
  public static let spellings: [(token: String, value: GroceryStaples)] = [
    ("skip", .skip), ("include", .include),
  ]
}

extension UserStore {
  /// Puts `recipe`'s lines on the profile's grocery list: the one "add a recipe's missing
  /// items" that `larder grocery add-recipe` and `POST /v1/me/grocery {"recipeId"}` call.
  ///
  /// With ``GroceryRecipeLines/missing`` the profile's pantry decides, under the family rule
  /// (`matching`), against `snapshot`; stored pantry names that no longer resolve are skipped.
  /// With ``GroceryStaples/skip`` the `staples` (names, resolved like pantry items) count as
  /// at hand under the same rule, whichever `lines` asks for: salt covers sea salt.
  /// Adding a recipe is idempotent: the rows an earlier add of the same recipe left on the list
  /// are replaced, so adding twice does not double the amounts, and adding again after the
  /// pantry changed brings the list up to date. Rows added by hand stay. One transaction.
  /// - Returns: the rows now on the list for this recipe.
  @discardableResult
  public func addRecipeToGrocery(
    _ recipe: Recipe, lines: GroceryRecipeLines, staples: GroceryStaples, stapleNames: [String],
    matching: IngredientMatching, snapshot: Snapshot, for profile: Profile
  ) throws -> [NewGroceryItem] {
    try connection.transaction {
      let rows = try Self.groceryRows(
        for: recipe, pantry: lines == .missing ? try pantry(of: profile) : [], lines: lines,
        staples: staples, stapleNames: stapleNames, matching: matching, snapshot: snapshot)
      try connection.statement("DELETE FROM grocery_items WHERE profile_id = ?1 AND recipe_id = ?2")
        .run([.integer(profile.id), .text(recipe.id)])
      try insertGroceryRows(rows, for: profile)
      return rows
    }
  }

  /// The rows adding `recipe` puts on a list, given the profile's `pantry`: the one decision
  /// both user-state engines (SQLite and PostgreSQL) store.
  static func groceryRows(
    for recipe: Recipe, pantry: [String], lines: GroceryRecipeLines, staples: GroceryStaples,
    stapleNames: [String], matching: IngredientMatching, snapshot: Snapshot
  ) throws -> [NewGroceryItem] {
    var atHand: [String] = []
    if lines == .missing { atHand += pantry }
    if staples == .skip { atHand += stapleNames }
    let coverage = try PantryCoverage(atHand, in: snapshot, matching: matching, unknownItems: .skip)
    return coverage.missingLines(of: recipe).map {
      NewGroceryItem(
        name: $0.name, quantity: $0.quantity?.high ?? $0.quantity?.low, unit: $0.unit,
        recipeID: recipe.id, recipeTitle: recipe.title)
    }
  }
}
