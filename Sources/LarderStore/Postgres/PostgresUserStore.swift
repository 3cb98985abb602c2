import Foundation
import LarderCore
import Logging
import PostgresNIO

/// User state in PostgreSQL (`larder serve --postgres URL`): the store of record that several
/// replicas share. The same calls and answers as the SQLite file (``SharedUserStore``), over
/// postgres-nio's connection pool; every value is a bound parameter, never SQL text.
///
/// A check on a connection of its own runs every ``checkInterval`` and feeds
/// ``PostgresReachability``: a refused or lost connection makes the store unreachable at once,
/// checks that time out only after several in a row, and a slow answer is an answer. While it is
/// unreachable calls fail at once with ``UserStateUnavailable`` instead of waiting; the first
/// check that gets through makes it reachable again, with a fresh connection pool (the old one
/// may be backing off for up to a minute between connection attempts), without a restart.
/// A call that times out answers ``UserStateUnavailable`` but is not taken as an outage.
/// ``run()`` must run for the store to work.
public final class PostgresUserStore: UserStateStore {
  /// How often reachability is checked.
  public static let checkInterval: Duration = .milliseconds(500)
  /// How long one check may take (connecting included) before it counts as failed.
  public static let checkTimeout: Duration = .seconds(5)
  /// How long one call may take, by default, before it is answered as unavailable.
  public static let defaultCallTimeout: Duration = .seconds(5)

  /// The most connections one store (one replica) opens: with 10 replicas, 160 of
  /// PostgreSQL's `max_connections`.
  public static let maximumConnections = 16

  /// The connections a server's pool keeps open when idle: all of them, so that no call pays
  /// for the pool's idle-timeout timers (see ``init(_:callTimeout:keptConnections:logger:)``).
  public static let serverConnections = maximumConnections

  /// The connection pool calls go through now, and the task running it (`nil` before
  /// ``run()``).
  private struct Pool {
    var client: PostgresClient
    var task: Task<Void, Never>?
  }

  private let pool: Locked<Pool>
  private let configuration: PostgresClient.Configuration
  let logger: Logger
  private let reachability = Locked(PostgresReachability(reachable: false))
  /// What the last failed check found, for the errors of calls refused meanwhile.
  private let lastProblem = Locked("not connected yet")
  private let inFlight = Locked(0)
  private let started = Locked(false)
  /// The profiles tokens named, while PostgreSQL vouches that none of them changed since.
  private let tokens = Locked(TokenCache())
  /// Favorites saved and removed, committed in groups (see ``addFavorite(_:title:for:)``).
  private let favoriteWrites: GroupCommit<FavoriteWrite, FavoriteWriteOutcome>
  /// How long one call may take before it is answered as unavailable.
  public let callTimeout: Duration
  /// The groups of favorite writes that may be committing at once (``writeFavorite(_:)``).
  public let writeBatches: Int
  /// The server, without its password.
  public let server: PostgresLocation

  /// A store for the database at `location`; nothing connects before ``run()``. A call that
  /// has not finished after `callTimeout` answers ``UserStateUnavailable``. `logger` gets the
  /// pool's warnings (a connection that cannot be made is routine while PostgreSQL is away:
  /// the readiness check reports it). The pool keeps `keptConnections` connections open even
  /// when idle (from 1 to ``maximumConnections``; a server keeps them all, see
  /// ``serverConnections``, a command one). Favorite writes are committed in groups, at most
  /// `writeBatches` groups at once (from 1 to ``maximumConnections``; see
  /// ``writeFavorite(_:)``).
  public init(
    _ location: PostgresLocation, callTimeout: Duration = defaultCallTimeout,
    keptConnections: Int = 1, writeBatches: Int = defaultWriteBatches,
    logger: Logger = Logger(label: "larder.postgres")
  ) {
    server = location
    self.callTimeout = callTimeout
    self.writeBatches = min(max(writeBatches, 1), Self.maximumConnections)
    favoriteWrites = GroupCommit(
      maximumRunning: self.writeBatches, maximumBatch: Self.favoriteBatchSize, limit: callTimeout)
    var logger = logger
    logger.logLevel = max(logger.logLevel, .warning)
    self.logger = logger
    var configuration = location.clientConfiguration
    // postgres-nio schedules a keep-alive timer, and an idle-timeout timer for a connection
    // above the minimum, each time it parks a connection after a call, and cancels them at the
    // next lease: a task group of two tasks and a sleep per call, about 6 % of a replica's CPU
    // per user-state write (issue 18). So no keep-alive pings, and a server keeps its
    // connections open. A connection that died while idle (a firewall dropping idle flows)
    // fails its next call with 503, and the reachability check then replaces the pool.
    configuration.options.minimumConnections = min(
      max(keptConnections, 1), Self.maximumConnections)
    configuration.options.maximumConnections = Self.maximumConnections
    configuration.options.keepAliveBehavior = nil
    self.configuration = configuration
    pool = Locked(
      Pool(client: PostgresClient(configuration: configuration, backgroundLogger: logger)))
  }

  /// The URL without password.
  public var location: String { server.description }

  /// Whether calls may go to the server now (see ``PostgresReachability``).
  public var isReachable: Bool { reachability.withLock { $0.isReachable } }

  /// The pool's size and the calls running now.
  public var poolState: UserStatePoolState? {
    UserStatePoolState(
      maximumConnections: Self.maximumConnections, callsInFlight: inFlight.withLock { $0 })
  }

  /// The pool calls go through now.
  var client: PostgresClient { pool.withLock { $0.client } }

  /// Runs the connection pool and the reachability check until the calling task is cancelled,
  /// then closes the pool's connections.
  public func run() async {
    pool.withLock { pool in
      let client = pool.client
      pool.task = Task { await client.run() }
    }
    started.withLock { $0 = true }
    let probe: PostgresReachabilityProbe?
    do {
      probe = PostgresReachabilityProbe(
        try server.connectionConfiguration, interval: Self.checkInterval,
        timeout: Self.checkTimeout, logger: logger
      ) { [self] outcome, error in
        if let error {
          lastProblem.withLock {
            $0 = "last check: \(Self.explain(error, limit: Self.checkTimeout))"
          }
        }
        if reachability.withLock({ $0.record(outcome) }) { replacePool() }
      }
    } catch {
      // No TLS context could be made: calls through the pool fail the same way.
      lastProblem.withLock { $0 = "no check: \(error)" }
      probe = nil
    }
    probe?.start()
    await followTokenChanges()
    probe?.stop()
    let running = pool.withLock { $0.task }
    running?.cancel()
    await running?.value
  }

  /// Reads the count of changes to `profiles` every ``checkInterval`` until the calling task is
  /// cancelled, for ``TokenCache`` (a failed read, such as one before the schema is migrated,
  /// vouches for nothing, so the cache stops answering).
  private func followTokenChanges() async {
    while !Task.isCancelled {
      let start = ContinuousClock.now
      if isReachable, let epoch = try? await tokenChangeCount() {
        tokens.withLock { $0.confirm(epoch: epoch, readStartedAt: start) }
      }
      do { try await Task.sleep(for: Self.checkInterval) } catch { break }
    }
  }

  /// `profile_tokens_changed.epoch`, the count of changes to `profiles`.
  /// - Throws: ``UserStateUnavailable``; what PostgreSQL throws (the table is missing before
  ///   the schema is migrated).
  private func tokenChangeCount() async throws -> Int64 {
    try await perform { client, logger in
      let rows = try await client.query(
        "SELECT epoch FROM profile_tokens_changed", logger: logger)
      for try await epoch in rows.decode(Int64.self) { return epoch }
      throw UserStateUnavailable(location: "profile_tokens_changed", reason: "the row is missing")
    }
  }

  /// Starts a fresh pool for the calls and stops the old one (its calls, made while the
  /// server was away, fail as they would have).
  private func replacePool() {
    let fresh = PostgresClient(configuration: configuration, backgroundLogger: logger)
    let old = pool.withLock { pool in
      let old = pool.task
      pool.client = fresh
      pool.task = Task { await fresh.run() }
      return old
    }
    old?.cancel()
  }

  /// Waits (at most `timeout`) until the server answers, then brings its schema up to date.
  /// Call it once ``run()`` is running, before serving.
  /// - Throws: ``UserStateUnavailable`` when the server did not answer in time;
  ///   ``PostgresSchemaError`` for a newer schema; what PostgreSQL throws.
  public func prepare(timeout: Duration = .seconds(30)) async throws {
    let deadline = ContinuousClock.now + timeout
    // The pool serves only once `run()` runs (it may be starting in another task).
    while !started.withLock({ $0 }), ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(5))
    }
    while true {
      do {
        // The whole remaining time for one attempt: on a loaded machine connecting and
        // migrating can take longer than one call's timeout, and retrying from scratch
        // every few seconds would never finish.
        let client = client
        let logger = logger
        _ = try await withDeadline(max(deadline - ContinuousClock.now, callTimeout)) {
          try await PostgresSchema.migrate(client, logger: logger)
        }
        reachability.withLock { _ = $0.record(.succeeded) }
        return
      } catch let error as PostgresSchemaError {
        throw error
      } catch let error as PSQLError where error.code == .server && !Self.isOutage(error) {
        throw error
      } catch {
        guard ContinuousClock.now < deadline else {
          throw UserStateUnavailable(
            location: location,
            reason: "not ready within \(timeout): \(Self.explain(error, limit: timeout))")
        }
        try await Task.sleep(for: .milliseconds(200))
      }
    }
  }

  // MARK: Calls

  /// Runs `body` against the server within ``callTimeout``, turning an outage into
  /// ``UserStateUnavailable``: at once while the server is unreachable; after a lost
  /// connection (which also marks it unreachable until a check gets through); after a timeout
  /// (which does not: a slow answer is not an outage).
  func perform<T: Sendable>(_ body: @escaping @Sendable (PostgresClient, Logger) async throws -> T)
    async throws -> T
  {
    try requireReachable()
    inFlight.withLock { $0 += 1 }
    defer { inFlight.withLock { $0 -= 1 } }
    let client = client
    let logger = logger
    do {
      return try await withDeadline(callTimeout) { try await body(client, logger) }
    } catch is CancellationError where Task.isCancelled {
      throw CancellationError()
    } catch {
      throw answer(for: error)
    }
  }

  /// Throws ``UserStateUnavailable`` at once while the server is unreachable.
  func requireReachable() throws {
    guard isReachable else {
      throw UserStateUnavailable(
        location: location, reason: "unreachable; \(lastProblem.withLock { $0 })")
    }
  }

  /// The error a call answers for `error`: a domain error or a statement's own PostgreSQL
  /// error as it is; anything else (a lost connection, which also marks the server
  /// unreachable, a timeout) as ``UserStateUnavailable``.
  func answer(for error: any Error) -> any Error {
    switch error {
    case is UserStoreError, is UserStateUnavailable: return error
    case let error as PSQLError where error.code == .server && !Self.isOutage(error): return error
    default:
      let explained = Self.explain(error, limit: callTimeout)
      if Self.outcome(of: error) == .connectionLost {
        lastProblem.withLock { $0 = "a call: \(explained)" }
        reachability.withLock { _ = $0.record(.connectionLost) }
      }
      return UserStateUnavailable(location: location, reason: explained)
    }
  }

  /// What `error` says about the server: ``PostgresReachability/Outcome/connectionLost`` for a
  /// refused, reset or closed connection or a server shutting down or starting up,
  /// ``PostgresReachability/Outcome/failed`` for anything else (a timeout among them).
  static func outcome(of error: any Error) -> PostgresReachability.Outcome {
    switch error {
    case let error as PSQLError:
      switch error.code {
      case .connectionError, .serverClosedConnection, .uncleanShutdown: return .connectionLost
      case .server: return isOutage(error) && !isOverload(error) ? .connectionLost : .failed
      default: return .failed
      }
    case let error as ChannelError:
      if case .connectTimeout = error { return .failed }
      return .connectionLost
    case is IOError, is NIOConnectionError: return .connectionLost
    default: return .failed
    }
  }

  /// `error` in a few words for logs: a deadline says how long was waited, a PostgreSQL
  /// error its code and server message (never the statement's values).
  static func explain(_ error: any Error, limit: Duration) -> String {
    switch error {
    case is DeadlineExceeded: return "no answer within \(limit)"
    case let error as PSQLError:
      let message = error.serverInfo?[.message].map { ": \($0)" } ?? ""
      let state = error.serverInfo?[.sqlState].map { " \($0)" } ?? ""
      let underlying = error.underlying.map { " (\($0))" } ?? ""
      return "\(error.code)\(state)\(message)\(underlying)"
    default: return String(describing: error)
    }
  }

  /// A server error that means the server is going away or refusing work (SQLSTATE classes
  /// 08 connection exception, 53 insufficient resources, 57 operator intervention), not that
  /// the statement was wrong.
  static func isOutage(_ error: PSQLError) -> Bool {
    guard let state = error.serverInfo?[.sqlState] else { return false }
    return ["08", "53", "57"].contains(String(state.prefix(2)))
  }

  /// A server error of SQLSTATE class 53 (insufficient resources, such as too many
  /// connections): the server is there but busy, so it counts as a failed check, not a lost one.
  static func isOverload(_ error: PSQLError) -> Bool {
    error.serverInfo?[.sqlState]?.hasPrefix("53") == true
  }

  /// The rows of `query` decoded as `Row`.
  static func rows<Row: Sendable>(
    _ query: PostgresQuery, as row: Row.Type, on connection: PostgresConnection, logger: Logger
  ) async throws -> [Row] where Row: PostgresDecodable {
    var out: [Row] = []
    for try await value in try await connection.query(query, logger: logger).decode(Row.self) {
      out.append(value)
    }
    return out
  }

  // MARK: Profiles

  /// See ``UserStateStore/createProfile(name:role:)``.
  public func createProfile(name: String, role: ProfileRole) async throws -> (
    profile: UserStore.Profile, token: String
  ) {
    guard UserStore.isValidProfileName(name) else { throw UserStoreError.invalidProfileName(name) }
    return try await perform { client, logger in
      try await client.withConnection { connection in
        guard
          let created = try await Self.insertProfile(
            name: name, role: role, on: connection, logger: logger)
        else { throw UserStoreError.profileExists(name) }
        return created
      }
    }
  }

  /// Inserts a profile unless the name is taken (`nil` then).
  static func insertProfile(
    name: String, role: ProfileRole, on connection: PostgresConnection, logger: Logger
  ) async throws -> (profile: UserStore.Profile, token: String)? {
    let token = UserStore.newToken()
    let hash = UserStore.hash(token)
    let created = UserStore.now()
    let ids = try await connection.query(
      """
      INSERT INTO profiles(name, token_hash, created_at, role) VALUES (\(name), \(hash), \(created), \(role.rawValue))
      ON CONFLICT (name) DO NOTHING RETURNING id
      """, logger: logger
    ).decode(Int64.self)
    for try await id in ids {
      return (
        UserStore.Profile(id: id, name: name, createdAt: created, revoked: false, role: role), token
      )
    }
    return nil
  }

  /// See ``UserStateStore/createFirstProfile(name:)``.
  public func createFirstProfile(name: String) async throws -> String? {
    try await perform { client, logger in
      try await client.withTransaction(logger: logger) { connection in
        // One replica at a time decides whether the store is empty.
        try await connection.query(
          "LOCK TABLE profiles IN SHARE ROW EXCLUSIVE MODE", logger: logger)
        let count = try await Self.rows(
          "SELECT count(*) FROM profiles", as: Int64.self, on: connection, logger: logger)
        guard count.first == 0 else { return nil }
        return try await Self.insertProfile(
          name: name, role: .user, on: connection, logger: logger)?.token
      }
    }
  }

  /// See ``UserStateStore/issueToken(name:)``.
  public func issueToken(name: String) async throws -> String? {
    let token = UserStore.newToken()
    let hash = UserStore.hash(token)
    return try await perform { client, logger in
      try await client.withConnection { connection in
        let ids = try await Self.rows(
          "UPDATE profiles SET token_hash = \(hash), revoked_at = NULL WHERE name = \(name) RETURNING id",
          as: Int64.self, on: connection, logger: logger)
        // The old token names nobody now: this replica forgets it at once (others within
        // TokenCache.freshness).
        self.tokens.withLock { $0.removeAll(now: .now) }
        return ids.isEmpty ? nil : token
      }
    }
  }

  /// See ``UserStateStore/profiles()``.
  public func profiles() async throws -> [UserStore.Profile] {
    try await perform { client, logger in
      var out: [UserStore.Profile] = []
      let rows = try await client.query(
        "SELECT id, name, created_at, revoked_at, role FROM profiles ORDER BY id", logger: logger)
      for try await (id, name, created, revoked, role) in rows.decode(
        (Int64, String, String, String?, String).self)
      {
        out.append(
          UserStore.Profile(
            id: id, name: name, createdAt: created, revoked: revoked != nil,
            role: ProfileRole(stored: role)))
      }
      return out
    }
  }

  /// See ``UserStateStore/revokeProfile(name:)``.
  public func revokeProfile(name: String) async throws -> Bool {
    let now = UserStore.now()
    return try await perform { client, logger in
      try await client.withConnection { connection in
        let revoked = try await !Self.rows(
          "UPDATE profiles SET revoked_at = \(now) WHERE name = \(name) AND revoked_at IS NULL RETURNING id",
          as: Int64.self, on: connection, logger: logger
        ).isEmpty
        self.tokens.withLock { $0.removeAll(now: .now) }
        return revoked
      }
    }
  }

  /// See ``UserStateStore/profile(forToken:)``. A token looked up lately answers from
  /// ``TokenCache`` without a round trip (see there how revocations reach it).
  public func profile(forToken token: String) async throws -> UserStore.Profile? {
    let hash = UserStore.hash(token)
    let now = ContinuousClock.now
    let (cached, epoch) = tokens.withLock {
      ($0.profile(forHash: hash, now: now), $0.epoch(now: now))
    }
    if let cached { return cached }
    let found = try await perform { client, logger -> UserStore.Profile? in
      let rows = try await client.query(
        "SELECT id, name, created_at, role FROM profiles WHERE token_hash = \(hash) AND revoked_at IS NULL",
        logger: logger)
      for try await (id, name, created, role) in rows.decode((Int64, String, String, String).self) {
        return UserStore.Profile(
          id: id, name: name, createdAt: created, revoked: false, role: ProfileRole(stored: role))
      }
      return nil
    }
    if let found, let epoch {
      tokens.withLock { $0.insert(found, forHash: hash, epoch: epoch) }
    }
    return found
  }

  // MARK: Favorites

  /// See ``UserStateStore/favorites(of:)``.
  public func favorites(of profile: UserStore.Profile) async throws -> [UserStore.Favorite] {
    let owner = profile.id
    return try await perform { client, logger in
      var out: [UserStore.Favorite] = []
      // COLLATE "C": byte order, as SQLite sorts.
      let rows = try await client.query(
        """
        SELECT recipe_id, title, saved_at FROM favorites WHERE profile_id = \(owner)
        ORDER BY saved_at COLLATE "C" DESC, recipe_id COLLATE "C"
        """, logger: logger)
      for try await (recipe, title, saved) in rows.decode((String, String, String).self) {
        out.append(UserStore.Favorite(recipeID: recipe, title: title, savedAt: saved))
      }
      return out
    }
  }

  /// See ``UserStateStore/addFavorite(_:title:for:)``. Committed in a group with the
  /// favorites saved and removed meanwhile (``writeFavorite(_:)``).
  public func addFavorite(_ recipeID: String, title: String, for profile: UserStore.Profile)
    async throws -> UserStore.Favorite
  {
    let key = FavoriteWrite.Key(owner: profile.id, recipeID: recipeID)
    guard
      case .saved(let favorite) = try await writeFavorite(
        .save(key, title: title, savedAt: UserStore.now()))
    else { throw GroupCommitMissingResult() }
    return favorite
  }

  /// See ``UserStateStore/removeFavorite(_:for:)``. Committed in a group with the favorites
  /// saved and removed meanwhile (``writeFavorite(_:)``).
  public func removeFavorite(_ recipeID: String, for profile: UserStore.Profile) async throws
    -> Bool
  {
    let key = FavoriteWrite.Key(owner: profile.id, recipeID: recipeID)
    guard case .removed(let found) = try await writeFavorite(.remove(key)) else {
      throw GroupCommitMissingResult()
    }
    return found
  }

  /// The groups of favorite writes that may be committing at once, by default.
  public static let defaultWriteBatches = 2
  /// The most favorite writes in one batch.
  static let favoriteBatchSize = 64

  /// Commits `write` with the favorite writes that arrive while earlier ones are committing
  /// (``GroupCommit``: at most ``writeBatches`` batches at once, each one statement
  /// and one transaction, ``FavoriteStatements/Batch``), and answers once the transaction that
  /// holds it has committed. A batch's statement that PostgreSQL refuses (a profile deleted
  /// meanwhile, a deadlock with another replica's batch) is retried write by write, so one bad
  /// write fails only itself; a batch that cannot reach PostgreSQL (or takes longer than
  /// ``callTimeout``) fails every write in it with ``UserStateUnavailable``, and none of them
  /// is acknowledged.
  func writeFavorite(_ write: FavoriteWrite) async throws -> FavoriteWriteOutcome {
    try requireReachable()
    do {
      return try await favoriteWrites.submit(write) { [self] batch in
        await commitFavorites(batch)
      }
    } catch {
      throw answer(for: error)
    }
  }

  /// The favorite writes waiting for a batch and the batches committing (for tests).
  var favoriteWriteCounts: (waiting: Int, running: Int) { favoriteWrites.counts }

  /// One batch of ``writeFavorite(_:)``: one result per write.
  private func commitFavorites(_ writes: [FavoriteWrite]) async -> [Result<
    FavoriteWriteOutcome, any Error
  >] {
    inFlight.withLock { $0 += 1 }
    defer { inFlight.withLock { $0 -= 1 } }
    let client = client
    let logger = logger
    do {
      return try await FavoriteWrite.commit(writes, on: client, logger: logger).map {
        .success($0)
      }
    } catch let error as PSQLError
      where writes.count > 1 && error.code == .server && !Self.isOutage(error)
    {
      var results: [Result<FavoriteWriteOutcome, any Error>] = []
      for write in writes {
        do {
          results.append(.success(try await write.commitAlone(on: client, logger: logger)))
        } catch {
          results.append(.failure(answer(for: error)))
        }
      }
      return results
    } catch {
      let failure = answer(for: error)
      return writes.map { _ in .failure(failure) }
    }
  }

  // MARK: Grocery list

  /// See ``UserStateStore/groceryItems(of:)``.
  public func groceryItems(of profile: UserStore.Profile) async throws -> [GroceryItem] {
    let owner = profile.id
    return try await perform { client, logger in
      var out: [GroceryItem] = []
      let rows = try await client.query(
        """
        SELECT id, name, quantity, unit, recipe_id, recipe_title, checked FROM grocery_items
        WHERE profile_id = \(owner) ORDER BY id
        """, logger: logger)
      for try await (id, name, quantity, unit, recipe, title, checked) in rows.decode(
        (Int64, String, Double?, String?, String?, String?, Bool).self)
      {
        out.append(
          GroceryItem(
            id: id, name: name, quantity: quantity, unit: unit, recipeID: recipe,
            recipeTitle: title, checked: checked))
      }
      return out
    }
  }

  /// Inserts rows on `connection` (inside the caller's transaction).
  static func insertGroceryRows(
    _ items: [UserStore.NewGroceryItem], owner: Int64, on connection: PostgresConnection,
    logger: Logger
  ) async throws {
    let now = UserStore.now()
    for item in items {
      try await connection.query(
        """
        INSERT INTO grocery_items(profile_id, name, quantity, unit, recipe_id, recipe_title, added_at)
        VALUES (\(owner), \(item.name), \(item.quantity), \(item.unit), \(item.recipeID), \(item.recipeTitle), \(now))
        """, logger: logger)
    }
  }

  /// See ``UserStateStore/addGroceryItems(_:for:)``.
  public func addGroceryItems(_ items: [UserStore.NewGroceryItem], for profile: UserStore.Profile)
    async throws
  {
    let owner = profile.id
    try await perform { client, logger in
      try await client.withTransaction(logger: logger) { connection in
        try await Self.insertGroceryRows(items, owner: owner, on: connection, logger: logger)
      }
    }
  }

  /// See ``UserStateStore/setGroceryItems(_:checked:for:)``.
  public func setGroceryItems(
    _ ids: [Int64], checked: GroceryCheck, for profile: UserStore.Profile
  ) async throws -> Int {
    let owner = profile.id
    let value = checked == .checked
    return try await perform { client, logger in
      try await client.withTransaction(logger: logger) { connection in
        var changed = 0
        for id in ids {
          changed += try await Self.rows(
            "UPDATE grocery_items SET checked = \(value) WHERE profile_id = \(owner) AND id = \(id) RETURNING 1",
            as: Int32.self, on: connection, logger: logger
          ).count
        }
        return changed
      }
    }
  }

  /// See ``UserStateStore/removeGroceryItems(_:for:)``.
  public func removeGroceryItems(_ ids: [Int64], for profile: UserStore.Profile) async throws
    -> Int
  {
    let owner = profile.id
    return try await perform { client, logger in
      try await client.withTransaction(logger: logger) { connection in
        var removed = 0
        for id in ids {
          removed += try await Self.rows(
            "DELETE FROM grocery_items WHERE profile_id = \(owner) AND id = \(id) RETURNING 1",
            as: Int32.self, on: connection, logger: logger
          ).count
        }
        return removed
      }
    }
  }

  /// See ``UserStateStore/clearGrocery(_:for:)``.
  public func clearGrocery(_ scope: GroceryClearScope, for profile: UserStore.Profile)
    async throws
  {
    let owner = profile.id
    try await perform { client, logger in
      switch scope {
      case .all:
        _ = try await client.query(
          "DELETE FROM grocery_items WHERE profile_id = \(owner)", logger: logger)
      case .checked:
        _ = try await client.query(
          "DELETE FROM grocery_items WHERE profile_id = \(owner) AND checked", logger: logger)
      }
    }
  }

  /// See ``UserStateStore/addRecipeToGrocery(_:lines:staples:stapleNames:matching:snapshot:for:)``.
  @discardableResult
  public func addRecipeToGrocery(
    _ recipe: Recipe, lines: GroceryRecipeLines, staples: GroceryStaples, stapleNames: [String],
    matching: IngredientMatching, snapshot: Snapshot, for profile: UserStore.Profile
  ) async throws -> [UserStore.NewGroceryItem] {
    let owner = profile.id
    let recipeID = recipe.id
    return try await perform { client, logger in
      try await client.withTransaction(logger: logger) { connection in
        let pantry =
          lines == .missing
          ? try await Self.rows(
            "SELECT name FROM pantry_items WHERE profile_id = \(owner) ORDER BY name COLLATE \"C\"",
            as: String.self, on: connection, logger: logger) : []
        let rows = try UserStore.groceryRows(
          for: recipe, pantry: pantry, lines: lines, staples: staples, stapleNames: stapleNames,
          matching: matching, snapshot: snapshot)
        try await connection.query(
          "DELETE FROM grocery_items WHERE profile_id = \(owner) AND recipe_id = \(recipeID)",
          logger: logger)
        try await Self.insertGroceryRows(rows, owner: owner, on: connection, logger: logger)
        return rows
      }
    }
  }

  // MARK: Pantry and points

  /// See ``UserStateStore/pantry(of:)``.
  public func pantry(of profile: UserStore.Profile) async throws -> [String] {
    let owner = profile.id
    return try await perform { client, logger in
      try await client.withConnection { connection in
        try await Self.rows(
          "SELECT name FROM pantry_items WHERE profile_id = \(owner) ORDER BY name COLLATE \"C\"",
          as: String.self, on: connection, logger: logger)
      }
    }
  }

  /// See ``UserStateStore/addToPantry(_:for:)``.
  public func addToPantry(_ names: [String], for profile: UserStore.Profile) async throws {
    let owner = profile.id
    let now = UserStore.now()
    try await perform { client, logger in
      try await client.withTransaction(logger: logger) { connection in
        for name in names {
          try await connection.query(
            "INSERT INTO pantry_items(profile_id, name, added_at) VALUES (\(owner), \(name), \(now)) ON CONFLICT DO NOTHING",
            logger: logger)
        }
      }
    }
  }

  /// See ``UserStateStore/removeFromPantry(_:for:)``.
  public func removeFromPantry(_ name: String, for profile: UserStore.Profile) async throws
    -> Bool
  {
    let owner = profile.id
    return try await perform { client, logger in
      try await client.withConnection { connection in
        try await !Self.rows(
          "DELETE FROM pantry_items WHERE profile_id = \(owner) AND name = \(name) RETURNING 1",
          as: Int32.self, on: connection, logger: logger
        ).isEmpty
      }
    }
  }

  /// See ``UserStateStore/markAtHome(_:recipeID:for:)``.
  public func markAtHome(_ ingredient: String, recipeID: String, for profile: UserStore.Profile)
    async throws -> Bool
  {
    let owner = profile.id
    let now = UserStore.now()
    return try await perform { client, logger in
      try await client.withTransaction(logger: logger) { connection in
        try await connection.query(
          "INSERT INTO pantry_items(profile_id, name, added_at) VALUES (\(owner), \(ingredient), \(now)) ON CONFLICT DO NOTHING",
          logger: logger)
        return try await !Self.rows(
          """
          INSERT INTO points(profile_id, recipe_id, ingredient, earned_at)
          VALUES (\(owner), \(recipeID), \(ingredient), \(now)) ON CONFLICT DO NOTHING RETURNING 1
          """, as: Int32.self, on: connection, logger: logger
        ).isEmpty
      }
    }
  }

  /// See ``UserStateStore/points(of:)``.
  public func points(of profile: UserStore.Profile) async throws -> Int {
    let owner = profile.id
    return try await perform { client, logger in
      try await client.withConnection { connection in
        Int(
          try await Self.rows(
            "SELECT count(*) FROM points WHERE profile_id = \(owner)", as: Int64.self,
            on: connection, logger: logger
          ).first ?? 0)
      }
    }
  }
}

extension PostgresUserStore {
  /// Runs `body` with a store for `location` whose pool runs for `body`'s duration: connected
  /// (waiting at most `connectTimeout` for the server) and migrated before `body` runs, and
  /// disconnected after it returns or throws. Its calls time out after `callTimeout`; its pool
  /// keeps `keptConnections` open; at most `writeBatches` groups of favorite writes commit at
  /// once.
  /// - Throws: ``UserStateUnavailable`` when the server did not answer in time; what `body` throws.
  public static func running<T>(
    _ location: PostgresLocation, connectTimeout: Duration,
    callTimeout: Duration = defaultCallTimeout, keptConnections: Int = 1,
    writeBatches: Int = defaultWriteBatches, _ body: (PostgresUserStore) async throws -> T
  ) async throws -> T {
    let store = PostgresUserStore(
      location, callTimeout: callTimeout, keptConnections: keptConnections,
      writeBatches: writeBatches)
    return try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { await store.run() }
      defer { group.cancelAll() }
      try await store.prepare(timeout: connectTimeout)
      return try await body(store)
    }
  }
}
