/// One input of an intersection: an ascending id list, and the bitmap of the same set when dense.
struct IntersectionOperand {
  var list: UnsafeBufferPointer<UInt32>
  var bitmap: UnsafePointer<UInt64>?
}

/// Cheapest-first intersection of ascending recipe id lists.
///
/// The smallest list is the candidate set; each further operand filters it by a bit probe when
/// it has a bitmap, else by galloping search. When every operand has a bitmap the caller can use
/// ``countDense(_:words:limit:firstIDs:)`` instead (word AND + popcount).
enum Intersection {
  /// First index `>= from` in `a` whose value is `>= x`.
  @inline(__always)
  static func gallop(_ a: UnsafeBufferPointer<UInt32>, from: Int, _ x: UInt32) -> Int {
    let n = a.count
    var step = 1
    var lo = from
    var hi = from
    while hi < n && a[hi] < x {
      lo = hi + 1
      hi += step
      step <<= 1
    }
    if hi > n { hi = n }
    while lo < hi {
      let mid = (lo + hi) >> 1
      if a[mid] < x { lo = mid + 1 } else { hi = mid }
    }
    return lo
  }

  /// Intersects `operands` (sorted by list size ascending, at least one), using `a` and `b`
  /// (each as large as the smallest list) as alternating output buffers.
  /// - Returns: the ascending result, pointing into `a`, `b` or the first operand's list.
  /// - Complexity: O(m · Σ log) for m candidates; bit probes are O(1).
  static func intersect(
    _ operands: UnsafeBufferPointer<IntersectionOperand>, a: UnsafeMutablePointer<UInt32>,
    b: UnsafeMutablePointer<UInt32>
  ) -> UnsafeBufferPointer<UInt32> {
    var current = operands[0].list
    var destination = a
    for i in 1..<operands.count {
      var n = 0
      let operand = operands[i]
      if let bits = operand.bitmap {
        for x in current {
          destination[n] = x
          n &+= Int((bits[Int(x >> 6)] >> UInt64(x & 63)) & 1)
        }
      } else {
        let list = operand.list
        var position = 0
        for x in current {
          position = gallop(list, from: position, x)
          if position >= list.count { break }
          if list[position] == x {
            destination[n] = x
            n += 1
          }
        }
      }
      current = UnsafeBufferPointer(start: destination, count: n)
      destination = destination == a ? b : a
      if n == 0 { break }
    }
    return current
  }

  /// Intersects operands that all have bitmaps by ANDing their words, writing the ids of the
  /// set bits to `out` (room for the smallest list). Cheaper than probing the smallest list
  /// once that list holds a few ids per word: common ingredients at 100k recipes hold 10–20.
  /// - Returns: the ascending result, in `out`.
  /// - Complexity: O(words · operands + result).
  static func intersectBitmaps(
    _ operands: UnsafeBufferPointer<IntersectionOperand>, words: Int,
    into out: UnsafeMutablePointer<UInt32>
  ) -> UnsafeBufferPointer<UInt32> {
    let first = operands[0].bitmap.unsafelyUnwrapped
    var n = 0
    for w in 0..<words {
      var x = first[w]
      for i in 1..<operands.count { x &= operands[i].bitmap.unsafelyUnwrapped[w] }
      while x != 0 {
        out[n] = UInt32(truncatingIfNeeded: w << 6 | x.trailingZeroBitCount)
        n &+= 1
        x &= x &- 1
      }
    }
    return UnsafeBufferPointer(start: out, count: n)
  }

  /// Counts the AND of dense bitmaps, writing the first `limit` ids to `firstIDs`.
  /// - Returns: (total count, ids written).
  /// - Complexity: O(words · operands).
  static func countDense(
    _ bitmaps: UnsafeBufferPointer<UnsafePointer<UInt64>>, words: Int, limit: Int,
    firstIDs: UnsafeMutablePointer<UInt32>
  ) -> (count: Int, written: Int) {
    var count = 0
    var written = 0
    let first = bitmaps[0]
    for w in 0..<words {
      var x = first[w]
      for i in 1..<bitmaps.count { x &= bitmaps[i][w] }
      count &+= x.nonzeroBitCount
      while x != 0 && written < limit {
        firstIDs[written] = UInt32(w << 6 | x.trailingZeroBitCount)
        written += 1
        x &= x &- 1
      }
    }
    return (count, written)
  }

  /// ``countDense(_:words:limit:firstIDs:)`` over the recipes not set in `excluded` (one bit
  /// per recipe, as many words): the AND of the bitmaps and the complement of `excluded`.
  /// - Returns: (total count, ids written).
  /// - Complexity: O(words · (operands + 1)).
  static func countDense(
    _ bitmaps: UnsafeBufferPointer<UnsafePointer<UInt64>>,
    excluding excluded: UnsafePointer<UInt64>,
    words: Int, limit: Int, firstIDs: UnsafeMutablePointer<UInt32>
  ) -> (count: Int, written: Int) {
    var count = 0
    var written = 0
    for w in 0..<words {
      var x = ~excluded[w]
      for i in 0..<bitmaps.count { x &= bitmaps[i][w] }
      count &+= x.nonzeroBitCount
      while x != 0 && written < limit {
        firstIDs[written] = UInt32(w << 6 | x.trailingZeroBitCount)
        written += 1
        x &= x &- 1
      }
    }
    return (count, written)
  }

  /// ``countDense(_:words:limit:firstIDs:)`` that writes only ids not set in `skipped` (one
  /// bit per recipe), while counting every match: for a caller that subtracts the few skipped
  /// matches itself, so the words of `skipped` are read only where ids are written.
  /// - Returns: (total count, skipped ones included; ids written).
  /// - Complexity: O(words · operands).
  static func countDense(
    _ bitmaps: UnsafeBufferPointer<UnsafePointer<UInt64>>,
    writingIDsNotIn skipped: UnsafePointer<UInt64>, words: Int, limit: Int,
    firstIDs: UnsafeMutablePointer<UInt32>
  ) -> (count: Int, written: Int) {
    var count = 0
    var written = 0
    let first = bitmaps[0]
    for w in 0..<words {
      var x = first[w]
      for i in 1..<bitmaps.count { x &= bitmaps[i][w] }
      count &+= x.nonzeroBitCount
      if written < limit {
        x &= ~skipped[w]
        while x != 0 && written < limit {
          firstIDs[written] = UInt32(w << 6 | x.trailingZeroBitCount)
          written += 1
          x &= x &- 1
        }
      }
    }
    return (count, written)
  }
}
