/// The benchmark harness's prefix and category queries, with exactly its semantics.
extension Snapshot {
  /// The `k` most popular ingredient names with a word-start suffix beginning with `text`
  /// (bytes as given: no folding, plurals, aliases or typo tolerance), by recipe count
  /// descending then name.
  /// - Complexity: O(log S · |text| + k log k).
  public func plainPrefix(_ text: String, k: Int) -> [IngredientID] {
    var ranks: [UInt32] = []
    ranks.reserveCapacity(k)
    var text = text
    text.withUTF8 { ingredientSuffixes.top(k, prefix: $0, into: &ranks) }
    // The canonical-name array's string indexes are ingredient ids.
    var result = ranks.map(IngredientID.init(rawValue:))
    // Names known only from the vocabulary (parents, alias targets) are in no recipe; ids are
    // popularity ranks, so they sort last and are cut here.
    if let firstUnused = result.firstIndex(where: { ingredientRecipeCounts[$0.index] == 0 }) {
      result.removeSubrange(firstUnused...)
    }
    return result
  }

  /// Page `page` (of `limit` recipes) of category `category` ordered by (title bytes, id);
  /// empty for an unknown category or a page past the end.
  /// - Complexity: O(|category| + limit).
  public func categoryPageByTitleBytes(_ category: String, page: Int, limit: Int) -> [RecipeID] {
    guard let c = categoryIndex(category), limit > 0, page >= 0 else { return [] }
    let start = Int(categoryOffsets[c])
    let end = Int(categoryOffsets[c + 1])
    let from = start + page * limit
    if from >= end { return [] }
    return categoryByTitle[from..<min(from + limit, end)].map(RecipeID.init(rawValue:))
  }
}
