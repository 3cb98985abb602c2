import CSQLite

/// A prepared SQLite statement: bind, step, read typed columns, reset and reuse.
///
/// Statements are owned by one ``Connection`` and used on one thread at a time. Reusing a
/// prepared statement (the connection caches them by SQL text) is what keeps a read near 7 µs.
public final class Statement {
  let handle: OpaquePointer
  private let connection: OpaquePointer

  init(connection: OpaquePointer, sql: String) throws(SQLiteError) {
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v3(
      connection, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
    guard code == SQLITE_OK, let statement else {
      throw SQLiteError(connection: connection, code: code, operation: "prepare")
    }
    self.handle = statement
    self.connection = connection
  }

  deinit { sqlite3_finalize(handle) }

  /// Clears bindings and rewinds, ready for the next use.
  public func reset() {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
  }

  /// Binds values to the parameters `?1, ?2, ...` in order, after a reset.
  public func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
    reset()
    for (offset, value) in values.enumerated() {
      try bind(value, at: Int32(offset + 1))
    }
  }

  /// Binds one value to the 1-based parameter `index`.
  public func bind(_ value: SQLiteValue, at index: Int32) throws(SQLiteError) {
    let code: Int32
    switch value {
    case .null: code = sqlite3_bind_null(handle, index)
    case .integer(let v): code = sqlite3_bind_int64(handle, index, v)
    case .real(let v): code = sqlite3_bind_double(handle, index, v)
    case .text(let v): code = sqlite3_bind_text(handle, index, v, -1, larder_sqlite_transient())
    case .blob(let bytes):
      code = bytes.withUnsafeBytes { raw in
        sqlite3_bind_blob64(
          handle, index, raw.baseAddress, sqlite3_uint64(raw.count), larder_sqlite_transient())
      }
    }
    try check(code)
  }

  /// Binds an integer to parameter `index` (no boxing: the indexer's hot path).
  /// - Throws: ``SQLiteError`` when SQLite refuses the binding (say, `index` out of range).
  @inline(__always)
  public func bind(int value: Int64, at index: Int32) throws(SQLiteError) {
    try check(sqlite3_bind_int64(handle, index, value))
  }

  /// Binds an integer or NULL to parameter `index`.
  /// - Throws: ``SQLiteError`` when SQLite refuses the binding.
  @inline(__always)
  public func bind(int value: Int?, at index: Int32) throws(SQLiteError) {
    if let value {
      try check(sqlite3_bind_int64(handle, index, Int64(value)))
    } else {
      try check(sqlite3_bind_null(handle, index))
    }
  }

  /// Binds a double or NULL to parameter `index`.
  /// - Throws: ``SQLiteError`` when SQLite refuses the binding.
  @inline(__always)
  public func bind(double value: Double?, at index: Int32) throws(SQLiteError) {
    if let value {
      try check(sqlite3_bind_double(handle, index, value))
    } else {
      try check(sqlite3_bind_null(handle, index))
    }
  }

  /// Binds text or NULL to parameter `index`, copying the bytes once.
  /// - Throws: ``SQLiteError`` when SQLite refuses the binding.
  @inline(__always)
  public func bind(text value: String?, at index: Int32) throws(SQLiteError) {
    guard var value else {
      try check(sqlite3_bind_null(handle, index))
      return
    }
    try check(value.withUTF8 { bindText($0, at: index) })
  }

  /// Binds UTF-8 bytes as text to parameter `index`, copying them once (for text that lives in
  /// a shared buffer rather than a String).
  /// - Throws: ``SQLiteError`` when SQLite refuses the binding (too long, `index` out of range).
  @inline(__always)
  public func bind(textBytes bytes: UnsafeBufferPointer<UInt8>, at index: Int32) throws(SQLiteError)
  {
    try check(bindText(bytes, at: index))
  }

  /// Binds UTF-8 bytes as text and returns SQLite's result code.
  @inline(__always)
  private func bindText(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int32) -> Int32 {
    guard let base = bytes.baseAddress, !bytes.isEmpty else {
      return sqlite3_bind_text(handle, index, "", 0, nil)  // a static empty string: nothing to copy
    }
    return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { chars in
      sqlite3_bind_text64(
        handle, index, chars, sqlite3_uint64(bytes.count), larder_sqlite_transient(),
        UInt8(SQLITE_UTF8))
    }
  }

  /// Turns a binding's result code into an error, as every `sqlite3_bind_*` call reports
  /// misuse (a parameter index out of range, a value too big) only through its return code.
  @inline(__always)
  private func check(_ code: Int32) throws(SQLiteError) {
    guard code == SQLITE_OK else {
      throw SQLiteError(connection: connection, code: code, operation: "bind")
    }
  }

  /// Runs a bound insert or update to completion and resets it, keeping the bindings' slots.
  @inline(__always)
  public func execute() throws(SQLiteError) {
    let code = sqlite3_step(handle)
    sqlite3_reset(handle)
    guard code == SQLITE_DONE || code == SQLITE_ROW else {
      throw SQLiteError(connection: connection, code: code, operation: "step")
    }
  }

  /// Advances to the next row; `false` when the statement is done.
  @discardableResult
  public func step() throws(SQLiteError) -> Bool {
    let code = sqlite3_step(handle)
    switch code {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default:
      let error = SQLiteError(connection: connection, code: code, operation: "step")
      sqlite3_reset(handle)
      throw error
    }
  }

  /// Runs the statement to completion, ignoring rows.
  public func run(_ values: [SQLiteValue] = []) throws(SQLiteError) {
    try bind(values)
    while try step() {}
    sqlite3_reset(handle)
  }

  /// Whether column `index` is NULL in the current row.
  public func isNull(_ index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }

  /// Column `index` of the current row as an integer (0 for NULL).
  public func int64(_ index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

  /// Column `index` as an `Int`, or `nil` for NULL.
  public func optionalInt(_ index: Int32) -> Int? { isNull(index) ? nil : Int(int64(index)) }

  /// Column `index` as a `Double` (0 for NULL).
  public func double(_ index: Int32) -> Double { sqlite3_column_double(handle, index) }

  /// Column `index` as a `Double`, or `nil` for NULL.
  public func optionalDouble(_ index: Int32) -> Double? { isNull(index) ? nil : double(index) }

  /// Column `index` as text ("" for NULL).
  public func text(_ index: Int32) -> String {
    guard let pointer = sqlite3_column_text(handle, index) else { return "" }
    let count = Int(sqlite3_column_bytes(handle, index))
    return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
  }

  /// Column `index` as text, or `nil` for NULL.
  public func optionalText(_ index: Int32) -> String? { isNull(index) ? nil : text(index) }

  /// Runs `body` over column `index`'s bytes where SQLite holds them (empty for NULL), without
  /// copying them out: the buffer is valid only during `body` (until the statement steps or
  /// resets).
  public func withBlob<T>(_ index: Int32, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows
    -> T
  {
    let count = Int(sqlite3_column_bytes(handle, index))
    guard count > 0, let pointer = sqlite3_column_blob(handle, index) else {
      return try body(UnsafeRawBufferPointer(start: nil, count: 0))
    }
    return try body(UnsafeRawBufferPointer(start: pointer, count: count))
  }

  /// Column `index` as bytes (empty for NULL).
  public func blob(_ index: Int32) -> [UInt8] {
    let count = Int(sqlite3_column_bytes(handle, index))
    guard count > 0, let pointer = sqlite3_column_blob(handle, index) else { return [] }
    return Array(UnsafeRawBufferPointer(start: pointer, count: count))
  }
}

/// A value to bind to a statement parameter.
public enum SQLiteValue: Sendable, Hashable {
  /// SQL NULL.
  case null
  /// A 64-bit integer.
  case integer(Int64)
  /// A double.
  case real(Double)
  /// UTF-8 text.
  case text(String)
  /// Raw bytes.
  case blob([UInt8])

  /// `.integer` or `.null`.
  public static func int(_ value: Int?) -> SQLiteValue {
    value.map { .integer(Int64($0)) } ?? .null
  }
  /// `.real` or `.null`.
  public static func double(_ value: Double?) -> SQLiteValue { value.map { .real($0) } ?? .null }
  /// `.text` or `.null`.
  public static func string(_ value: String?) -> SQLiteValue { value.map { .text($0) } ?? .null }
}
