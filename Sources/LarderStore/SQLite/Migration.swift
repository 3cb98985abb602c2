/// Versioned schema migrations tracked in `PRAGMA user_version`.
///
/// Each migration runs once, in order, inside a transaction; a file at version *n* runs only
/// the migrations after *n*. A file newer than the code knows is refused rather than guessed at.
public struct Migrator: Sendable {
  /// One schema step: the SQL that takes the schema from version `version - 1` to `version`.
  public struct Migration: Sendable {
    /// The version the schema has after this step (1-based, consecutive).
    public var version: Int
    /// The statements to run.
    public var sql: String

    /// Creates a step.
    public init(version: Int, sql: String) {
      self.version = version
      self.sql = sql
    }
  }

  /// The steps in order.
  public var migrations: [Migration]

  /// Creates a migrator; versions must be 1, 2, 3, ...
  public init(_ migrations: [Migration]) {
    precondition(migrations.enumerated().allSatisfy { $0.offset + 1 == $0.element.version })
    self.migrations = migrations
  }

  /// The version after every step.
  public var latestVersion: Int { migrations.last?.version ?? 0 }

  /// Brings `connection` up to the latest version.
  public func migrate(_ connection: Connection) throws {
    let current = try connection.userVersion
    guard current <= latestVersion else {
      throw SQLiteError(
        code: 1,
        message:
          "schema version \(current) is newer than this Larder understands (\(latestVersion))",
        operation: "migrate")
    }
    for migration in migrations where migration.version > current {
      try connection.transaction {
        try connection.execute(migration.sql)
        try connection.setUserVersion(migration.version)
      }
    }
  }
}
