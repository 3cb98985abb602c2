import CSQLite
import Foundation
import LarderCore

/// Writes a new index file: a ``RecipeSink`` that inserts each recipe, then ``finish(_:)``
/// builds the derived tables, the FTS5 index and the metadata, and renames the file into place.
///
/// The `postings` and `title_words` tables are not filled row by row during the load: the
/// writer keeps each recipe's distinct ingredient ids and folded title (about 4 bytes per
/// posting and a title's bytes) and writes both tables in key order at the end, which SQLite
/// appends several times faster than it builds an index over the loaded rows. The title
/// suffixes are sorted on a second thread while SQLite builds the FTS5 index.
///
/// The file is written under a temporary name in the destination's directory and renamed only
/// after a successful build, so a failed or killed build leaves the old index untouched. A
/// killed build leaves its temporary file behind; the next build in that directory removes it.
///
/// - Complexity: O(1) prepared-statement inserts per recipe and per ingredient line inside one
///   transaction; derived tables, indexes and the FTS5 index are built once at the end.
public final class IndexWriter: RecipeSink {
  /// What ``finish(_:)`` needs besides the recipes.
  public struct Completion: Sendable {
    /// The run's summary (counts, sources, skipped).
    public var summary: IndexingSummary
    /// The parent of each canonical ingredient that has one.
    public var parents: [String: String]
    /// Serialized in-memory snapshot parts, stored as blobs so that opening is a bulk load.
    /// Called after the derived tables and the FTS5 index are built, so the caller can build
    /// the snapshot on another core meanwhile.
    public var snapshotParts: @Sendable () throws -> [String: [UInt8]]
    /// Extra `meta` rows (for example the checksum of the vocabulary the build used).
    public var metadata: [String: String]

    /// Creates a completion.
    public init(
      summary: IndexingSummary, parents: [String: String],
      snapshotParts: @escaping @Sendable () throws -> [String: [UInt8]],
      metadata: [String: String] = [:]
    ) {
      self.summary = summary
      self.parents = parents
      self.snapshotParts = snapshotParts
      self.metadata = metadata
    }
  }

  /// Where the finished index goes.
  public let destination: URL
  /// The temporary file being written.
  public let temporaryFile: URL
  private var connection: Connection?
  private var statements: InsertStatements?
  private var ingredientIDs: [String: Int64] = [:]
  /// Recipes per ingredient id (index = iid - 1), counted during the load instead of by a
  /// correlated `count(DISTINCT)` over every line afterwards.
  private var recipeCounts: [Int64] = []
  private var seenInRecipe: Set<Int64> = []
  /// `postingOffsets[r] ..< postingOffsets[r + 1]` are recipe `r`'s distinct ingredient ids.
  private var postingIngredients: [UInt32] = []
  private var postingOffsets: [UInt32] = [0]
  /// Folded titles by recipe id, for the title-suggestion table.
  private var foldedTitles = StringTable()

  /// The prepared inserts of the load phase; released before the connection closes, since
  /// SQLite defers closing a connection while any of its statements is alive.
  private struct InsertStatements {
    let recipe: Statement
    let text: Statement
    let line: Statement
    let ingredient: Statement
  }

  /// Starts a build for `destination`, creating its directory when needed.
  public init(destination: URL) throws {
    self.destination = destination
    let directory = destination.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    Self.removeStaleTemporaryFiles(for: destination)
    temporaryFile = directory.appendingPathComponent(
      ".\(destination.lastPathComponent).building-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
    )
    let connection = try Connection(path: temporaryFile.path, mode: .readWriteCreate)
    // The temporary file is thrown away on any failure, so durability during the load is not needed.
    try connection.execute(
      """
      PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -262144;
      PRAGMA locking_mode = EXCLUSIVE; PRAGMA temp_store = MEMORY;
      """)
    try IndexSchema.migrator.migrate(connection)
    try connection.execute("BEGIN")
    let insertRecipe = try connection.statement(
      """
      INSERT INTO recipes(rid, id, title, category, area, tags, summary, servings, prep_minutes, cook_minutes,
          steps, calories, protein_g, fat_g, carbs_g, fiber_g, sugar_g, sodium_mg, diets, source, image)
      VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21)
      """)
    let insertText = try connection.statement(
      "INSERT INTO recipe_text(rid, title, ingredients, tags, instructions) VALUES (?1, ?2, ?3, ?4, ?5)"
    )
    let insertLine = try connection.statement(
      """
      INSERT INTO recipe_ingredients(rid, position, line, quantity_low, quantity_high, unit, iid,
          preparation, comment, optional) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
      """)
    let insertIngredient = try connection.statement(
      "INSERT INTO ingredients(iid, name) VALUES (?1, ?2)")
    statements = InsertStatements(
      recipe: insertRecipe, text: insertText, line: insertLine, ingredient: insertIngredient)
    self.connection = connection
  }

  deinit {
    if connection != nil { abandon() }
  }

  /// Inserts one recipe and its ingredient lines.
  public func add(_ recipe: Recipe, id: RecipeID) throws {
    guard let statements else { throw Self.abandoned }
    let insertRecipe = statements.recipe
    let insertLine = statements.line
    let insertText = statements.text
    let rid = Int64(id.rawValue)
    let n = recipe.nutrition
    // Bound slot by slot (no arrays of boxed values): this runs once per recipe and line.
    try insertRecipe.bind(int: rid, at: 1)
    try insertRecipe.bind(text: recipe.id, at: 2)
    try insertRecipe.bind(text: recipe.title, at: 3)
    try insertRecipe.bind(text: recipe.category, at: 4)
    try insertRecipe.bind(text: recipe.area, at: 5)
    try insertRecipe.bind(text: JSONText.encode(recipe.tags), at: 6)
    try insertRecipe.bind(text: recipe.summary, at: 7)
    try insertRecipe.bind(int: recipe.servings, at: 8)
    try insertRecipe.bind(int: recipe.prepMinutes, at: 9)
    try insertRecipe.bind(int: recipe.cookMinutes, at: 10)
    try insertRecipe.bind(text: JSONText.encode(recipe.steps), at: 11)
    try insertRecipe.bind(double: n?.calories, at: 12)
    try insertRecipe.bind(double: n?.proteinGrams, at: 13)
    try insertRecipe.bind(double: n?.fatGrams, at: 14)
    try insertRecipe.bind(double: n?.carbohydrateGrams, at: 15)
    try insertRecipe.bind(double: n?.fiberGrams, at: 16)
    try insertRecipe.bind(double: n?.sugarGrams, at: 17)
    try insertRecipe.bind(double: n?.sodiumMilligrams, at: 18)
    try insertRecipe.bind(text: JSONText.encode(recipe.diets), at: 19)
    try insertRecipe.bind(text: recipe.source, at: 20)
    try insertRecipe.bind(text: recipe.image, at: 21)
    try insertRecipe.execute()

    var names = ""
    seenInRecipe.removeAll(keepingCapacity: true)
    for (position, line) in recipe.ingredients.enumerated() {
      let iid = try ingredientID(line.name)
      if seenInRecipe.insert(iid).inserted {
        recipeCounts[Int(iid - 1)] += 1
        postingIngredients.append(UInt32(iid))
      }
      try insertLine.bind(int: rid, at: 1)
      try insertLine.bind(int: Int64(position), at: 2)
      try insertLine.bind(text: line.text, at: 3)
      try insertLine.bind(double: line.quantity?.low, at: 4)
      try insertLine.bind(double: line.quantity?.high, at: 5)
      try insertLine.bind(text: line.unit, at: 6)
      try insertLine.bind(int: iid, at: 7)
      try insertLine.bind(text: line.preparation, at: 8)
      try insertLine.bind(text: line.comment, at: 9)
      try insertLine.bind(int: line.isOptional ? 1 : 0, at: 10)
      try insertLine.execute()
      if position > 0 { names.append(", ") }
      names.append(line.name)
    }
    postingOffsets.append(UInt32(postingIngredients.count))
    foldedTitles.append(SearchFolding.fold(recipe.title))
    try insertText.bind(int: rid, at: 1)
    try insertText.bind(text: recipe.title, at: 2)
    try insertText.bind(text: names, at: 3)
    try insertText.bind(text: recipe.tags.joined(separator: " "), at: 4)
    try insertText.bind(text: recipe.steps.joined(separator: "\n"), at: 5)
    try insertText.execute()
  }

  private func ingredientID(_ name: String) throws -> Int64 {
    if let id = ingredientIDs[name] { return id }
    guard let insertIngredient = statements?.ingredient else { throw Self.abandoned }
    let id = Int64(ingredientIDs.count + 1)
    try insertIngredient.bind(int: id, at: 1)
    try insertIngredient.bind(text: name, at: 2)
    try insertIngredient.execute()
    ingredientIDs[name] = id
    recipeCounts.append(0)
    return id
  }

  /// Builds the derived tables, the FTS5 index and the metadata, then renames the file into place.
  public func finish(_ completion: Completion) throws {
    guard let connection else { throw Self.abandoned }
    statements = nil
    do {
      precondition(
        postingOffsets.count == foldedTitles.count + 1, "recipe ids must arrive in order from 0")
      let titles = foldedTitles
      let titleWords = BackgroundJob { WordSuffixArray(strings: titles, ranks: [], order: .byText) }
      foldedTitles = StringTable()
      try connection.execute(
        """
        INSERT INTO categories(name, count)
            SELECT category, count(*) FROM recipes WHERE category IS NOT NULL GROUP BY category;
        INSERT INTO areas(name, count) SELECT area, count(*) FROM recipes WHERE area IS NOT NULL GROUP BY area;
        INSERT INTO recipe_fts(recipe_fts) VALUES('rebuild');
        """)
      let setCount = try connection.statement(
        "UPDATE ingredients SET recipe_count = ?2 WHERE iid = ?1")
      for (offset, count) in recipeCounts.enumerated() {
        try setCount.bind(int: Int64(offset + 1), at: 1)
        try setCount.bind(int: count, at: 2)
        try setCount.execute()
      }
      try writePostings(connection)
      try writeTitleWords(titleWords.wait(), connection)
      let setParent = try connection.statement("UPDATE ingredients SET parent = ?2 WHERE name = ?1")
      for name in ingredientIDs.keys.sorted() {
        if let parent = completion.parents[name] {
          try setParent.run([.text(name), .text(parent)])
        }
      }
      let summary = completion.summary
      let meta: [(String, String)] = [
        ("format_version", String(IndexSchema.formatVersion)),
        // Readers of a served index check they all read one build (ReaderPool).
        ("generation", UUID().uuidString),
        ("built_at", UTCTimestamp.now()),
        ("recipes", String(summary.recipes)),
        ("ingredients", String(ingredientIDs.count)),
        ("skipped", String(summary.skipped)),
        ("build_seconds", String(format: "%.3f", summary.seconds)),
        ("sqlite_version", String(cString: sqlite3_libversion())),
      ]
      let putMeta = try connection.statement("INSERT INTO meta(key, value) VALUES (?1, ?2)")
      for (key, value) in meta + completion.metadata.sorted(by: { $0.key < $1.key }) {
        try putMeta.run([.text(key), .text(value)])
      }
      let putSource = try connection.statement(
        "INSERT INTO sources(position, path, format, bytes, checksum, recipes, skipped) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)"
      )
      for (position, source) in summary.sources.enumerated() {
        try putSource.run([
          .integer(Int64(position)), .text(source.path), .text(source.format),
          .integer(Int64(source.bytes)),
          .text(source.checksum), .integer(Int64(source.recipes)), .integer(Int64(source.skipped)),
        ])
      }
      let putPart = try connection.statement("INSERT INTO snapshot(part, data) VALUES (?1, ?2)")
      for (part, bytes) in try completion.snapshotParts().sorted(by: { $0.key < $1.key }) {
        for piece in SnapshotPieces.rows(part: part, byteCount: bytes.count) {
          try putPart.run([.text(piece.name), .blob(Array(bytes[piece.bytes]))])
        }
      }
      try connection.execute("COMMIT")
      // The finished index is never written again, so the rollback-journal mode suits it: any
      // number of read-only connections share it without needing a writable -shm file.
      try connection.execute("PRAGMA journal_mode = DELETE;")
      self.connection = nil  // closes the connection: no statement of it is alive any more
      try Self.syncFile(temporaryFile)
      guard rename(temporaryFile.path, destination.path) == 0 else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination.path])
      }
      // A stale WAL of the old index must not be applied to the new file.
      for suffix in ["-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: destination.path + suffix)
      }
    } catch {
      abandon()
      throw error
    }
  }

  /// Fills `postings` in key order: a counting sort of the collected (recipe, ingredient)
  /// pairs by ingredient; recipes ascend within each ingredient because they arrived in order.
  private func writePostings(_ connection: Connection) throws {
    let ingredientCount = recipeCounts.count
    var starts = [Int](repeating: 0, count: ingredientCount + 2)
    for iid in postingIngredients { starts[Int(iid) + 1] += 1 }
    for i in 1..<starts.count { starts[i] += starts[i - 1] }
    var byIngredient = [UInt32](repeating: 0, count: postingIngredients.count)
    var fill = starts
    for recipe in 0..<(postingOffsets.count - 1) {
      for k in Int(postingOffsets[recipe])..<Int(postingOffsets[recipe + 1]) {
        let iid = Int(postingIngredients[k])
        byIngredient[fill[iid]] = UInt32(recipe)
        fill[iid] += 1
      }
    }
    postingIngredients = []
    postingOffsets = [0]
    // Rows in key order: the ingredient advances whenever the row passes its last posting.
    var iid = 1
    try connection.insertRows(
      into: "postings", columns: ["iid", "rid"], count: byIngredient.count
    ) { insert, row, first throws(SQLiteError) in
      while row >= starts[iid + 1] { iid += 1 }
      try insert.bind(int: Int64(iid), at: first)
      try insert.bind(int: Int64(byIngredient[row]), at: first + 1)
    }
  }

  /// Fills `title_words` from the sorted title suffixes, in key order.
  private func writeTitleWords(_ suffixes: WordSuffixArray, _ connection: Connection) throws {
    try suffixes.strings.bytes.withUnsafeBufferPointer { bytes in
      try connection.insertRows(
        into: "title_words", columns: ["word", "rid"], count: suffixes.count
      ) { insert, position, first throws(SQLiteError) in
        let recipe = suffixes.stringIndex(at: position)
        let start = Int(suffixes.strings.offsets[recipe]) + suffixes.wordOffset(at: position)
        let end = Int(suffixes.strings.offsets[recipe + 1])
        try insert.bind(textBytes: UnsafeBufferPointer(rebasing: bytes[start..<end]), at: first)
        try insert.bind(int: Int64(recipe), at: first + 1)
      }
    }
  }

  /// Stops the build and deletes the temporary file; the destination is untouched.
  public func abandon() {
    statements = nil
    connection = nil
    for suffix in ["", "-wal", "-shm", "-journal"] {
      try? FileManager.default.removeItem(atPath: temporaryFile.path + suffix)
    }
  }

  private static let abandoned = SQLiteError(
    code: 21, message: "the build was abandoned", operation: "index build")

  private static func syncFile(_ url: URL) throws {
    let handle = try FileHandle(forUpdating: url)
    try handle.synchronize()
    try handle.close()
  }

  /// Deletes temporary files that killed builds of `destination` left behind (their process is gone).
  static func removeStaleTemporaryFiles(for destination: URL) {
    let directory = destination.deletingLastPathComponent()
    let prefix = ".\(destination.lastPathComponent).building-"
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
      return
    }
    for name in names where name.hasPrefix(prefix) {
      let pidText = name.dropFirst(prefix.count).prefix { $0 != "-" }
      if let pid = Int32(pidText), pid != ProcessInfo.processInfo.processIdentifier,
        kill(pid, 0) == 0
      {
        continue  // another build is running right now
      }
      if let pid = Int32(pidText), pid == ProcessInfo.processInfo.processIdentifier { continue }
      try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
    }
  }
}
