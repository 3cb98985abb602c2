import Foundation
import LarderCore

/// The written recipes of a live index read whole from its segment file, by version (the
/// sequence number of the write that stored each): what a ``LiveView`` reads for recipe detail,
/// summaries, text search and the builds of its merge structures, as the base's recipes are
/// read from the base file. The index holds only each written recipe's id, title and version
/// in memory.
///
/// Read-only connections to the segment, each lent to one caller at a time and opened when
/// every one is lent (so as many as reads ran at once; a server bounds them by its storage
/// threads). The file is in WAL mode: a statement started after a write's commit reads it, so a
/// read that starts after a write's acknowledgement finds its record. A version's row never
/// changes, and stays until a rebase after the one that dropped it (see
/// ``LiveSegmentFile/rebase(onto:droppingThrough:changeLogPosition:)``), so a view reads the
/// recipes it was made with even when they were replaced since.
///
/// - Complexity: one primary-key lookup and one record decode per recipe.
final class LiveSegmentRecords: WrittenRecipeSource {
  /// The segment file.
  let url: URL
  private let idle = Locked<[LentConnection]>([])

  /// The records of the segment of the index at `indexURL` (connections open on first use).
  init(indexURL: URL) {
    url = LiveSegmentFile.url(forIndex: indexURL)
  }

  /// The recipes stored under `versions`, in the order given.
  /// - Throws: ``WrittenRecipeMissing`` for a version the file does not hold as an upsert;
  ///   ``SQLiteError``; ``SegmentRecordDamaged`` or `DecodingError` for a damaged record.
  func recipes(_ versions: [Int64]) throws -> [Recipe] {
    try records(versions).map(SegmentRecipeCoding.decode)
  }

  /// The recipes stored under `versions`, in the order given, with only the fields a snapshot
  /// build reads (``SegmentRecipeCoding/indexedFields(_:)``): what a view's merge structures
  /// are built from.
  /// - Throws: as ``recipes(_:)``.
  func indexedRecipes(_ versions: [Int64]) throws -> [Recipe] {
    try records(versions).map(SegmentRecipeCoding.indexedFields)
  }

  /// The records stored under `versions`, in the order given.
  private func records(_ versions: [Int64]) throws -> [[UInt8]] {
    guard !versions.isEmpty else { return [] }
    return try withConnection { connection -> [[UInt8]] in
      let statement = try connection.statement(
        "SELECT recipe FROM operations WHERE seq = ?1 AND kind = 'upsert'")
      // One read transaction for all: the lookups take the file's read lock once.
      try connection.execute("BEGIN")
      defer { try? connection.execute("COMMIT") }
      return try versions.map { version in
        defer { statement.reset() }
        try statement.bind([.integer(version)])
        guard try statement.step() else { throw WrittenRecipeMissing(version: version) }
        return statement.blob(0)
      }
    }
  }

  /// The recipe stored under `version`.
  func recipe(_ version: Int64) throws -> Recipe { try recipes([version])[0] }

  /// Runs `body` with a connection lent to it alone (an idle one, or a new one).
  private func withConnection<T>(_ body: (Connection) throws -> T) throws -> T {
    let lent: LentConnection
    if let connection = idle.withLock({ $0.popLast() }) {
      lent = connection
    } else {
      lent = LentConnection(connection: try Connection(path: url.path, mode: .readOnly))
    }
    defer { idle.withLock { $0.append(lent) } }
    return try body(lent.connection)
  }
}

/// A connection of ``LiveSegmentRecords``, used by one caller at a time (taken from and put
/// back into the idle list under its lock).
private struct LentConnection: @unchecked Sendable {
  // Safety: only the caller that took it from the idle list uses it until it is put back.
  let connection: Connection
}
