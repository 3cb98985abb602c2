/// All-of over a live view without its whole snapshot: the base snapshot and the written
/// recipes' snapshot (``LiveSegment``) each answer, the base's deleted or replaced recipes are
/// dropped, and the two lists merge by place, which is dense-id order. Answers, counts,
/// relaxations, pages and cursors are a full build's.
extension LiveView {
  /// Runs an ``AllOfQuery`` as a full build of the present recipes answers it: on the whole
  /// snapshot when it is built (or no write changed the base), else merged from the base and
  /// the written recipes without building it.
  /// - Throws: what ``Snapshot/allOf(_:scratch:)`` throws for the same query on a full build.
  public func allOf(_ query: AllOfQuery) throws -> AllOfResult {
    if let whole = builtSnapshot { return try whole.allOf(query) }
    return try mergedAllOf(query)
  }

  /// ``allOf(_:)`` by merging, always (``LiveMergedQueries/allOf(_:)``). A name a full build
  /// does not know throws the full build's error (its "did you mean" names come from the
  /// full build's ingredient tables).
  func mergedAllOf(_ query: AllOfQuery) throws -> AllOfResult {
    if query.ingredients.isEmpty { throw QueryError.noIngredients }
    if query.ingredients.count > AllOfQuery.maximumIngredients {
      throw QueryError.tooManyIngredients(
        given: query.ingredients.count, allowed: AllOfQuery.maximumIngredients)
    }
    let segment = self.segment
    var names: [String] = []
    for text in query.ingredients {
      guard let name = segment.resolveIngredient(text) else { return try unknown(text, query) }
      names.append(name)
    }
    var excludedNames: [String] = []
    for text in query.without {
      guard let name = segment.resolveIngredient(text) else { return try unknown(text, query) }
      excludedNames.append(name)
    }
    let parts = [segment.base, segment.live].map {
      MergedPart($0, names: names, excluding: excludedNames, matching: query.matching)
    }
    let every = Array(names.indices)
    let matches = mergedMatches(
      parts, keeping: every, filter: query.filter, segment: segment, order: query.order)
    var relaxation: Relaxation?
    if matches.dense.isEmpty && names.count > 1 {
      for dropped in names.indices {
        var kept = every
        kept.remove(at: dropped)
        let count = mergedCount(parts, keeping: kept, filter: query.filter, segment: segment)
        if count > 0 && count > (relaxation?.count ?? 0) {
          var typed = query.ingredients
          typed.remove(at: dropped)
          relaxation = Relaxation(dropped: query.ingredients[dropped], kept: typed, count: count)
        }
      }
    }
    let (page, next) = try mergedPage(
      matches, order: query.order, request: query.page, segment: segment)
    let hits = page.map { recipe -> AllOfHit in
      let (part, local) = locate(recipe, in: segment)
      let families = parts[part].families
      return AllOfHit(
        recipe: recipe,
        matchedLines: families.map {
          parts[part].snapshot.matchedLines(of: local, family: $0?.members ?? [])
        })
    }
    return AllOfResult(
      total: matches.dense.count, hits: hits, nextCursor: next, relaxation: relaxation)
  }

  /// The answer to `query`, whose name `text` a full build does not know: the full build's
  /// error, with its "did you mean" names from the full build's ingredient tables.
  private func unknown(_ text: String, _ query: AllOfQuery) throws -> AllOfResult {
    _ = try ingredientTables.resolveOrThrow(text)
    // The tables know a name the merge does not: never so, but the whole snapshot decides.
    return try snapshot.allOf(query)
  }

  /// Which part holds recipe `recipe` (a dense id of this view): 0 and its base id, or 1 and
  /// its id in the written recipes' snapshot.
  func locate(_ recipe: RecipeID, in segment: LiveSegment) -> (part: Int, local: RecipeID) {
    let place = self.place(ofDense: recipe.index)
    if place < order.baseCount && !segment.isMasked(place) { return (0, RecipeID(place)) }
    return (1, RecipeID(Self.count(of: segment.livePlaces, below: place)))
  }

  /// The recipes matching the query ingredients numbered `kept` in both parts (the base's
  /// masked recipes left out): their dense ids, ascending, and, for an `order` other than
  /// index order (which pages by dense id alone), each one's id in its part.
  private func mergedMatches(
    _ parts: [MergedPart], keeping kept: [Int], filter: RecipeFilter, segment: LiveSegment,
    order: ResultOrder
  ) -> MergedMatches {
    let keepLocals = order != .index
    let baseMatches = parts[0].matches(keeping: kept, filter: filter)
    var base: [RecipeID] = []
    base.reserveCapacity(baseMatches.count)
    var baseLocal: [UInt32] = []
    if keepLocals { baseLocal.reserveCapacity(baseMatches.count) }
    var hole = 0
    for rid in baseMatches where !segment.isMasked(rid.index) {
      while hole < holePlaces.count && holePlaces[hole] < rid.index { hole += 1 }
      base.append(RecipeID(rid.index - hole))
      if keepLocals { baseLocal.append(rid.rawValue) }
    }
    var live: [RecipeID] = []
    var liveLocal: [UInt32] = []
    hole = 0
    for local in parts[1].matches(keeping: kept, filter: filter) {
      let place = segment.livePlaces[local.index]
      while hole < holePlaces.count && holePlaces[hole] < place { hole += 1 }
      live.append(RecipeID(place - hole))
      if keepLocals { liveLocal.append(local.rawValue | MergedMatches.livePart) }
    }
    if live.isEmpty { return MergedMatches(dense: base, local: baseLocal) }
    var merged = MergedMatches(dense: [], local: [])
    merged.dense.reserveCapacity(base.count + live.count)
    merged.local.reserveCapacity(keepLocals ? base.count + live.count : 0)
    var i = 0
    var j = 0
    while i < base.count || j < live.count {
      let takeBase = j == live.count || (i < base.count && base[i] < live[j])
      merged.dense.append(takeBase ? base[i] : live[j])
      if keepLocals { merged.local.append(takeBase ? baseLocal[i] : liveLocal[j]) }
      if takeBase { i += 1 } else { j += 1 }
    }
    return merged
  }

  /// How many recipes match the query ingredients numbered `kept` in both parts.
  private func mergedCount(
    _ parts: [MergedPart], keeping kept: [Int], filter: RecipeFilter, segment: LiveSegment
  ) -> Int {
    parts[0].matches(keeping: kept, filter: filter).count(where: { !segment.isMasked($0.index) })
      + parts[1].matches(keeping: kept, filter: filter).count
  }

  /// One page of `matches` in `order`, and the next page's cursor: ``Snapshot/page(_:order:request:)``'s
  /// rules on the same packed keys (sort key << 32 | dense id), the sort key read from the part
  /// that holds each recipe, or, for title order, from the view's merged title ranks.
  private func mergedPage(
    _ matches: MergedMatches, order resultOrder: ResultOrder, request: PageRequest,
    segment: LiveSegment
  ) throws -> ([RecipeID], PageCursor?) {
    let limit = max(request.limit, 0)
    let (offset, afterRecipe) = try request.position()
    if resultOrder == .index {
      return Snapshot.pageInIndexOrder(
        matches.dense, offset: offset, after: afterRecipe, limit: limit)
    }
    let ranks = resultOrder == .title ? titleRanks(segment) : []
    func key(_ dense: RecipeID, _ local: UInt32) -> UInt64 {
      let sortKey: UInt32
      if resultOrder == .title {
        sortKey = ranks[dense.index]
      } else if local & MergedMatches.livePart == 0 {
        sortKey = segment.base.sortKey(RecipeID(rawValue: local), resultOrder)
      } else {
        sortKey = segment.live.sortKey(
          RecipeID(rawValue: local & ~MergedMatches.livePart), resultOrder)
      }
      return UInt64(sortKey) << 32 | UInt64(dense.rawValue)
    }
    // An id past every recipe sorts after every match: its page is empty.
    let afterKey = afterRecipe.map { after -> UInt64 in
      guard after < UInt64(recipeCount) else { return .max }
      let recipe = RecipeID(rawValue: UInt32(after))
      let (part, local) = locate(recipe, in: segment)
      return key(recipe, local.rawValue | (part == 0 ? 0 : MergedMatches.livePart))
    }
    var candidates: [UInt64] = []
    candidates.reserveCapacity(matches.dense.count)
    for (dense, local) in zip(matches.dense, matches.local) {
      let packed = key(dense, local)
      if afterKey.map({ packed > $0 }) ?? true { candidates.append(packed) }
    }
    // As a full build pages.
    return Snapshot.pageOfPackedKeys(
      candidates, offset: offset, limit: limit, keyset: afterKey != nil)
  }

  /// Every present recipe's position in the (folded title, dense id) order, by dense id: the
  /// full build's title ranks, merged on the first title-ordered query of this view from the
  /// base's order (masked recipes left out) and the written recipes' own, each written
  /// recipe placed by a binary search.
  /// - Complexity: O(N + W log N) comparisons once per view; 4 bytes per recipe.
  func titleRanks(_ segment: LiveSegment) -> [UInt32] {
    if let made = madeTitleRanks.withLock({ $0 }) { return made }
    let base = segment.base
    let live = segment.live
    var denseOfBase = [UInt32](repeating: .max, count: base.recipeCount)
    var hole = 0
    for rid in 0..<base.recipeCount where !segment.isMasked(rid) {
      while hole < holePlaces.count && holePlaces[hole] < rid { hole += 1 }
      denseOfBase[rid] = UInt32(rid - hole)
    }
    var baseOrder = [UInt32](repeating: 0, count: base.recipeCount)
    for (rid, rank) in base.titleRank.enumerated() { baseOrder[Int(rank)] = UInt32(rid) }
    let kept = baseOrder.filter { denseOfBase[Int($0)] != .max }
    var liveOrder = [Int](repeating: 0, count: live.recipeCount)
    for (local, rank) in live.titleRank.enumerated() { liveOrder[Int(rank)] = local }
    let baseFolded = self.base.foldedTitles
    var ranks = [UInt32](repeating: 0, count: recipeCount)
    var position: UInt32 = 0
    var start = 0
    for local in liveOrder {
      let folded = segment.liveFoldedTitles[local]
      let dense = UInt32(self.dense(ofPlace: segment.livePlaces[local])!)
      var low = start
      var high = kept.count
      while low < high {
        let middle = (low + high) >> 1
        let title = baseFolded[Int(kept[middle])]
        let before =
          title.utf8.elementsEqual(folded.utf8)
          ? denseOfBase[Int(kept[middle])] < dense
          : title.utf8.lexicographicallyPrecedes(folded.utf8)
        if before { low = middle + 1 } else { high = middle }
      }
      for rid in kept[start..<low] {
        ranks[Int(denseOfBase[Int(rid)])] = position
        position += 1
      }
      ranks[Int(dense)] = position
      position += 1
      start = low
    }
    for rid in kept[start...] {
      ranks[Int(denseOfBase[Int(rid)])] = position
      position += 1
    }
    madeTitleRanks.withLock { $0 = ranks }
    return ranks
  }
}

/// The matches of a merged query: dense ids, ascending, and each one's id in the part that
/// holds it (a base id, or a written recipe's id in the written recipes' snapshot with
/// ``livePart`` set).
struct MergedMatches {
  /// Marks a written recipe's id in ``local``.
  static let livePart: UInt32 = 1 << 31
  var dense: [RecipeID]
  var local: [UInt32]
}

extension LiveMergedQueries {
  /// ``LiveView/allOf(_:)``, merged.
  public func allOf(_ query: AllOfQuery) throws -> AllOfResult { try view.mergedAllOf(query) }
}

extension LiveView: RecipeLineNames {
  /// How many ingredient lines `recipe` has, from the part that holds it (or the whole
  /// snapshot when built).
  public func lineCount(of recipe: RecipeID) -> Int {
    if let whole = builtSnapshot { return whole.lineCount(of: recipe) }
    guard recipe.index < recipeCount else { return 0 }
    let segment = self.segment
    let (part, local) = locate(recipe, in: segment)
    return (part == 0 ? segment.base : segment.live).lineCount(of: local)
  }

  /// The canonical ingredient name of line `position` of `recipe`, from the part that holds
  /// it (or the whole snapshot when built).
  public func lineIngredientName(of recipe: RecipeID, at position: Int) -> String {
    if let whole = builtSnapshot { return whole.lineIngredientName(of: recipe, at: position) }
    let segment = self.segment
    let (part, local) = locate(recipe, in: segment)
    return (part == 0 ? segment.base : segment.live).lineIngredientName(of: local, at: position)
  }

  /// The canonical ingredient name of each of `recipe`'s lines, in source order (one lookup
  /// of the part that holds it).
  public func lineIngredientNames(of recipe: RecipeID) -> [String] {
    if let whole = builtSnapshot { return whole.lineIngredientNames(of: recipe) }
    guard recipe.index < recipeCount else { return [] }
    let segment = self.segment
    let (part, local) = locate(recipe, in: segment)
    return (part == 0 ? segment.base : segment.live).lineIngredientNames(of: local)
  }
}

/// One part of a merged query (the base snapshot, or the written recipes'): the query's
/// ingredients and exclusions as that snapshot's ids, joined by canonical name.
struct MergedPart {
  /// The part's snapshot.
  let snapshot: Snapshot
  /// Each query ingredient's matched set here, or `nil` when no recipe of this part can use
  /// it (a name outside the relations that none of its recipes uses).
  let families: [MatchedSet?]
  /// The excluded ingredients (with their families in family mode) known here.
  let excluded: IngredientSet

  init(
    _ snapshot: Snapshot, names: [String], excluding excludedNames: [String],
    matching: IngredientMatching
  ) {
    self.snapshot = snapshot
    families = names.map { name in
      snapshot.ingredientID(name).map { snapshot.matchedSet(of: $0, matching) }
    }
    var excluded = IngredientSet(capacity: snapshot.ingredientCount)
    for name in excludedNames {
      guard let id = snapshot.ingredientID(name) else { continue }
      for member in snapshot.members(of: id, matching) { excluded.insert(member) }
    }
    self.excluded = excluded
  }

  /// This part's ids, ascending, of the recipes matching the query ingredients numbered
  /// `kept`, none excluded, passing `filter`.
  func matches(keeping kept: [Int], filter: RecipeFilter) -> [RecipeID] {
    var sets: [MatchedSet] = []
    for k in kept {
      guard let set = families[k] else { return [] }
      sets.append(set)
    }
    return snapshot.scratchPool.withScratch {
      snapshot.matchingRecipes(sets, excluded: excluded, filter: filter, scratch: $0)
    }
  }
}
