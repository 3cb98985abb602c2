/// "What can I cook with what I have": recipes ranked by how little is missing.
public struct PantryQuery: Sendable, Hashable {
  /// How pantry staples (salt, water, ...) count.
  public enum Staples: Sendable, Hashable {
    /// These staples count as present (never missing), but do not on their own make a recipe a hit.
    case assumed([String])
    /// Staples count like any other ingredient.
    case ignored
  }

  /// What a pantry item that resolves to no ingredient does to the query.
  public enum UnknownItems: Sendable, Hashable {
    /// The query fails with ``QueryError/unknownIngredient(_:didYouMean:)`` (typed input: the
    /// user can correct it).
    case refuse
    /// The item is left out and listed in ``PantryResult/unknownItems`` (a stored pantry, whose
    /// names may no longer resolve after a vocabulary change: one stale name must not break
    /// every match).
    case skip
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
  /// Family or exact matching (family: having milk covers a recipe's whole milk; see
  /// ``PantryCoverage``).
  public var matching: IngredientMatching
  /// Category, area, time and diet restrictions.
  public var filter: RecipeFilter
  /// At most this many hits.
  public var limit: Int
  /// At most this many "buy one thing" suggestions.
  public var suggestionLimit: Int
  /// What an unknown `have` item does.
  public var unknownItems: UnknownItems

  /// A pantry query; only `have` is required.
  public init(
    have: [String], must: [String] = [], without: [String] = [], maxMissing: Int? = nil,
    staples: Staples = .ignored, matching: IngredientMatching = .family,
    filter: RecipeFilter = .none,
    limit: Int = 20, suggestionLimit: Int = 5, unknownItems: UnknownItems = .refuse
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
    self.unknownItems = unknownItems
  }
}

/// One recipe a pantry can (nearly) make.
public struct PantryHit: Sendable, Hashable {
  /// The recipe (its summary comes from the index file: `IndexReader.summaries(of:)`).
  public var recipe: RecipeID
  /// Its ingredients the pantry (or a staple) covers, canonical names in line order.
  public var used: [String]
  /// Its other ingredients, canonical names in line order.
  public var missing: [String]
  /// The used ingredients covered by a pantry item of their family rather than by
  /// themselves ("whole milk: you have milk"), in line order.
  public var familyCoverage: [FamilyCoverage]
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
  /// Pantry items left out because they resolve to no ingredient (with ``PantryQuery/UnknownItems/skip``).
  public var unknownItems: [String] = []
}

/// Ranks recipes against a pantry.
///
/// A recipe ingredient counts as present when a pantry item (or an assumed staple) covers it
/// under the family rule (``PantryCoverage``: the item itself or, in family mode, one of its
/// descendants, as `find --with` counts it). Candidates are the recipes using at least
/// one pantry item, gathered from posting lists; each candidate's distinct ingredients are then
/// checked against the present set (a bitset), and a bounded heap keeps the best.
/// - Complexity: O(Σ postings of the covered ingredients + candidates · lines).
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
    var present = try PantryCoverage(
      query.have, in: s, matching: query.matching, unknownItems: query.unknownItems)
    let haveIDs = present.covered
    var otherIDs: [IngredientID] = []  // present through staples only
    if case .assumed(let staples) = query.staples {
      for name in staples {
        guard let staple = s.resolveIngredient(name) else { continue }
        otherIDs.append(contentsOf: present.add(staple))
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

    // Candidates: recipes using a pantry item, each with a counter of its distinct ingredients
    // that are present (one increment per posting of every present ingredient); staple-only
    // ingredients only add to recipes a pantry item already reached.
    var touchedCount = 0
    let counters = scratch.counters
    let touched = scratch.touched
    s.postings.ids.withUnsafeBufferPointer { postingIDs in
      s.postings.offsets.withUnsafeBufferPointer { offsets in
        for id in haveIDs {
          for k in Int(offsets[id.index])..<Int(offsets[id.index + 1]) {
            let r = Int(postingIDs[k])
            if counters[r] == 0 {
              touched[touchedCount] = UInt32(r)
              touchedCount += 1
            }
            counters[r] &+= 1
          }
        }
        for id in otherIDs {
          for k in Int(offsets[id.index])..<Int(offsets[id.index + 1]) {
            let r = Int(postingIDs[k])
            if counters[r] != 0 { counters[r] &+= 1 }
          }
        }
      }
    }
    defer { for t in 0..<touchedCount { counters[Int(touched[t])] = 0 } }
    let candidateCount = categoryFilter == -1 || areaFilter == -1 ? 0 : touchedCount
    let mustSets = mustFamilies.map { family in
      var set = IngredientSet(capacity: s.ingredientCount)
      for id in family { set.insert(id) }
      return set
    }
    let needsFilter = !query.filter.isEmpty || !excluded.isEmpty
    // The heap is allocated at the limit's size: no more hits than recipes can exist.
    let limit = min(max(query.limit, 0), s.recipeCount)
    var heap = [UInt64](repeating: 0, count: max(limit, 1))
    var heapCount = 0
    var total = 0
    var completions: [IngredientID: Int] = [:]
    s.lineIngredients.withUnsafeBufferPointer { lineIDs in
      s.lineOffsets.withUnsafeBufferPointer { offsets in
        s.recipeDistinctCounts.withUnsafeBufferPointer { distinct in
          heap.withUnsafeMutableBufferPointer { heapBuffer in
            candidates: for t in 0..<candidateCount {
              let recipe = RecipeID(rawValue: touched[t])
              let r = recipe.index
              if needsFilter
                && !s.passes(
                  recipe, excluded: excluded, filter: query.filter, category: categoryFilter,
                  area: areaFilter)
              {
                continue
              }
              let start = Int(offsets[r])
              let end = Int(offsets[r + 1])
              for must in mustSets {
                var found = false
                for k in start..<end where must.contains(IngredientID(rawValue: lineIDs[k])) {
                  found = true
                  break
                }
                if !found { continue candidates }
              }
              let used = Int(counters[r])
              let missing = max(Int(distinct[r]) - used, 0)
              if let maxMissing = query.maxMissing, missing > maxMissing { continue }
              total += 1
              if missing == 1 {
                for k in start..<end where !present.covers(IngredientID(rawValue: lineIDs[k])) {
                  completions[IngredientID(rawValue: lineIDs[k]), default: 0] += 1
                  break
                }
              }
              if limit > 0 {
                Snapshot.pushBounded(
                  Snapshot.pantryKey(missing: missing, used: min(used, 255), recipe: r),
                  heap: heapBuffer, count: &heapCount, limit: limit)
              }
            }
          }
        }
      }
    }
    let ranked = heap[0..<heapCount].sorted()
    let hits = ranked.map { key -> PantryHit in
      let recipe = RecipeID(rawValue: UInt32(truncatingIfNeeded: key))
      var used: [String] = []
      var missing: [String] = []
      var familyCoverage: [FamilyCoverage] = []
      var seen = Set<IngredientID>()
      for ingredient in s.lines(of: recipe) where seen.insert(ingredient).inserted {
        if present.covers(ingredient) {
          used.append(s.ingredientName(ingredient))
          if let note = present.familyCoverage(of: ingredient) { familyCoverage.append(note) }
        } else {
          missing.append(s.ingredientName(ingredient))
        }
      }
      return PantryHit(
        recipe: recipe, used: used, missing: missing, familyCoverage: familyCoverage)
    }
    let buy = completions.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
      .prefix(max(query.suggestionLimit, 0))
      .map { PurchaseSuggestion(ingredient: s.ingredientName($0.key), completes: $0.value) }
    return PantryResult(
      total: total, hits: hits, buyOneThing: Array(buy), unknownItems: present.unknownItems)
  }
}
