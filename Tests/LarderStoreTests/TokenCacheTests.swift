import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderStore

/// The replica's cache of the profiles tokens named (``TokenCache``): an entry answers only
/// under the count of profile changes it was looked up under, and only while a recent read of
/// that count vouches for it; with PostgreSQL, a token revoked elsewhere (another replica, the
/// CLI, psql) stops working without a restart.
@Suite struct TokenCacheTests {
  let alice = UserStore.Profile(
    id: 1, name: "alice", createdAt: "2026-11-27T09:00:00Z", revoked: false, role: .user)

  @Test func answersOnlyUnderTheCountItWasLookedUpUnder() {
    var cache = TokenCache()
    let start = ContinuousClock.now
    // No count read yet: nothing is vouched for, lookups are not kept.
    #expect(cache.epoch(now: start) == nil)
    cache.confirm(epoch: 7, readStartedAt: start)
    #expect(cache.epoch(now: start) == 7)
    cache.insert(alice, forHash: "h-alice", epoch: 7)
    #expect(cache.profile(forHash: "h-alice", now: start) == alice)
    #expect(cache.profile(forHash: "h-bob", now: start) == nil)
    // Looked up under an older count (a change committed meanwhile): never answers.
    cache.insert(alice, forHash: "h-old", epoch: 6)
    #expect(cache.profile(forHash: "h-old", now: start) == nil)
    // The count moves (a profile changed somewhere): every entry is stale.
    cache.confirm(epoch: 8, readStartedAt: start + .milliseconds(500))
    #expect(cache.profile(forHash: "h-alice", now: start + .milliseconds(500)) == nil)
    cache.insert(alice, forHash: "h-alice", epoch: 8)
    #expect(cache.profile(forHash: "h-alice", now: start + .milliseconds(600)) == alice)
    cache.removeAll(now: start + .milliseconds(600))
    #expect(cache.profile(forHash: "h-alice", now: start + .milliseconds(600)) == nil)
    // Nothing answers until a read of the count that started after the change, not even a
    // profile a lookup running meanwhile kept under the old count.
    #expect(cache.epoch(now: start + .milliseconds(600)) == nil)
    cache.insert(alice, forHash: "h-alice", epoch: 8)
    cache.confirm(epoch: 8, readStartedAt: start + .milliseconds(550))
    #expect(cache.profile(forHash: "h-alice", now: start + .milliseconds(650)) == nil)
    cache.confirm(epoch: 9, readStartedAt: start + .milliseconds(700))
    #expect(cache.profile(forHash: "h-alice", now: start + .milliseconds(700)) == nil)
  }

  @Test func stopsAnsweringWhenReadsOfTheCountStop() {
    var cache = TokenCache()
    let start = ContinuousClock.now
    cache.confirm(epoch: 1, readStartedAt: start)
    cache.insert(alice, forHash: "h", epoch: 1)
    let late = start + TokenCache.freshness
    #expect(cache.profile(forHash: "h", now: late - .milliseconds(1)) == alice)
    // No read has vouched for the count for `freshness`: a revocation may have gone unseen.
    #expect(cache.profile(forHash: "h", now: late) == nil)
    #expect(cache.epoch(now: late) == nil)
    // The same count read again: the entry answers again.
    cache.confirm(epoch: 1, readStartedAt: late)
    #expect(cache.profile(forHash: "h", now: late) == alice)
  }

  @Test func staysWithinItsCapacity() {
    var cache = TokenCache()
    let now = ContinuousClock.now
    cache.confirm(epoch: 1, readStartedAt: now)
    for number in 0..<TokenCache.capacity {
      cache.insert(alice, forHash: "h\(number)", epoch: 1)
    }
    #expect(cache.profile(forHash: "h0", now: now) == alice)
    cache.insert(alice, forHash: "one more", epoch: 1)
    #expect(cache.profile(forHash: "h0", now: now) == nil)
    #expect(cache.profile(forHash: "one more", now: now) == alice)
  }

  /// Two stores on one database are two replicas: a token one of them has answered for is
  /// refused by it once the other revokes it, once it is replaced, and once psql revokes it by
  /// hand (the trigger counts every change to `profiles`), without a restart.
  @Test func aTokenRevokedElsewhereStopsWorking() async throws {
    let url = try await TestPostgres.sharedDatabase()
    let location = try PostgresLocation(url)
    try await PostgresUserStore.running(
      location, connectTimeout: .seconds(120), callTimeout: .seconds(60)
    ) { first in
      try await PostgresUserStore.running(
        location, connectTimeout: .seconds(120), callTimeout: .seconds(60)
      ) { second in
        let (alice, aliceToken) = try await first.createProfile(name: "alice", role: .user)
        let (bob, bobToken) = try await first.createProfile(name: "bob", role: .user)
        let (carol, carolToken) = try await first.createProfile(name: "carol", role: .user)

        // Looked up by the first replica (and kept once a read of the count vouches for it).
        try await answersLater(first, aliceToken, alice)
        #expect(try await second.revokeProfile(name: "alice"))
        try await answersLater(first, aliceToken, nil)

        try await answersLater(first, bobToken, bob)
        let replaced = try #require(try await second.issueToken(name: "bob"))
        try await answersLater(first, bobToken, nil)
        #expect(try await first.profile(forToken: replaced) == bob)

        try await answersLater(first, carolToken, carol)
        _ = try await TestPostgres.psql(
          "UPDATE profiles SET revoked_at = '2026-11-27T10:00:00Z' WHERE name = 'carol'", url: url)
        try await answersLater(first, carolToken, nil)
      }
    }
  }

  /// Waits (at most 60 s: the full suite loads the machine) until `store` answers `expected`
  /// for `token`; the cache's own bound is ``TokenCache/freshness``, but tests time nothing.
  func answersLater(
    _ store: PostgresUserStore, _ token: String, _ expected: UserStore.Profile?
  ) async throws {
    let deadline = ContinuousClock.now + .seconds(60)
    var answer = try await store.profile(forToken: token)
    while answer != expected, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(50))
      answer = try await store.profile(forToken: token)
    }
    #expect(answer == expected)
    // Asked again after a read of the count has vouched for the entry: the same answer.
    try await Task.sleep(for: PostgresUserStore.checkInterval * 3)
    #expect(try await store.profile(forToken: token) == expected)
  }
}
