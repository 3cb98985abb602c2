/// A sink that keeps every recipe it is given, in order: what `larder add` reads corpus files
/// into (through the indexer's readers, normalizer and skip rules) before one write applies
/// them to a live index.
///
/// - Complexity: O(1) amortized per recipe; holds every recipe in memory.
public final class CollectingSink: RecipeSink {
  /// The recipes received, in order.
  public private(set) var recipes: [Recipe] = []

  /// Creates an empty sink.
  public init() {}

  /// Keeps `recipe`.
  public func add(_ recipe: Recipe, id: RecipeID) throws {
    recipes.append(recipe)
  }
}
