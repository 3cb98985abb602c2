/// Inserting many rows through multi-row `INSERT ... VALUES (...), (...), ...` statements: one
/// statement execution per `rowsPerStatement` rows instead of per row, which roughly halves the
/// cost of writing millions of small rows (the per-execution overhead dominates them).
extension Connection {
  /// Inserts `count` rows into `table`. `bind(statement, row, firstParameter)` binds row `row`'s
  /// values to parameters `firstParameter ..< firstParameter + columns.count`; rows are bound in
  /// order 0, 1, 2, ... exactly once each.
  /// - Complexity: O(count) bindings; ⌈count / rowsPerStatement⌉ statement executions.
  public func insertRows(
    into table: String, columns: [String], count: Int, rowsPerStatement: Int = 64,
    bind: (Statement, Int, Int32) throws(SQLiteError) -> Void
  ) throws(SQLiteError) {
    precondition(rowsPerStatement > 0 && !columns.isEmpty)
    func sql(rows: Int) -> String {
      let row = "(" + Array(repeating: "?", count: columns.count).joined(separator: ",") + ")"
      return "INSERT INTO \(table)(\(columns.joined(separator: ", "))) VALUES "
        + Array(repeating: row, count: rows).joined(separator: ",")
    }
    let full = try statement(sql(rows: rowsPerStatement))
    var row = 0
    while row < count {
      let rows = min(rowsPerStatement, count - row)
      let insert = rows == rowsPerStatement ? full : try statement(sql(rows: rows))
      for k in 0..<rows { try bind(insert, row + k, Int32(k * columns.count + 1)) }
      try insert.execute()
      row += rows
    }
  }
}
