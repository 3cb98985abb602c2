import Foundation
import LarderCore
import LarderTestSupport
import Logging
import PostgresNIO
import Testing

@testable import LarderStore

/// Group commit of favorite writes in PostgreSQL (issue 18, ``GroupCommit``): writes that
/// arrive while earlier ones are committing go to PostgreSQL as one statement and one
/// transaction, with the answers of the same writes one by one; a batch whose transaction
/// fails answers every write in it with an error and commits none of them; a write that
/// PostgreSQL refuses fails only itself. Real PostgreSQL 15 on loopback. Every slot of the
/// queue is kept busy by a write of a profile whose row the test locks (`FOR UPDATE`, which a
/// favorite's foreign key check waits for) on a connection of its own, so the writes sent
/// next are known to wait together in the queue (its count says so) until the test lets go.
@Suite(.serialized) struct FavoriteGroupCommitTests {
  /// What a test works with: a store on a fresh database, two profiles, two connections of
  /// the test's own (for locks) and the database's URL (for psql).
  struct Setup {
    var store: PostgresUserStore
    var alice: UserStore.Profile
    var holder: UserStore.Profile
    var locks: [PostgresConnection]
    var url: String
  }

  func withStore(_ body: (Setup) async throws -> Void) async throws {
    let url = try await TestPostgres.sharedDatabase()
    let location = try PostgresLocation(url)
    try await PostgresUserStore.running(
      location, connectTimeout: .seconds(120), callTimeout: .seconds(60),
      keptConnections: PostgresUserStore.serverConnections
    ) { store in
      let (alice, _) = try await store.createProfile(name: "alice", role: .user)
      let (holder, _) = try await store.createProfile(name: "holder", role: .user)
      var locks: [PostgresConnection] = []
      for id in 1...2 {
        locks.append(
          try await PostgresConnection.connect(
            configuration: try location.connectionConfiguration, id: id,
            logger: Logger(label: "test")))
      }
      let setup = Setup(store: store, alice: alice, holder: holder, locks: locks, url: url)
      do {
        try await body(setup)
      } catch {
        for connection in locks { try? await connection.close() }
        throw error
      }
      for connection in locks { try await connection.close() }
    }
  }

  static let logger = Logger(label: "test")

  /// Locks `profile`'s row on `connection` until ``release(_:)``: its favorites' writes wait.
  func hold(_ profile: UserStore.Profile, on connection: PostgresConnection) async throws {
    try await connection.query("BEGIN", logger: Self.logger)
    let rows = try await connection.query(
      "SELECT id FROM profiles WHERE id = \(profile.id) FOR UPDATE", logger: Self.logger)
    for try await _ in rows {}
  }

  func release(_ connection: PostgresConnection) async throws {
    try await connection.query("ROLLBACK", logger: Self.logger)
  }

  /// Waits (at most 60 s) until `condition` holds.
  func wait(_ what: String, until condition: () async throws -> Bool) async throws {
    for _ in 0..<1200 {
      if try await condition() { return }
      try await Task.sleep(for: .milliseconds(50))
    }
    Issue.record("gave up waiting: \(what)")
    throw CancellationError()
  }

  /// The backends waiting for a lock whose statement starts with `prefix`.
  func blocked(_ setup: Setup, statement prefix: String = "") async throws -> Int {
    Int(
      try await TestPostgres.psql(
        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '\(prefix)%'",
        url: setup.url)) ?? -1
  }

  /// `body`'s result or error.
  static func outcome<T: Sendable>(_ body: @Sendable () async throws -> T) async -> Result<
    T, any Error
  > {
    do { return .success(try await body()) } catch { return .failure(error) }
  }

  /// A favorite save by `profile`, started in a task of its own.
  func save(_ recipeID: String, by profile: UserStore.Profile, in setup: Setup) -> Task<
    Result<UserStore.Favorite, any Error>, Never
  > {
    let store = setup.store
    return Task {
      await Self.outcome { try await store.addFavorite(recipeID, title: recipeID, for: profile) }
    }
  }

  /// A favorite removal by `profile`, started in a task of its own.
  func remove(_ recipeID: String, by profile: UserStore.Profile, in setup: Setup) -> Task<
    Result<Bool, any Error>, Never
  > {
    let store = setup.store
    return Task { await Self.outcome { try await store.removeFavorite(recipeID, for: profile) } }
  }

  /// Locks the holder's row on the first lock connection and starts a save of the holder in
  /// every slot of the queue, each blocked by that lock; returns their tasks.
  func occupySlots(_ setup: Setup) async throws -> [Task<
    Result<UserStore.Favorite, any Error>, Never
  >] {
    try await hold(setup.holder, on: setup.locks[0])
    var slots: [Task<Result<UserStore.Favorite, any Error>, Never>] = []
    for slot in 0..<setup.store.writeBatches {
      slots.append(save("slot\(slot)-\(UUID())", by: setup.holder, in: setup))
      try await wait("slot \(slot) blocked") { try await blocked(setup) == slot + 1 }
    }
    #expect(setup.store.favoriteWriteCounts.running == setup.store.writeBatches)
    return slots
  }

  /// Queues writes: each is started once the one before it is waiting in the queue.
  func queue<T: Sendable>(
    _ setup: Setup, _ writes: [() -> Task<Result<T, any Error>, Never>]
  ) async throws -> [Task<Result<T, any Error>, Never>] {
    let before = setup.store.favoriteWriteCounts.waiting
    var tasks: [Task<Result<T, any Error>, Never>] = []
    for write in writes {
      tasks.append(write())
      let count = before + tasks.count
      try await wait("\(count) writes waiting") {
        setup.store.favoriteWriteCounts.waiting == count
      }
    }
    return tasks
  }

  @Test func writesThatWaitTogetherCommitAsOneBatchWithTheAnswersOfOneByOne() async throws {
    try await withStore { setup in
      let (store, alice) = (setup.store, setup.alice)
      let kept = try await store.addFavorite("kept", title: "Kept", for: alice)
      _ = try await store.addFavorite("old", title: "Old", for: alice)
      let slots = try await occupySlots(setup)
      // Saved anew, saved again (the first save stays), removed, removed when absent.
      let saves = try await queue(
        setup,
        [
          { save("fresh", by: alice, in: setup) }, { save("kept", by: alice, in: setup) },
        ])
      let removals = try await queue(
        setup,
        [{ remove("old", by: alice, in: setup) }, { remove("absent", by: alice, in: setup) }])
      #expect(store.favoriteWriteCounts.waiting == 4)
      try await release(setup.locks[0])
      for slot in slots { _ = try await slot.value.get() }
      #expect(try await saves[0].value.get().title == "fresh")
      #expect(try await saves[1].value.get() == kept)
      #expect(try await removals[0].value.get())
      #expect(try await !removals[1].value.get())
      #expect(Set(try await store.favorites(of: alice).map(\.recipeID)) == ["kept", "fresh"])

      // One favorite removed by one write and saved by the next: never in one batch, and in
      // their order.
      let slotsAgain = try await occupySlots(setup)
      let removedFresh = try await queue(setup, [{ remove("fresh", by: alice, in: setup) }])
      let savedFresh = save("fresh", by: alice, in: setup)
      try await wait("2 writes waiting") { store.favoriteWriteCounts.waiting == 2 }
      try await release(setup.locks[0])
      for slot in slotsAgain { _ = try await slot.value.get() }
      #expect(try await removedFresh[0].value.get())
      let fresh = try await savedFresh.value.get()
      #expect(try await store.favorites(of: alice).contains(fresh))
    }
  }

  @Test func aBatchWhoseTransactionFailsAnswersEveryWriteWithAnErrorAndCommitsNone() async throws {
    try await withStore { setup in
      let (store, alice) = (setup.store, setup.alice)
      let slots = try await occupySlots(setup)
      // Alice's row locked too: the batch of her writes will wait for it.
      try await hold(alice, on: setup.locks[1])
      let saves: [() -> Task<Result<UserStore.Favorite, any Error>, Never>] = (0..<4).map {
        number in { save("w\(number)", by: alice, in: setup) }
      }
      let writes = try await queue(setup, saves)
      // The slots commit; the four waiting writes go to PostgreSQL together, as one
      // statement, and wait for alice's row.
      try await release(setup.locks[0])
      for slot in slots { _ = try await slot.value.get() }
      try await wait("the batch blocked") {
        try await blocked(setup, statement: "WITH saved AS") == 1
      }
      #expect(store.favoriteWriteCounts.waiting == 0)
      // Its transaction fails (its backend is stopped): every write in it is answered with
      // an error.
      _ = try await TestPostgres.psql(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'WITH saved AS%'",
        url: setup.url)
      for write in writes {
        await #expect(throws: UserStateUnavailable.self) { try await write.value.get() }
      }
      try await release(setup.locks[1])
      // The store answers again once its check has found the server (a stopped backend
      // marks it unreachable until then).
      try await wait("reachable") { store.isReachable }
      // None of them was committed.
      #expect(try await store.favorites(of: alice).isEmpty)
      _ = try await store.addFavorite("after", title: "After", for: alice)
      #expect(try await store.favorites(of: alice).map(\.recipeID) == ["after"])
    }
  }

  @Test func aWriteThatPostgreSQLRefusesFailsOnlyItselfInItsBatch() async throws {
    try await withStore { setup in
      let (store, alice) = (setup.store, setup.alice)
      // A profile that does not exist (deleted meanwhile): the foreign key refuses its save.
      let nobody = UserStore.Profile(
        id: 999_999, name: "nobody", createdAt: alice.createdAt, revoked: false, role: .user)
      let slots = try await occupySlots(setup)
      let writes = try await queue(
        setup,
        [
          { save("a", by: alice, in: setup) }, { save("b", by: nobody, in: setup) },
          { save("c", by: alice, in: setup) },
        ])
      try await release(setup.locks[0])
      for slot in slots { _ = try await slot.value.get() }
      #expect(try await writes[0].value.get().title == "a")
      await #expect(throws: PSQLError.self) { try await writes[1].value.get() }
      #expect(try await writes[2].value.get().title == "c")
      #expect(Set(try await store.favorites(of: alice).map(\.recipeID)) == ["a", "c"])
    }
  }
}
