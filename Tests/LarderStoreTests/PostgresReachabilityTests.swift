import Foundation
import PostgresNIO
import Testing

@testable import LarderStore

/// When a replica counts PostgreSQL as unreachable (issue 18): a lost connection at once,
/// failed or timed-out checks only several in a row, one success brings it back; and what a
/// real refused connection is classified as.
@Suite struct PostgresReachabilityTests {
  @Test func aLostConnectionCountsAtOnceAndOneSuccessHeals() {
    var state = PostgresReachability(reachable: true)
    let lost = state.record(.connectionLost)
    #expect(!lost && !state.isReachable)
    let healed = state.record(.succeeded)
    #expect(healed, "the first success after an outage is reported")
    #expect(state.isReachable && state.failuresInARow == 0)
    let again = state.record(.succeeded)
    #expect(!again, "a success while reachable is not a recovery")
  }

  @Test func failedChecksCountOnlySeveralInARow() {
    var state = PostgresReachability(reachable: true)
    for _ in 1..<PostgresReachability.failuresBeforeUnreachable {
      state.record(.failed)
      #expect(state.isReachable, "one slow or failed check is not an outage")
    }
    state.record(.succeeded)
    for _ in 1..<PostgresReachability.failuresBeforeUnreachable { state.record(.failed) }
    #expect(state.isReachable, "a success in between starts the count again")
    state.record(.failed)
    #expect(!state.isReachable)
    #expect(state.failuresInARow == PostgresReachability.failuresBeforeUnreachable)
    let healed = state.record(.succeeded)
    #expect(healed)
  }

  @Test func aStoreStartsUnreachableUntilItConnects() {
    var state = PostgresReachability(reachable: false)
    #expect(!state.isReachable)
    state.record(.failed)
    #expect(!state.isReachable)
    let first = state.record(.succeeded)
    #expect(state.isReachable)
    #expect(!first, "the first connection is not a recovery (no pool to replace)")
    state.record(.connectionLost)
    let healed = state.record(.succeeded)
    #expect(healed)
  }

  @Test func aRefusedConnectionIsALostConnection() async throws {
    // Port 1 on loopback: nothing listens there, so the kernel refuses at once.
    let location = try PostgresLocation("postgres://larder@127.0.0.1:1/larder?sslmode=disable")
    let error = await #expect(throws: (any Error).self) {
      _ = try await PostgresConnection.connect(
        configuration: try location.connectionConfiguration, id: 0,
        logger: Logger(label: "test"))
    }
    #expect(PostgresUserStore.outcome(of: try #require(error)) == .connectionLost, "\(error!)")
    #expect(PostgresUserStore.outcome(of: DeadlineExceeded()) == .failed)
  }

  @Test func callsFailAtOnceWhileTheServerIsUnreachable() async throws {
    let location = try PostgresLocation("postgres://larder@127.0.0.1:1/larder?sslmode=disable")
    let store = PostgresUserStore(location, callTimeout: .seconds(2))
    let running = Task { await store.run() }
    defer { running.cancel() }
    // Unreachable from the start, and a call answers unavailable instead of waiting for
    // the pool.
    #expect(!store.isReachable)
    await #expect(throws: UserStateUnavailable.self) {
      _ = try await store.profiles()
    }
    await #expect(throws: UserStateUnavailable.self) {
      try await store.prepare(timeout: .milliseconds(300))
    }
    #expect(!store.isReachable)
  }
}
