/// A trie over the sorted suffixes of a ``WordSuffixArray``, laid out in preorder, for the typo
/// search: a depth-first walk is a forward scan in which a pruned node skips its whole subtree
/// with one jump, so the walk touches only the nodes the edit-distance bound lets through.
///
/// Node `v` has the byte `labels[v]` at depth `depths[v]` (the root is implicit at depth 0); its
/// subtree is `v + 1 ..< subtreeEnds[v]`, its first child (if any) is `v + 1`, and the suffixes
/// under it are the suffix-array positions `firstPositions[v] ..< firstPositions[subtreeEnds[v]]`
/// (the last entry is a sentinel equal to the suffix count). Built when a snapshot is made or
/// loaded, never stored: the suffix array holds the same information.
///
/// - Build: one pass over the sorted suffixes, O(total suffix bytes up to ``maxDepth``).
/// - Walk: O(visited nodes · maxEdits) for the banded edit-distance columns.
/// - Memory: 10 bytes per node; one node per distinct suffix prefix of up to ``maxDepth`` bytes.
public struct SuffixTrie: Sendable, Equatable {
  /// Suffixes are represented up to this many bytes (typed keys longer than 62 bytes get no
  /// typo matches, so deeper nodes could never be reached).
  public static let maxDepth = 66

  let labels: [UInt8]
  let depths: [UInt8]
  let subtreeEnds: [UInt32]
  let firstPositions: [UInt32]

  /// The number of nodes (not counting the implicit root).
  public var nodeCount: Int { labels.count }

  /// Builds the trie of `array`'s suffixes (giving the core back as `pacer` says, one step
  /// per suffix).
  public init(_ array: WordSuffixArray, pacer: LoadPacer? = nil) {
    var labels: [UInt8] = []
    var depths: [UInt8] = []
    var subtreeEnds: [UInt32] = []
    var firstPositions: [UInt32] = []
    var path: [Int] = []  // path[d - 1] is the open node at depth d
    array.strings.bytes.withUnsafeBufferPointer { bytes in
      var previousStart = 0
      var previousLength = 0
      for position in 0..<array.count {
        let s = array.stringIndex(at: position)
        let start = Int(array.strings.offsets[s]) + array.wordOffset(at: position)
        let length = min(Int(array.strings.offsets[s + 1]) - start, Self.maxDepth)
        var common = 0
        let limit = min(length, previousLength)
        while common < limit && bytes[start + common] == bytes[previousStart + common] {
          common += 1
        }
        while path.count > common { subtreeEnds[path.removeLast()] = UInt32(labels.count) }
        for depth in common..<length {
          path.append(labels.count)
          labels.append(bytes[start + depth])
          depths.append(UInt8(depth + 1))
          subtreeEnds.append(0)
          firstPositions.append(UInt32(position))
        }
        previousStart = start
        previousLength = length
        pacer?.step()
      }
    }
    while let node = path.popLast() { subtreeEnds[node] = UInt32(labels.count) }
    firstPositions.append(UInt32(array.count))
    self.labels = labels
    self.depths = depths
    self.subtreeEnds = subtreeEnds
    self.firstPositions = firstPositions
  }

  /// Calls `body` with the path (bytes from the root) of every node whose subtree holds at
  /// least `minimum` suffixes, in preorder.
  /// - Complexity: O(nodes).
  func forEachPath(spanningAtLeast minimum: Int, _ body: ([UInt8]) -> Void) {
    var path: [UInt8] = []
    for v in 0..<labels.count {
      path.removeSubrange((Int(depths[v]) - 1)...)
      path.append(labels[v])
      let size = Int(firstPositions[Int(subtreeEnds[v])]) - Int(firstPositions[v])
      if size >= minimum { body(path) }
    }
  }

  /// The largest edit bound ``typoRanges(for:maxEdits:)`` accepts.
  public static let maxEditsSupported = 3

  /// The suffix-array ranges whose suffixes have a prefix within `maxEdits` edits (Levenshtein)
  /// of `key`, each with the smallest such distance; the first byte must match exactly (as in
  /// Elasticsearch's completion suggester, `prefix_length` 1: people rarely mistype the first
  /// letter, and pinning it keeps the walk to one first-letter subtree).
  ///
  /// A range is reported where the distance first drops to a new low along its path, so the
  /// ranges of one distance are disjoint and a range of a smaller distance may lie inside one
  /// of a larger distance. A string's distance is the smallest over the ranges holding one of
  /// its suffixes.
  ///
  /// The edit-distance column of a node is kept as bit vectors, one per distance (bit `i` of
  /// `R[e]` set when the key's first `i` bytes are within `e` edits of the path so far: the
  /// Wu–Manber simulation of the Levenshtein automaton, start anchored), so a node costs a few
  /// word operations per distance whatever the key's length (keys are at most 62 bytes).
  /// - Complexity: O(visited nodes · maxEdits); a node whose column exceeds `maxEdits`
  ///   everywhere, or cannot improve on a distance already reached above it, skips its subtree.
  public func typoRanges(for key: [UInt8], maxEdits: Int) -> [(positions: Range<Int>, edits: Int)] {
    let n = key.count
    guard n >= 1, n <= Self.maxDepth - 4, (0...Self.maxEditsSupported).contains(maxEdits) else {
      return []
    }
    var result: [(positions: Range<Int>, edits: Int)] = []
    // The depth-1 nodes are chained by their subtree ends.
    var first = 0
    while first < labels.count && labels[first] != key[0] { first = Int(subtreeEnds[first]) }
    if first >= labels.count { return [] }
    let lanes = maxEdits + 1
    let full: UInt64 = (1 << UInt64(n + 1)) &- 1
    let matchBit: UInt64 = 1 << UInt64(n)
    labels.withUnsafeBufferPointer { labels in
      depths.withUnsafeBufferPointer { depths in
        subtreeEnds.withUnsafeBufferPointer { subtreeEnds in
          withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 256) { masks in
            // masks[c] has bit i set where key[i - 1] == c.
            masks.initialize(repeating: 0)
            for i in 0..<n { masks[Int(key[i])] |= 1 << UInt64(i + 1) }
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: (Self.maxDepth + 1) * lanes) {
              columns in
              withUnsafeTemporaryAllocation(of: Int.self, capacity: Self.maxDepth + 1) { bests in
                // Depth 0: the first i key bytes are i edits (deletions) from the empty path.
                for e in 0..<lanes { columns[e] = ((1 << UInt64(e + 1)) &- 1) & full }
                bests[0] = n
                var v = first
                let end = Int(subtreeEnds[first])
                while v < end {
                  let depth = Int(depths[v])
                  let mask = masks[Int(labels[v])]
                  let previous = (depth &- 1) &* lanes
                  let current = depth &* lanes
                  // Match (diagonal, equal byte), then for e ≥ 1: a path byte skipped (left),
                  // a substitution (diagonal) and a key byte dropped (up, within this column).
                  var below = ((columns[previous] << 1) & mask) & full
                  columns[current] = below
                  var edits = below & matchBit != 0 ? 0 : lanes
                  var e = 1
                  while e < lanes {
                    let above = columns[previous &+ e &- 1]
                    let r =
                      (((columns[previous &+ e] << 1) & mask) | above | (above << 1) | (below << 1))
                      & full
                    columns[current &+ e] = r
                    if edits == lanes && r & matchBit != 0 { edits = e }
                    below = r
                    e &+= 1
                  }
                  let bestAbove = bests[depth &- 1]
                  let best = min(bestAbove, edits)
                  bests[depth] = best
                  if edits < lanes && edits < bestAbove {
                    let lower = Int(firstPositions[v])
                    let upper = Int(firstPositions[Int(subtreeEnds[v])])
                    result.append((lower..<upper, edits))
                  }
                  // Deeper columns never fall below this one's minimum: skip the subtree when
                  // no key prefix is within maxEdits, or within fewer edits than `best`.
                  // A select, not a branch: the outcome is close to random, and a
                  // mispredicted branch would cost more than the node's own work.
                  let level = min(best, lanes) &- 1
                  let alive = level >= 0 && columns[current &+ max(level, 0)] != 0
                  let skip = Int(subtreeEnds[v])
                  v = alive ? v &+ 1 : skip
                }
              }
            }
          }
        }
      }
    }
    return result
  }
}
