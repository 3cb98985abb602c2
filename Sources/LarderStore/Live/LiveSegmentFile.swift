import Foundation
import LarderCore

/// The persisted live segment of an index: every write since the base index was built, in
/// order, in a SQLite file beside the index (`PATH-live` for index `PATH`, as SQLite names a
/// database's `-wal`), in WAL mode with `synchronous=FULL`, so a write is durable when its
/// transaction commits.
///
/// The base index file stays as it was built (read-only, rollback journal: any number of
/// read-only connections share it); only compaction replaces it, by a rename. The segment
/// records which base it extends (`base_generation`, the base's `generation` meta value), so a
/// segment is never applied to another index: after a compaction renamed a new base into place
/// the operations the new base already holds (`seq <= compacted_through`) are dropped; a
/// segment left beside an index rebuilt by `larder index` belongs to no base and is emptied.
///
/// With a shared change log (`larder serve --postgres`) the segment also records how far into
/// that log the index (base and segment together) is: `change_log_position` in `meta`,
/// written in the same transaction as the writes of the change it applies, so a replica killed
/// at any moment neither applies a change twice nor skips one.
///
/// Not `Sendable`: one connection, used under ``LiveIndex``'s write lock.
///
/// - Complexity: an append is one transaction of one insert per operation (one fsync of the
///   WAL per call, not per recipe); reading the segment back is one scan.
final class LiveSegmentFile {
  /// One persisted write.
  enum Operation: Sendable, Hashable {
    /// Add or replace a recipe, by its public id.
    case upsert(Recipe)
    /// Delete the recipe with this public id.
    case delete(String)

    /// Applies this write to `order`, stored under `version` (its sequence number): an upsert
    /// leaves the order the recipe's id, title and version (``WrittenRecipe``).
    func apply(to order: inout LiveRecipeOrder, version: Int64) {
      switch self {
      case .upsert(let recipe):
        order.upsert(WrittenRecipe(id: recipe.id, title: recipe.title, version: version))
      case .delete(let id): order.delete(id)
      }
    }
  }

  /// The segment file of the index at `indexURL`.
  static func url(forIndex indexURL: URL) -> URL {
    URL(fileURLWithPath: indexURL.path + "-live")
  }

  private let connection: Connection
  /// The file.
  let url: URL

  private static let migrator = Migrator([
    .init(
      version: 1,
      sql: """
        CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
        CREATE TABLE operations(
            seq INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL CHECK (kind IN ('upsert', 'delete')),
            id TEXT NOT NULL, recipe BLOB);
        """),
    // The segment's own id, which a compaction records in the base it writes
    // (`compacted_segment`): only this segment's own compaction is taken for one when a base
    // names this segment's base generation in `compacted_from` (a compacted file shipped from
    // another replica names the same generation). Version 2 also marks the recipe records of
    // ``SegmentRecipeCoding`` (the JSON records of version 1 are still read).
    .init(
      version: 2,
      sql: """
        INSERT OR IGNORE INTO meta(key, value) VALUES ('segment_id', lower(hex(randomblob(16))));
        """),
  ])

  /// Opens (creating when missing) the segment of the index at `indexURL`.
  init(indexURL: URL) throws {
    url = Self.url(forIndex: indexURL)
    connection = try Connection(path: url.path, mode: .readWriteCreate)
    try connection.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;")
    try Self.migrator.migrate(connection)
  }

  /// Opens (creating when missing) the segment of the index `reader` reads, whose base is
  /// `generation`, and makes it that base's segment: a segment whose writes its own compaction
  /// already put into the base (stopped between its rename and emptying the segment: the base
  /// names this segment in `compacted_segment`) loses those; a segment of another base is
  /// emptied. What ``LiveIndex`` and ``LiveSegmentWriter`` both open with.
  /// - Returns: the segment and how far into the shared change log base and segment are (the
  ///   segment is the caller's alone: `reader` may go to another thread afterwards).
  static func open(
    forBase reader: IndexReader, generation: String, indexURL: URL
  ) throws -> sending (segment: LiveSegmentFile, changeLogPosition: Int64) {
    let segment = try LiveSegmentFile(indexURL: indexURL)
    let segmentBase = try segment.baseGeneration()
    // How far into the shared change log the base alone is (a compaction records it).
    let baseLogPosition = Int64(try reader.metadata("change_log_through") ?? "") ?? 0
    var logPosition = try segment.changeLogPosition() ?? baseLogPosition
    if segmentBase != generation {
      let through: Int64
      if let compacted = try compactedThrough(
        by: reader, segmentBase: segmentBase, segmentID: try segment.segmentID())
      {
        // A compaction of this segment stopped before emptying it: the segment's position
        // still describes base and segment together.
        through = compacted
      } else {
        // A new segment, or one of another base: the base's position is the index's.
        through = segmentBase == nil ? 0 : .max
        logPosition = baseLogPosition
      }
      try segment.rebase(onto: generation, droppingThrough: through, changeLogPosition: logPosition)
    }
    return (segment, logPosition)
  }

  /// Replays the operations of `stored` (in order) into `order`, each upsert as its recipe's
  /// id, title and sequence number (the rest of the record is not decoded: it stays in the
  /// file, read on demand through ``LiveSegmentRecords``); returns the sequence number of the
  /// last (0 for none).
  /// - Throws: ``SegmentRecordDamaged`` or `DecodingError` for a damaged record.
  static func replay(_ stored: [StoredOperation], into order: inout LiveRecipeOrder) throws
    -> Int64
  {
    var last: Int64 = 0
    for item in stored {
      if let record = item.record {
        let (id, title) = try SegmentRecipeCoding.idAndTitle(record)
        order.upsert(WrittenRecipe(id: id, title: title, version: item.seq))
      } else {
        order.delete(item.id)
      }
      last = item.seq
    }
    return last
  }

  /// Opens the existing segment of the index at `indexURL` read-only, to look at what it holds
  /// (never migrated or written through).
  /// - Throws: ``SQLiteError`` when there is no such file or it cannot be read.
  init(readingIndexURL indexURL: URL) throws {
    url = Self.url(forIndex: indexURL)
    connection = try Connection(path: url.path, mode: .readOnly)
  }

  /// The sequence number of the last write ever appended (0 for none; AUTOINCREMENT: numbers
  /// are never reused, even after compaction empties the table, so a base's
  /// `compacted_through` never names a later write, and a segment with a write it did not
  /// have has a greater one).
  func lastSequence() throws -> Int64 {
    Int64(
      try connection.scalarInt(
        "SELECT coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'operations'), 0)") ?? 0)
  }

  /// The generation of the base this segment extends, or `nil` for a new segment.
  func baseGeneration() throws -> String? {
    let statement = try connection.statement(
      "SELECT value FROM meta WHERE key = 'base_generation'")
    defer { statement.reset() }
    return try statement.step() ? statement.text(0) : nil
  }

  /// This segment's own id (random, made when the segment was created or first opened by a
  /// version that records it).
  func segmentID() throws -> String {
    let statement = try connection.statement("SELECT value FROM meta WHERE key = 'segment_id'")
    defer { statement.reset() }
    return try statement.step() ? statement.text(0) : ""
  }

  /// The last write of a segment that `index` holds because `index` is that segment's own
  /// compaction (`compacted_through`), or `nil` when it is not: a segment of base
  /// `segmentBase` whose id is `segmentID`. A base compacted before segments had ids
  /// (no `compacted_segment`) is taken by its `compacted_from` alone.
  static func compactedThrough(
    by index: IndexReader, segmentBase: String?, segmentID: String
  ) throws -> Int64? {
    guard let segmentBase, try index.metadata("compacted_from") == segmentBase else { return nil }
    if let compacted = try index.metadata("compacted_segment"), compacted != segmentID {
      return nil
    }
    return Int64(try index.metadata("compacted_through") ?? "") ?? 0
  }

  /// The last change-log sequence number applied to the base and this segment, or `nil` when
  /// the segment has recorded none (see ``LiveIndex/changeLogPosition``).
  func changeLogPosition() throws -> Int64? {
    let statement = try connection.statement(
      "SELECT value FROM meta WHERE key = 'change_log_position'")
    defer { statement.reset() }
    return try statement.step() ? Int64(statement.text(0)) : nil
  }

  /// One persisted write as stored: its recipe still a record of ``SegmentRecipeCoding``
  /// (its id and title read by ``replay(_:into:)``, which can run off the connection's
  /// thread).
  struct StoredOperation: Sendable {
    /// The sequence number.
    var seq: Int64
    /// The id a deletion names (for an upsert, the recipe's id).
    var id: String
    /// The recipe's record, or `nil` for a deletion.
    var record: [UInt8]?
  }

  /// Every operation the base does not hold yet (after ``droppedThrough()``) with its sequence
  /// number, in order, as stored (one scan, no decoding).
  func storedOperations() throws -> [StoredOperation] {
    let statement = try connection.statement(
      "SELECT seq, kind, id, recipe FROM operations WHERE seq > ?1 ORDER BY seq")
    defer { statement.reset() }
    try statement.bind([.integer(try droppedThrough())])
    var result: [StoredOperation] = []
    while try statement.step() {
      let isDelete = statement.text(1) == "delete"
      result.append(
        StoredOperation(
          seq: statement.int64(0), id: statement.text(2),
          record: isDelete ? nil : statement.blob(3)))
    }
    return result
  }

  /// The last sequence number a base holds (a compaction's `compacted_through`, or every
  /// write of a segment of another base): those operations are no longer the segment's, and
  /// their rows stay only until the next rebase, for the views made before this one that may
  /// still read their recipes (see ``rebase(onto:droppingThrough:changeLogPosition:)``).
  func droppedThrough() throws -> Int64 {
    let statement = try connection.statement(
      "SELECT value FROM meta WHERE key = 'dropped_through'")
    defer { statement.reset() }
    return try statement.step() ? Int64(statement.text(0)) ?? 0 : 0
  }

  /// What ``append(_:changeLogPosition:)`` wrote: the sequence number of each operation (the
  /// version an upserted recipe is read back by), and of the last operation ever written.
  struct Appended {
    /// One per operation, in order.
    var versions: [Int64]
    /// The last sequence number written (the last before, when nothing was).
    var last: Int64
  }

  /// Appends `operations` in one durable transaction and returns their sequence numbers. With
  /// `changeLogPosition` the same transaction records it as the change log's position (the
  /// change these operations apply).
  func append(_ operations: [Operation], changeLogPosition: Int64? = nil) throws -> Appended {
    // Encoded before the transaction, so the write lock of the file is held only for the
    // inserts and the commit.
    let records = operations.map { operation -> [UInt8]? in
      guard case .upsert(let recipe) = operation else { return nil }
      return SegmentRecipeCoding.encode(recipe)
    }
    return try connection.transaction {
      let insert = try connection.statement(
        "INSERT INTO operations(kind, id, recipe) VALUES (?1, ?2, ?3)")
      var versions: [Int64] = []
      versions.reserveCapacity(operations.count)
      for (operation, record) in zip(operations, records) {
        switch operation {
        case .upsert(let recipe):
          try insert.run([.text("upsert"), .text(recipe.id), .blob(record ?? [])])
        case .delete(let id):
          try insert.run([.text("delete"), .text(id), .null])
        }
        versions.append(connection.lastInsertRowID)
      }
      if let changeLogPosition { try recordPosition(changeLogPosition) }
      return Appended(versions: versions, last: try lastSequence())
    }
  }

  /// Makes this the segment of base `generation`: drops the operations up to `through`
  /// (which that base already holds), in one durable transaction; with `changeLogPosition`,
  /// records it as the change log's position too.
  ///
  /// Dropped operations leave the segment at once (``storedOperations()`` skips them), but
  /// their rows are deleted only by the next rebase: a view made over the old base may still
  /// be reading its written recipes by version while the compaction that dropped them swaps
  /// in the new base (a read lasts one query; a compaction comes after thousands of writes).
  /// A segment of another base (`through` past every write) is emptied at once: no view of
  /// this process reads it.
  func rebase(
    onto generation: String, droppingThrough through: Int64, changeLogPosition: Int64? = nil
  ) throws {
    try connection.transaction {
      let last = try lastSequence()
      let dropped = min(through, last)
      let purged = through == .max ? last : try droppedThrough()
      try connection.statement("DELETE FROM operations WHERE seq <= ?1").run([.integer(purged)])
      try connection.statement(
        "INSERT OR REPLACE INTO meta(key, value) VALUES ('dropped_through', ?1)"
      ).run([.text(String(dropped))])
      try connection.statement(
        "INSERT OR REPLACE INTO meta(key, value) VALUES ('base_generation', ?1)"
      ).run([.text(generation)])
      if let changeLogPosition { try recordPosition(changeLogPosition) }
    }
  }

  /// Records the change log's position; inside a caller's transaction.
  private func recordPosition(_ position: Int64) throws {
    try connection.statement(
      "INSERT OR REPLACE INTO meta(key, value) VALUES ('change_log_position', ?1)"
    ).run([.text(String(position))])
  }
}
