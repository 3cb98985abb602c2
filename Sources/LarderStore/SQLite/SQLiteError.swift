import CSQLite

/// An error reported by SQLite. It carries the result code and SQLite's message, never the
/// values bound to a statement, so it is safe to log; the server still shows users only its own words.
public struct SQLiteError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The primary result code (`SQLITE_CONSTRAINT`, `SQLITE_CORRUPT`, ...).
  public var code: Int32
  /// The extended result code, when SQLite gave one.
  public var extendedCode: Int32
  /// SQLite's own message.
  public var message: String
  /// What Larder was doing ("prepare", "step", "open index.sqlite").
  public var operation: String

  /// Creates an error from its parts.
  public init(code: Int32, extendedCode: Int32? = nil, message: String, operation: String) {
    self.code = code
    self.extendedCode = extendedCode ?? code
    self.message = message
    self.operation = operation
  }

  /// Reads the last error of a connection.
  init(connection: OpaquePointer?, code: Int32, operation: String) {
    let message =
      connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
      ?? String(cString: sqlite3_errstr(code))
    let extended = connection.map { sqlite3_extended_errcode($0) } ?? code
    self.init(code: code & 0xFF, extendedCode: extended, message: message, operation: operation)
  }

  /// Whether the error is a constraint violation (unique id, foreign key, ...).
  public var isConstraintViolation: Bool { code == SQLITE_CONSTRAINT }

  /// `SQLite error 19 (step): UNIQUE constraint failed: recipes.id`.
  public var description: String { "SQLite error \(extendedCode) (\(operation)): \(message)" }
}
