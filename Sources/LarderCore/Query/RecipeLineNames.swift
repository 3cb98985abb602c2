/// Where the canonical ingredient names of a recipe's lines come from: a snapshot, or a live
/// view (from whichever part holds the recipe), so a page of hits can name the lines it shows
/// without the whole snapshot of a view.
public protocol RecipeLineNames {
  /// How many ingredient lines `recipe` has (0 for an id out of range).
  func lineCount(of recipe: RecipeID) -> Int
  /// The canonical ingredient name of line `position` (below ``lineCount(of:)``) of `recipe`.
  func lineIngredientName(of recipe: RecipeID, at position: Int) -> String
}

extension RecipeLineNames {
  /// The canonical ingredient name of each of `recipe`'s lines, in source order.
  public func lineIngredientNames(of recipe: RecipeID) -> [String] {
    (0..<lineCount(of: recipe)).map { lineIngredientName(of: recipe, at: $0) }
  }
}

extension Snapshot: RecipeLineNames {
  /// How many ingredient lines `recipe` has (0 for an id out of range).
  /// - Complexity: O(1).
  public func lineCount(of recipe: RecipeID) -> Int {
    guard recipe.index < recipeCount else { return 0 }
    return Int(lineOffsets[recipe.index + 1] - lineOffsets[recipe.index])
  }

  /// The canonical ingredient name of line `position` of `recipe`.
  /// - Complexity: O(name length).
  public func lineIngredientName(of recipe: RecipeID, at position: Int) -> String {
    ingredientName(
      IngredientID(rawValue: lineIngredients[Int(lineOffsets[recipe.index]) + position]))
  }
}
