/// "Recipes that use all of these ingredients", with exclusions, filters, ordering and pages.
public struct AllOfQuery: Sendable, Hashable {
  /// The most ingredients one query may list.
  public static let maximumIngredients = 10

  /// Ingredients every result must use (1 to ``maximumIngredients``), as typed.
  public var ingredients: [String]
  /// Ingredients no result may use (matched like ``ingredients``).
  public var without: [String]
  /// Category, area, time and diet restrictions.
  public var filter: RecipeFilter
  /// Family or exact matching.
  public var matching: IngredientMatching
  /// Result order.
  public var order: ResultOrder
  /// Which page.
  public var page: PageRequest

  /// A query; only `ingredients` is required.
  public init(
    _ ingredients: [String], without: [String] = [], filter: RecipeFilter = .none,
    matching: IngredientMatching = .family, order: ResultOrder = .index,
    page: PageRequest = PageRequest()
  ) {
    self.ingredients = ingredients
    self.without = without
    self.filter = filter
    self.matching = matching
    self.order = order
    self.page = page
  }
}

/// One result of an ``AllOfQuery``.
public struct AllOfHit: Sendable, Hashable {
  /// The recipe (its summary comes from the index file: `IndexReader.summaries(of:)`).
  public var recipe: RecipeID
  /// For each query ingredient (query order), the indices of the recipe's ingredient lines
  /// that satisfy it.
  public var matchedLines: [[Int]]
}

/// The answer to an ``AllOfQuery``.
public struct AllOfResult: Sendable, Hashable {
  /// How many recipes match in all.
  public var total: Int
  /// The requested page.
  public var hits: [AllOfHit]
  /// Where the next page starts, or `nil` after the last.
  public var nextCursor: PageCursor?
  /// When nothing matches: the best query with one ingredient dropped.
  public var relaxation: Relaxation?
}

/// A looser query that does have results: "no recipe has all 3; 14 have garlic + lime".
public struct Relaxation: Sendable, Hashable {
  /// The ingredient left out (as typed).
  public var dropped: String
  /// The ingredients kept (as typed, query order).
  public var kept: [String]
  /// How many recipes use all of `kept` (with the same exclusions and filters).
  public var count: Int
}

extension Snapshot {
  /// Runs an ``AllOfQuery``.
  ///
  /// Each ingredient becomes an ascending id list (its posting list, or the union of its
  /// family's lists, cached by the snapshot); lists are intersected cheapest first (bit probes
  /// for dense ones, galloping otherwise, word ANDs when every list is dense and the smallest is
  /// common); exclusions and filters are checked per surviving recipe. Index order pages
  /// without sorting; other orders sort the matches. Without a `scratch`, the snapshot lends one.
  /// - Throws: ``QueryError`` for no, too many or unknown ingredients, or a foreign cursor.
  /// - Complexity: O(smallest list · m · log) + O(matches) (+ O(matches log matches) when sorted).
  public func allOf(_ query: AllOfQuery, scratch: QueryScratch? = nil) throws -> AllOfResult {
    if let scratch { return try allOf(query, using: scratch) }
    return try scratchPool.withScratch { try allOf(query, using: $0) }
  }

  private func allOf(_ query: AllOfQuery, using scratch: QueryScratch) throws -> AllOfResult {
    if query.ingredients.isEmpty { throw QueryError.noIngredients }
    if query.ingredients.count > AllOfQuery.maximumIngredients {
      throw QueryError.tooManyIngredients(
        given: query.ingredients.count, allowed: AllOfQuery.maximumIngredients)
    }
    precondition(scratch.capacity >= recipeCount, "scratch sized for a smaller snapshot")
    let ids = try query.ingredients.map { try resolveOrThrow($0) }
    let families = ids.map { matchedSet(of: $0, query.matching) }
    var excluded = IngredientSet(capacity: ingredientCount)
    for name in query.without {
      for member in members(of: try resolveOrThrow(name), query.matching) {
        excluded.insert(member)
      }
    }
    let matches = matchingRecipes(
      families, excluded: excluded, filter: query.filter, scratch: scratch)
    var relaxation: Relaxation?
    if matches.isEmpty && ids.count > 1 {
      for dropped in ids.indices {
        var kept = families
        kept.remove(at: dropped)
        let count = matchingRecipes(
          kept, excluded: excluded, filter: query.filter, scratch: scratch
        ).count
        if count > 0 && count > (relaxation?.count ?? 0) {
          var names = query.ingredients
          names.remove(at: dropped)
          relaxation = Relaxation(dropped: query.ingredients[dropped], kept: names, count: count)
        }
      }
    }
    let (page, next) = try self.page(matches, order: query.order, request: query.page)
    let members = families.map(\.members)
    let hits = page.map { recipe in
      AllOfHit(
        recipe: recipe,
        matchedLines: members.map { matchedLines(of: recipe, family: $0) })
    }
    return AllOfResult(total: matches.count, hits: hits, nextCursor: next, relaxation: relaxation)
  }

  /// The line indices of `recipe` whose ingredient is in `family` (ascending ids).
  func matchedLines(of recipe: RecipeID, family: [IngredientID]) -> [Int] {
    var result: [Int] = []
    for (index, ingredient) in lines(of: recipe).enumerated() where family.contains(ingredient) {
      result.append(index)
    }
    return result
  }

  /// Ascending ids of the recipes using a member of every family, none of `excluded`, and passing `filter`.
  func matchingRecipes(
    _ families: [MatchedSet], excluded: IngredientSet, filter: RecipeFilter,
    scratch: QueryScratch
  ) -> [RecipeID] {
    if families.isEmpty { return [] }
    let categoryFilter: Int? = filter.category.map { self.categoryIndex($0) ?? -1 }
    let areaFilter: Int? = filter.area.map { self.areaIndex($0) ?? -1 }
    if categoryFilter == -1 || areaFilter == -1 { return [] }
    let needsCheck = !filter.isEmpty || !excluded.isEmpty
    return withUnsafeTemporaryAllocation(of: IntersectionOperand.self, capacity: families.count) {
      operands in
      withOperands(families[...], into: operands) {
        for i in 1..<max(families.count, 1) {
          var j = i
          while j > 0 && operands[j].list.count < operands[j - 1].list.count {
            operands.swapAt(j, j - 1)
            j -= 1
          }
        }
        // Every operand dense and the smallest holding a few ids per bitmap word: AND words.
        let words = postings.wordsPerBitmap
        let candidates =
          families.count > 1 && operands[0].list.count >= 4 * words
            && operands.allSatisfy { $0.bitmap != nil }
          ? Intersection.intersectBitmaps(
            UnsafeBufferPointer(operands), words: words, into: scratch.bufferA)
          : Intersection.intersect(
            UnsafeBufferPointer(operands), a: scratch.bufferA, b: scratch.bufferB)
        if !needsCheck { return [RecipeID](rawValues: candidates) }
        var result: [RecipeID] = []
        for raw in candidates {
          let recipe = RecipeID(rawValue: raw)
          if passes(
            recipe, excluded: excluded, filter: filter, category: categoryFilter, area: areaFilter)
          {
            result.append(recipe)
          }
        }
        return result
      }
    }
  }

  /// Fills `operands` (from its start) with the lists and bitmaps of `families`, keeps them
  /// pinned while `body` runs, and returns what `body` returns: an ingredient's operand points
  /// into ``postings``, a family's into its cached union.
  private func withOperands<Result>(
    _ families: ArraySlice<MatchedSet>,
    into operands: UnsafeMutableBufferPointer<IntersectionOperand>,
    _ body: () -> Result
  ) -> Result {
    guard let first = families.first else { return body() }
    let slot = operands.startIndex
    let rest = UnsafeMutableBufferPointer(rebasing: operands[(slot + 1)...])
    switch first {
    case .ingredient(let id):
      return postings.ids.withUnsafeBufferPointer { ids in
        postings.bitmapWords.withUnsafeBufferPointer { words in
          let bitmapSlot = Int(postings.bitmapSlot[id.index])
          operands[slot] = IntersectionOperand(
            list: UnsafeBufferPointer(
              rebasing: ids[Int(postings.offsets[id.index])..<Int(postings.offsets[id.index + 1])]),
            bitmap: bitmapSlot >= 0
              ? UnsafePointer(words.baseAddress! + bitmapSlot * postings.wordsPerBitmap) : nil)
          return withOperands(families.dropFirst(), into: rest, body)
        }
      }
    case .family(let family):
      return family.ids.withUnsafeBufferPointer { ids in
        family.bitmap.withUnsafeBufferPointer { words in
          operands[slot] = IntersectionOperand(
            list: ids, bitmap: words.isEmpty ? nil : words.baseAddress)
          return withOperands(families.dropFirst(), into: rest, body)
        }
      }
    }
  }

  /// Whether `recipe` uses nothing in `excluded` and passes `filter` (category and area as indices).
  func passes(
    _ recipe: RecipeID, excluded: IngredientSet, filter: RecipeFilter, category: Int?, area: Int?
  ) -> Bool {
    let r = recipe.index
    if let category, Int(recipeCategory[r]) != category { return false }
    if let area, Int(recipeArea[r]) != area { return false }
    if let maxMinutes = filter.maxMinutes {
      let minutes = recipeMinutes[r]
      if minutes < 0 || Int(minutes) > maxMinutes { return false }
    }
    if recipeFlags[r] & filter.excludedFlags != 0 { return false }
    if !excluded.isEmpty {
      for ingredient in lines(of: recipe) where excluded.contains(ingredient) { return false }
    }
    return true
  }

  /// One page of ascending `matches` in `order`, and the cursor of the next page.
  ///
  /// Both cursor kinds work in every order, as the API documents: `o` skips that many results,
  /// `i` continues after that recipe's place in the order (keyset paging, so a page boundary
  /// does not move when results before it change). Index order hands out `i` cursors; sorted
  /// orders hand out `o` cursors, or `i` cursors when the client paged with one.
  func page(_ matches: [RecipeID], order: ResultOrder, request: PageRequest) throws -> (
    [RecipeID], PageCursor?
  ) {
    let limit = max(request.limit, 0)
    let (offset, afterRecipe) = try request.position()
    if order == .index {
      return Self.pageInIndexOrder(matches, offset: offset, after: afterRecipe, limit: limit)
    }
    // An id past every recipe sorts after every match: its page is empty.
    let afterKey = afterRecipe.map {
      $0 < UInt64(recipeCount) ? packedKey(RecipeID(rawValue: UInt32($0)), order) : UInt64.max
    }
    var candidates = matches
    if let afterKey {
      candidates = matches.filter { packedKey($0, order) > afterKey }
    }
    return Self.pageOfPackedKeys(
      candidates.lazy.map { self.packedKey($0, order) }, offset: offset, limit: limit,
      keyset: afterKey != nil)
  }

  /// One page of `keys` (packed `sort key << 32 | dense id` words, one per match, in any
  /// order) from `offset`, and the cursor of the next page: an `i` cursor after the page's last
  /// recipe when the client paged by keyset (`keyset`), else an `o` cursor. Packed words order
  /// without closures over the snapshot's arrays; early pages keep only the `end` smallest in
  /// a bounded heap instead of sorting every match. Shared by the snapshot's and the live
  /// view's merged all-of.
  /// - Complexity: O(n log end) for an early page of n keys, else O(n log n).
  static func pageOfPackedKeys(
    _ keys: some Collection<UInt64>, offset: Int, limit: Int, keyset: Bool
  ) -> ([RecipeID], PageCursor?) {
    let start = min(offset, keys.count)
    let end = start + min(limit, keys.count - start)
    var sorted: [UInt64]
    if end <= 4096 && end * 8 < keys.count {
      var heap = [UInt64](repeating: 0, count: max(end, 1))
      var count = 0
      heap.withUnsafeMutableBufferPointer { heap in
        for key in keys { Self.pushBounded(key, heap: heap, count: &count, limit: end) }
      }
      sorted = Array(heap[0..<count])
    } else {
      sorted = Array(keys)
    }
    sorted.sort()
    let page = sorted[start..<end].map { RecipeID(rawValue: UInt32(truncatingIfNeeded: $0)) }
    guard end < keys.count && end > start else { return (page, nil) }
    return (page, keyset ? .after(page.last!) : .offset(end))
  }

  /// One page of ascending `matches` in index order from `offset`, or after recipe id
  /// `after` (keyset paging), and the `i` cursor of the next page.
  static func pageInIndexOrder(
    _ matches: [RecipeID], offset: Int, after afterRecipe: UInt64?, limit: Int
  ) -> ([RecipeID], PageCursor?) {
    var start = min(offset, matches.count)
    if let afterRecipe {
      let after = RecipeID(rawValue: UInt32(clamping: afterRecipe))
      var lo = 0
      var hi = matches.count
      while lo < hi {
        let mid = (lo + hi) >> 1
        if matches[mid] <= after { lo = mid + 1 } else { hi = mid }
      }
      start = lo
    }
    let end = start + min(limit, matches.count - start)
    let page = Array(matches[start..<end])
    return (page, end < matches.count && !page.isEmpty ? .after(page.last!) : nil)
  }

  /// `recipe`'s place in a sorted order as one comparable word: its sort key, then its id.
  func packedKey(_ recipe: RecipeID, _ order: ResultOrder) -> UInt64 {
    UInt64(sortKey(recipe, order)) << 32 | UInt64(recipe.rawValue)
  }

  /// The primary sort key of `recipe` under a non-index order (unknown times last).
  func sortKey(_ recipe: RecipeID, _ order: ResultOrder) -> UInt32 {
    let r = recipe.index
    switch order {
    case .index: return recipe.rawValue
    case .title: return titleRank[r]
    case .totalTime: return recipeMinutes[r] < 0 ? UInt32.max : UInt32(recipeMinutes[r])
    case .ingredientCount: return UInt32(recipeDistinctCounts[r])
    }
  }
}

extension PageRequest {
  /// Where the page starts: an offset (from ``Start/offset(_:)`` or an `o` cursor), or the
  /// recipe id an `i` cursor continues after.
  /// - Throws: ``QueryError/invalidCursor(_:)`` for a cursor of neither kind.
  func position() throws -> (offset: Int, afterRecipe: UInt64?) {
    switch start {
    case .offset(let value): return (max(value, 0), nil)
    case .cursor(let cursor):
      if cursor.token.first == "i", let position = UInt64(cursor.token.dropFirst()) {
        return (0, position)
      } else if let value = try? PageOffset(cursor: cursor.token) {
        return (value.value, nil)
      }
      throw QueryError.invalidCursor(cursor.token)
    }
  }
}
