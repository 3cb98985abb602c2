import CSQLite

/// One SQLite connection with a cache of prepared statements.
///
/// Not `Sendable`: a connection belongs to one thread or task at a time. Readers that run
/// concurrently each open their own read-only connection: an index file is never written after
/// its build (a rebuild writes a new file and renames it into place), so readers need no WAL.
/// The user-state file, which is written while served, uses WAL.
public final class Connection {
  /// How to open the file.
  public enum Mode: Sendable {
    /// Read only; the file must exist.
    case readOnly
    /// Read and write, creating the file when missing.
    case readWriteCreate
  }

  let handle: OpaquePointer
  private var statements: [String: Statement] = [:]
  /// The path the connection was opened with.
  public let path: String

  /// Opens `path`.
  public init(path: String, mode: Mode) throws(SQLiteError) {
    var db: OpaquePointer?
    let flags: Int32 =
      switch mode {
      case .readOnly: SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX
      case .readWriteCreate: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
      }
    let code = sqlite3_open_v2(path, &db, flags, nil)
    guard code == SQLITE_OK, let db else {
      let error = SQLiteError(connection: db, code: code, operation: "open")
      sqlite3_close_v2(db)
      throw error
    }
    self.handle = db
    self.path = path
    sqlite3_extended_result_codes(db, 1)
    sqlite3_busy_timeout(db, 5_000)
  }

  deinit {
    statements.removeAll()
    sqlite3_close_v2(handle)
  }

  /// Runs one or more SQL statements that take no parameters (schema, pragmas).
  public func execute(_ sql: String) throws(SQLiteError) {
    let code = sqlite3_exec(handle, sql, nil, nil, nil)
    guard code == SQLITE_OK else {
      throw SQLiteError(connection: handle, code: code, operation: "execute")
    }
  }

  /// The cached prepared statement for `sql`, reset and ready to bind.
  public func statement(_ sql: String) throws(SQLiteError) -> Statement {
    if let cached = statements[sql] {
      cached.reset()
      return cached
    }
    let statement = try Statement(connection: handle, sql: sql)
    statements[sql] = statement
    return statement
  }

  /// Runs `body` inside `BEGIN IMMEDIATE ... COMMIT`, rolling back when it throws.
  public func transaction<T>(_ body: () throws -> T) throws -> T {
    try execute("BEGIN IMMEDIATE")
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  /// `PRAGMA user_version`, the schema version the migrations track.
  public var userVersion: Int {
    get throws(SQLiteError) {
      let statement = try statement("PRAGMA user_version")
      defer { statement.reset() }
      return try statement.step() ? Int(statement.int64(0)) : 0
    }
  }

  /// Sets `PRAGMA user_version`.
  public func setUserVersion(_ version: Int) throws(SQLiteError) {
    try execute("PRAGMA user_version = \(version)")
  }

  /// The rowid of the last inserted row.
  public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  /// The number of rows the last statement changed.
  public var changes: Int { Int(sqlite3_changes(handle)) }

  /// Reads one integer from a query with no parameters (counts, pragmas).
  public func scalarInt(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> Int? {
    let statement = try statement(sql)
    try statement.bind(values)
    defer { statement.reset() }
    return try statement.step() ? statement.optionalInt(0) : nil
  }
}
