/// The binary layout of a persisted ``Snapshot``: a header, then little-endian arrays, then a checksum.
///
/// Layout: magic `LARDSNAP`, format version (UInt32), byte-order mark `0x01020304` (UInt32);
/// each array as element count (UInt64), element width (UInt64) and the elements, padded to 8
/// bytes; finally a 64-bit checksum of everything before it. Loading is a bulk copy per array.
enum SnapshotArchive {
  /// Bumped whenever the layout changes; older archives are rejected (rebuild the index).
  static let formatVersion: UInt32 = 2
  static let magic: [UInt8] = Array("LARDSNAP".utf8)
  static let byteOrderMark: UInt32 = 0x0102_0304

  /// Word-wise multiplicative checksum (fast enough for hundreds of megabytes).
  static func checksum(_ bytes: UnsafeRawBufferPointer, pacer: LoadPacer? = nil) -> UInt64 {
    var h: UInt64 = 0x9E37_79B9_7F4A_7C15
    let words = bytes.count / 8
    _ = LoadPacer.inPieces(words, elementBytes: 8, pacer: pacer) { range in
      for i in range {
        h =
          (h ^ bytes.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)) &* 0x0000_0100_0000_01B3
        h ^= h >> 31
      }
      return true
    }
    for i in (words * 8)..<bytes.count { h = (h ^ UInt64(bytes[i])) &* 0x0000_0100_0000_01B3 }
    return h
  }

  /// Appends arrays to a growing byte buffer.
  struct Writer {
    var bytes: [UInt8] = []

    init() {
      bytes.append(contentsOf: SnapshotArchive.magic)
      scalar(SnapshotArchive.formatVersion)
      scalar(SnapshotArchive.byteOrderMark)
    }

    mutating func scalar<T: FixedWidthInteger>(_ value: T) {
      withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func array<T: FixedWidthInteger>(_ values: [T]) {
      scalar(UInt64(values.count))
      scalar(UInt64(MemoryLayout<T>.size))
      values.withUnsafeBytes { bytes.append(contentsOf: $0) }
      while bytes.count % 8 != 0 { bytes.append(0) }
    }

    mutating func table(_ table: StringTable) {
      array(table.bytes)
      array(table.offsets)
      array(table.slots)
    }

    mutating func suffixes(_ suffixes: WordSuffixArray) {
      table(suffixes.strings)
      array(suffixes.ranks)
      scalar(UInt64(suffixes.order.rawValue))
      array(suffixes.entryString)
      array(suffixes.entryOffset)
      array(suffixes.entryRank)
      array(suffixes.sparse)
      scalar(UInt64(suffixes.levels))
    }

    consuming func finish() -> [UInt8] {
      let sum = bytes.withUnsafeBytes { SnapshotArchive.checksum($0) }
      scalar(sum)
      return bytes
    }
  }

  /// Reads arrays back, validating every length against the remaining bytes.
  struct Reader {
    let bytes: UnsafeRawBufferPointer
    var position = 0
    /// Where the decoding gives its core back (`nil`: at full speed).
    let pacer: LoadPacer?

    init(_ bytes: UnsafeRawBufferPointer, pacer: LoadPacer? = nil) throws {
      self.pacer = pacer
      guard bytes.count >= 24, Array(bytes[0..<8]) == SnapshotArchive.magic else {
        throw SnapshotError.corrupt("not a Larder snapshot")
      }
      self.bytes = UnsafeRawBufferPointer(rebasing: bytes[0..<(bytes.count - 8)])
      let stored = bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self)
        .littleEndian
      position = 8
      let version: UInt32 = try scalar()
      guard version == SnapshotArchive.formatVersion else {
        throw SnapshotError.unsupportedVersion(version)
      }
      let mark: UInt32 = try scalar()
      guard mark == SnapshotArchive.byteOrderMark else {
        throw SnapshotError.corrupt("byte order mismatch")
      }
      guard SnapshotArchive.checksum(self.bytes, pacer: pacer) == stored else {
        throw SnapshotError.corrupt("checksum mismatch")
      }
    }

    mutating func scalar<T: FixedWidthInteger>() throws -> T {
      let size = MemoryLayout<T>.size
      guard position + size <= bytes.count else { throw SnapshotError.corrupt("truncated") }
      let value = T(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: T.self))
      position += size
      return value
    }

    mutating func array<T: FixedWidthInteger>(_ type: T.Type = T.self) throws -> [T] {
      let count: UInt64 = try scalar()
      let width: UInt64 = try scalar()
      guard width == UInt64(MemoryLayout<T>.size) else {
        throw SnapshotError.corrupt("element width mismatch")
      }
      let (byteCount, overflow) = count.multipliedReportingOverflow(by: width)
      guard !overflow, byteCount <= UInt64(bytes.count - position) else {
        throw SnapshotError.corrupt("array longer than the archive")
      }
      let n = Int(count)
      let start = position
      let result = [T](unsafeUninitializedCapacity: n) { buffer, initialized in
        let target = UnsafeMutableRawBufferPointer(buffer)
        _ = LoadPacer.inPieces(Int(byteCount), elementBytes: 1, pacer: pacer) { range in
          UnsafeMutableRawBufferPointer(rebasing: target[range]).copyMemory(
            from: UnsafeRawBufferPointer(
              rebasing: bytes[(start + range.lowerBound)..<(start + range.upperBound)]))
          return true
        }
        initialized = n
      }
      position += Int(byteCount)
      position = (position + 7) & ~7
      return result
    }

    mutating func table() throws -> StringTable {
      let bytes: [UInt8] = try array()
      let offsets: [UInt32] = try array()
      let slots: [UInt32] = try array()
      guard let last = offsets.last, offsets.first == 0, Int(last) == bytes.count else {
        throw SnapshotError.corrupt("string table offsets")
      }
      for i in 1..<offsets.count {
        guard offsets[i] >= offsets[i - 1] else {
          throw SnapshotError.corrupt("string table offsets decrease")
        }
        pacer?.step()
      }
      let count = offsets.count - 1
      guard slots.isEmpty || (slots.count.nonzeroBitCount == 1 && slots.count >= count) else {
        throw SnapshotError.corrupt("string table hash size")
      }
      for slot in slots {
        guard slot == .max || Int(slot) < count else {
          throw SnapshotError.corrupt("string table hash slot")
        }
        pacer?.step()
      }
      return StringTable(bytes: bytes, offsets: offsets, slots: slots)
    }

    mutating func suffixes() throws -> WordSuffixArray {
      let strings = try table()
      let ranks: [UInt32] = try array()
      let rawOrder: UInt64 = try scalar()
      let entryString: [UInt32] = try array()
      let entryOffset: [UInt32] = try array()
      let entryRank: [UInt32] = try array()
      let sparse: [UInt32] = try array()
      let levels: UInt64 = try scalar()
      guard let order = WordSuffixArray.Order(rawValue: UInt8(truncatingIfNeeded: rawOrder)),
        ranks.count == strings.count, entryOffset.count == entryString.count,
        entryRank.count == (order == .byRank ? entryString.count : 0), levels < 64,
        sparse.count == Int(levels) * entryString.count
      else { throw SnapshotError.corrupt("suffix array shape") }
      for (i, s) in entryString.enumerated() {
        guard Int(s) < strings.count, Int(entryOffset[i]) <= strings.length(Int(s)) else {
          throw SnapshotError.corrupt("suffix array entry")
        }
        pacer?.step()
      }
      for p in sparse {
        guard Int(p) < entryString.count else { throw SnapshotError.corrupt("suffix array table") }
        pacer?.step()
      }
      return WordSuffixArray(
        strings: strings, ranks: ranks, order: order, entryString: entryString,
        entryOffset: entryOffset,
        entryRank: entryRank, sparse: sparse, levels: Int(levels), pacer: pacer)
    }
  }
}

/// A persisted snapshot could not be loaded.
public enum SnapshotError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The bytes are damaged or not a snapshot; rebuild the index.
  case corrupt(String)
  /// The snapshot was written by another format version; rebuild the index.
  case unsupportedVersion(UInt32)

  /// A message naming the problem.
  public var description: String {
    switch self {
    case .corrupt(let why): return "corrupt snapshot: \(why)"
    case .unsupportedVersion(let v):
      return
        "snapshot format version \(v) is not supported (expected \(SnapshotArchive.formatVersion))"
    }
  }
}
