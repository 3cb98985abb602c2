import Foundation
import LarderCore

/// Reads an index file: info, recipe detail, text search, snapshot parts, and the SQLite-only
/// query path that tests and benchmarks compare the in-memory engine with.
///
/// One reader owns one read-only connection; it is not `Sendable`. Give each thread or request
/// worker its own reader (the file is read-only once built, so they share it freely).
public final class IndexReader {
  /// The index file.
  public let url: URL
  let connection: Connection
  /// How much of the file a reader maps (`PRAGMA mmap_size`): address space only, the kernel's
  /// page cache holds the pages once for every connection.
  static let mappedBytes = 1 << 31

  /// Opens `url` read-only and checks its format version.
  /// - Throws: ``IndexOpenError`` when the file is missing, not an index, or of another version.
  public init(url: URL) throws {
    guard FileManager.default.fileExists(atPath: url.path) else {
      throw IndexOpenError.missing(url.path)
    }
    self.url = url
    do {
      connection = try Connection(path: url.path, mode: .readOnly)
      // Pages straight from a memory map of the file instead of a `pread` copy into the
      // connection's page cache (2 MB, far below a 100k index's 110 MB): that read was 13 %
      // of a storage thread's time serving `/v1/recipes` pages (BENCHMARKS.md). Safe because
      // an index file is never written in place (a rebuild or compaction renames a new file
      // over it; a mapping keeps the old file's pages). SQLite caps the size at its
      // compile-time limit (2 GB on Debian); a larger file reads past it as before.
      try connection.execute("PRAGMA mmap_size = \(Self.mappedBytes)")
      try RecipeMaskFunction.register(on: connection)
      let version = try connection.scalarInt(
        "SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'format_version'")
      guard let version, IndexSchema.readableFormatVersions.contains(version) else {
        throw IndexOpenError.unsupportedVersion(path: url.path, found: version ?? 0)
      }
    } catch let error as IndexOpenError {
      throw error
    } catch {
      throw IndexOpenError.notAnIndex(url.path)
    }
  }

  /// Counts, categories, areas and sources.
  public func info() throws -> IndexInfo {
    var meta: [String: String] = [:]
    let statement = try connection.statement("SELECT key, value FROM meta")
    while try statement.step() { meta[statement.text(0)] = statement.text(1) }
    func counts(_ table: String) throws -> [IndexInfo.NamedCount] {
      let statement = try connection.statement(
        "SELECT name, count FROM \(table) ORDER BY count DESC, name")
      var out: [IndexInfo.NamedCount] = []
      while try statement.step() {
        out.append(.init(name: statement.text(0), count: Int(statement.int64(1))))
      }
      return out
    }
    var sources: [IndexingSummary.Source] = []
    let sourceRows = try connection.statement(
      "SELECT path, format, bytes, checksum, recipes, skipped FROM sources ORDER BY position")
    while try sourceRows.step() {
      sources.append(
        .init(
          path: sourceRows.text(0), format: sourceRows.text(1), bytes: Int(sourceRows.int64(2)),
          checksum: sourceRows.text(3), recipes: Int(sourceRows.int64(4)),
          skipped: Int(sourceRows.int64(5))))
    }
    return IndexInfo(
      formatVersion: Int(meta["format_version"] ?? "") ?? 0, builtAt: meta["built_at"] ?? "",
      recipes: try connection.scalarInt("SELECT count(*) FROM recipes") ?? 0,
      ingredients: try connection.scalarInt("SELECT count(*) FROM ingredients") ?? 0,
      skipped: Int(meta["skipped"] ?? "") ?? 0, categories: try counts("categories"),
      areas: try counts("areas"),
      sources: sources)
  }

  /// One `meta` value (`format_version`, `built_at`, `vocabulary_checksum`, ...), if present.
  public func metadata(_ key: String) throws -> String? {
    let statement = try connection.statement("SELECT value FROM meta WHERE key = ?1")
    try statement.bind([.text(key)])
    defer { statement.reset() }
    return try statement.step() ? statement.text(0) : nil
  }

  /// The build's generation id (`meta.generation`, a random UUID per build), or "" for files
  /// built before generations were recorded.
  public func generation() throws -> String { try metadata("generation") ?? "" }

  /// The serialized in-memory snapshot parts stored by the build, each joined from its pieces
  /// (``SnapshotPieces``).
  /// - Throws: ``IndexOpenError/notAnIndex(_:)`` when a part's pieces are incomplete.
  public func snapshotParts() throws -> [String: [UInt8]] {
    var names: Set<String> = []
    let statement = try connection.statement("SELECT part FROM snapshot")
    while try statement.step() { names.insert(SnapshotPieces.partName(ofRow: statement.text(0))) }
    var parts: [String: [UInt8]] = [:]
    for name in names { parts[name] = try snapshotPart(name, pacer: nil) }
    return parts
  }

  /// The dense id of the recipe with public id `id`, if any.
  public func recipeID(publicID id: String) throws -> RecipeID? {
    try connection.scalarInt("SELECT rid FROM recipes WHERE id = ?1", [.text(id)]).map {
      RecipeID(rawValue: UInt32($0))
    }
  }

  /// Every stored field of one recipe, with its ingredient lines in order.
  public func recipe(_ rid: RecipeID) throws -> Recipe? {
    let row = try connection.statement(
      """
      SELECT id, title, category, area, tags, summary, servings, prep_minutes, cook_minutes, steps,
          calories, protein_g, fat_g, carbs_g, fiber_g, sugar_g, sodium_mg, diets, source, image
      FROM recipes WHERE rid = ?1
      """)
    try row.bind([.integer(Int64(rid.rawValue))])
    defer { row.reset() }
    guard try row.step() else { return nil }
    let nutrition = Nutrition(
      calories: row.optionalDouble(10), proteinGrams: row.optionalDouble(11),
      fatGrams: row.optionalDouble(12),
      carbohydrateGrams: row.optionalDouble(13), fiberGrams: row.optionalDouble(14),
      sugarGrams: row.optionalDouble(15), sodiumMilligrams: row.optionalDouble(16))
    var recipe = Recipe(
      id: row.text(0), title: row.text(1), category: row.optionalText(2), area: row.optionalText(3),
      tags: JSONText.decode(row.text(4)), summary: row.optionalText(5),
      servings: row.optionalInt(6),
      prepMinutes: row.optionalInt(7), cookMinutes: row.optionalInt(8),
      steps: JSONText.decode(row.text(9)),
      nutrition: nutrition.isEmpty ? nil : nutrition, diets: JSONText.decode(row.text(17)),
      source: row.optionalText(18), image: row.optionalText(19))
    let lines = try connection.statement(
      """
      SELECT ri.line, ri.quantity_low, ri.quantity_high, ri.unit, i.name, ri.preparation, ri.comment, ri.optional
      FROM recipe_ingredients ri JOIN ingredients i ON i.iid = ri.iid WHERE ri.rid = ?1 ORDER BY ri.position
      """)
    try lines.bind([.integer(Int64(rid.rawValue))])
    defer { lines.reset() }
    while try lines.step() {
      recipe.ingredients.append(
        IngredientLine(
          text: lines.text(0),
          quantity: lines.optionalDouble(1).map { Quantity($0, to: lines.optionalDouble(2)) },
          unit: lines.optionalText(3), name: lines.text(4), preparation: lines.optionalText(5),
          comment: lines.optionalText(6), isOptional: lines.int64(7) != 0))
    }
    return recipe
  }

  /// The written text of chosen ingredient lines of several recipes, in one query: what a result
  /// list shows beside a hit (the lines that matched), without reading the others.
  /// Positions the file does not have are left out.
  /// - Complexity: one primary-key lookup per line. Each line travels as one integer
  ///   (`rid · stride + position`) in a JSON array: pairs as JSON arrays cost a JSON parse per
  ///   line, which was most of this query.
  public func ingredientLineTexts(at lines: [RecipeLinePosition]) throws -> [RecipeLinePosition:
    String]
  {
    let lines = lines.filter { $0.position >= 0 }
    guard let last = lines.map(\.position).max() else { return [:] }
    let stride = Int64(last) + 1
    let statement = try connection.statement(
      """
      SELECT ri.rid, ri.position, ri.line FROM json_each(?1) AS j
      JOIN recipe_ingredients ri ON ri.rid = j.value / ?2 AND ri.position = j.value % ?2
      """)
    try statement.bind([
      .text(
        "["
          + lines.map { String(Int64($0.recipe.rawValue) * stride + Int64($0.position)) }.joined(
            separator: ",") + "]"),
      .integer(stride),
    ])
    defer { statement.reset() }
    var out: [RecipeLinePosition: String] = [:]
    out.reserveCapacity(lines.count)
    while try statement.step() {
      out[
        RecipeLinePosition(RecipeID(rawValue: UInt32(statement.int64(0))), Int(statement.int64(1)))] =
        statement.text(2)
    }
    return out
  }

  /// The recipe with public id `id`, if any.
  public func recipe(publicID id: String) throws -> Recipe? {
    guard let rid = try recipeID(publicID: id) else { return nil }
    return try recipe(rid)
  }

  /// Full-text search with bm25 ranking (title weighted highest), filters and a highlighted snippet.
  /// - Throws: ``TextSearchError/emptyQuery`` when the text holds no word.
  public func search(_ request: TextSearchRequest) throws -> TextSearchResult {
    let query = FTSQuery(request.text)
    guard !query.isEmpty else { throw TextSearchError.emptyQuery }
    let filter = """
      (?2 IS NULL OR r.category = ?2) AND (?3 IS NULL OR r.area = ?3)
      AND (?4 IS NULL OR (coalesce(r.prep_minutes, 0) + coalesce(r.cook_minutes, 0) <= ?4
          AND (r.prep_minutes IS NOT NULL OR r.cook_minutes IS NOT NULL)))
      AND (?5 IS NULL OR \(RecipeMaskFunction.name)(?5, r.rid))
      """
    let parameters: [SQLiteValue] = [
      .text(query.expression), .string(request.category), .string(request.area),
      .int(request.maxMinutes), request.onlyRecipes.map { .blob($0.bytes) } ?? .null,
    ]
    let count =
      try connection.scalarInt(
        "SELECT count(*) FROM recipe_fts JOIN recipes r ON r.rid = recipe_fts.rowid WHERE recipe_fts MATCH ?1 AND \(filter)",
        parameters) ?? 0
    let statement = try connection.statement(
      """
      SELECT r.rid, r.id, r.title, r.category, r.area, r.prep_minutes, r.cook_minutes, r.image,
          -bm25(recipe_fts, 10.0, 4.0, 2.0, 1.0) AS score,
          snippet(recipe_fts, -1, char(1), char(2), '…', 12)
      FROM recipe_fts JOIN recipes r ON r.rid = recipe_fts.rowid
      WHERE recipe_fts MATCH ?1 AND \(filter)
      ORDER BY bm25(recipe_fts, 10.0, 4.0, 2.0, 1.0), r.rid LIMIT ?6 OFFSET ?7
      """)
    // SQLite reads a negative LIMIT as "no limit": a library caller's negative numbers mean none.
    try statement.bind(parameters + [.int(max(request.limit, 0)), .int(max(request.offset, 0))])
    defer { statement.reset() }
    var hits: [TextSearchHit] = []
    while try statement.step() {
      hits.append(
        TextSearchHit(
          rid: RecipeID(rawValue: UInt32(statement.int64(0))), id: statement.text(1),
          title: statement.text(2),
          category: statement.optionalText(3), area: statement.optionalText(4),
          minutes: Recipe.totalMinutes(
            prep: statement.optionalInt(5), cook: statement.optionalInt(6)),
          image: statement.optionalText(7), score: statement.double(8),
          snippet: Self.pieces(of: statement.text(9))))
    }
    return TextSearchResult(count: count, hits: hits)
  }

  /// Splits FTS5 snippet text with \u{1}...\u{2} markers into pieces.
  static func pieces(of marked: String) -> [SnippetPiece] {
    var pieces: [SnippetPiece] = []
    var current = ""
    var inMatch = false
    for scalar in marked.unicodeScalars {
      if scalar == "\u{1}" || scalar == "\u{2}" {
        if !current.isEmpty { pieces.append(SnippetPiece(text: current, match: inMatch)) }
        current = ""
        inMatch = scalar == "\u{1}"
      } else {
        current.unicodeScalars.append(scalar)
      }
    }
    if !current.isEmpty { pieces.append(SnippetPiece(text: current, match: inMatch)) }
    return pieces
  }
}

/// One ingredient line of one recipe: its index among the recipe's lines, in source order (the
/// order of ``Snapshot/lines(of:)`` and of `recipe_ingredients.position`).
public struct RecipeLinePosition: Hashable, Sendable {
  /// The recipe.
  public var recipe: RecipeID
  /// The line's index, from 0.
  public var position: Int

  /// Line `position` of `recipe`.
  public init(_ recipe: RecipeID, _ position: Int) {
    self.recipe = recipe
    self.position = position
  }
}

/// Why an index could not be opened.
public enum IndexOpenError: Error, Sendable, Hashable, CustomStringConvertible {
  /// No file at the path.
  case missing(String)
  /// The file is not a Larder index (or is damaged).
  case notAnIndex(String)
  /// The file is an index of another format version: rebuild it.
  case unsupportedVersion(path: String, found: Int)
  /// The file was rebuilt (another generation) while a reader pool served the old one.
  case generationChanged(path: String)

  /// One line a user can act on.
  public var description: String {
    switch self {
    case .missing(let path): "no index at \(path) (build one with `larder index`)"
    case .notAnIndex(let path): "\(path) is not a Larder index or is damaged"
    case .unsupportedVersion(let path, let found):
      "\(path) has index format \(found); this Larder reads formats \(IndexSchema.readableFormatVersions.lowerBound)-\(IndexSchema.readableFormatVersions.upperBound): rebuild it with `larder index`"
    case .generationChanged(let path):
      "\(path) was rebuilt while being served; reload to serve the new index"
    }
  }
}
