import LarderCore

/// The stored fields a result list shows, read by dense id: the snapshot answers queries with
/// ``RecipeID``s and holds no recipe text, so every face reads a page's summaries here.
extension IndexReader {
  /// The summaries of `rids`, in their order (ids the file does not have are left out).
  /// - Complexity: one primary-key lookup per id through a cached prepared statement
  ///   (a few microseconds each).
  public func summaries(of rids: [RecipeID]) throws -> [RecipeSummary] {
    let row = try connection.statement(
      "SELECT id, title, category, area, prep_minutes, cook_minutes, image FROM recipes WHERE rid = ?1"
    )
    var out: [RecipeSummary] = []
    out.reserveCapacity(rids.count)
    for rid in rids {
      try row.bind(int: Int64(rid), at: 1)
      defer { row.reset() }
      guard try row.step() else { continue }
      out.append(
        RecipeSummary(
          recipe: rid, publicID: row.text(0), title: row.text(1), category: row.optionalText(2),
          area: row.optionalText(3),
          totalMinutes: Recipe.totalMinutes(prep: row.optionalInt(4), cook: row.optionalInt(5)),
          image: row.optionalText(6)))
    }
    return out
  }

  /// The summary of one recipe, if the file has it.
  public func summary(of rid: RecipeID) throws -> RecipeSummary? {
    try summaries(of: [rid]).first
  }

  /// Every recipe's public id, in dense id order (what batch answers name recipes by).
  /// - Complexity: one scan of `recipes`.
  public func publicIDs() throws -> [String] {
    let statement = try connection.statement("SELECT id FROM recipes ORDER BY rid")
    defer { statement.reset() }
    var ids: [String] = []
    while try statement.step() { ids.append(statement.text(0)) }
    return ids
  }
}
