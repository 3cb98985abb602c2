import LarderCore

extension IndexReader {
  /// The in-memory snapshot stored in the index: one blob read and a bulk decode.
  /// - Throws: ``IndexOpenError/notAnIndex(_:)`` when the blob is missing or damaged.
  public func loadSnapshot() throws -> Snapshot {
    guard let bytes = try snapshotParts()[SnapshotSink.partName] else {
      throw IndexOpenError.notAnIndex(url.path)
    }
    do {
      return try Snapshot(serialized: bytes)
    } catch {
      throw IndexOpenError.notAnIndex(url.path)
    }
  }
}
