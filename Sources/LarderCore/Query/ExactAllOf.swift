/// The benchmark harness's AND query: recipes using every listed ingredient, by exact name.
extension Snapshot {
  /// Recipes using all of `ingredients` (exact canonical names, no families, no filters).
  ///
  /// Dense-only queries AND bitmaps word by word and popcount; otherwise the smallest list is
  /// filtered by bit probes or galloping searches, cheapest first. An unknown name gives 0.
  /// - Returns: the total count and the `limit` smallest recipe ids, ascending.
  /// - Complexity: O(N / 64 · m) when all dense, else O(smallest · m · log).
  public func exactAllOf(_ ingredients: [String], limit: Int, scratch: QueryScratch) -> (
    count: Int, first: [RecipeID]
  ) {
    precondition(scratch.capacity >= recipeCount, "scratch sized for a smaller snapshot")
    let m = ingredients.count
    if m == 0 { return (0, []) }
    return withUnsafeTemporaryAllocation(of: IngredientID.self, capacity: m) { ids in
      for i in 0..<m {
        guard let id = ingredientID(ingredients[i]) else { return (0, []) }
        ids[i] = id
      }
      return exactAllOf(ids: UnsafeBufferPointer(ids), limit: limit, scratch: scratch)
    }
  }

  /// ``exactAllOf(_:limit:scratch:)`` on resolved ingredient ids.
  func exactAllOf(ids: UnsafeBufferPointer<IngredientID>, limit: Int, scratch: QueryScratch) -> (
    count: Int, first: [RecipeID]
  ) {
    withExactAllOf(ids: ids, limit: limit, scratch: scratch) { count, first in
      (count, [RecipeID](rawValues: first))
    }
  }

  /// ``exactAllOf(ids:limit:scratch:)`` without an array: `body` gets the count and the
  /// first `limit` ids, ascending, where the intersection left them (in `scratch`'s buffers or
  /// a posting list), valid only during the call (a merged query copies what it keeps).
  func withExactAllOf<Result>(
    ids: UnsafeBufferPointer<IngredientID>, limit: Int, scratch: QueryScratch,
    _ body: (_ count: Int, _ first: UnsafeBufferPointer<UInt32>) -> Result
  ) -> Result {
    let m = ids.count
    let limit = max(limit, 0)
    return withUnsafeTemporaryAllocation(of: IntersectionOperand.self, capacity: m) { operands in
      postings.ids.withUnsafeBufferPointer { postingIDs in
        postings.bitmapWords.withUnsafeBufferPointer { words in
          let wordsPerBitmap = postings.wordsPerBitmap
          var allDense = true
          for i in 0..<m {
            let id = ids[i].index
            let start = Int(postings.offsets[id])
            let end = Int(postings.offsets[id + 1])
            let slot = Int(postings.bitmapSlot[id])
            let list = UnsafeBufferPointer(rebasing: postingIDs[start..<end])
            let bitmap = slot >= 0 ? UnsafePointer(words.baseAddress! + slot * wordsPerBitmap) : nil
            if bitmap == nil { allDense = false }
            operands[i] = IntersectionOperand(list: list, bitmap: bitmap)
          }
          // Insertion sort by size: m is tiny.
          for i in 1..<max(m, 1) {
            var j = i
            while j > 0 && operands[j].list.count < operands[j - 1].list.count {
              operands.swapAt(j, j - 1)
              j -= 1
            }
          }
          if m == 1 {
            let list = operands[0].list
            return body(list.count, UnsafeBufferPointer(rebasing: list.prefix(limit)))
          }
          if allDense {
            return withUnsafeTemporaryAllocation(of: UnsafePointer<UInt64>.self, capacity: m) {
              bitmaps in
              for i in 0..<m { bitmaps[i] = operands[i].bitmap! }
              let (count, written) = Intersection.countDense(
                UnsafeBufferPointer(bitmaps), words: wordsPerBitmap, limit: limit,
                firstIDs: scratch.bufferA)
              return body(count, UnsafeBufferPointer(start: scratch.bufferA, count: written))
            }
          }
          let result = Intersection.intersect(
            UnsafeBufferPointer(operands), a: scratch.bufferA, b: scratch.bufferB)
          return body(result.count, UnsafeBufferPointer(rebasing: result.prefix(limit)))
        }
      }
    }
  }
}
