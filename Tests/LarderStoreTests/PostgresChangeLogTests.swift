import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderStore

/// The recipe change log on a real PostgreSQL 15 (issue 18): appends from concurrent writers
/// get increasing numbers in commit order, a reader pages through them in order, and a
/// listener is woken by each append. Cancelled, with the reason, only where PostgreSQL 15 is
/// not installed.
@Suite struct PostgresChangeLogTests {
  @Test func appendsAreReadInOrderAndWakeListeners() async throws {
    let location = try PostgresLocation(try await TestPostgres.sharedDatabase())
    try await PostgresUserStore.running(
      location, connectTimeout: .seconds(120), callTimeout: .seconds(60)
    ) { store in
      let log = PostgresChangeLog(store: store)
      #expect(try await log.head() == 0)
      #expect(try await log.changes(after: 0, limit: 10).isEmpty)

      let wakes = Locked(0)
      let listener = Task {
        await log.listen(retry: .milliseconds(200)) { wakes.withLock { $0 += 1 } }
      }
      defer { listener.cancel() }
      // The listener's first wake-up comes when it is listening.
      for _ in 0..<600 where wakes.withLock({ $0 }) == 0 {
        try await Task.sleep(for: .milliseconds(100))
      }
      #expect(wakes.withLock { $0 } >= 1)

      // 8 writers at once, 5 changes each: every number once, in commit order.
      let changes = (0..<40).map { RecipeChange.delete(["r\($0)"]) }
      let appended = try await withThrowingTaskGroup(of: (Int64, RecipeChange).self) { group in
        for writer in 0..<8 {
          group.addTask {
            var last: (Int64, RecipeChange) = (0, .delete([]))
            for k in 0..<5 {
              let change = changes[writer * 5 + k]
              last = (try await log.append(json: try change.json()), change)
            }
            return last
          }
        }
        var out: [(Int64, RecipeChange)] = []
        for try await item in group { out.append(item) }
        return out
      }
      #expect(appended.count == 8)
      #expect(try await log.head() == 40)
      var read: [(seq: Int64, json: String)] = []
      while read.count < 40 {
        let page = try await log.changes(after: read.last?.seq ?? 0, limit: 7)
        if page.isEmpty { break }
        read += page
      }
      #expect(read.map(\.seq) == Array(1...40))
      let decoded = try read.map { try RecipeChange(json: $0.json) }
      #expect(Set(decoded) == Set(changes))
      for (seq, change) in appended {
        #expect(decoded[Int(seq) - 1] == change, "change \(seq)")
      }
      for _ in 0..<600 where wakes.withLock({ $0 }) < 2 {
        try await Task.sleep(for: .milliseconds(100))
      }
      #expect(wakes.withLock { $0 } >= 2, "no notification reached the listener")
    }
  }

  @Test func aTrimDeletesThroughAPointAndRefusesReadersBelowIt() async throws {
    let location = try PostgresLocation(try await TestPostgres.sharedDatabase())
    try await PostgresUserStore.running(
      location, connectTimeout: .seconds(120), callTimeout: .seconds(60)
    ) { store in
      let log = PostgresChangeLog(store: store)
      for k in 1...6 { _ = try await log.append(json: try RecipeChange.delete(["r\(k)"]).json()) }
      // Past the last change: refused, nothing deleted.
      await #expect(throws: RecipeChangeLogTrimError(through: 7, head: 6)) {
        try await log.trim(through: 7)
      }
      #expect(try await log.summary().changes == 6)
      let trimmed = try await log.trim(through: 4)
      #expect(trimmed.deleted == 4 && trimmed.trimmedThrough == 4)
      // A reader at or past the point reads on; one below it is refused, never handed a gap.
      #expect(try await log.changes(after: 4, limit: 10).map(\.seq) == [5, 6])
      #expect(try await log.changes(after: 5, limit: 10).map(\.seq) == [6])
      await #expect(throws: RecipeChangeLogTrimmed(position: 2, trimmedThrough: 4)) {
        try await log.changes(after: 2, limit: 10)
      }
      // A trim at or below the point changes nothing.
      let again = try await log.trim(through: 3)
      #expect(again.deleted == 0 && again.trimmedThrough == 4)
      // Trimmed to the end, the head stays where it was and numbers go on from there.
      _ = try await log.trim(through: 6)
      #expect(try await log.head() == 6)
      #expect(try await log.changes(after: 6, limit: 10).isEmpty)
      #expect(try await log.append(json: try RecipeChange.delete(["r7"]).json()) == 7)
      let summary = try await log.summary()
      #expect(summary.head == 7 && summary.trimmedThrough == 6 && summary.changes == 1)
      #expect(summary.changeBytes > 0 && summary.tableBytes > 0)
      #expect(summary.oldestWrittenAt != nil)
    }
  }
}
