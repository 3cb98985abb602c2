extension WordSuffixArray {
  /// Every string with a word-start suffix whose best-matching prefix is within `maxEdits`
  /// edits (Levenshtein) of `key`, with that distance; a string may appear once per suffix.
  ///
  /// The sorted order makes this a trie walk: consecutive suffixes share prefixes, so the
  /// dynamic-programming column of each prefix depth is kept and only the columns past the
  /// common prefix with the previous suffix are computed; once every cell of a column exceeds
  /// `maxEdits`, all following suffixes sharing that prefix are settled without work.
  /// - Complexity: O(S · LCP check + new columns · |key|), far below O(S · |key|²).
  public func typoMatches(for key: [UInt8], maxEdits: Int) -> [(string: Int, edits: Int)] {
    let n = key.count
    if n == 0 || n > 64 || count == 0 { return [] }
    let maxDepth = n + maxEdits
    let width = n + 1
    var columns = [Int](repeating: 0, count: (maxDepth + 1) * width)
    var best = [Int](repeating: 0, count: maxDepth + 1)  // best[d] = min over j ≤ d of column j's last cell
    for i in 0...n { columns[i] = i }
    best[0] = n
    var result: [(string: Int, edits: Int)] = []
    strings.bytes.withUnsafeBufferPointer { bytes in
      strings.offsets.withUnsafeBufferPointer { offsets in
        columns.withUnsafeMutableBufferPointer { columns in
          best.withUnsafeMutableBufferPointer { best in
            key.withUnsafeBufferPointer { key in
              var previousStart = 0
              var previousLength = 0
              var computed = 0  // columns 0...computed are valid for the previous suffix
              var settledDepth = Int.max  // the previous suffix stopped improving after this many bytes
              var previousResult = Int.max
              for position in 0..<count {
                let s = Int(entryString[position])
                let start = Int(offsets[s]) + Int(entryOffset[position])
                let length = Int(offsets[s + 1]) - start
                var lcp = 0
                let limit = min(length, previousLength, computed)
                while lcp < limit && bytes[start + lcp] == bytes[previousStart + lcp] { lcp += 1 }
                if lcp >= settledDepth {
                  // Same first `settledDepth` bytes as the previous suffix: same answer.
                  if previousResult <= maxEdits { result.append((s, previousResult)) }
                  continue
                }
                settledDepth = Int.max
                var depth = lcp
                while depth < min(length, maxDepth) {
                  let c = bytes[start + depth]
                  let previous = depth * width
                  let current = previous + width
                  columns[current] = depth + 1
                  var columnMin = depth + 1
                  for i in 1...n {
                    let substitution = columns[previous + i - 1] + (key[i - 1] == c ? 0 : 1)
                    let value = min(
                      substitution, columns[previous + i] + 1, columns[current + i - 1] + 1)
                    columns[current + i] = value
                    columnMin = min(columnMin, value)
                  }
                  depth += 1
                  best[depth] = min(best[depth - 1], columns[current + n])
                  if columnMin > maxEdits {
                    settledDepth = depth
                    break
                  }
                }
                if depth == maxDepth { settledDepth = min(settledDepth, maxDepth) }
                computed = depth
                previousStart = start
                previousLength = length
                previousResult = best[depth]
                if previousResult <= maxEdits { result.append((s, previousResult)) }
              }
            }
          }
        }
      }
    }
    return result
  }
}
