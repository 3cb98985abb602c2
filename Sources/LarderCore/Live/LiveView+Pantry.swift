/// Pantry matching over a live view without its whole snapshot: names resolve, cover and rank
/// on the full build's ingredient tables (``LiveView/ingredientTables``, whose ids are a full
/// build's popularity ranks), each part counts its own candidates by name (the base's masked
/// recipes left out), and one bounded heap keeps the best across both parts, keyed by dense id.
extension LiveView {
  /// Runs a ``PantryQuery`` as ``PantryMatcher/match(_:scratch:)`` on a full build of the
  /// present recipes answers it: on the whole snapshot when it is built, else merged.
  /// - Throws: what the full build's matcher throws for the same query.
  public func pantry(_ query: PantryQuery) throws -> PantryResult {
    if let whole = builtSnapshot { return try PantryMatcher(snapshot: whole).match(query) }
    return try mergedPantry(query)
  }

  /// ``pantry(_:)`` merged, always (``LiveMergedQueries/pantry(_:)``).
  func mergedPantry(_ query: PantryQuery) throws -> PantryResult {
    if query.have.count > PantryQuery.maximumItems {
      throw QueryError.tooManyIngredients(
        given: query.have.count, allowed: PantryQuery.maximumItems)
    }
    let tables = ingredientTables
    // Resolution, coverage and its errors as the full build's (the tables are its ingredients).
    var present = try PantryCoverage(
      query.have, in: tables, matching: query.matching, unknownItems: query.unknownItems)
    let haveNames = present.covered.map(tables.ingredientName)
    var otherNames: [String] = []
    if case .assumed(let staples) = query.staples {
      for name in staples {
        guard let staple = tables.resolveIngredient(name) else { continue }
        otherNames += present.add(staple).map(tables.ingredientName)
      }
    }
    let mustFamilies = try query.must.map {
      tables.members(of: try tables.resolveOrThrow($0), query.matching).map(tables.ingredientName)
    }
    var excludedNames: [String] = []
    for name in query.without {
      excludedNames += tables.members(of: try tables.resolveOrThrow(name), query.matching).map(
        tables.ingredientName)
    }
    let segment = self.segment
    let limit = min(max(query.limit, 0), recipeCount)
    var heap = [UInt64](repeating: 0, count: max(limit, 1))
    var heapCount = 0
    var total = 0
    var completions: [String: Int] = [:]
    for (part, snapshot) in [segment.base, segment.live].enumerated() {
      func ids(_ names: [String]) -> [IngredientID] { names.compactMap(snapshot.ingredientID) }
      let haveIDs = ids(haveNames)
      let otherIDs = ids(otherNames)
      var covered = IngredientSet(capacity: snapshot.ingredientCount)
      for id in haveIDs + otherIDs { covered.insert(id) }
      let mustSets = mustFamilies.map { family in
        var set = IngredientSet(capacity: snapshot.ingredientCount)
        for id in ids(family) { set.insert(id) }
        return set
      }
      var excluded = IngredientSet(capacity: snapshot.ingredientCount)
      for id in ids(excludedNames) { excluded.insert(id) }
      let categoryFilter: Int? = query.filter.category.map { snapshot.categoryIndex($0) ?? -1 }
      let areaFilter: Int? = query.filter.area.map { snapshot.areaIndex($0) ?? -1 }
      if categoryFilter == -1 || areaFilter == -1 { continue }
      let needsFilter = !query.filter.isEmpty || !excluded.isEmpty
      snapshot.scratchPool.withScratch { scratch in
        // Candidates: recipes using a pantry item, with a counter of their distinct present
        // ingredients; staple-only ingredients add only to recipes an item reached.
        let counters = scratch.counters
        let touched = scratch.touched
        var touchedCount = 0
        for id in haveIDs {
          for r in snapshot.postings.list(id) {
            if counters[Int(r)] == 0 {
              touched[touchedCount] = r
              touchedCount += 1
            }
            counters[Int(r)] &+= 1
          }
        }
        for id in otherIDs {
          for r in snapshot.postings.list(id) where counters[Int(r)] != 0 {
            counters[Int(r)] &+= 1
          }
        }
        defer { for t in 0..<touchedCount { counters[Int(touched[t])] = 0 } }
        heap.withUnsafeMutableBufferPointer { heapBuffer in
          candidates: for t in 0..<touchedCount {
            let r = Int(touched[t])
            let recipe = RecipeID(rawValue: touched[t])
            if part == 0 && segment.isMasked(r) { continue }
            if needsFilter
              && !snapshot.passes(
                recipe, excluded: excluded, filter: query.filter, category: categoryFilter,
                area: areaFilter)
            {
              continue
            }
            let lines = snapshot.lines(of: recipe)
            for must in mustSets where !lines.contains(where: must.contains) {
              continue candidates
            }
            let used = Int(counters[r])
            let missing = max(Int(snapshot.recipeDistinctCounts[r]) - used, 0)
            if let maxMissing = query.maxMissing, missing > maxMissing { continue }
            total += 1
            if missing == 1, let line = lines.first(where: { !covered.contains($0) }) {
              completions[snapshot.ingredientName(line), default: 0] += 1
            }
            guard limit > 0 else { continue }
            let place = part == 0 ? r : segment.livePlaces[r]
            let dense = place - Self.count(of: holePlaces, below: place)
            Snapshot.pushBounded(
              Snapshot.pantryKey(missing: missing, used: min(used, 255), recipe: dense),
              heap: heapBuffer, count: &heapCount, limit: limit)
          }
        }
      }
    }
    let hits = heap[0..<heapCount].sorted().map { key -> PantryHit in
      let recipe = RecipeID(rawValue: UInt32(truncatingIfNeeded: key))
      var used: [String] = []
      var missing: [String] = []
      var familyCoverage: [FamilyCoverage] = []
      var seen = Set<String>()
      for name in lineIngredientNames(of: recipe) where seen.insert(name).inserted {
        guard let ingredient = tables.ingredientID(name), present.covers(ingredient) else {
          missing.append(name)
          continue
        }
        used.append(name)
        if let note = present.familyCoverage(of: ingredient) { familyCoverage.append(note) }
      }
      return PantryHit(
        recipe: recipe, used: used, missing: missing, familyCoverage: familyCoverage)
    }
    // Ties go to the more popular ingredient, by the full build's ranks (the tables' ids).
    let buy = completions.map {
      (name: $0.key, count: $0.value, rank: tables.ingredientID($0.key)!)
    }
    .sorted { $0.count != $1.count ? $0.count > $1.count : $0.rank < $1.rank }
    .prefix(max(query.suggestionLimit, 0))
    .map { PurchaseSuggestion(ingredient: $0.name, completes: $0.count) }
    return PantryResult(
      total: total, hits: hits, buyOneThing: Array(buy), unknownItems: present.unknownItems)
  }
}

extension LiveMergedQueries {
  /// ``LiveView/pantry(_:)``, merged.
  public func pantry(_ query: PantryQuery) throws -> PantryResult {
    try view.mergedPantry(query)
  }
}
