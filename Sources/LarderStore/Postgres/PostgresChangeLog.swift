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
  /// ``RecipeChange/init(json:)``, off the request threads). Read in one statement with the
  /// trimmed point, so a trim running meanwhile cannot hide changes: either the page has
  /// every change after `seq` that the log holds, or the call throws.
  /// - Throws: ``RecipeChangeLogTrimmed`` when changes after `seq` were trimmed (the index
  ///   at `seq` cannot follow this log); ``RecipeChangeLogUnavailable``; what PostgreSQL throws.
  public func changes(after seq: Int64, limit: Int) async throws -> [(seq: Int64, json: String)] {
    // The store's call turns errors other than PostgreSQL's into "unavailable": the trimmed
    // point comes out as a value and is checked here.
    let (trimmed, changes) = try await unavailableAsLogError {
      try await self.store.perform { client, logger in
        try await client.withConnection { connection in
          var out: [(seq: Int64, json: String)] = []
          var trimmed: Int64 = 0
          for try await (through, number, json) in try await connection.query(
            """
            SELECT t.through, c.seq, c.change::text FROM recipe_changes_trimmed t
            LEFT JOIN LATERAL (SELECT seq, change FROM recipe_changes WHERE seq > \(seq)
                ORDER BY seq LIMIT \(limit)) c ON true
            ORDER BY c.seq
            """,
            logger: logger
          ).decode((Int64, Int64?, String?).self) {
            trimmed = through
            if let number, let json { out.append((number, json)) }
          }
          return (trimmed, out)
        }
      }
    }
    guard seq >= trimmed else {
      throw RecipeChangeLogTrimmed(position: seq, trimmedThrough: trimmed)
    }
    return changes
  }

  /// The sequence number of the last change committed (0 for an empty log; the trimmed point
  /// when every change was trimmed).
  /// - Throws: ``RecipeChangeLogUnavailable``; what PostgreSQL throws.
  public func head() async throws -> Int64 {
    try await unavailableAsLogError {
      try await self.store.perform { client, logger in
        try await client.withConnection { connection in
          try await PostgresUserStore.rows(
            """
            SELECT greatest((SELECT coalesce(max(seq), 0) FROM recipe_changes),
                (SELECT through FROM recipe_changes_trimmed))
            """, as: Int64.self, on: connection, logger: logger
          ).first ?? 0
        }
      }
    }
  }

  /// Deletes the changes through `through` and records that point (both in one
  /// transaction), so a replica whose index holds less of the log refuses to follow it
  /// rather than skip changes (``changes(after:limit:)`` throws ``RecipeChangeLogTrimmed``).
  /// Trim below what every replica and every index file that may seed one holds: the
  /// smallest `larder_change_log_applied` of the live replicas, and the `change_log_through`
  /// of the compacted file new replicas start from.
  /// - Returns: how many changes were deleted and the trimmed point after the call (a
  ///   `through` at or below the present point changes nothing).
  /// - Throws: ``RecipeChangeLogTrimError`` for a `through` past the log's last change;
  ///   ``RecipeChangeLogUnavailable``; what PostgreSQL throws.
  public func trim(through: Int64) async throws -> (deleted: Int64, trimmedThrough: Int64) {
    let (deleted, trimmed, head) = try await unavailableAsLogError {
      try await self.store.perform { client, logger in
        try await client.withTransaction(logger: logger) { connection in
          // Appends hold this lock until they commit: the head read under it is final.
          try await connection.query(
            "SELECT pg_advisory_xact_lock(\(Self.appendLock))", logger: logger)
          let head =
            try await PostgresUserStore.rows(
              "SELECT coalesce(max(seq), 0) FROM recipe_changes", as: Int64.self,
              on: connection, logger: logger
            ).first ?? 0
          let present =
            try await PostgresUserStore.rows(
              "SELECT through FROM recipe_changes_trimmed FOR UPDATE", as: Int64.self,
              on: connection, logger: logger
            ).first ?? 0
          // Refused past the head (checked below, outside the store's call).
          guard through <= max(head, present), through > present else {
            return (Int64(0), present, max(head, present))
          }
          let deleted =
            try await PostgresUserStore.rows(
              "WITH d AS (DELETE FROM recipe_changes WHERE seq <= \(through) RETURNING 1) SELECT count(*) FROM d",
              as: Int64.self, on: connection, logger: logger
            ).first ?? 0
          try await connection.query(
            "UPDATE recipe_changes_trimmed SET through = \(through), trimmed_at = now()",
            logger: logger)
          return (deleted, through, max(head, through))
        }
      }
    }
    guard through <= head else { throw RecipeChangeLogTrimError(through: through, head: head) }
    return (deleted, trimmed)
  }

  /// What the log holds now: for `larder change-log status` and for sizing retention.
  /// - Throws: ``RecipeChangeLogUnavailable``; what PostgreSQL throws.
  public func summary() async throws -> RecipeChangeLogSummary {
    try await unavailableAsLogError {
      try await self.store.perform { client, logger in
        try await client.withConnection { connection in
          var found = RecipeChangeLogSummary()
          for try await (head, trimmed, changes, changeBytes, tableBytes, oldest, newest)
            in try await connection.query(
              """
              SELECT greatest(coalesce(max(seq), 0), (SELECT through FROM recipe_changes_trimmed)),
                  (SELECT through FROM recipe_changes_trimmed), count(*),
                  coalesce(sum(pg_column_size(change)), 0)::bigint,
                  pg_total_relation_size('recipe_changes'),
                  to_char(min(written_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
                  to_char(max(written_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
              FROM recipe_changes
              """, logger: logger
            ).decode((Int64, Int64, Int64, Int64, Int64, String?, String?).self)
          {
            found = RecipeChangeLogSummary(
              head: head, trimmedThrough: trimmed, changes: changes, changeBytes: changeBytes,
              tableBytes: tableBytes, oldestWrittenAt: oldest, newestWrittenAt: newest)
          }
          return found
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

/// The changes after an index's position were trimmed from the change log
/// (``PostgresChangeLog/trim(through:)``): that index cannot follow the log, since applying
/// what is left would skip changes. Seed the replica from a newer compacted index file.
public struct RecipeChangeLogTrimmed: Error, Sendable, Hashable, CustomStringConvertible {
  /// The index's position (the last change it holds).
  public var position: Int64
  /// The log's trimmed point: changes through it are gone.
  public var trimmedThrough: Int64

  /// The index at `position` and the log trimmed through `trimmedThrough`.
  public init(position: Int64, trimmedThrough: Int64) {
    self.position = position
    self.trimmedThrough = trimmedThrough
  }

  /// One line, with what to do.
  public var description: String {
    "the recipe change log was trimmed through change \(trimmedThrough) but this index holds it only through change \(position): changes \(position + 1) to \(trimmedThrough) are gone; stop this replica, put a newer compacted index file in place of its index (its change_log_through at least \(trimmedThrough), as `larder info` shows it), delete the old index's live segment (PATH-live) and start it again"
  }
}

/// A trim past the change log's last change (it would mark changes not written yet as gone).
public struct RecipeChangeLogTrimError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The point asked for.
  public var through: Int64
  /// The log's last change.
  public var head: Int64

  /// One line.
  public var description: String {
    "cannot trim through change \(through): the log's last change is \(head)"
  }
}

/// What the change log holds (``PostgresChangeLog/summary()``).
public struct RecipeChangeLogSummary: Sendable, Hashable, Codable {
  /// The last change's sequence number (the trimmed point when none is left).
  public var head: Int64 = 0
  /// Changes through this one were trimmed (0: none).
  public var trimmedThrough: Int64 = 0
  /// The changes the table holds.
  public var changes: Int64 = 0
  /// Their JSON column's bytes as stored (`pg_column_size`: after PostgreSQL's compression).
  public var changeBytes: Int64 = 0
  /// The table's bytes on disk with its index and TOAST (`pg_total_relation_size`).
  public var tableBytes: Int64 = 0
  /// When the oldest change left was written (UTC, ISO 8601), if any.
  public var oldestWrittenAt: String? = nil
  /// When the newest was.
  public var newestWrittenAt: String? = nil
}
