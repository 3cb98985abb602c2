import Logging
import PostgresNIO

/// The schema in PostgreSQL (user state and the recipe change log), in versioned steps like the SQLite file's
/// (``UserStore``'s migrator): step *n* takes the schema from version *n − 1* to *n*; the
/// versions applied are rows of `larder_migrations`. Replicas starting together migrate one at
/// a time (a transaction-scoped advisory lock), all missing steps in one transaction, and a schema
/// newer than this Larder knows is refused rather than guessed at.
///
/// Columns match the SQLite file's, with PostgreSQL's types (`BIGSERIAL` ids, `BOOLEAN`
/// checks, `DOUBLE PRECISION` amounts); times stay ISO 8601 text, so both engines answer with
/// the same strings and order them the same way.
enum PostgresSchema {
  /// The steps in order; each is a list of single statements (the extended query protocol
  /// takes one at a time).
  static let migrations: [[String]] = [
    [
      """
      CREATE TABLE profiles(
          id BIGSERIAL PRIMARY KEY, name TEXT NOT NULL UNIQUE, token_hash TEXT NOT NULL UNIQUE,
          created_at TEXT NOT NULL, revoked_at TEXT, role TEXT NOT NULL DEFAULT 'user')
      """,
      """
      CREATE TABLE favorites(
          profile_id BIGINT NOT NULL REFERENCES profiles(id), recipe_id TEXT NOT NULL,
          title TEXT NOT NULL, saved_at TEXT NOT NULL, PRIMARY KEY(profile_id, recipe_id))
      """,
      """
      CREATE TABLE grocery_items(
          id BIGSERIAL PRIMARY KEY, profile_id BIGINT NOT NULL REFERENCES profiles(id),
          name TEXT NOT NULL, quantity DOUBLE PRECISION, unit TEXT, recipe_id TEXT,
          recipe_title TEXT, checked BOOLEAN NOT NULL DEFAULT FALSE, added_at TEXT NOT NULL)
      """,
      "CREATE INDEX grocery_items_by_profile ON grocery_items(profile_id, id)",
      """
      CREATE TABLE pantry_items(
          profile_id BIGINT NOT NULL REFERENCES profiles(id), name TEXT NOT NULL,
          added_at TEXT NOT NULL, PRIMARY KEY(profile_id, name))
      """,
      """
      CREATE TABLE points(
          profile_id BIGINT NOT NULL REFERENCES profiles(id), recipe_id TEXT NOT NULL,
          ingredient TEXT NOT NULL, earned_at TEXT NOT NULL,
          PRIMARY KEY(profile_id, recipe_id, ingredient))
      """,
    ],
    // 2: the recipe change log (``PostgresChangeLog``): every recipe write of every replica,
    // in commit order.
    [
      """
      CREATE TABLE recipe_changes(
          seq BIGSERIAL PRIMARY KEY, change JSONB NOT NULL,
          written_at TIMESTAMPTZ NOT NULL DEFAULT now())
      """
    ],
    // 3: how far the change log has been trimmed (``PostgresChangeLog/trim(through:)``): one
    // row, so a replica whose index is older than the trimmed point can tell.
    [
      """
      CREATE TABLE recipe_changes_trimmed(
          only_row BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (only_row),
          through BIGINT NOT NULL, trimmed_at TIMESTAMPTZ)
      """,
      "INSERT INTO recipe_changes_trimmed(through) VALUES (0)",
    ],
    // 4: a count of the changes to `profiles` (``TokenCache``): replicas keep the profiles
    // tokens named and drop them when the count moves. A trigger, so that a revocation by
    // another replica, by the CLI or by hand in psql counts too.
    [
      """
      CREATE TABLE profile_tokens_changed(
          only_row BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (only_row), epoch BIGINT NOT NULL)
      """,
      "INSERT INTO profile_tokens_changed(epoch) VALUES (0)",
      """
      CREATE FUNCTION larder_count_profile_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
          UPDATE profile_tokens_changed SET epoch = epoch + 1;
          RETURN NULL;
      END $$
      """,
      """
      CREATE TRIGGER profiles_changed AFTER UPDATE OR DELETE OR TRUNCATE ON profiles
      FOR EACH STATEMENT EXECUTE FUNCTION larder_count_profile_change()
      """,
    ],
  ]

  /// The version after every step.
  static var latestVersion: Int { migrations.count }

  /// An arbitrary constant key for `pg_advisory_xact_lock`: "larder" in ASCII.
  static let migrationLock: Int64 = 0x6C61_7264_6572

  /// Brings the database up to ``latestVersion``; returns the version it found.
  /// - Throws: ``PostgresSchemaError`` for a newer schema; what PostgreSQL throws.
  @discardableResult
  static func migrate(_ client: PostgresClient, logger: Logger) async throws -> Int {
    try await client.withTransaction(logger: logger) { connection in
      try await connection.query("SELECT pg_advisory_xact_lock(\(migrationLock))", logger: logger)
      try await connection.query(
        "CREATE TABLE IF NOT EXISTS larder_migrations(version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())",
        logger: logger)
      var current = 0
      for try await version in try await connection.query(
        "SELECT coalesce(max(version), 0) FROM larder_migrations", logger: logger
      ).decode(Int.self) {
        current = version
      }
      guard current <= latestVersion else {
        throw PostgresSchemaError(found: current, known: latestVersion)
      }
      for (offset, statements) in migrations.enumerated() where offset + 1 > current {
        for statement in statements {
          try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
        }
        try await connection.query(
          "INSERT INTO larder_migrations(version) VALUES (\(offset + 1))", logger: logger)
      }
      return current
    }
  }
}

/// The database's user-state schema is newer than this Larder understands.
public struct PostgresSchemaError: Error, Sendable, CustomStringConvertible {
  /// The version in the database.
  public var found: Int
  /// The newest version this Larder knows.
  public var known: Int
  /// One line.
  public var description: String {
    "the PostgreSQL user-state schema is version \(found), newer than this Larder understands (\(known))"
  }
}
