import LarderCore

/// The SQLite-only query path for suggestions, all-of and pantry: the baseline the in-memory engine is
/// tested against and measured against. Names are bound as JSON parameters, never spliced.
/// Ingredient-to-recipe lookups read the `postings` table (one row per recipe and distinct
/// ingredient, keyed by ingredient).
extension IndexReader {
  /// How a query ingredient matches recipe ingredients.
  public enum SQLMatching: Sendable {
    /// The same canonical name only.
    case exact
    /// The same ingredient or any descendant (`cheese` matches `cheddar`).
    case family
  }

  /// Recipes containing every one of `names`: the total count and the first `limit` dense ids ascending.
  public func sqlAllOf(_ names: [String], matching: SQLMatching, limit: Int) throws -> (
    count: Int, ids: [RecipeID]
  ) {
    guard !names.isEmpty else { return (0, []) }
    let arms = (1...names.count).map { index in
      switch matching {
      case .exact:
        return
          "SELECT p.rid FROM postings p JOIN ingredients i ON i.iid = p.iid WHERE i.name = ?\(index)"
      case .family:
        return """
          SELECT DISTINCT p.rid FROM postings p WHERE p.iid IN (
              WITH RECURSIVE fam(name) AS (SELECT ?\(index) UNION SELECT i.name FROM ingredients i JOIN fam ON i.parent = fam.name)
              SELECT i.iid FROM ingredients i JOIN fam ON i.name = fam.name)
          """
      }
    }
    let matches = arms.joined(separator: " INTERSECT ")
    let values = names.map { SQLiteValue.text($0) }
    let count = try connection.scalarInt("SELECT count(*) FROM (\(matches))", values) ?? 0
    let page = try connection.statement(
      "SELECT rid FROM (\(matches)) ORDER BY rid LIMIT \(Int(limit))")
    try page.bind(values)
    defer { page.reset() }
    var ids: [RecipeID] = []
    while try page.step() { ids.append(RecipeID(rawValue: UInt32(page.int64(0)))) }
    return (count, ids)
  }

  /// Pantry matching with exact names and no staples: every recipe using at least one of
  /// `have`, ranked by missing ascending, used descending, id ascending; the first `limit`.
  public func sqlPantry(_ have: [String], limit: Int) throws -> [(
    id: RecipeID, used: Int, missing: Int
  )] {
    let statement = try connection.statement(
      """
      WITH pantry(iid) AS (SELECT i.iid FROM ingredients i WHERE i.name IN (SELECT value FROM json_each(?1))),
      used(rid, n) AS (SELECT rid, count(*) FROM postings WHERE iid IN pantry GROUP BY rid),
      total(rid, n) AS (SELECT ri.rid, count(DISTINCT ri.iid) FROM recipe_ingredients ri JOIN used u ON u.rid = ri.rid GROUP BY ri.rid)
      SELECT u.rid, u.n, t.n - u.n FROM used u JOIN total t ON t.rid = u.rid
      ORDER BY t.n - u.n, u.n DESC, u.rid LIMIT ?2
      """)
    try statement.bind([.text(JSONText.encode(have)), .int(limit)])
    defer { statement.reset() }
    var out: [(RecipeID, Int, Int)] = []
    while try statement.step() {
      out.append(
        (
          RecipeID(rawValue: UInt32(statement.int64(0))), Int(statement.int64(1)),
          Int(statement.int64(2))
        ))
    }
    return out
  }

  /// Ingredient names with a word starting with `text` (folded as the in-memory engine folds),
  /// by recipe count descending, then name; the first `limit`. No plurals, aliases or typos:
  /// the plain prefix lookup an app would write against the `ingredients` table.
  /// `instr` rather than `LIKE`, so `%` and `_` in typed text are plain characters.
  public func sqlSuggest(_ text: String, limit: Int) throws -> [String] {
    let folded = TextFolding.fold(text)
    if folded.isEmpty { return [] }
    let statement = try connection.statement(
      """
      SELECT name FROM ingredients
      WHERE recipe_count > 0 AND (substr(name, 1, length(?1)) = ?1 OR instr(name, ' ' || ?1) > 0)
      ORDER BY recipe_count DESC, name LIMIT ?2
      """)
    try statement.bind([.text(folded), .int(limit)])
    defer { statement.reset() }
    var names: [String] = []
    while try statement.step() { names.append(statement.text(0)) }
    return names
  }

  /// A page of `category` ordered by (title bytes, id), as the harness asks: the file keeps no
  /// index for browsing (the snapshot's presorted lists serve it), so this is a scan of
  /// `recipes` with a top-(offset + limit) sort: the baseline an app gets from the tables alone.
  public func sqlCategoryPage(_ category: String, offset: Int, limit: Int) throws -> [RecipeID] {
    let statement = try connection.statement(
      "SELECT rid FROM recipes WHERE category = ?1 ORDER BY title, rid LIMIT ?2 OFFSET ?3")
    try statement.bind([.text(category), .int(limit), .int(offset)])
    defer { statement.reset() }
    var ids: [RecipeID] = []
    while try statement.step() { ids.append(RecipeID(rawValue: UInt32(statement.int64(0)))) }
    return ids
  }
}
