/// A list of strings stored as one UTF-8 buffer plus offsets, with an optional hash index.
///
/// Build: append strings in order (index = insertion order). Lookup by index is two array
/// reads; lookup by value (when hashed) is one FNV-1a pass over the bytes plus a linear probe.
/// Memory: the bytes, 4 bytes of offset per string, and 8 bytes per string for the hash index.
public struct StringTable: Sendable, Equatable {
  /// The concatenated UTF-8 bytes.
  public internal(set) var bytes: [UInt8]
  /// `offsets[i] ..< offsets[i + 1]` is string `i`; `offsets.count == count + 1`.
  public internal(set) var offsets: [UInt32]
  /// Open-addressing slots (string index, or `UInt32.max` for empty); empty when not hashed.
  public internal(set) var slots: [UInt32]

  /// An empty table.
  public init() {
    bytes = []
    offsets = [0]
    slots = []
  }

  init(bytes: [UInt8], offsets: [UInt32], slots: [UInt32]) {
    self.bytes = bytes
    self.offsets = offsets
    self.slots = slots
  }

  /// How many strings the table holds.
  public var count: Int { offsets.count - 1 }

  /// Appends a string; its index is the previous `count`.
  public mutating func append(_ string: String) {
    bytes.append(contentsOf: string.utf8)
    offsets.append(UInt32(bytes.count))
  }

  /// Appends strings `range` of `other`, in order (one copy of their bytes).
  /// - Complexity: O(bytes + strings copied).
  mutating func append(_ other: StringTable, _ range: Range<Int>) {
    guard !range.isEmpty else { return }
    let start = Int(other.offsets[range.lowerBound])
    let shift = bytes.count - start
    bytes.append(contentsOf: other.bytes[start..<Int(other.offsets[range.upperBound])])
    offsets.reserveCapacity(offsets.count + range.count)
    for index in range { offsets.append(UInt32(Int(other.offsets[index + 1]) + shift)) }
  }

  /// String `index`.
  /// - Complexity: O(length).
  public subscript(index: Int) -> String {
    let start = Int(offsets[index])
    let end = Int(offsets[index + 1])
    return bytes.withUnsafeBufferPointer {
      String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self)
    }
  }

  /// The byte length of string `index`.
  public func length(_ index: Int) -> Int { Int(offsets[index + 1] - offsets[index]) }

  /// Whether string `index` starts with `key`, without making a String.
  /// - Complexity: O(|key|).
  public func hasPrefix(_ index: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
    let start = Int(offsets[index])
    if Int(offsets[index + 1]) - start < key.count { return false }
    if key.isEmpty { return true }
    return bytes.withUnsafeBufferPointer {
      memcmpBytes($0.baseAddress! + start, key.baseAddress!, key.count)
    }
  }

  /// Whether string `index` is exactly `key`, without making a String.
  /// - Complexity: O(|key|).
  public func equals(_ index: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
    length(index) == key.count && hasPrefix(index, key)
  }

  /// Whether string `a` sorts before string `b` in byte order.
  /// - Complexity: O(common prefix).
  public func precedes(_ a: Int, _ b: Int) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      let base = buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!
      let aStart = Int(offsets[a])
      let bStart = Int(offsets[b])
      return compareBytes(
        base + aStart, Int(offsets[a + 1]) - aStart, base + bStart, Int(offsets[b + 1]) - bStart)
        < 0
    }
  }

  /// The bytes of string `index`.
  public func utf8(_ index: Int) -> ArraySlice<UInt8> {
    bytes[Int(offsets[index])..<Int(offsets[index + 1])]
  }

  /// Builds the hash index so ``index(of:)`` works. Call once after the last append.
  /// - Complexity: O(total bytes).
  public mutating func buildHashIndex() {
    var capacity = 16
    while capacity < count * 2 { capacity <<= 1 }
    var slots = [UInt32](repeating: .max, count: capacity)
    let mask = capacity - 1
    bytes.withUnsafeBufferPointer { buffer in
      for index in 0..<count {
        let start = Int(offsets[index])
        let end = Int(offsets[index + 1])
        var slot =
          Int(truncatingIfNeeded: Self.hash(UnsafeBufferPointer(rebasing: buffer[start..<end])))
          & mask
        while slots[slot] != .max { slot = (slot + 1) & mask }
        slots[slot] = UInt32(index)
      }
    }
    self.slots = slots
  }

  /// The index of `string`, or `nil` when absent (or when the table is not hashed).
  /// - Complexity: O(length) expected.
  public func index(of string: String) -> Int? {
    var string = string
    return string.withUTF8 { index(ofBytes: $0) }
  }

  /// The index of the string with these UTF-8 bytes, or `nil`.
  public func index(ofBytes key: UnsafeBufferPointer<UInt8>) -> Int? {
    if slots.isEmpty { return nil }
    let mask = slots.count - 1
    return slots.withUnsafeBufferPointer { slots in
      offsets.withUnsafeBufferPointer { offsets in
        bytes.withUnsafeBufferPointer { buffer in
          var slot = Int(truncatingIfNeeded: Self.hash(key)) & mask
          while true {
            let candidate = slots[slot]
            if candidate == .max { return nil }
            let start = Int(offsets[Int(candidate)])
            let end = Int(offsets[Int(candidate) + 1])
            if end - start == key.count
              && (key.count == 0
                || memcmpBytes(buffer.baseAddress! + start, key.baseAddress!, key.count))
            {
              return Int(candidate)
            }
            slot = (slot + 1) & mask
          }
        }
      }
    }
  }

  /// FNV-1a over bytes.
  @inline(__always)
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      h ^= UInt64(byte)
      h = h &* 0x0000_0100_0000_01B3
    }
    return h ^ (h >> 29)
  }
}

/// Whether `count` bytes at `a` and `b` are equal.
@inline(__always)
func memcmpBytes(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
  for i in 0..<count where a[i] != b[i] { return false }
  return true
}

/// Three-way byte-order comparison of two byte ranges (like `strcmp` without terminators).
@inline(__always)
func compareBytes(
  _ a: UnsafePointer<UInt8>, _ aCount: Int, _ b: UnsafePointer<UInt8>, _ bCount: Int
) -> Int {
  let n = min(aCount, bCount)
  for i in 0..<n where a[i] != b[i] { return a[i] < b[i] ? -1 : 1 }
  return aCount == bCount ? 0 : (aCount < bCount ? -1 : 1)
}
