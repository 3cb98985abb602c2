/// Accumulates ``CorpusStatistics`` one recipe at a time, so a corpus of any size can be measured
/// while it streams past (generated, read or indexed).
///
/// - Complexity: ``add(_:)`` O(k²) for a recipe of k ingredients (duplicate names within a recipe
///   are counted once; k is small), amortized O(k) hashing; ``statistics()`` O(V log V) for V
///   distinct names. Memory O(V + categories + areas).
public struct CorpusStatisticsCollector: Sendable {
  private var recipes = 0
  private var postings = 0
  private var minIngredients = Int.max
  private var maxIngredients = 0
  private var documentFrequency: [String: Int] = [:]
  private var categories: [String: Int] = [:]
  private var areas: Set<String> = []

  /// How many names ``CorpusStatistics/topIngredients`` lists.
  public var topCount: Int

  /// Creates an empty collector listing the `topCount` most frequent names.
  public init(topCount: Int = 25) {
    self.topCount = topCount
  }

  /// Adds one recipe.
  public mutating func add(_ recipe: Recipe) {
    recipes += 1
    var distinct = 0
    let lines = recipe.ingredients
    for (position, line) in lines.enumerated() {
      let name = line.name
      var repeated = false
      for earlier in lines[..<position] where earlier.name == name {
        repeated = true
        break
      }
      if repeated { continue }
      distinct += 1
      documentFrequency[name, default: 0] += 1
    }
    postings += distinct
    minIngredients = min(minIngredients, distinct)
    maxIngredients = max(maxIngredients, distinct)
    categories[recipe.category ?? "", default: 0] += 1
    if let area = recipe.area { areas.insert(area) }
  }

  /// The statistics of everything added so far.
  public func statistics() -> CorpusStatistics {
    let ranked = documentFrequency.sorted {
      $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key
    }
    var atRank: [String: Int] = [:]
    for rank in CorpusStatistics.reportedRanks where rank <= ranked.count {
      atRank[String(rank)] = ranked[rank - 1].value
    }
    return CorpusStatistics(
      recipes: recipes,
      distinctIngredients: ranked.count,
      postings: postings,
      meanIngredients: recipes > 0 ? Double(postings) / Double(recipes) : 0,
      minIngredients: recipes > 0 ? minIngredients : 0,
      maxIngredients: maxIngredients,
      categories: categories,
      distinctAreas: areas.count,
      topIngredients: ranked.prefix(topCount).map { .init(name: $0.key, recipes: $0.value) },
      documentFrequencyAtRank: atRank,
      singletons: ranked.reduce(0) { $0 + ($1.value == 1 ? 1 : 0) }
    )
  }
}
