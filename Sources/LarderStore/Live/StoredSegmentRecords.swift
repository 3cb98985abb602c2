import LarderCore

/// The written recipes of a segment's operations already read into memory (an opening index's
/// one scan of the segment, ``LiveSegmentFile/storedOperations()``), decoded by version: what
/// the opening index makes its first view's written recipes' part from, without reading the
/// file again.
/// - Complexity: O(S) to index the S operations; one record decode per recipe asked for.
struct StoredSegmentRecords: WrittenRecipeSource {
  private let records: [Int64: [UInt8]]

  /// The upserts' records of `stored`, by sequence number.
  init(_ stored: [LiveSegmentFile.StoredOperation]) {
    var records: [Int64: [UInt8]] = [:]
    records.reserveCapacity(stored.count)
    for item in stored {
      if let record = item.record { records[item.seq] = record }
    }
    self.records = records
  }

  /// The recipes stored under `versions`, in the order given.
  /// - Throws: ``WrittenRecipeMissing`` for a version not among the operations;
  ///   ``SegmentRecordDamaged`` or `DecodingError` for a damaged record.
  func recipes(_ versions: [Int64]) throws -> [Recipe] {
    try versions.map { try SegmentRecipeCoding.decode(record($0)) }
  }

  /// The recipes stored under `versions`, with only the fields a snapshot build reads.
  /// - Throws: as ``recipes(_:)``.
  func indexedRecipes(_ versions: [Int64]) throws -> [Recipe] {
    try versions.map { try SegmentRecipeCoding.indexedFields(record($0)) }
  }

  private func record(_ version: Int64) throws -> [UInt8] {
    guard let record = records[version] else { throw WrittenRecipeMissing(version: version) }
    return record
  }
}
