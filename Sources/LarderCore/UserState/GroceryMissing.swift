/// What "add a recipe's missing ingredients to the grocery list" adds, shared by
/// `larder grocery add-recipe` and `POST /v1/me/grocery {"recipeId": ...}`.
extension PantryCoverage {
  /// The lines of `recipe` no pantry item covers under the family rule, in line order (a
  /// pantry with milk leaves "whole milk" off the list; with exact matching it stays on).
  public func missingLines(of recipe: Recipe) -> [IngredientLine] {
    recipe.ingredients.filter { !covers(name: $0.name) }
  }
}
