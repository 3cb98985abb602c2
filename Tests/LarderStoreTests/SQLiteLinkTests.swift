import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderStore

@Suite struct ConnectionTests {
  @Test func linkedSQLiteHasFTS5AndJSON() throws {
    let connection = try Connection(path: ":memory:", mode: .readWriteCreate)
    #expect(try connection.scalarInt("SELECT sqlite_compileoption_used('ENABLE_FTS5')") == 1)
    #expect(try connection.scalarInt("SELECT json_array_length(?1)", [.text("[1,2,3]")]) == 3)
  }

  @Test func errorsCarryCodeAndMessageButNotBoundValues() throws {
    let connection = try Connection(path: ":memory:", mode: .readWriteCreate)
    try connection.execute("CREATE TABLE t(id TEXT PRIMARY KEY)")
    let insert = try connection.statement("INSERT INTO t(id) VALUES (?1)")
    try insert.run([.text("secret-value")])
    do {
      try insert.run([.text("secret-value")])
      Issue.record("a duplicate key must fail")
    } catch {
      #expect(error.isConstraintViolation)
      #expect(error.description.contains("UNIQUE"))
      #expect(!error.description.contains("secret-value"))
    }
  }

  @Test func transactionRollsBackWhenBodyThrows() throws {
    let connection = try Connection(path: ":memory:", mode: .readWriteCreate)
    try connection.execute("CREATE TABLE t(x INTEGER)")
    struct Boom: Error {}
    #expect(throws: Boom.self) {
      try connection.transaction {
        try connection.execute("INSERT INTO t VALUES (1)")
        throw Boom()
      }
    }
    #expect(try connection.scalarInt("SELECT count(*) FROM t") == 0)
  }

  @Test func migratorRunsEachStepOnceAndRefusesNewerFiles() throws {
    let connection = try Connection(path: ":memory:", mode: .readWriteCreate)
    let migrator = Migrator([
      .init(version: 1, sql: "CREATE TABLE a(x)"), .init(version: 2, sql: "CREATE TABLE b(x)"),
    ])
    try migrator.migrate(connection)
    try migrator.migrate(connection)  // a second run is a no-op, not a "table exists" error
    #expect(try connection.userVersion == 2)
    try connection.setUserVersion(7)
    #expect(throws: SQLiteError.self) { try migrator.migrate(connection) }
  }

  /// Several connections opening the same new file at once (a server and `larder add`, or
  /// parallel tests) each migrate it; every step runs once and none fails with "table
  /// already exists". Repeated over fresh files, since the race needs two openers to read
  /// version 0 before either commits.
  @Test func connectionsMigratingOneNewFileAtOnceRunEachStepOnce() throws {
    let migrator = Migrator([
      .init(version: 1, sql: "CREATE TABLE a(x); INSERT INTO a VALUES (1);"),
      .init(version: 2, sql: "CREATE TABLE b(x); INSERT INTO b VALUES (2);"),
    ])
    let directory = try Fixtures.temporaryDirectory()
    for round in 0..<20 {
      let path = directory.appendingPathComponent("race-\(round).sqlite").path
      let failures = Locked<[String]>([])
      DispatchQueue.concurrentPerform(iterations: 6) { _ in
        do {
          let connection = try Connection(path: path, mode: .readWriteCreate)
          try migrator.migrate(connection)
        } catch {
          failures.withLock { $0.append("\(error)") }
        }
      }
      #expect(failures.withLock { $0 } == [], "round \(round)")
      let connection = try Connection(path: path, mode: .readOnly)
      #expect(try connection.userVersion == 2)
      #expect(try connection.scalarInt("SELECT count(*) FROM a") == 1)
      #expect(try connection.scalarInt("SELECT count(*) FROM b") == 1)
    }
  }
}
