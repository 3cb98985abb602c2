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
  ///
  /// Safe when several connections (threads or processes) open the same new file at once:
  /// each step re-reads the version inside its `BEGIN IMMEDIATE` transaction, which holds
  /// the file's write lock, so a step another connection ran first is skipped, not run again
  /// (running it again failed with "table ... already exists").
  public func migrate(_ connection: Connection) throws {
    let seen = try connection.userVersion
    try refuseNewer(seen)
    // An up-to-date file takes no write lock (read-only opens stay read-only).
    for migration in migrations where migration.version > seen {
      try connection.transaction {
        let current = try connection.userVersion
        try refuseNewer(current)
        guard migration.version > current else { return }
        try connection.execute(migration.sql)
        try connection.setUserVersion(migration.version)
      }
    }
  }

  private func refuseNewer(_ current: Int) throws {
    guard current <= latestVersion else {
      throw SQLiteError(
        code: 1,
        message:
          "schema version \(current) is newer than this Larder understands (\(latestVersion))",
        operation: "migrate")
    }
  }
}
