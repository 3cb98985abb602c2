import LarderCore

/// The stored fields a result list shows, read by dense id: the snapshot answers queries with
/// ``RecipeID``s and holds no recipe text, so every face reads a page's summaries here.
extension IndexReader {
  /// The summaries of `rids`, in their order, one for each id (repeats and all).
  /// - Throws: ``IndexContentError/missingRecipes(path:recipes:)`` when the file has no row for
  ///   an id: ids come from this file's snapshot, so a page never silently loses a hit.
  /// - Complexity: one statement for the whole page (a primary-key lookup per id, ids passed as
  ///   one JSON array and joined, not `IN (SELECT ...)`, which builds a temporary b-tree first),
  ///   through a cached prepared statement.
  public func summaries(of rids: [RecipeID]) throws -> [RecipeSummary] {
    guard !rids.isEmpty else { return [] }
    let statement = try connection.statement(
      """
      SELECT r.rid, r.id, r.title, r.category, r.area, r.prep_minutes, r.cook_minutes, r.image
      FROM json_each(?1) AS j JOIN recipes r ON r.rid = j.value
      """)
    try statement.bind([.text("[" + rids.map(String.init).joined(separator: ",") + "]")])
    defer { statement.reset() }
    var found: [RecipeID: RecipeSummary] = [:]
    found.reserveCapacity(rids.count)
    while try statement.step() {
      let rid = RecipeID(rawValue: UInt32(statement.int64(0)))
      found[rid] = RecipeSummary(
        recipe: rid, publicID: statement.text(1), title: statement.text(2),
        category: statement.optionalText(3), area: statement.optionalText(4),
        totalMinutes: Recipe.totalMinutes(
          prep: statement.optionalInt(5), cook: statement.optionalInt(6)),
        image: statement.optionalText(7))
    }
    var page: [RecipeSummary] = []
    page.reserveCapacity(rids.count)
    var missing: [RecipeID] = []
    for rid in rids {
      if let summary = found[rid] { page.append(summary) } else { missing.append(rid) }
    }
    guard missing.isEmpty else {
      throw IndexContentError.missingRecipes(path: url.path, recipes: missing)
    }
    return page
  }

  /// The summary of one recipe.
  /// - Throws: ``IndexContentError/missingRecipes(path:recipes:)`` when the file has no row for it.
  public func summary(of rid: RecipeID) throws -> RecipeSummary {
    try summaries(of: [rid])[0]
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

  /// Every recipe's public id and title, in dense id order, in one scan (what a live index
  /// reads of its base beside the snapshot).
  /// A paced read (`pacer`, a server's reload) gives its core back between rows.
  public func publicIDsAndTitles(pacer: LoadPacer? = nil) throws -> (
    publicIDs: [String], titles: [String]
  ) {
    // Every page of the table, read once: not through the memory map (``withoutMemoryMap(_:)``).
    try withoutMemoryMap {
      let statement = try connection.statement("SELECT id, title FROM recipes ORDER BY rid")
      defer { statement.reset() }
      var ids: [String] = []
      var titles: [String] = []
      while try statement.step() {
        ids.append(statement.text(0))
        titles.append(statement.text(1))
        pacer?.step()
      }
      return (ids, titles)
    }
  }

  /// Every recipe's title, in dense id order (what a live index sorts base recipes by).
  /// - Complexity: one scan of `recipes`.
  public func titles() throws -> [String] {
    let statement = try connection.statement("SELECT title FROM recipes ORDER BY rid")
    defer { statement.reset() }
    var titles: [String] = []
    while try statement.step() { titles.append(statement.text(0)) }
    return titles
  }
}
