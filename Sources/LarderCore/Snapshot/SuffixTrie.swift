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
public struct SuffixTrie: Sendable {
  /// Suffixes are represented up to this many bytes (typed keys longer than 62 bytes get no
  /// typo matches, so deeper nodes could never be reached).
  public static let maxDepth = 66

  let labels: [UInt8]
  let depths: [UInt8]
  let subtreeEnds: [UInt32]
  let firstPositions: [UInt32]

  /// The number of nodes (not counting the implicit root).
  public var nodeCount: Int { labels.count }

  /// Builds the trie of `array`'s suffixes.
  public init(_ array: WordSuffixArray) {
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
      }
    }
    while let node = path.popLast() { subtreeEnds[node] = UInt32(labels.count) }
    firstPositions.append(UInt32(array.count))
    self.labels = labels
    self.depths = depths
    self.subtreeEnds = subtreeEnds
    self.firstPositions = firstPositions
  }

  /// The suffix-array ranges whose suffixes have a prefix within `maxEdits` edits (Levenshtein)
  /// of `key`, each with the smallest such distance; the first byte must match exactly (as in
  /// Elasticsearch's completion suggester, `prefix_length` 1: people rarely mistype the first
  /// letter, and pinning it keeps the walk to one first-letter subtree).
  ///
  /// A range is reported where the distance first drops to a new low along its path, so the
  /// ranges of one distance are disjoint and a range of a smaller distance may lie inside one
  /// of a larger distance. A string's distance is the smallest over the ranges holding one of
  /// its suffixes.
  /// - Complexity: O(visited nodes · maxEdits); a node whose column exceeds `maxEdits`
  ///   everywhere, or cannot improve on a distance already reached above it, skips its subtree.
  public func typoRanges(for key: [UInt8], maxEdits: Int) -> [(positions: Range<Int>, edits: Int)] {
    let n = key.count
    guard n >= 1, n <= Self.maxDepth - 4, maxEdits >= 0 else { return [] }
    var result: [(positions: Range<Int>, edits: Int)] = []
    // The depth-1 nodes are chained by their subtree ends.
    var first = 0
    while first < labels.count && labels[first] != key[0] { first = Int(subtreeEnds[first]) }
    if first >= labels.count { return [] }
    let width = n + 1
    labels.withUnsafeBufferPointer { labels in
      depths.withUnsafeBufferPointer { depths in
        subtreeEnds.withUnsafeBufferPointer { subtreeEnds in
          key.withUnsafeBufferPointer { key in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: (Self.maxDepth + 1) * (width + 1))
            { buffer in
              // Column d occupies buffer[d * width ..< (d + 1) * width]; best[d] (the smallest
              // distance on the path down to depth d) follows the columns. Only the band
              // |i - d| ≤ maxEdits is computed (cells outside it exceed maxEdits) and values
              // saturate at maxEdits + 1, so a node costs 2 · maxEdits + 1 cells, not |key|.
              let cap = maxEdits + 1
              let bestBase = (Self.maxDepth + 1) * width
              for i in 0...n { buffer[i] = min(i, cap) }
              buffer[bestBase] = n
              var v = first
              let end = Int(subtreeEnds[first])
              while v < end {
                let depth = Int(depths[v])
                let lower = max(1, depth - maxEdits)
                let upper = min(n, depth + maxEdits)
                if lower > upper {  // deeper than |key| + maxEdits: nothing below can match
                  v = Int(subtreeEnds[v])
                  continue
                }
                let c = labels[v]
                let previous = (depth - 1) * width
                let current = depth * width
                // The cells the band reads just outside itself.
                buffer[current + lower - 1] = lower == 1 ? min(depth, cap) : cap
                if depth + maxEdits <= n { buffer[previous + upper] = cap }
                var columnMin = buffer[current + lower - 1]
                // Wrapping arithmetic: every value is at most maxEdits + 2.
                var left = buffer[current &+ lower &- 1]
                var i = lower
                while i <= upper {
                  let substitution = buffer[previous &+ i &- 1] &+ (key[i &- 1] == c ? 0 : 1)
                  let value = min(
                    substitution, buffer[previous &+ i] &+ 1, left &+ 1, cap)
                  buffer[current &+ i] = value
                  left = value
                  columnMin = min(columnMin, value)
                  i &+= 1
                }
                let edits = upper == n ? buffer[current + n] : cap
                let bestAbove = buffer[bestBase + depth - 1]
                let best = min(bestAbove, edits)
                buffer[bestBase + depth] = best
                if edits <= maxEdits && edits < bestAbove {
                  let lower = Int(firstPositions[v])
                  let upper = Int(firstPositions[Int(subtreeEnds[v])])
                  result.append((lower..<upper, edits))
                }
                // Deeper cells never fall below this column's minimum.
                if columnMin > maxEdits || columnMin >= best {
                  v = Int(subtreeEnds[v])
                } else {
                  v += 1
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
