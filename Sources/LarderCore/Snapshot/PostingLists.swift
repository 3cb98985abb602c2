/// The recipes of every ingredient, as ascending ``RecipeID`` lists, plus bitmaps of the dense ones.
///
/// - Build: one counting pass and one fill pass over the recipe ingredient lists (CSR layout).
/// - Lookup: ``list(_:)`` is O(1); an ingredient in at least `N / 32` (and 1,024) recipes also has
///   a bitmap of ⌈N / 64⌉ words, so intersections can AND words or probe bits.
/// - Memory: 4 bytes per posting, 4 bytes per ingredient, N / 8 bytes per dense ingredient.
public struct PostingLists: Sendable, Equatable {
  /// The number of recipes (bitmap width).
  public let recipeCount: Int
  /// `offsets[i] ..< offsets[i + 1]` are ingredient `i`'s postings in ``ids``.
  let offsets: [UInt32]
  /// Every posting list, concatenated in ingredient order; each list ascending.
  let ids: [UInt32]
  /// The bitmap slot of each ingredient, or -1 when it has none.
  let bitmapSlot: [Int32]
  /// The bitmaps, ``wordsPerBitmap`` words each, in slot order.
  let bitmapWords: [UInt64]

  /// Words per bitmap: ⌈recipeCount / 64⌉.
  public var wordsPerBitmap: Int { (recipeCount + 63) >> 6 }

  /// The number of ingredients.
  public var ingredientCount: Int { offsets.count - 1 }

  /// Builds the lists from per-ingredient ascending postings already in CSR form.
  init(recipeCount: Int, offsets: [UInt32], ids: [UInt32]) {
    self.recipeCount = recipeCount
    self.offsets = offsets
    self.ids = ids
    let words = (recipeCount + 63) >> 6
    var slots = [Int32](repeating: -1, count: offsets.count - 1)
    var bitmaps: [UInt64] = []
    for ingredient in 0..<(offsets.count - 1) {
      let count = Int(offsets[ingredient + 1] - offsets[ingredient])
      guard Self.isDense(count: count, recipeCount: recipeCount) else { continue }
      slots[ingredient] = Int32(bitmaps.count / max(words, 1))
      let base = bitmaps.count
      bitmaps.append(contentsOf: repeatElement(0, count: words))
      for k in Int(offsets[ingredient])..<Int(offsets[ingredient + 1]) {
        let id = Int(ids[k])
        bitmaps[base + (id >> 6)] |= 1 << UInt64(id & 63)
      }
    }
    bitmapSlot = slots
    bitmapWords = bitmaps
  }

  /// Restores lists read from an archive.
  init(
    recipeCount: Int, offsets: [UInt32], ids: [UInt32], bitmapSlot: [Int32], bitmapWords: [UInt64]
  ) {
    self.recipeCount = recipeCount
    self.offsets = offsets
    self.ids = ids
    self.bitmapSlot = bitmapSlot
    self.bitmapWords = bitmapWords
  }

  /// Whether a list of `count` postings among `recipeCount` recipes gets a bitmap: one in 32
  /// recipes or more (the bitmap then costs at most the list's own bytes), and at least 64
  /// postings. The floor was 1,024 until a live segment's snapshot (10,000 written recipes
  /// beside a 100k base) intersected lists of 300-1,000 postings that the base's bitmaps
  /// answer in a few words: the merged AND groups' p99 went from 1.6-2.0x the compacted
  /// index's to 1.1-1.4x (BENCHMARKS.md, issue 17). Only snapshots under 32,768 recipes are
  /// affected; larger ones reach one in 32 above the old floor.
  static func isDense(count: Int, recipeCount: Int) -> Bool {
    count * 32 >= recipeCount && count >= 64
  }

  /// The number of recipes using `ingredient`.
  @inline(__always)
  public func count(_ ingredient: IngredientID) -> Int {
    Int(offsets[ingredient.index + 1] - offsets[ingredient.index])
  }

  /// `ingredient`'s recipes, ascending.
  /// - Complexity: O(1) for the slice; copying it out is O(count).
  public func list(_ ingredient: IngredientID) -> ArraySlice<UInt32> {
    ids[Int(offsets[ingredient.index])..<Int(offsets[ingredient.index + 1])]
  }

  /// Whether `ingredient` has a bitmap.
  @inline(__always)
  public func hasBitmap(_ ingredient: IngredientID) -> Bool { bitmapSlot[ingredient.index] >= 0 }

  /// Whether recipe `recipe` uses `ingredient`, by bitmap when there is one, else by binary search.
  /// - Complexity: O(1) with a bitmap, O(log count) otherwise.
  public func contains(_ ingredient: IngredientID, _ recipe: RecipeID) -> Bool {
    let slot = Int(bitmapSlot[ingredient.index])
    if slot >= 0 {
      let word = bitmapWords[slot * wordsPerBitmap + recipe.index >> 6]
      return (word >> UInt64(recipe.rawValue & 63)) & 1 == 1
    }
    let list = self.list(ingredient)
    var lo = list.startIndex
    var hi = list.endIndex
    while lo < hi {
      let mid = (lo + hi) >> 1
      if list[mid] < recipe.rawValue { lo = mid + 1 } else { hi = mid }
    }
    return lo < list.endIndex && list[lo] == recipe.rawValue
  }
}
