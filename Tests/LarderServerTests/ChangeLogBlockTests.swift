import Foundation
import LarderStore
import Testing

@testable import LarderServer

/// What a replica says when its change-log follower stops at a change (issue 18): the reason
/// names the change and the error in words an operator can act on, and tries come back on a
/// bounded backoff. (The follower itself is exercised on real replicas and PostgreSQL by
/// `RecipeChangeLogFaultTests`.)
@Suite struct ChangeLogBlockTests {
  @Test func triesComeBackAfterADoublingBoundedDelay() {
    let delays = (1...8).map { ChangeLogFollower.retryDelay(afterAttempts: $0) }
    #expect(delays == [1, 2, 4, 8, 15, 15, 15, 15].map { Duration.seconds($0) })
    #expect(ChangeLogFollower.retryDelay(afterAttempts: 10_000) == .seconds(15))
    #expect(ChangeLogFollower.retryDelay(afterAttempts: 0) == .seconds(1))
  }

  @Test func aChangeOfAnUnknownOperationIsNamedWithItsNumberAndReason() throws {
    let thrown = #expect(throws: (any Error).self) {
      try RecipeChange(json: #"{"op": "rename", "from": "a", "to": "b"}"#)
    }
    let refused = LoggedChangeNotApplied(seq: 42, error: try #require(thrown))
    #expect(refused.seq == 42)
    #expect(refused.reason.hasPrefix("not a change this Larder can read"), "\(refused.reason)")
    #expect(refused.reason.contains("rename"), "\(refused.reason)")
    #expect(refused.description.hasPrefix("change 42 of the recipe change log cannot be applied"))
  }

  @Test func aTrimmedLogSaysWhatToShip() {
    let trimmed = RecipeChangeLogTrimmed(position: 7, trimmedThrough: 40)
    #expect(trimmed.description.contains("trimmed through change 40"))
    #expect(trimmed.description.contains("only through change 7"))
    #expect(trimmed.description.contains("compacted index file"))
  }
}
