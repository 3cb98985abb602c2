import LarderTestSupport

@testable import LarderCore

/// What the live view suites build the same way: a base snapshot of recipes, and the recipes a
/// live order holds in its order (to build in full and compare with the view).
extension LiveBase {
  /// A base of `recipes` as a full build makes it, with their public ids and titles.
  static func built(_ recipes: [Recipe], _ relations: IngredientRelations) -> LiveBase {
    LiveBase(
      snapshot: RandomCorpus.snapshot(recipes, relations), publicIDs: recipes.map(\.id),
      titles: recipes.map(\.title))
  }
}

extension LiveRecipeOrder {
  /// The present recipes in order, each looked up by public id in `all` (which holds the base's
  /// recipes and every written one).
  func presentRecipes(over base: LiveBase, in all: [String: Recipe]) -> [Recipe] {
    presentSlots.map { slot in
      switch slot {
      case .base(let rid): all[base.publicIDs[rid.index]]!
      case .live(let stored): all[stored.id]!
      case .deleted: preconditionFailure("present slots hold no deletion")
      }
    }
  }
}
