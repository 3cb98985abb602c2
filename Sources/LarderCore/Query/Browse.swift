/// A category or area with its size.
public struct BrowseGroup: Sendable, Hashable {
  /// The name.
  public var name: String
  /// How many recipes it has.
  public var recipeCount: Int
}

/// One page of a browse list.
public struct BrowsePage: Sendable, Hashable {
  /// How many recipes the list has in all.
  public var total: Int
  /// The page, in folded title order (summaries come from the index file:
  /// `IndexReader.summaries(of:)`).
  public var recipes: [RecipeID]
}

/// Browsing by category and area, and random picks.
extension Snapshot {
  /// Every category with its recipe count, by name.
  public func categories() -> [BrowseGroup] {
    (0..<categoryNames.count).map {
      BrowseGroup(
        name: categoryNames[$0], recipeCount: Int(categoryOffsets[$0 + 1] - categoryOffsets[$0]))
    }
  }

  /// Every area with its recipe count, by name.
  public func areas() -> [BrowseGroup] {
    (0..<areaNames.count).map {
      BrowseGroup(name: areaNames[$0], recipeCount: Int(areaOffsets[$0 + 1] - areaOffsets[$0]))
    }
  }

  /// Recipes of `category` by (folded title, index), skipping `offset`, at most `limit`;
  /// an unknown category is an empty list.
  /// - Complexity: O(|name| + limit): the order is precomputed.
  public func recipes(inCategory category: String, offset: Int = 0, limit: Int = 20) -> BrowsePage {
    guard let c = categoryIndex(category) else { return BrowsePage(total: 0, recipes: []) }
    return page(
      categoryByFoldedTitle, Int(categoryOffsets[c])..<Int(categoryOffsets[c + 1]), offset, limit)
  }

  /// Recipes of `area` by (folded title, index), skipping `offset`, at most `limit`.
  /// - Complexity: O(|name| + limit).
  public func recipes(inArea area: String, offset: Int = 0, limit: Int = 20) -> BrowsePage {
    guard let a = areaIndex(area) else { return BrowsePage(total: 0, recipes: []) }
    return page(areaByFoldedTitle, Int(areaOffsets[a])..<Int(areaOffsets[a + 1]), offset, limit)
  }

  private func page(_ order: [UInt32], _ range: Range<Int>, _ offset: Int, _ limit: Int)
    -> BrowsePage
  {
    // Clamped before adding: an offset or limit from a caller may be anything up to Int.max.
    let from = range.lowerBound + min(max(offset, 0), range.count)
    let to = from + min(max(limit, 0), range.upperBound - from)
    return BrowsePage(total: range.count, recipes: order[from..<to].map(RecipeID.init(rawValue:)))
  }

  /// `count` distinct random recipes (fewer when the pool is smaller), from `category` when
  /// given (an unknown category gives none); the same seed gives the same picks on the same snapshot.
  /// - Complexity: O(count) expected.
  public func randomRecipes(count: Int, category: String? = nil, seed: UInt64) -> [RecipeID] {
    var pool: Range<Int>
    var order: [UInt32]?
    if let category {
      guard let c = categoryIndex(category) else { return [] }
      pool = Int(categoryOffsets[c])..<Int(categoryOffsets[c + 1])
      order = categoryByFoldedTitle
    } else {
      pool = 0..<recipeCount
    }
    return Self.randomPositions(count: count, of: pool.count, seed: seed).map { position in
      order.map { RecipeID(rawValue: $0[pool.lowerBound + position]) }
        ?? RecipeID(pool.lowerBound + position)
    }
  }

  /// `count` distinct positions in `0..<poolCount` (fewer when the pool is smaller), the same
  /// for the same seed: the picks of ``randomRecipes(count:category:seed:)`` in a pool.
  /// - Complexity: O(count) expected (Floyd's algorithm: the pool is never materialized).
  static func randomPositions(count: Int, of poolCount: Int, seed: UInt64) -> [Int] {
    let n = min(max(count, 0), poolCount)
    var generator = SplitMix64(seed: seed)
    var chosen: [Int] = []
    var seen = Set<Int>()
    for j in (poolCount - n)..<poolCount {
      let t = Int(generator.next() % UInt64(j + 1))
      let pick = seen.contains(t) ? j : t
      seen.insert(pick)
      chosen.append(pick)
    }
    return chosen
  }
}

/// A small deterministic generator (SplitMix64), so seeded picks are stable across platforms.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator starting from `seed`.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
