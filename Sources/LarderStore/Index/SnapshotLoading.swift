import LarderCore

extension IndexReader {
  /// The in-memory snapshot stored in the index: its pieces joined and a bulk decode.
  /// - Throws: ``IndexOpenError/notAnIndex(_:)`` when the snapshot is missing or damaged.
  public func loadSnapshot() throws -> Snapshot {
    guard let bytes = try snapshotPart(SnapshotSink.partName, pacer: nil) else {
      throw IndexOpenError.notAnIndex(url.path)
    }
    do {
      return try Snapshot(serialized: bytes)
    } catch {
      throw IndexOpenError.notAnIndex(url.path)
    }
  }

  /// The in-memory snapshot stored in the index, for a server's reload: its pieces read a row at
  /// a time and the decode giving its core back as `pacer` says, taking `previous`'s suggestion
  /// indexes when its ingredient tables are the same
  /// (``Snapshot/init(serializedBytes:pacer:reusingSuggestionIndexesOf:)``). A file of format 2
  /// holds the snapshot as one row, which SQLite reads in one unpaced step.
  /// - Throws: ``IndexOpenError/notAnIndex(_:)`` when the snapshot is missing or damaged.
  public func loadSnapshot(pacer: LoadPacer?, reusingSuggestionIndexesOf previous: Snapshot?)
    throws -> Snapshot
  {
    guard let bytes = try snapshotPart(SnapshotSink.partName, pacer: pacer) else {
      throw IndexOpenError.notAnIndex(url.path)
    }
    do {
      return try bytes.withUnsafeBytes { raw in
        try Snapshot(serializedBytes: raw, pacer: pacer, reusingSuggestionIndexesOf: previous)
      }
    } catch {
      throw IndexOpenError.notAnIndex(url.path)
    }
  }

  /// The bytes of snapshot part `part`, or nil when the file has none: the one row of a format 2
  /// file, or the pieces (``SnapshotPieces``) joined in order, `pacer` told of each row.
  /// - Throws: ``IndexOpenError/notAnIndex(_:)`` when a piece is missing, out of order, of
  ///   another count or shorter than a full piece before the last.
  ///
  /// Read through SQLite's page cache, not the reader's memory map of the file (see
  /// ``withoutMemoryMap(_:)``).
  func snapshotPart(_ part: String, pacer: LoadPacer?) throws -> [UInt8]? {
    try withoutMemoryMap { try joinedSnapshotPart(part, pacer: pacer) }
  }

  /// Runs `body` with this reader's memory map of the file turned off (`PRAGMA mmap_size = 0`:
  /// pages are read with `pread` into the connection's page cache), then maps the file again.
  /// For reading the snapshot (and the ids and titles), megabytes read once: read through the
  /// map, each of its pages stays mapped in this process until the reader closes, and closing
  /// the reader (or turning the map off) then unmaps them all in one `munmap`, 1.1-1.2 ms for a
  /// 100k index's 17 MB snapshot (strace of a reload's release thread; BENCHMARKS.md, issue
  /// 16). Turning the map off and on costs a `munmap` of the few pages read so far and an
  /// `mmap`. When mapping again fails, the reader
  /// reads without a map: correct, only slower.
  func withoutMemoryMap<T>(_ body: () throws -> T) throws -> T {
    try connection.execute("PRAGMA mmap_size = 0")
    defer { try? connection.execute("PRAGMA mmap_size = \(Self.mappedBytes)") }
    return try body()
  }

  private func joinedSnapshotPart(_ part: String, pacer: LoadPacer?) throws -> [UInt8]? {
    let whole = try connection.statement("SELECT data FROM snapshot WHERE part = ?1")
    try whole.bind([.text(part)])
    defer { whole.reset() }
    if try whole.step() { return whole.blob(0) }
    let range = SnapshotPieces.nameRange(part: part)
    let pieces = try connection.statement(
      "SELECT part, data FROM snapshot WHERE part >= ?1 AND part < ?2 ORDER BY part")
    try pieces.bind([.text(range.lower), .text(range.upper)])
    defer { pieces.reset() }
    var bytes: [UInt8] = []
    var pieceCount: Int?
    var piecesRead = 0
    var fullPieceBytes = 0
    while try pieces.step() {
      guard let piece = SnapshotPieces.piece(ofRow: pieces.text(0), part: part),
        piece.index == piecesRead, piece.count == (pieceCount ?? piece.count)
      else { throw IndexOpenError.notAnIndex(url.path) }
      let isLast = piece.index + 1 == piece.count
      try pieces.withBlob(1) { blob in
        if piece.index == 0 {
          fullPieceBytes = blob.count
          // One allocation for the whole part: growing it would copy megabytes in one step.
          bytes.reserveCapacity(piece.count * blob.count)
        }
        // Every piece but the last is full; a short one means lost bytes.
        guard
          isLast
            ? blob.count <= fullPieceBytes || piece.count == 1
            : blob.count == fullPieceBytes && blob.count > 0
        else { throw IndexOpenError.notAnIndex(url.path) }
        bytes.append(contentsOf: blob)
      }
      pieceCount = piece.count
      piecesRead += 1
      pacer?.checkpoint()
    }
    guard let pieceCount else { return nil }
    guard piecesRead == pieceCount else { throw IndexOpenError.notAnIndex(url.path) }
    return bytes
  }
}
