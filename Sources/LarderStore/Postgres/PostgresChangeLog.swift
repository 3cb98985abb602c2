import Foundation
import LarderCore
import Logging
import PostgresNIO

/// The recipe change log in PostgreSQL (`larder serve --postgres`): every recipe write of
/// every replica, in commit order, in the table `recipe_changes` (sequence number, the change
/// as JSON, when it was written). A replica commits a write here first, then applies it to
/// its own live index; every replica applies the log in order (``changes(after:limit:)``),
/// woken by a notification on ``channel`` that the write's own transaction sends.
///
/// Appends take a transaction-scoped advisory lock, so sequence numbers are assigned and
/// committed in the same order: a reader that sees change *n* has every change below *n*
/// that will ever commit (a rolled-back append leaves a gap, never a late arrival). Calls go
/// through the user-state store's pool, timeout and reachability (one PostgreSQL, one view of
/// whether it is there); the listener has a connection of its own.
public final class PostgresChangeLog: Sendable {
  /// The notification channel; the payload is the new change's sequence number.
  public static let channel = "larder_recipe_changes"
  /// The advisory lock that orders appends: "larder" in ASCII plus one.
  static let appendLock: Int64 = 0x6C61_7264_6572 + 1

  private let store: PostgresUserStore

  /// The change log in the database `store` uses (its schema holds the table from version 2).
  public init(store: PostgresUserStore) { self.store = store }

  /// The server, without its password.
  public var location: String { store.location }

  /// Commits `change` (its JSON text, ``RecipeChange/json()``) as the log's next change and
  /// notifies every listener in the same transaction; returns its sequence number.
  /// - Throws: ``RecipeChangeLogUnavailable`` when PostgreSQL cannot be reached or did not
  ///   answer in time (the change may then be committed or not: a retry of an upsert is
  ///   harmless, it replaces the recipe with itself); what PostgreSQL throws otherwise.
  public func append(json: String) async throws -> Int64 {
    try await unavailableAsLogError {
      try await self.store.perform { client, logger in
        try await client.withTransaction(logger: logger) { connection in
          try await connection.query(
            "SELECT pg_advisory_xact_lock(\(Self.appendLock))", logger: logger)
          let seqs = try await PostgresUserStore.rows(
            "INSERT INTO recipe_changes(change) VALUES (\(json)::jsonb) RETURNING seq",
            as: Int64.self, on: connection, logger: logger)
          guard let seq = seqs.first else { throw RecipeChangeLogUnavailable("no sequence number") }
          try await connection.query(
            "SELECT pg_notify(\(Self.channel), \(String(seq)))", logger: logger)
          return seq
        }
      }
    }
  }

  /// The changes after `seq`, in order, at most `limit`, as JSON text (decode them with
  /// ``RecipeChange/init(json:)``, off the request threads).
  /// - Throws: ``RecipeChangeLogUnavailable``; what PostgreSQL throws.
  public func changes(after seq: Int64, limit: Int) async throws -> [(seq: Int64, json: String)] {
    try await unavailableAsLogError {
      try await self.store.perform { client, logger in
        try await client.withConnection { connection in
          var out: [(seq: Int64, json: String)] = []
          for try await (seq, json) in try await connection.query(
            "SELECT seq, change::text FROM recipe_changes WHERE seq > \(seq) ORDER BY seq LIMIT \(limit)",
            logger: logger
          ).decode((Int64, String).self) {
            out.append((seq, json))
          }
          return out
        }
      }
    }
  }

  /// The sequence number of the last change committed (0 for an empty log).
  /// - Throws: ``RecipeChangeLogUnavailable``; what PostgreSQL throws.
  public func head() async throws -> Int64 {
    try await unavailableAsLogError {
      try await self.store.perform { client, logger in
        try await client.withConnection { connection in
          try await PostgresUserStore.rows(
            "SELECT coalesce(max(seq), 0) FROM recipe_changes", as: Int64.self,
            on: connection, logger: logger
          ).first ?? 0
        }
      }
    }
  }

  /// Listens on ``channel`` until the calling task is cancelled, on a connection of its own:
  /// calls `wake` for every notification, and once after each (re)connection, since changes
  /// committed while it was not listening sent their notifications to nobody. A lost
  /// connection is made again after `retry`.
  public func listen(retry: Duration = .seconds(1), wake: @escaping @Sendable () -> Void) async {
    let logger = store.logger
    while !Task.isCancelled {
      var opened: PostgresConnection?
      do {
        let connection = try await PostgresConnection.connect(
          configuration: try store.server.connectionConfiguration, id: 1, logger: logger)
        opened = connection
        try await connection.listen(on: Self.channel) { notifications in
          wake()
          for try await _ in notifications { wake() }
        }
      } catch {
        if !Task.isCancelled {
          logger.debug("change log listener: \(PostgresUserStore.explain(error, limit: retry))")
        }
      }
      if let opened { try? await opened.close() }
      try? await Task.sleep(for: retry)
    }
  }

  /// `body`'s result, with the store's ``UserStateUnavailable`` said as the change log's.
  private func unavailableAsLogError<T>(_ body: () async throws -> T) async throws -> T {
    do { return try await body() } catch let error as UserStateUnavailable {
      throw RecipeChangeLogUnavailable(error.reason)
    }
  }
}

/// The recipe change log cannot be reached now (PostgreSQL is away or did not answer in time).
public struct RecipeChangeLogUnavailable: Error, Sendable, CustomStringConvertible {
  /// Why, for logs and tests.
  public var reason: String
  /// One line.
  public var description: String { "the recipe change log cannot be reached now (\(reason))" }
  /// The error, saying why.
  public init(_ reason: String) { self.reason = reason }
}
