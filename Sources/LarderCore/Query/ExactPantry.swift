/// One ranked pantry hit in the harness's terms: the recipe, how many pantry items it uses and
/// how many of its ingredients are missing.
public struct PantryRank: Sendable, Hashable {
  /// The recipe.
  public var recipe: RecipeID
  /// Pantry ingredients it uses.
  public var used: Int
  /// Its other distinct ingredients.
  public var missing: Int

  /// Creates a rank.
  public init(recipe: RecipeID, used: Int, missing: Int) {
    self.recipe = recipe
    self.used = used
    self.missing = missing
  }
}

/// The benchmark harness's pantry query: exact names, no families, no staples.
extension Snapshot {
  /// Every recipe using at least one of `pantry` (exact names; unknown ones ignored), ranked by
  /// missing ascending, used descending, id ascending; the first `limit`.
  ///
  /// Small pantries count per recipe over the pantry's posting lists (byte counters plus a
  /// touched list); when the postings cover more than half the recipes, one sequential scan
  /// over per-recipe masks of the 64 most popular ingredients replaces most of the counting.
  /// - Complexity: O(Σ postings + touched · log limit), or O(N) for the scan.
  public func exactPantry(_ pantry: [String], limit: Int, scratch: QueryScratch) -> [PantryRank] {
    precondition(scratch.capacity >= recipeCount, "scratch sized for a smaller snapshot")
    let limit = min(limit, 256)
    if limit <= 0 { return [] }
    return withUnsafeTemporaryAllocation(of: IngredientID.self, capacity: max(pantry.count, 1)) {
      ids in
      var m = 0
      var total = 0
      for name in pantry {
        guard let id = ingredientID(name) else { continue }
        ids[m] = id
        m += 1
        total += postings.count(id)
      }
      let resolved = UnsafeBufferPointer(rebasing: ids[0..<m])
      return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: limit) { heap in
        var heapCount = 0
        if total > recipeCount / 2 {
          scanPantry(resolved, limit: limit, heap: heap, heapCount: &heapCount, scratch: scratch)
        } else {
          countPantry(resolved, limit: limit, heap: heap, heapCount: &heapCount, scratch: scratch)
        }
        var sorted = UnsafeMutableBufferPointer(rebasing: heap[0..<heapCount])
        sorted.sort()
        var result: [PantryRank] = []
        result.reserveCapacity(heapCount)
        for key in sorted {
          if key >> 63 != 0 { break }
          result.append(
            PantryRank(
              recipe: RecipeID(rawValue: UInt32(truncatingIfNeeded: key)),
              used: 255 - Int((key >> 32) & 0xff),
              missing: Int((key >> 40) & 0xff_ffff)))
        }
        return result
      }
    }
  }

  /// Ranking key: missing, then 255 - used, then id; smaller is better.
  @inline(__always)
  static func pantryKey(missing: Int, used: Int, recipe: Int) -> UInt64 {
    UInt64(truncatingIfNeeded: missing) << 40 | UInt64(truncatingIfNeeded: 255 - used) << 32
      | UInt64(truncatingIfNeeded: recipe)
  }

  /// Keeps the `limit` smallest keys in a max-heap.
  @inline(__always)
  static func pushBounded(
    _ key: UInt64, heap: UnsafeMutableBufferPointer<UInt64>, count: inout Int, limit: Int
  ) {
    if count < limit {
      var i = count
      count += 1
      heap[i] = key
      while i > 0 && heap[(i - 1) >> 1] < heap[i] {
        heap.swapAt(i, (i - 1) >> 1)
        i = (i - 1) >> 1
      }
    } else if key < heap[0] {
      heap[0] = key
      var i = 0
      while true {
        let a = 2 * i + 1
        let b = a + 1
        var largest = i
        if a < count && heap[a] > heap[largest] { largest = a }
        if b < count && heap[b] > heap[largest] { largest = b }
        if largest == i { break }
        heap.swapAt(i, largest)
        i = largest
      }
    }
  }

  private func countPantry(
    _ ids: UnsafeBufferPointer<IngredientID>, limit: Int, heap: UnsafeMutableBufferPointer<UInt64>,
    heapCount: inout Int, scratch: QueryScratch
  ) {
    let counters = scratch.counters
    let touched = scratch.touched
    var touchedCount = 0
    postings.ids.withUnsafeBufferPointer { postingIDs in
      postings.offsets.withUnsafeBufferPointer { offsets in
        for id in ids {
          for k in Int(offsets[id.index])..<Int(offsets[id.index + 1]) {
            let recipe = Int(postingIDs[k])
            if counters[recipe] == 0 {
              touched[touchedCount] = UInt32(recipe)
              touchedCount += 1
            }
            counters[recipe] &+= 1
          }
        }
      }
    }
    recipeDistinctCounts.withUnsafeBufferPointer { distinct in
      for t in 0..<touchedCount {
        let recipe = Int(touched[t])
        let used = Int(counters[recipe])
        counters[recipe] = 0
        let missing = max(Int(distinct[recipe]) - used, 0)
        Self.pushBounded(
          Self.pantryKey(missing: missing, used: used, recipe: recipe), heap: heap,
          count: &heapCount,
          limit: limit)
      }
    }
  }

  private func scanPantry(
    _ ids: UnsafeBufferPointer<IngredientID>, limit: Int, heap: UnsafeMutableBufferPointer<UInt64>,
    heapCount: inout Int, scratch: QueryScratch
  ) {
    let counters = scratch.counters
    var pantryMask: UInt64 = 0
    postings.ids.withUnsafeBufferPointer { postingIDs in
      for id in ids {
        if id.rawValue < 64 {
          pantryMask |= 1 << UInt64(id.rawValue)
          continue
        }
        for k in Int(postings.offsets[id.index])..<Int(postings.offsets[id.index + 1]) {
          counters[Int(postingIDs[k])] &+= 1
        }
      }
    }
    // Pass 1 (branch-free: a mispredicted "used == 0" branch per recipe would cost more than
    // the whole pass): used = popular pantry items in the recipe's mask plus its counter for the
    // rarer ones; the counter is overwritten with `missing`, or 255 when nothing is used.
    popularMask.withUnsafeBufferPointer { masks in
      recipeDistinctCounts.withUnsafeBufferPointer { distinct in
        for recipe in 0..<masks.count {
          let used = (masks[recipe] & pantryMask).nonzeroBitCount &+ Int(counters[recipe])
          let unusedMask = UInt8(truncatingIfNeeded: (used &- 1) >> 8)  // 0xFF iff used == 0
          counters[recipe] = (distinct[recipe] &- UInt8(truncatingIfNeeded: used)) | unusedMask
        }
      }
    }
    // Pass 2: only recipes that can beat the heap's worst `missing` build a key (used =
    // distinct - missing). Once the heap is full, eight counters at a time are skipped when
    // none is below the bound (SWAR "has a byte less than n").
    var worstKey = UInt64.max
    var worstMissing: UInt8 = 254
    let n = recipeCount
    recipeDistinctCounts.withUnsafeBufferPointer { distinct in
      var recipe = 0
      while recipe < n {
        if worstMissing < 127 && recipe + 8 <= n {
          let word = UnsafeRawPointer(counters + recipe).loadUnaligned(as: UInt64.self)
          let bound = UInt64(worstMissing) + 1
          if (word &- 0x0101_0101_0101_0101 &* bound) & ~word & 0x8080_8080_8080_8080 == 0 {
            recipe += 8
            continue
          }
        }
        let end = min(recipe + 8, n)
        while recipe < end {
          let missing = counters[recipe]
          if missing <= worstMissing {
            let used = Int(distinct[recipe]) - Int(missing)
            let key = Self.pantryKey(missing: Int(missing), used: used, recipe: recipe)
            if key < worstKey {
              Self.pushBounded(key, heap: heap, count: &heapCount, limit: limit)
              if heapCount == limit {
                worstKey = heap[0]
                worstMissing = UInt8(truncatingIfNeeded: worstKey >> 40)
              }
            }
          }
          recipe += 1
        }
      }
    }
    counters.update(repeating: 0, count: recipeCount)
  }
}
