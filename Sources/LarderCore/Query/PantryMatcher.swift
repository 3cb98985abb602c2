/// "What can I cook with what I have": recipes ranked by how little is missing.
public struct PantryQuery: Sendable, Hashable {
  /// How pantry staples (salt, water, ...) count.
  public enum Staples: Sendable, Hashable {
    /// These staples count as present (never missing), but do not on their own make a recipe a hit.
    case assumed([String])
    /// Staples count like any other ingredient.
    case ignored
  }

  /// The most pantry items one query may list.
  public static let maximumItems = 200

  /// What the user has (as typed).
  public var have: [String]
  /// Ingredients every hit must use.
  public var must: [String]
  /// Ingredients no hit may use.
  public var without: [String]
  /// Only recipes missing at most this many ingredients, when set.
  public var maxMissing: Int?
  /// How staples count.
  public var staples: Staples
  /// Family or exact matching (family: having cheddar satisfies a recipe's cheese).
  public var matching: IngredientMatching
  /// Category, area, time and diet restrictions.
  public var filter: RecipeFilter
  /// At most this many hits.
  public var limit: Int
  /// At most this many "buy one thing" suggestions.
  public var suggestionLimit: Int

  /// A pantry query; only `have` is required.
  public init(
    have: [String], must: [String] = [], without: [String] = [], maxMissing: Int? = nil,
    staples: Staples = .ignored, matching: IngredientMatching = .family,
    filter: RecipeFilter = .none,
    limit: Int = 20, suggestionLimit: Int = 5
  ) {
    self.have = have
    self.must = must
    self.without = without
    self.maxMissing = maxMissing
    self.staples = staples
    self.matching = matching
    self.filter = filter
    self.limit = limit
    self.suggestionLimit = suggestionLimit
  }
}

/// One recipe a pantry can (nearly) make.
public struct PantryHit: Sendable, Hashable {
  /// The recipe.
  public var summary: RecipeSummary
  /// Its ingredients the pantry (or a staple) covers, canonical names in line order.
  public var used: [String]
  /// Its other ingredients, canonical names in line order.
  public var missing: [String]
}

/// "Buy this one thing and you can make n more recipes."
public struct PurchaseSuggestion: Sendable, Hashable {
  /// The ingredient to buy (canonical name).
  public var ingredient: String
  /// How many recipes it would complete.
  public var completes: Int
}

/// The answer to a ``PantryQuery``.
public struct PantryResult: Sendable, Hashable {
  /// All recipes that qualify.
  public var total: Int
  /// The best ``PantryQuery/limit`` hits: missing ascending, used descending, index ascending.
  public var hits: [PantryHit]
  /// Missing ingredients that would complete the most qualifying recipes missing exactly one.
  public var buyOneThing: [PurchaseSuggestion]
}

/// Ranks recipes against a pantry.
///
/// A recipe ingredient counts as present when a pantry item (or an assumed staple) is the same
/// ingredient or, in family mode, a descendant of it. Candidates are the recipes using at least
/// one pantry item, gathered from posting lists; each candidate's distinct ingredients are then
/// checked against the present set (a bitset), and a bounded heap keeps the best.
/// - Complexity: O(Σ postings of the pantry items and their ancestors + candidates · lines).
public struct PantryMatcher: Sendable {
  /// The snapshot searched.
  public let snapshot: Snapshot

  /// A matcher over `snapshot`.
  public init(snapshot: Snapshot) { self.snapshot = snapshot }

  /// Runs `query`.
  /// - Throws: ``QueryError`` for an unknown ingredient or too many pantry items.
  public func match(_ query: PantryQuery, scratch: QueryScratch? = nil) throws -> PantryResult {
    let s = snapshot
    if query.have.count > PantryQuery.maximumItems {
      throw QueryError.tooManyIngredients(
        given: query.have.count, allowed: PantryQuery.maximumItems)
    }
    let scratch = scratch ?? QueryScratch(for: s)
    precondition(scratch.capacity >= s.recipeCount, "scratch sized for a smaller snapshot")
    var present = IngredientSet(capacity: s.ingredientCount)
    var haveIDs: [IngredientID] = []
    func closure(_ id: IngredientID) -> [IngredientID] {
      query.matching == .family ? s.ancestry(of: id) : [id]
    }
    for name in query.have {
      for id in closure(try s.resolveOrThrow(name)) where !present.contains(id) {
        present.insert(id)
        haveIDs.append(id)
      }
    }
    if case .assumed(let staples) = query.staples {
      for name in staples {
        guard let staple = s.resolveIngredient(name) else { continue }
        for id in closure(staple) { present.insert(id) }
      }
    }
    let mustFamilies = try query.must.map {
      s.members(of: try s.resolveOrThrow($0), query.matching)
    }
    var excluded = IngredientSet(capacity: s.ingredientCount)
    for name in query.without {
      for id in s.members(of: try s.resolveOrThrow(name), query.matching) { excluded.insert(id) }
    }
    let categoryFilter: Int? = query.filter.category.map { s.categoryIndex($0) ?? -1 }
    let areaFilter: Int? = query.filter.area.map { s.areaIndex($0) ?? -1 }

    // Candidates: recipes using a pantry item (counters double as "already seen" marks).
    var touchedCount = 0
    for id in haveIDs {
      for recipe in s.postings.list(id) where scratch.counters[Int(recipe)] == 0 {
        scratch.counters[Int(recipe)] = 1
        scratch.touched[touchedCount] = recipe
        touchedCount += 1
      }
    }
    let limit = max(query.limit, 0)
    var heap = [UInt64](repeating: 0, count: max(limit, 1))
    var heapCount = 0
    var total = 0
    var completions: [IngredientID: Int] = [:]
    for t in 0..<touchedCount {
      let recipe = scratch.touched[t]
      scratch.counters[Int(recipe)] = 0
      guard categoryFilter == nil || categoryFilter != -1, areaFilter == nil || areaFilter != -1,
        s.passes(
          recipe, excluded: excluded, filter: query.filter, category: categoryFilter,
          area: areaFilter)
      else { continue }
      let lines = s.lines(of: recipe)
      if !mustFamilies.allSatisfy({ family in lines.contains { family.contains($0) } }) { continue }
      var used = 0
      var missing = 0
      var lastMissing: IngredientID = 0
      for (k, ingredient) in zip(lines.indices, lines)
      where !lines[lines.startIndex..<k].contains(ingredient) {
        if present.contains(ingredient) {
          used += 1
        } else {
          missing += 1
          lastMissing = ingredient
        }
      }
      if let maxMissing = query.maxMissing, missing > maxMissing { continue }
      total += 1
      if missing == 1 { completions[lastMissing, default: 0] += 1 }
      if limit > 0 {
        heap.withUnsafeMutableBufferPointer {
          Snapshot.pushBounded(
            Snapshot.pantryKey(missing: missing, used: min(used, 255), recipe: Int(recipe)),
            heap: $0,
            count: &heapCount, limit: limit)
        }
      }
    }
    let ranked = heap[0..<heapCount].sorted()
    let hits = ranked.map { key -> PantryHit in
      let recipe = RecipeID(truncatingIfNeeded: key)
      var used: [String] = []
      var missing: [String] = []
      var seen = Set<IngredientID>()
      for ingredient in s.lines(of: recipe) where seen.insert(ingredient).inserted {
        if present.contains(ingredient) {
          used.append(s.ingredientName(ingredient))
        } else {
          missing.append(s.ingredientName(ingredient))
        }
      }
      return PantryHit(summary: s.summary(recipe), used: used, missing: missing)
    }
    let buy = completions.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
      .prefix(max(query.suggestionLimit, 0))
      .map { PurchaseSuggestion(ingredient: s.ingredientName($0.key), completes: $0.value) }
    return PantryResult(total: total, hits: hits, buyOneThing: Array(buy))
  }
}
