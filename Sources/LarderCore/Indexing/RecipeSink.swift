/// Where the indexer puts each normalized recipe: the SQLite writer, the snapshot builder, or both.
public protocol RecipeSink: AnyObject {
  /// Receives the next recipe; `id` counts up from 0 without gaps.
  func add(_ recipe: Recipe, id: RecipeID) throws
}
