/// How a serialized snapshot part is laid out in an index's `snapshot` table: as rows of at most
/// ``pieceBytes`` each, named `part#index/count` (`snapshot#00000/00068`, …), so a reader can
/// read it a row at a time and give its core back between rows (SQLite reads a row's blob in
/// one call, and a `WITHOUT ROWID` table has no incremental blob I/O: one 17 MB row was one
/// ~4.4 ms unpaced step of a server's reload). The count in every name lets a reader tell a
/// missing last piece from a complete part. Files of format 2 hold each part as one row named
/// `part`; readers take both.
///
/// The pieces live in the same table under derived names rather than in a second key column:
/// the schema stays the one every index file already has, so files of both layouts open with
/// the same statements and no migration.
public enum SnapshotPieces {
  /// The most bytes one row holds: SQLite gathers a row of this size in well under the load
  /// pacer's 0.25 ms budget.
  public static let pieceBytes = 256 * 1024

  /// The rows that store `bytes` as part `part`: names and byte ranges, in order. An empty part
  /// is one empty piece.
  /// - Complexity: O(`byteCount` / ``pieceBytes``).
  public static func rows(part: String, byteCount: Int) -> [(name: String, bytes: Range<Int>)] {
    let count = max(1, (byteCount + pieceBytes - 1) / pieceBytes)
    return (0..<count).map { index in
      let start = index * pieceBytes
      return (
        name(part: part, index: index, count: count),
        start..<min(byteCount, start + pieceBytes)
      )
    }
  }

  /// The row name of piece `index` of `count` of part `part`.
  static func name(part: String, index: Int, count: Int) -> String {
    "\(part)#\(padded(index))/\(padded(count))"
  }

  /// The first row name of `part`'s pieces in key order and the first name after them (`$`
  /// follows `#` in ASCII): the bounds of a range scan over the pieces.
  static func nameRange(part: String) -> (lower: String, upper: String) { (part + "#", part + "$") }

  /// The part a row belongs to: the name before `#`, or the whole name for a one-row part.
  static func partName(ofRow row: String) -> String {
    row.firstIndex(of: "#").map { String(row[..<$0]) } ?? row
  }

  /// The piece's index and the part's piece count in row name `row` of part `part`, or nil
  /// when the name is not a piece name of that part.
  static func piece(ofRow row: String, part: String) -> (index: Int, count: Int)? {
    guard row.hasPrefix(part + "#") else { return nil }
    let numbers = row.dropFirst(part.count + 1).split(
      separator: "/", omittingEmptySubsequences: false)
    guard numbers.count == 2, let index = Int(numbers[0]), let count = Int(numbers[1]),
      index >= 0, count > index
    else { return nil }
    return (index, count)
  }

  /// Five digits keep pieces in key order up to 100 000 pieces (25 GB); longer numbers still
  /// parse, and readers check the order themselves.
  private static func padded(_ number: Int) -> String {
    let digits = String(number)
    return String(repeating: "0", count: max(0, 5 - digits.count)) + digits
  }
}
