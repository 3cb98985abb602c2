/// The schema of a Larder index file, as versioned migrations.
///
/// One file holds everything a reader needs: recipes with every field, their ingredient lines,
/// the canonical ingredients actually used (with recipe counts), categories and areas with
/// counts, an external-content FTS5 table for text search, the serialized in-memory snapshot,
/// and metadata (format version, build time, sources with checksums, counts).
///
/// `rid` is the dense ``RecipeID`` assigned in corpus order; `recipes.id` is the public id.
///
/// Two tables are written in key order at the end of a build, from what the load collected:
/// `postings` (each ingredient's recipes, for the SQLite-only query path) and `title_words`
/// (every word-start suffix of every folded title, for recipe-title suggestions by a b-tree
/// range scan, which stays a few microseconds at a million recipes where an FTS5 prefix query
/// over titles takes tens to hundreds of milliseconds).
///
/// The FTS5 table keeps one prefix index, for 3-character prefixes: it halves the FTS build
/// against `prefix='2 3'`, and 1–2 character prefixes are served by a scan of the sorted term
/// list, which FTS5 does quickly.
public enum IndexSchema {
  /// The format version written to `meta.format_version`. Format 3 stores each snapshot part
  /// in pieces (``SnapshotPieces``); format 2 as one row. The tables are the same.
  public static let formatVersion = 3

  /// The format versions readers open; they refuse others (an older Larder refuses format 3
  /// with a message to rebuild, instead of finding no snapshot).
  public static let readableFormatVersions = 2...3

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
        """),
    .init(
      version: 2,
      sql: """
        CREATE TABLE postings(
            iid INTEGER NOT NULL, rid INTEGER NOT NULL, PRIMARY KEY(iid, rid)) WITHOUT ROWID;
        CREATE TABLE title_words(
            word TEXT NOT NULL, rid INTEGER NOT NULL, PRIMARY KEY(word, rid)) WITHOUT ROWID;
        """),
  ])
}
