import Foundation

/// What the live segment beside an index holds that the index file does not, read without
/// opening the index for writes: what a rebuild of the index by `larder index` would drop.
public enum LiveSegmentStatus {
  /// The live segment file of the index at `indexURL` (`PATH-live`).
  public static func url(forIndex indexURL: URL) -> URL {
    LiveSegmentFile.url(forIndex: indexURL)
  }

  /// How many writes the segment beside `indexURL` holds that the index file does not: 0 when
  /// there is no segment or it belongs to another base (``LiveIndex`` empties such a segment
  /// when it opens), the writes after `compacted_through` when a compaction stopped between
  /// its rename and the segment update, and every write when there is no index file.
  /// - Throws: ``SQLiteError`` when the segment cannot be read.
  public static func pendingWrites(forIndex indexURL: URL) throws -> Int {
    let segmentURL = url(forIndex: indexURL)
    guard FileManager.default.fileExists(atPath: segmentURL.path) else { return 0 }
    let segment = try Connection(path: segmentURL.path, mode: .readWriteCreate)
    guard
      try segment.scalarInt(
        "SELECT count(*) FROM sqlite_master WHERE name IN ('meta', 'operations')") == 2
    else { return 0 }
    let statement = try segment.statement(
      "SELECT value FROM meta WHERE key = 'base_generation'")
    let segmentBase = try statement.step() ? statement.text(0) : nil
    statement.reset()
    var after: Int64 = 0
    if let index = try? IndexReader(url: indexURL) {
      let generation = try index.generation()
      if segmentBase != generation {
        let idRow = try segment.statement("SELECT value FROM meta WHERE key = 'segment_id'")
        let id = try idRow.step() ? idRow.text(0) : ""
        idRow.reset()
        guard
          let through = try LiveSegmentFile.compactedThrough(
            by: index, segmentBase: segmentBase, segmentID: id)
        else { return 0 }
        after = through
      }
    }
    // Rows up to `dropped_through` wait for the next rebase but are no longer writes.
    let dropped = try segment.statement("SELECT value FROM meta WHERE key = 'dropped_through'")
    if try dropped.step() { after = max(after, Int64(dropped.text(0)) ?? 0) }
    dropped.reset()
    return try segment.scalarInt(
      "SELECT count(*) FROM operations WHERE seq > ?1", [.integer(after)]) ?? 0
  }
}
