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

  /// The in-memory snapshot stored in the index, decoded where SQLite holds the blob (one copy
  /// fewer than ``loadSnapshot()``), for a server's reload: the decode gives its core back as
  /// `pacer` says, and takes `previous`'s suggestion indexes when its ingredient tables are the
  /// same (``Snapshot/init(serializedBytes:pacer:reusingSuggestionIndexesOf:)``). Reading the
  /// blob itself (SQLite gathering its overflow pages) is one piece `pacer` cannot split.
  /// - Throws: ``IndexOpenError/notAnIndex(_:)`` when the blob is missing or damaged.
  public func loadSnapshot(pacer: LoadPacer?, reusingSuggestionIndexesOf previous: Snapshot?)
    throws -> Snapshot
  {
    let statement = try connection.statement("SELECT data FROM snapshot WHERE part = ?1")
    try statement.bind([.text(SnapshotSink.partName)])
    defer { statement.reset() }
    guard try statement.step() else { throw IndexOpenError.notAnIndex(url.path) }
    do {
      return try statement.withBlob(0) { bytes in
        try Snapshot(
          serializedBytes: bytes, pacer: pacer, reusingSuggestionIndexesOf: previous)
      }
    } catch {
      throw IndexOpenError.notAnIndex(url.path)
    }
  }
}
