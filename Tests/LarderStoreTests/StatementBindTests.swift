import Foundation
import LarderTestSupport
import Testing

@testable import LarderStore

/// Every way of binding a value reports SQLite's refusal as an error instead of running the
/// statement with the parameter left NULL.
@Suite struct StatementBindTests {
  /// SQLite's `SQLITE_RANGE`: a parameter index out of range.
  static let rangeCode: Int32 = 25

  private func connection() throws -> Connection {
    let url = try Fixtures.temporaryDirectory().appendingPathComponent("bind.sqlite")
    let connection = try Connection(path: url.path, mode: .readWriteCreate)
    try connection.execute("CREATE TABLE t(a INTEGER, b TEXT)")
    return connection
  }

  private func expectRangeError(
    _ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let error = #expect(throws: SQLiteError.self, sourceLocation: sourceLocation) { try body() }
    #expect(error?.code == Self.rangeCode, sourceLocation: sourceLocation)
    #expect(error?.operation == "bind", sourceLocation: sourceLocation)
  }

  @Test func everyBindingOutOfRangeThrows() throws {
    let connection = try connection()
    let insert = try connection.statement("INSERT INTO t(a, b) VALUES (?1, ?2)")
    expectRangeError { try insert.bind(int: Int64(7), at: 3) }
    expectRangeError { try insert.bind(int: Optional(7), at: 3) }
    expectRangeError { try insert.bind(int: Int?.none, at: 3) }
    expectRangeError { try insert.bind(double: 1.5, at: 3) }
    expectRangeError { try insert.bind(double: nil, at: 3) }
    expectRangeError { try insert.bind(text: "salt", at: 3) }
    expectRangeError { try insert.bind(text: "", at: 3) }
    expectRangeError { try insert.bind(text: nil, at: 3) }
    expectRangeError {
      try Array("pepper".utf8).withUnsafeBufferPointer { try insert.bind(textBytes: $0, at: 3) }
    }
    expectRangeError { try insert.bind(.blob([1, 2]), at: 3) }
    expectRangeError { try insert.bind([.integer(1), .text("a"), .null]) }
  }

  @Test func aFailedBindStopsABulkInsertBeforeAnyRowIsWritten() throws {
    let connection = try connection()
    #expect(throws: SQLiteError.self) {
      try connection.insertRows(into: "t", columns: ["a", "b"], count: 10) {
        insert, row, first throws(SQLiteError) in
        try insert.bind(int: Int64(row), at: first)
        // One past the statement's last parameter for the last row of the chunk.
        try insert.bind(text: "row", at: row == 9 ? first + 2 : first + 1)
      }
    }
    #expect(try connection.scalarInt("SELECT count(*) FROM t") == 0)
  }

  @Test func bindingsInRangeAreStored() throws {
    let connection = try connection()
    let insert = try connection.statement("INSERT INTO t(a, b) VALUES (?1, ?2)")
    try insert.bind(int: Int64(3), at: 1)
    try insert.bind(text: "thyme", at: 2)
    try insert.execute()
    let rows = try connection.statement("SELECT a, b FROM t")
    #expect(try rows.step())
    #expect(rows.int64(0) == 3)
    #expect(rows.text(1) == "thyme")
  }
}
