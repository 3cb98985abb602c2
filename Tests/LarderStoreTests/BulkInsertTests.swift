import Foundation
import LarderTestSupport
import Testing

@testable import LarderStore

@Suite struct BulkInsertTests {
  @Test(arguments: [0, 1, 63, 64, 65, 200])
  func insertsEveryRowOnceInOrder(count: Int) throws {
    let url = try Fixtures.temporaryDirectory().appendingPathComponent("bulk.sqlite")
    let connection = try Connection(path: url.path, mode: .readWriteCreate)
    try connection.execute("CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT NOT NULL)")
    var bound: [Int] = []
    try connection.insertRows(into: "t", columns: ["a", "b"], count: count) {
      insert, row, first throws(SQLiteError) in
      bound.append(row)
      try insert.bind(int: Int64(row), at: first)
      try insert.bind(text: "row \(row)", at: first + 1)
    }
    #expect(bound == Array(0..<count))
    #expect(try connection.scalarInt("SELECT count(*) FROM t") == count)
    let rows = try connection.statement("SELECT a, b FROM t ORDER BY a")
    var index = 0
    while try rows.step() {
      #expect(rows.int64(0) == Int64(index))
      #expect(rows.text(1) == "row \(index)")
      index += 1
    }
    #expect(index == count)
  }
}
