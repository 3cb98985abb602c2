/// Summary statistics of a recipe corpus, the figures the peer harness publishes for its
/// synthetic corpora (distinct names, postings, staple shares, document frequency by rank,
/// names used once), so a generated or converted corpus can be compared with them.
///
/// Build one with ``CorpusStatistics/measure(_:)`` over any sequence of recipes, or feed a
/// ``CorpusStatisticsCollector`` while streaming.
public struct CorpusStatistics: Sendable, Hashable, Codable {
  /// A name and the number of recipes containing it.
  public struct IngredientFrequency: Sendable, Hashable, Codable {
    /// The canonical ingredient name.
    public var name: String
    /// Its document frequency: how many recipes contain it.
    public var recipes: Int

    /// Creates an entry.
    public init(name: String, recipes: Int) {
      self.name = name
      self.recipes = recipes
    }
  }

  /// The ranks reported in ``documentFrequencyAtRank`` (where the vocabulary is that large).
  public static let reportedRanks = [1, 10, 50, 100, 500, 1000, 5000, 10000]

  /// Number of recipes.
  public var recipes: Int
  /// Number of distinct ingredient names.
  public var distinctIngredients: Int
  /// Total (recipe, ingredient) pairs, counting a name once per recipe.
  public var postings: Int
  /// Mean distinct ingredients per recipe (0 for an empty corpus).
  public var meanIngredients: Double
  /// Fewest distinct ingredients in a recipe (0 for an empty corpus).
  public var minIngredients: Int
  /// Most distinct ingredients in a recipe.
  public var maxIngredients: Int
  /// Recipes per category (recipes without one are counted under the empty string).
  public var categories: [String: Int]
  /// Number of distinct areas.
  public var distinctAreas: Int
  /// The most frequent names, by document frequency descending, then name ascending.
  public var topIngredients: [IngredientFrequency]
  /// Document frequency of the name at each of ``reportedRanks`` (1-based, same order).
  public var documentFrequencyAtRank: [String: Int]
  /// Number of names that occur in exactly one recipe.
  public var singletons: Int

  /// Creates statistics from their parts.
  public init(
    recipes: Int, distinctIngredients: Int, postings: Int, meanIngredients: Double,
    minIngredients: Int,
    maxIngredients: Int, categories: [String: Int], distinctAreas: Int,
    topIngredients: [IngredientFrequency],
    documentFrequencyAtRank: [String: Int], singletons: Int
  ) {
    self.recipes = recipes
    self.distinctIngredients = distinctIngredients
    self.postings = postings
    self.meanIngredients = meanIngredients
    self.minIngredients = minIngredients
    self.maxIngredients = maxIngredients
    self.categories = categories
    self.distinctAreas = distinctAreas
    self.topIngredients = topIngredients
    self.documentFrequencyAtRank = documentFrequencyAtRank
    self.singletons = singletons
  }

  /// Measures `recipes` in one pass.
  ///
  /// - Complexity: O(postings) time, O(distinct names) memory.
  public static func measure<S: Sequence>(_ recipes: S) -> CorpusStatistics
  where S.Element == Recipe {
    var collector = CorpusStatisticsCollector()
    for recipe in recipes { collector.add(recipe) }
    return collector.statistics()
  }

  /// The share of recipes (0...1) containing `name`, when it is among ``topIngredients``.
  public func share(of name: String) -> Double? {
    guard recipes > 0, let entry = topIngredients.first(where: { $0.name == name }) else {
      return nil
    }
    return Double(entry.recipes) / Double(recipes)
  }

  /// The share of recipes (0...1) in `category`.
  public func categoryShare(_ category: String) -> Double {
    recipes > 0 ? Double(categories[category] ?? 0) / Double(recipes) : 0
  }

  /// Document frequency at a 1-based `rank`, when reported.
  public func documentFrequency(atRank rank: Int) -> Int? {
    documentFrequencyAtRank[String(rank)]
  }
}

extension CorpusStatistics: CustomStringConvertible {
  /// A few lines in the harness's terms, for a terminal.
  public var description: String {
    func percent(_ name: String) -> String {
      share(of: name).map { String(Int(($0 * 100).rounded())) } ?? "-"
    }
    func grouped(_ value: Int) -> String {
      let digits = String(value)
      var out = ""
      for (offset, character) in digits.enumerated() {
        if offset > 0, (digits.count - offset) % 3 == 0 { out += "," }
        out.append(character)
      }
      return out
    }
    let ranks = [10, 100, 1000].map { documentFrequency(atRank: $0).map(grouped) ?? "-" }
    let mean = (meanIngredients * 100).rounded() / 100
    let categoryLine = categories.sorted {
      $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key
    }
    .map { "\($0.key) \(grouped($0.value))" }.joined(separator: ", ")
    return """
      recipes \(grouped(recipes)), distinct ingredients \(grouped(distinctIngredients)), \
      postings \(grouped(postings))
      ingredients per recipe: mean \(mean), min \(minIngredients), max \(maxIngredients)
      salt / onion / sugar: \(percent("salt")) / \(percent("onion")) / \(percent("sugar")) % of recipes
      df at rank 10 / 100 / 1000: \(ranks.joined(separator: " / ")); names with df = 1: \(grouped(singletons))
      categories: \(categoryLine); areas: \(distinctAreas)
      """
  }
}
