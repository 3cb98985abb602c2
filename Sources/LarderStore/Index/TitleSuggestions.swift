import LarderCore

/// Recipe-title suggestions from the index file's `title_words` table: the title source of
/// `Snapshot.suggest(_:limit:kind:excluding:titles:)`, which owns the dispatch across kinds.
extension IndexReader: RecipeTitleSuggester {
  /// Recipes with a title word starting with `text` (folded like every suggestion), whole-title
  /// matches first, then in the order of the matching title suffix (title order for matches at
  /// the first word), at most `limit`.
  /// - Complexity: one b-tree seek plus the rows read until `limit` distinct recipes are found
  ///   or the prefix ends: O(log S + k) for S title words.
  public func suggestRecipes(_ text: String, limit: Int) throws -> [Suggestion] {
    let folded = SearchFolding.fold(text)
    guard !folded.isEmpty, limit > 0 else { return [] }
    let rows = try connection.statement(
      """
      SELECT t.word, t.rid, r.id, r.title FROM title_words t JOIN recipes r ON r.rid = t.rid
      WHERE t.word >= ?1 ORDER BY t.word, t.rid
      """)
    try rows.bind(text: folded, at: 1)
    defer { rows.reset() }
    var seen = Set<Int64>()
    var exact: [Suggestion] = []
    var others: [Suggestion] = []
    // The scan is in key order, so the first word without the prefix ends it.
    while exact.count + others.count < limit, try rows.step() {
      guard rows.text(0).utf8.starts(with: folded.utf8) else { break }
      guard seen.insert(rows.int64(1)).inserted else { continue }
      let title = rows.text(3)
      let isWhole = SearchFolding.fold(title) == folded
      let suggestion = Suggestion(
        kind: .recipe, display: title, value: rows.text(2), recipeCount: 1,
        match: isWhole ? .exact : .prefix)
      if isWhole { exact.append(suggestion) } else { others.append(suggestion) }
    }
    return exact + others
  }
}
