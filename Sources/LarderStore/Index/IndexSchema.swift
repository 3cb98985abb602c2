/// The schema of a Larder index file, as versioned migrations.
///
/// One file holds everything a reader needs: recipes with every field, their ingredient lines,
/// the canonical ingredients actually used (with recipe counts), categories and areas with
/// counts, an external-content FTS5 table for text search, the serialized in-memory snapshot,
/// and metadata (format version, build time, sources with checksums, counts).
///
/// `rid` is the dense ``RecipeID`` assigned in corpus order; `recipes.id` is the public id.
///
/// The FTS5 table keeps one prefix index, for 3-character prefixes: it halves the FTS build
/// against `prefix='2 3'`, and 1–2 character prefixes are served by a scan of the sorted term
/// list, which FTS5 does quickly.
public enum IndexSchema {
  /// The format version written to `meta.format_version`; readers refuse other versions.
  public static let formatVersion = 1

  /// The migrations that create the schema.
  public static let migrator = Migrator([
    .init(
      version: 1,
      sql: """
        CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
        CREATE TABLE sources(
            position INTEGER PRIMARY KEY, path TEXT NOT NULL, format TEXT NOT NULL,
            bytes INTEGER NOT NULL, checksum TEXT NOT NULL, recipes INTEGER NOT NULL, skipped INTEGER NOT NULL);
        CREATE TABLE recipes(
            rid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, title TEXT NOT NULL,
            category TEXT, area TEXT, tags TEXT NOT NULL, summary TEXT, servings INTEGER,
            prep_minutes INTEGER, cook_minutes INTEGER, steps TEXT NOT NULL,
            calories REAL, protein_g REAL, fat_g REAL, carbs_g REAL, fiber_g REAL, sugar_g REAL, sodium_mg REAL,
            diets TEXT NOT NULL, source TEXT, image TEXT);
        CREATE TABLE ingredients(
            iid INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, recipe_count INTEGER NOT NULL DEFAULT 0,
            parent TEXT);
        CREATE TABLE recipe_ingredients(
            rid INTEGER NOT NULL, position INTEGER NOT NULL, line TEXT NOT NULL,
            quantity_low REAL, quantity_high REAL, unit TEXT, iid INTEGER NOT NULL,
            preparation TEXT, comment TEXT, optional INTEGER NOT NULL,
            PRIMARY KEY(rid, position)) WITHOUT ROWID;
        CREATE TABLE categories(name TEXT PRIMARY KEY, count INTEGER NOT NULL) WITHOUT ROWID;
        CREATE TABLE areas(name TEXT PRIMARY KEY, count INTEGER NOT NULL) WITHOUT ROWID;
        CREATE TABLE recipe_text(
            rid INTEGER PRIMARY KEY, title TEXT, ingredients TEXT, tags TEXT, instructions TEXT);
        CREATE VIRTUAL TABLE recipe_fts USING fts5(
            title, ingredients, tags, instructions,
            content='recipe_text', content_rowid='rid',
            tokenize='unicode61 remove_diacritics 2', prefix='3');
        CREATE TABLE snapshot(part TEXT PRIMARY KEY, data BLOB NOT NULL) WITHOUT ROWID;
        """)
  ])

  /// Indexes created after the bulk load, when building them once is cheaper than maintaining them.
  /// (Browsing by category or area is served by the in-memory snapshot, so `recipes` needs no
  /// index on those columns; the ingredient index serves the SQLite-only baseline.)
  static let postLoadIndexes = """
    CREATE INDEX recipe_ingredients_by_ingredient ON recipe_ingredients(iid, rid);
    """
}
