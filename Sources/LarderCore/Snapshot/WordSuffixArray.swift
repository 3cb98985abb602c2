/// A sorted array of every word-start suffix of a list of strings, for "prefix at any word" lookup.
///
/// "red o" finds "red onion" and "dry red onion"; "oni" finds "green onions". Each string has a
/// rank (smaller is better, for ingredients the popularity rank); with ``Order/byRank`` a sparse
/// table over the entries' ranks answers "the k best distinct strings under a prefix" without
/// scanning the prefix's whole range.
///
/// - Build: O(S log S · L) for S suffixes of mean length L.
/// - Lookup: two binary searches (O(log S · p) for a prefix of p bytes) plus O(k log k) for the
///   top k with ``Order/byRank``, or O(k) in text order with ``Order/byText``.
/// - Memory: 20 bytes per suffix (8 in text order), plus 4 · ⌈log₂ S⌉ bytes per suffix for the sparse table.
public struct WordSuffixArray: Sendable, Equatable {
  /// How the k results under a prefix are chosen.
  public enum Order: UInt8, Sendable {
    /// The k distinct strings of smallest rank (ties impossible: ranks are distinct per string).
    case byRank = 0
    /// The first k distinct strings in suffix text order (no sparse table, less memory).
    case byText = 1
  }

  /// The strings whose suffixes are indexed.
  public let strings: StringTable
  /// The rank of each string.
  public let ranks: [UInt32]
  /// The lookup order.
  public let order: Order
  /// Suffix `i` is `strings[entryString[i]]` from byte `entryOffset[i]`; sorted by (suffix bytes, rank).
  let entryString: [UInt32]
  let entryOffset: [UInt32]
  /// `ranks[entryString[i]]`, kept inline for the sparse table (empty in text order).
  let entryRank: [UInt32]
  /// Sparse table of positions: level `l` at `l * count ..< (l + 1) * count` holds the position of
  /// the smallest rank in `i ..< i + 2^l`.
  let sparse: [UInt32]
  let levels: Int
  /// The first 8 bytes of each suffix, packed big-endian and zero-padded (names hold no zero
  /// byte), so that a prefix search compares one integer per probe instead of reading the text
  /// on another cache line. Derived when the array is made or loaded, never stored; empty in
  /// text order (the title array is built only to be written out).
  let entryPrefixes: [UInt64]

  /// The number of indexed suffixes.
  public var count: Int { entryString.count }

  /// Which suffixes of each string are indexed.
  public enum Words: Sendable {
    /// Every word-start suffix: "pep" finds "black pepper".
    case every
    /// The whole string only: a prefix must match from its first word.
    case firstOnly
  }

  /// Indexes the word-start suffixes of `strings` (a word starts at byte 0 and after each
  /// space) that `words` selects. `ranks` has one rank per string, or is empty in text order
  /// (then suffixes that tie are ordered by string index).
  public init(strings: StringTable, ranks: [UInt32], order: Order, words: Words = .every) {
    precondition(ranks.count == strings.count || (order == .byText && ranks.isEmpty))
    var entries: [(string: UInt32, offset: UInt32)] = []
    strings.bytes.withUnsafeBufferPointer { bytes in
      for index in 0..<strings.count {
        let start = Int(strings.offsets[index])
        let end = Int(strings.offsets[index + 1])
        if words == .every {
          Self.forEachWordStart(bytes, start, end) { entries.append((UInt32(index), $0)) }
        } else {
          entries.append((UInt32(index), 0))
        }
      }
      let base = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
      let offsets = strings.offsets
      entries.sort { a, b in
        let aStart = Int(offsets[Int(a.string)]) + Int(a.offset)
        let aCount = Int(offsets[Int(a.string) + 1]) - aStart
        let bStart = Int(offsets[Int(b.string)]) + Int(b.offset)
        let bCount = Int(offsets[Int(b.string) + 1]) - bStart
        let c = compareBytes(base + aStart, aCount, base + bStart, bCount)
        if c != 0 { return c < 0 }
        if ranks.isEmpty { return a.string < b.string }
        let ar = ranks[Int(a.string)]
        let br = ranks[Int(b.string)]
        return ar != br ? ar < br : a.string < b.string
      }
    }
    let entryString = entries.map(\.string)
    // Text order needs no ranks per entry; leaving them out saves 4 bytes per suffix.
    let entryRank = order == .byRank ? entryString.map { ranks[Int($0)] } : []
    let (sparse, levels) = order == .byRank ? Self.sparseTable(entryRank) : ([], 0)
    self.init(
      strings: strings, ranks: ranks, order: order, entryString: entryString,
      entryOffset: entries.map(\.offset), entryRank: entryRank, sparse: sparse, levels: levels)
  }

  init(
    strings: StringTable, ranks: [UInt32], order: Order, entryString: [UInt32],
    entryOffset: [UInt32],
    entryRank: [UInt32], sparse: [UInt32], levels: Int, pacer: LoadPacer? = nil
  ) {
    self.strings = strings
    self.ranks = ranks
    self.order = order
    self.entryString = entryString
    self.entryOffset = entryOffset
    self.entryRank = entryRank
    self.sparse = sparse
    self.levels = levels
    self.entryPrefixes =
      order == .byRank
      ? strings.bytes.withUnsafeBufferPointer { bytes in
        let base = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
        var prefixes: [UInt64] = []
        prefixes.reserveCapacity(entryString.count)
        for i in 0..<entryString.count {
          let s = Int(entryString[i])
          let start = Int(strings.offsets[s]) + Int(entryOffset[i])
          prefixes.append(
            Self.packedPrefix(base + start, count: Int(strings.offsets[s + 1]) - start))
          pacer?.step()
        }
        return prefixes
      } : []
  }

  /// This array (in rank order) for `strings` (this array's strings renumbered: string `i`
  /// is `strings[newIndex[i]]`, or gone when `newIndex[i]` is `UInt32.max`, or `strings[i]`
  /// when `newIndex` is `nil`) ranked by `ranks`, with every word-start suffix of the strings
  /// `adding` (indexes of `strings` that no old string maps to) merged in: the old suffixes
  /// keep their text order, the added ones go where a sort puts them, and only the entries of
  /// identical suffixes, which sort by rank, are reordered among themselves; the sparse table
  /// is made anew. Without `adding` or a string gone, a ``SuffixTrie`` of this array is one of
  /// the result (it reads suffix bytes and positions only).
  /// - Complexity: O(a log a · L + a log S) for the a added suffixes, O(S · L) to find the runs
  ///   of identical suffixes, plus the sparse table's O(S log S); no sort of the S suffixes.
  func renumbered(
    strings: StringTable, ranks: [UInt32], newIndex: [UInt32]?, adding: [UInt32] = []
  ) -> WordSuffixArray {
    precondition(order == .byRank && ranks.count == strings.count)
    var entryString: [UInt32] = []
    var entryOffset: [UInt32] = []
    if let newIndex {
      entryString.reserveCapacity(self.entryString.count)
      entryOffset.reserveCapacity(self.entryString.count)
      for (string, offset) in zip(self.entryString, self.entryOffset) {
        let new = newIndex[Int(string)]
        if new == .max { continue }
        entryString.append(new)
        entryOffset.append(offset)
      }
    } else {
      entryString = self.entryString
      entryOffset = self.entryOffset
    }
    let offsets = strings.offsets
    strings.bytes.withUnsafeBufferPointer { bytes in
      let base = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
      func suffix(_ string: UInt32, _ offset: UInt32) -> (start: Int, count: Int) {
        let start = Int(offsets[Int(string)]) + Int(offset)
        return (start, Int(offsets[Int(string) + 1]) - start)
      }
      if !adding.isEmpty {
        // The added strings' suffixes, sorted, each placed after every old suffix that sorts
        // before it (a lower bound by bytes; ties are ordered by the run pass below).
        var added: [(string: UInt32, offset: UInt32)] = []
        for string in adding {
          let (start, count) = suffix(string, 0)
          Self.forEachWordStart(bytes, start, start + count) { added.append((string, $0)) }
        }
        added.sort { a, b in
          let (x, y) = (suffix(a.string, a.offset), suffix(b.string, b.offset))
          return compareBytes(base + x.start, x.count, base + y.start, y.count) < 0
        }
        var mergedString: [UInt32] = []
        var mergedOffset: [UInt32] = []
        mergedString.reserveCapacity(entryString.count + added.count)
        mergedOffset.reserveCapacity(entryString.count + added.count)
        var copied = 0
        for entry in added {
          let key = suffix(entry.string, entry.offset)
          var lo = copied
          var hi = entryString.count
          while lo < hi {
            let mid = (lo + hi) >> 1
            let s = suffix(entryString[mid], entryOffset[mid])
            if compareBytes(base + s.start, s.count, base + key.start, key.count) < 0 {
              lo = mid + 1
            } else {
              hi = mid
            }
          }
          mergedString.append(contentsOf: entryString[copied..<lo])
          mergedOffset.append(contentsOf: entryOffset[copied..<lo])
          mergedString.append(entry.string)
          mergedOffset.append(entry.offset)
          copied = lo
        }
        mergedString.append(contentsOf: entryString[copied...])
        mergedOffset.append(contentsOf: entryOffset[copied...])
        entryString = mergedString
        entryOffset = mergedOffset
      }
      var runStart = 0
      for i in stride(from: 1, through: entryString.count, by: 1)
      where i == entryString.count
        || {
          let a = suffix(entryString[i - 1], entryOffset[i - 1])
          let b = suffix(entryString[i], entryOffset[i])
          return compareBytes(base + a.start, a.count, base + b.start, b.count) != 0
        }()
      {
        if i - runStart > 1 {
          var run: [(string: UInt32, offset: UInt32)] = []
          for k in runStart..<i { run.append((entryString[k], entryOffset[k])) }
          run.sort { a, b in
            let (ra, rb) = (ranks[Int(a.string)], ranks[Int(b.string)])
            return ra != rb ? ra < rb : a.string < b.string
          }
          for (k, entry) in run.enumerated() {
            entryString[runStart + k] = entry.string
            entryOffset[runStart + k] = entry.offset
          }
        }
        runStart = i
      }
    }
    let entryRank = entryString.map { ranks[Int($0)] }
    let (sparse, levels) = Self.sparseTable(entryRank)
    return WordSuffixArray(
      strings: strings, ranks: ranks, order: .byRank, entryString: entryString,
      entryOffset: entryOffset, entryRank: entryRank, sparse: sparse, levels: levels)
  }

  /// Calls `body` with the offset (from `start`) of every word start of the string at
  /// `start ..< end` of `bytes`, in order: a word starts at its first byte and after each
  /// space that another space does not follow.
  @inline(__always)
  private static func forEachWordStart(
    _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ body: (UInt32) -> Void
  ) {
    body(0)
    for position in start..<end
    where bytes[position] == 0x20 && position + 1 < end && bytes[position + 1] != 0x20 {
      body(UInt32(position + 1 - start))
    }
  }

  /// Rebuilds the sparse table over `entryRank` (positions of minima per power-of-two window).
  static func sparseTable(_ entryRank: [UInt32]) -> ([UInt32], Int) {
    let n = entryRank.count
    if n == 0 { return ([], 0) }
    var levels = 1
    while (1 << levels) <= n { levels += 1 }
    var table = [UInt32](repeating: 0, count: levels * n)
    for i in 0..<n { table[i] = UInt32(i) }
    for level in 1..<levels {
      let half = 1 << (level - 1)
      let width = 1 << level
      if width > n { break }
      for i in 0...(n - width) {
        let a = table[(level - 1) * n + i]
        let b = table[(level - 1) * n + i + half]
        table[level * n + i] = entryRank[Int(a)] <= entryRank[Int(b)] ? a : b
      }
    }
    return (table, levels)
  }

  /// The half-open range of suffix positions that start with `prefix`.
  /// - Complexity: O(log S · p).
  public func range(of prefix: UnsafeBufferPointer<UInt8>) -> Range<Int> {
    let first = bound(.lower, of: prefix, from: 0)
    return first..<bound(.upper, of: prefix, from: first)
  }

  /// The suffix positions where `word` stands as a whole word: the suffix is `word` itself or
  /// starts with `word` and a space (sorted together, at the front of `range(of: word)`).
  /// - Complexity: O(log S · p), two binary searches.
  public func range(ofWord word: UnsafeBufferPointer<UInt8>) -> Range<Int> {
    let first = bound(.lower, of: word, from: 0)
    // Suffixes equal to `word` sort just before those that continue it with a space, and those
    // before the ones that continue the word itself.
    let spaced = Array(word) + [0x20]
    return first..<spaced.withUnsafeBufferPointer { bound(.upper, of: $0, from: first) }
  }

  /// Which end of a prefix's range a binary search finds.
  private enum Bound {
    /// The first suffix not less than the key.
    case lower
    /// The first suffix whose first key-length bytes are greater than the key.
    case upper
  }

  /// The first position at or after `start` past every suffix that sorts before `bound` of
  /// `key`. With ``entryPrefixes`` most probes compare one integer.
  private func bound(_ bound: Bound, of key: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    let keyCount = key.count
    let keyBase = key.baseAddress ?? UnsafePointer(bitPattern: 1)!
    let head = Self.packedPrefix(keyBase, count: keyCount)
    // The bytes of a packed prefix that the key covers (all when the key is 8 bytes or longer).
    let headMask: UInt64 = keyCount >= 8 ? .max : ~(UInt64.max >> UInt64(8 * keyCount))
    return strings.bytes.withUnsafeBufferPointer { bytes in
      strings.offsets.withUnsafeBufferPointer { offsets in
        entryString.withUnsafeBufferPointer { entryString in
          entryOffset.withUnsafeBufferPointer { entryOffset in
            entryPrefixes.withUnsafeBufferPointer { prefixes in
              let base = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
              // Whether suffix `i` sorts before the bound, from the bytes after `skip`.
              @inline(__always) func before(_ i: Int, skip: Int) -> Bool {
                let s = Int(entryString[i])
                let start = Int(offsets[s]) + Int(entryOffset[i]) + skip
                let count = Int(offsets[s + 1]) - start
                switch bound {
                case .lower:
                  return compareBytes(base + start, count, keyBase + skip, keyCount - skip) < 0
                case .upper:
                  return compareBytes(
                    base + start, min(count, keyCount - skip), keyBase + skip, keyCount - skip)
                    <= 0
                }
              }
              @inline(__always) func goesBefore(_ i: Int) -> Bool {
                if prefixes.isEmpty { return before(i, skip: 0) }
                // Zero padding sorts before every byte, so packed prefixes compare as the
                // suffixes' first 8 bytes do; only a tie on a key over 8 bytes reads the text.
                let packed = bound == .upper ? prefixes[i] & headMask : prefixes[i]
                if packed != head { return packed < head }
                return keyCount <= 8 ? bound == .upper : before(i, skip: 8)
              }
              var lo = start
              var hi = entryString.count
              if bound == .upper {
                // A prefix's range is short next to the array: gallop from its start, so the
                // probes stay on nearby cache lines and an empty range costs one probe.
                var probe = start
                var step = 1
                while probe < hi && goesBefore(probe) {
                  lo = probe + 1
                  probe = start + step
                  step <<= 1
                }
                hi = min(hi, probe)
              }
              while lo < hi {
                let mid = (lo + hi) >> 1
                if goesBefore(mid) { lo = mid + 1 } else { hi = mid }
              }
              return lo
            }
          }
        }
      }
    }
  }

  /// The first 8 bytes at `bytes` (at most `count`), big-endian, zero-padded.
  @inline(__always)
  static func packedPrefix(_ bytes: UnsafePointer<UInt8>, count: Int) -> UInt64 {
    var value: UInt64 = 0
    for i in 0..<min(count, 8) { value |= UInt64(bytes[i]) << UInt64(56 - 8 * i) }
    return value
  }

  /// The string index of suffix position `position`.
  @inline(__always)
  public func stringIndex(at position: Int) -> Int { Int(entryString[position]) }

  /// The byte offset inside its string where suffix `position` starts.
  @inline(__always)
  public func wordOffset(at position: Int) -> Int { Int(entryOffset[position]) }

  /// Up to `k` distinct string indices whose suffixes start with `prefix`, in this array's
  /// ``order``, appended to `result`.
  /// - Complexity: O(log S · p + k log k) by rank, O(log S · p + k) by text (plus skipped duplicates).
  public func top(_ k: Int, prefix: UnsafeBufferPointer<UInt8>, into result: inout [UInt32]) {
    let range = range(of: prefix)
    top(k, in: range, into: &result)
  }

  /// Up to `k` distinct string indices among suffix positions `range`, in this array's order.
  public func top(_ k: Int, in range: Range<Int>, into result: inout [UInt32]) {
    top(k, in: CollectionOfOne(range), into: &result)
  }

  /// Up to `k` distinct string indices among the suffix positions of all of `ranges`
  /// (disjoint), in this array's order: by rank, one heap over every range at once.
  /// - Complexity: O(r + k log(r + k)) by rank for r ranges, plus skipped duplicates.
  public func top<Ranges: Collection<Range<Int>>>(
    _ k: Int, in ranges: Ranges, into result: inout [UInt32]
  ) {
    if k <= 0 { return }
    let start = result.count
    if order == .byText {
      for range in ranges {
        for position in range {
          let s = entryString[position]
          if !result[start...].contains(s) {
            result.append(s)
            if result.count - start == k { return }
          }
        }
      }
      return
    }
    var total = 0
    for range in ranges { total += range.count }
    if total <= 2 * k + 16 {
      topByScan(k, in: ranges, total: total, into: &result)
      return
    }
    let n = entryString.count
    entryRank.withUnsafeBufferPointer { rank in
      sparse.withUnsafeBufferPointer { table in
        @inline(__always) func minimum(_ l: Int, _ r: Int) -> Int {  // inclusive
          let length = r - l + 1
          let level = Int.bitWidth - 1 - length.leadingZeroBitCount
          let a = Int(table[level * n + l])
          let b = Int(table[level * n + r + 1 - (1 << level)])
          return rank[a] <= rank[b] ? a : b
        }
        // Each pop pushes at most two entries, and at most k pops yield a new string before
        // the loop ends (duplicates aside), so this bounds the heap for the usual case; pushes
        // beyond it are dropped, which can only shorten a long run of duplicates.
        let capacity = ranges.count + 2 * k + 8
        withUnsafeTemporaryAllocation(
          of: (rank: UInt32, position: Int32, l: Int32, r: Int32).self, capacity: capacity
        ) {
          heap in
          var count = 0
          @inline(__always) func push(_ a: Int, _ b: Int) {
            if a > b || count >= capacity { return }
            let q = minimum(a, b)
            var j = count
            count += 1
            heap[j] = (rank[q], Int32(q), Int32(a), Int32(b))
            while j > 0 && heap[(j - 1) / 2].rank > heap[j].rank {
              heap.swapAt(j, (j - 1) / 2)
              j = (j - 1) / 2
            }
          }
          for range in ranges where !range.isEmpty { push(range.lowerBound, range.upperBound - 1) }
          while count > 0 && result.count - start < k {
            let top = heap[0]
            count -= 1
            heap[0] = heap[count]
            var i = 0
            while true {
              let a = 2 * i + 1
              let b = a + 1
              var m = i
              if a < count && heap[a].rank < heap[m].rank { m = a }
              if b < count && heap[b].rank < heap[m].rank { m = b }
              if m == i { break }
              heap.swapAt(i, m)
              i = m
            }
            let s = entryString[Int(top.position)]
            if !result[start...].contains(s) { result.append(s) }
            push(Int(top.l), Int(top.position) - 1)
            push(Int(top.position) + 1, Int(top.r))
          }
        }
      }
    }
  }

  /// ``top(_:in:into:)`` by rank for ranges of `total` entries in all, few enough to read in
  /// place: one contiguous pass and a sort of packed (rank, string) keys beats the heap's
  /// range-minimum probes, which land on scattered cache lines of the sparse table. Equal
  /// keys are one string's suffixes.
  private func topByScan<Ranges: Collection<Range<Int>>>(
    _ k: Int, in ranges: Ranges, total: Int, into result: inout [UInt32]
  ) {
    let start = result.count
    withUnsafeTemporaryAllocation(of: UInt64.self, capacity: max(total, 1)) { keys in
      var m = 0
      entryRank.withUnsafeBufferPointer { rank in
        entryString.withUnsafeBufferPointer { string in
          for range in ranges {
            for p in range {
              keys[m] = UInt64(rank[p]) << 32 | UInt64(string[p])
              m += 1
            }
          }
        }
      }
      var filled = UnsafeMutableBufferPointer(rebasing: keys[0..<m])
      filled.sort()
      var previous = UInt64.max
      for key in filled where key != previous {
        previous = key
        result.append(UInt32(truncatingIfNeeded: key))
        if result.count - start == k { break }
      }
    }
  }
}
