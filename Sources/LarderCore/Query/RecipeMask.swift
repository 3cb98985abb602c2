/// A set of recipes, one bit per dense recipe id (bit `r % 8` of byte `r / 8`), for filters the
/// in-memory layer decides and SQL applies: the text search's diet filter reads the snapshot's
/// per-recipe food flags here, the one definition ingredient search uses too, and hands the
/// bytes to SQLite (``RecipeMask/bytes``).
/// - Complexity: one bit per recipe (125 KB at a million recipes); building it reads every
///   recipe's flags once, O(N).
public struct RecipeMask: Sendable, Hashable {
  /// The bits, least significant bit of byte 0 for recipe 0.
  public let bytes: [UInt8]

  /// The set whose bits are `bytes` (bit `r % 8` of byte `r / 8` for recipe `r`).
  public init(bytes: [UInt8]) { self.bytes = bytes }

  /// The set of `positions`, each below `count`.
  /// - Complexity: O(count / 8 + positions).
  public init(positions: some Sequence<Int>, count: Int) {
    var bytes = [UInt8](repeating: 0, count: (count + 7) / 8)
    for position in positions where position >= 0 && position < count {
      bytes[position / 8] |= 1 << UInt8(position % 8)
    }
    self.bytes = bytes
  }

  /// Whether the recipe at dense position `position` is in the set.
  public func contains(position: Int) -> Bool {
    position >= 0 && position / 8 < bytes.count && bytes[position / 8] >> (position % 8) & 1 == 1
  }
}

extension Snapshot {
  /// The recipes that `filter`'s diets leave in (no known ingredient with an excluded food
  /// flag: ``RecipeFilter/excludedFlags(forDiet:)``), the same test ingredient search applies.
  public func recipes(passingDietsOf filter: RecipeFilter) -> RecipeMask {
    var bytes = [UInt8](repeating: 0, count: (recipeFlags.count + 7) / 8)
    let excluded = filter.excludedFlags
    for (position, flags) in recipeFlags.enumerated() where flags & excluded == 0 {
      bytes[position / 8] |= 1 << UInt8(position % 8)
    }
    return RecipeMask(bytes: bytes)
  }
}
