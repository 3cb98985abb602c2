/// Where recipe-title suggestions come from. The snapshot holds no titles' words (they would
/// double its size for one suggestion kind); the index file's `title_words` table does, through
/// `IndexReader` in LarderStore, and ``Snapshot/suggest(_:limit:kind:excluding:titles:)`` merges
/// them with the snapshot's ingredient and category suggestions.
public protocol RecipeTitleSuggester {
  /// Recipes with a title word starting with `text` (folded as suggestions fold), whole-title
  /// matches first, at most `limit`.
  func suggestRecipes(_ text: String, limit: Int) throws -> [Suggestion]
}
