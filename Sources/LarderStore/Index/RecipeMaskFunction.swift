import CSQLite
import LarderCore

/// `larder_in_mask(mask, rid)`: 1 when bit `rid` of the blob `mask` (a ``RecipeMask``'s bytes)
/// is set, else 0 (also for a rid past the blob, a negative rid or a NULL mask). It lets SQL
/// apply a filter the in-memory layer decided, such as the text search's diet filter, with one
/// blob parameter instead of a list of ids. A pure function of its arguments (deterministic).
enum RecipeMaskFunction {
  /// The function's SQL name.
  static let name = "larder_in_mask"

  /// Registers the function on `connection`.
  static func register(on connection: Connection) throws(SQLiteError) {
    let code = sqlite3_create_function_v2(
      connection.handle, name, 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil,
      { context, count, arguments in
        guard count == 2, let arguments, let maskValue = arguments[0], let ridValue = arguments[1]
        else { return sqlite3_result_int(context, 0) }
        let rid = sqlite3_value_int64(ridValue)
        let size = Int64(sqlite3_value_bytes(maskValue))
        guard rid >= 0, rid / 8 < size, let bytes = sqlite3_value_blob(maskValue) else {
          return sqlite3_result_int(context, 0)
        }
        let byte = bytes.load(fromByteOffset: Int(rid / 8), as: UInt8.self)
        sqlite3_result_int(context, Int32(byte >> UInt8(rid % 8) & 1))
      }, nil, nil, nil)
    guard code == SQLITE_OK else {
      throw SQLiteError(connection: connection.handle, code: code, operation: "create function")
    }
  }
}
