/// Builds a ``Snapshot`` from recipes added one at a time in corpus order.
///
/// `add(_:)` keeps only compact per-recipe fields (titles in shared buffers, one temporary
/// ingredient id per line), so a million recipes of about nine ingredients fit in a few hundred
/// megabytes; `build(relations:)` then ranks ingredients, fills posting lists and sorts the
/// browse orders. Titles are kept only to sort by; the snapshot holds their order, not their
/// text, and ``titleWordSuffixes()`` hands their word suffixes to the index file.
///
/// - Complexity: `add` is O(lines); `build` is O(P + N log N + S log S) for P postings,
///   N recipes and S name suffixes.
public struct SnapshotBuilder {
  private var titles = StringTable()
  private var foldedTitles = StringTable()
  private var categoryOfRecipe: [UInt16] = []
  private var areaOfRecipe: [UInt16] = []
  private var minutes: [Int32] = []
  private var lineOffsets: [UInt32] = [0]
  private var lineTemporaryIDs: [UInt32] = []
  private var temporaryIDs: [String: UInt32] = [:]
  private var temporaryNames: [String] = []
  private var categoryIDs: [String: UInt16] = [:]
  private var categoryList: [String] = []
  private var areaIDs: [String: UInt16] = [:]
  private var areaList: [String] = []

  /// An empty builder.
  public init() {}

  /// How many recipes have been added.
  public var count: Int { minutes.count }

  /// Adds `recipe`; its ``RecipeID`` is the number of recipes added before it.
  /// - Precondition: fewer than 65,535 distinct categories and areas.
  @discardableResult
  public mutating func add(_ recipe: Recipe) -> RecipeID {
    let id = RecipeID(minutes.count)
    titles.append(recipe.title)
    foldedTitles.append(SearchFolding.fold(recipe.title))
    categoryOfRecipe.append(Self.intern(recipe.category, in: &categoryIDs, list: &categoryList))
    areaOfRecipe.append(Self.intern(recipe.area, in: &areaIDs, list: &areaList))
    minutes.append(recipe.totalMinutes.map { Int32(clamping: $0) } ?? -1)
    for line in recipe.ingredients { lineTemporaryIDs.append(temporaryID(line.name)) }
    lineOffsets.append(UInt32(lineTemporaryIDs.count))
    return id
  }

  /// Adds recipe `rid` of `base` (a snapshot this builder's recipes partly come from) with
  /// its `title` and `foldedTitle`: the same as adding the recipe it was built from, without
  /// making its lines' names again. `remap` carries the base's ingredient, category and area
  /// numbers to this builder's across calls (start with ``BaseRemap/init(base:)``).
  /// - Complexity: O(lines), no hashing of names after a base number's first use.
  @discardableResult
  mutating func add(
    base: Snapshot, recipe rid: RecipeID, title: String, foldedTitle: String,
    remap: inout BaseRemap
  ) -> RecipeID {
    let id = RecipeID(minutes.count)
    let r = rid.index
    titles.append(title)
    foldedTitles.append(foldedTitle)
    categoryOfRecipe.append(
      Self.remapped(
        base.recipeCategory[r], &remap.category, base.categoryNames, &categoryIDs, &categoryList))
    areaOfRecipe.append(
      Self.remapped(base.recipeArea[r], &remap.area, base.areaNames, &areaIDs, &areaList))
    minutes.append(base.recipeMinutes[r])
    for ingredient in base.lines(of: rid) {
      var t = remap.ingredient[ingredient.index]
      if t == .max {
        t = temporaryID(base.ingredientName(ingredient))
        remap.ingredient[ingredient.index] = t
      }
      lineTemporaryIDs.append(t)
    }
    lineOffsets.append(UInt32(lineTemporaryIDs.count))
    return id
  }

  /// Adds base recipes `recipes` of `base` (a run of consecutive dense ids) with their titles
  /// and folded titles (`titles` and `foldedTitles` are indexed by `base`'s dense ids): the
  /// same as ``add(base:recipe:title:foldedTitle:remap:)`` for each in order, with the titles
  /// and per-recipe columns copied as ranges.
  /// - Complexity: O(recipes + lines + title bytes).
  mutating func add(
    base: Snapshot, recipes: Range<Int>, titles baseTitles: StringTable,
    foldedTitles baseFolded: StringTable, remap: inout BaseRemap
  ) {
    guard !recipes.isEmpty else { return }
    titles.append(baseTitles, recipes)
    foldedTitles.append(baseFolded, recipes)
    for r in recipes {
      categoryOfRecipe.append(
        Self.remapped(
          base.recipeCategory[r], &remap.category, base.categoryNames, &categoryIDs, &categoryList))
      areaOfRecipe.append(
        Self.remapped(base.recipeArea[r], &remap.area, base.areaNames, &areaIDs, &areaList))
    }
    minutes.append(contentsOf: base.recipeMinutes[recipes])
    let firstLine = Int(base.lineOffsets[recipes.lowerBound])
    let lastLine = Int(base.lineOffsets[recipes.upperBound])
    let shift = lineTemporaryIDs.count - firstLine
    lineOffsets.reserveCapacity(lineOffsets.count + recipes.count)
    for r in recipes { lineOffsets.append(UInt32(Int(base.lineOffsets[r + 1]) + shift)) }
    lineTemporaryIDs.reserveCapacity(lineTemporaryIDs.count + lastLine - firstLine)
    for k in firstLine..<lastLine {
      let ingredient = Int(base.lineIngredients[k])
      var t = remap.ingredient[ingredient]
      if t == .max {
        t = temporaryID(base.ingredientName(IngredientID(rawValue: UInt32(ingredient))))
        remap.ingredient[ingredient] = t
      }
      lineTemporaryIDs.append(t)
    }
  }

  /// A base's category or area number as this builder's, interned on first use.
  private static func remapped(
    _ number: UInt16, _ remap: inout [UInt16], _ names: StringTable,
    _ ids: inout [String: UInt16], _ list: inout [String]
  ) -> UInt16 {
    if number == .max { return .max }
    if remap[Int(number)] == .max - 1 {
      remap[Int(number)] = intern(names[Int(number)], in: &ids, list: &list)
    }
    return remap[Int(number)]
  }

  /// A base snapshot's numbers in a builder's, filled as ``add(base:recipe:title:foldedTitle:remap:)``
  /// meets them.
  struct BaseRemap {
    var ingredient: [UInt32]
    var category: [UInt16]
    var area: [UInt16]

    /// Nothing mapped yet.
    init(base: Snapshot) {
      ingredient = [UInt32](repeating: .max, count: base.ingredientCount)
      category = [UInt16](repeating: .max - 1, count: base.categoryNames.count)
      area = [UInt16](repeating: .max - 1, count: base.areaNames.count)
    }
  }

  private static func intern(_ name: String?, in ids: inout [String: UInt16], list: inout [String])
    -> UInt16
  {
    guard let name, !name.isEmpty else { return .max }
    if let id = ids[name] { return id }
    let id = UInt16(list.count)
    ids[name] = id
    list.append(name)
    return id
  }

  private mutating func temporaryID(_ name: String) -> UInt32 {
    if let id = temporaryIDs[name] { return id }
    let id = UInt32(temporaryNames.count)
    temporaryIDs[name] = id
    temporaryNames.append(name)
    return id
  }

  /// Title orders a base snapshot already holds for most of this builder's recipes (those
  /// added through ``add(base:recipe:title:foldedTitle:remap:)`` unchanged): ``build(relations:presorted:)``
  /// merges the other recipes into them instead of sorting every title, which gives the same
  /// orders (the base's (title, id) orders stay orders under this builder's ids, which keep
  /// the base's relative order).
  struct PresortedTitles {
    /// Recipes from the base, by this builder's id, in (folded title, id) order.
    var folded: [UInt32]
    /// Per category name of the base, that category's recipes from the base (this builder's
    /// ids) in (title bytes, id) order.
    var byCategory: [(name: String, recipes: [UInt32])]
    /// Every other recipe (this builder's ids, ascending).
    var others: [UInt32]
  }

  /// Ranks ingredients, fills posting lists and browse orders, and returns the snapshot.
  /// Vocabulary names in `relations` that no recipe uses become ingredients with count 0.
  public consuming func build(relations: IngredientRelations = .none) -> Snapshot {
    build(relations: PreparedRelations(relations), presorted: nil)
  }

  /// ``build(relations:)`` with relations prepared once (``PreparedRelations``) for many
  /// builds.
  public consuming func build(relations: PreparedRelations) -> Snapshot {
    build(relations: relations, presorted: nil)
  }

  /// ``build(relations:)``, with the title orders merged from `presorted` when given
  /// (O(N + W log N) comparisons for W other recipes, instead of O(N log N)).
  ///
  /// With `suggestionIndexes` ``Snapshot/SuggestionIndexes/omitted`` the alias and category
  /// suffix arrays, typo tries and prefix candidate table are left empty (the ingredient
  /// suffix array stays: the harness's prefix query reads it).
  consuming func build(
    relations prepared: PreparedRelations, presorted: PresortedTitles?,
    suggestionIndexes: Snapshot.SuggestionIndexes = .built
  ) -> Snapshot {
    let relations = prepared.relations
    let recipeCount = minutes.count
    // The relations' names, each as a temporary id (numbers stay internal: ranks decide).
    let relationIDs = prepared.names.map { temporaryID($0) }
    let temporaryCount = temporaryNames.count

    // Distinct ingredients per recipe, and recipe counts per ingredient.
    var recipeCounts = [UInt32](repeating: 0, count: temporaryCount)
    var distinct = [UInt8](repeating: 0, count: recipeCount)
    var lastSeen = [Int32](repeating: -1, count: temporaryCount)
    for recipe in 0..<recipeCount {
      var n = 0
      for k in Int(lineOffsets[recipe])..<Int(lineOffsets[recipe + 1]) {
        let t = Int(lineTemporaryIDs[k])
        if lastSeen[t] != Int32(recipe) {
          lastSeen[t] = Int32(recipe)
          recipeCounts[t] += 1
          n += 1
        }
      }
      distinct[recipe] = UInt8(min(n, 255))
    }

    // Popularity rank: recipe count descending, then name bytes ascending (compared in one
    // buffer: most of a long tail ties on its count).
    let names = temporaryNames
    var nameTable = StringTable()
    for name in names { nameTable.append(name) }
    let order = Self.withOrder(of: nameTable) { precedes in
      (0..<UInt32(temporaryCount)).sorted { a, b in
        let (ca, cb) = (recipeCounts[Int(a)], recipeCounts[Int(b)])
        return ca != cb ? ca > cb : precedes(a, b)
      }.map(Int.init)
    }
    var rankOf = [UInt32](repeating: 0, count: temporaryCount)
    var ingredientNames = StringTable()
    var counts = [UInt32](repeating: 0, count: temporaryCount)
    for (rank, t) in order.enumerated() {
      rankOf[t] = UInt32(rank)
      ingredientNames.append(names[t])
      counts[rank] = recipeCounts[t]
    }
    ingredientNames.buildHashIndex()
    let lineIngredients = lineTemporaryIDs.map { rankOf[Int($0)] }
    lineTemporaryIDs = []

    // Posting lists (distinct per recipe, ascending by construction).
    var postingOffsets = [UInt32](repeating: 0, count: temporaryCount + 1)
    for rank in 0..<temporaryCount {
      postingOffsets[rank + 1] = postingOffsets[rank] + counts[rank]
    }
    var fill = Array(postingOffsets.dropLast())
    var postingIDs = [UInt32](repeating: 0, count: Int(postingOffsets[temporaryCount]))
    var popularMask = [UInt64](repeating: 0, count: recipeCount)
    for i in 0..<temporaryCount { lastSeen[i] = -1 }
    for recipe in 0..<recipeCount {
      for k in Int(lineOffsets[recipe])..<Int(lineOffsets[recipe + 1]) {
        let rank = Int(lineIngredients[k])
        if lastSeen[rank] == Int32(recipe) { continue }
        lastSeen[rank] = Int32(recipe)
        postingIDs[Int(fill[rank])] = UInt32(recipe)
        fill[rank] += 1
        if rank < 64 { popularMask[recipe] |= 1 << UInt64(rank) }
      }
    }
    let postings = PostingLists(recipeCount: recipeCount, offsets: postingOffsets, ids: postingIDs)

    // Families.
    var parent = [UInt32](repeating: .max, count: temporaryCount)
    for (child, parentName) in prepared.parentPairs {
      parent[Int(rankOf[Int(relationIDs[Int(child)])])] = rankOf[Int(relationIDs[Int(parentName)])]
    }
    // Break cycles defensively: a node whose ancestor chain returns to itself loses its parent.
    for node in 0..<temporaryCount {
      var current = parent[node]
      var steps = 0
      while current != .max && steps <= temporaryCount {
        if current == UInt32(node) {
          parent[node] = .max
          break
        }
        current = parent[Int(current)]
        steps += 1
      }
    }
    var childOffsets = [UInt32](repeating: 0, count: temporaryCount + 1)
    for p in parent where p != .max { childOffsets[Int(p) + 1] += 1 }
    for i in 0..<temporaryCount { childOffsets[i + 1] += childOffsets[i] }
    var childFill = Array(childOffsets.dropLast())
    var children = [UInt32](repeating: 0, count: Int(childOffsets[temporaryCount]))
    for (child, p) in parent.enumerated() where p != .max {
      children[Int(childFill[Int(p)])] = UInt32(child)
      childFill[Int(p)] += 1
    }
    var familyCounts = counts
    var stamp = [UInt32](repeating: .max, count: recipeCount)
    for ingredient in 0..<temporaryCount
    where childOffsets[ingredient + 1] > childOffsets[ingredient] {
      var family = [ingredient]
      var next = 0
      while next < family.count {
        let current = family[next]
        next += 1
        for k in Int(childOffsets[current])..<Int(childOffsets[current + 1]) {
          family.append(Int(children[k]))
        }
      }
      var n: UInt32 = 0
      for member in family {
        for recipe in postings.list(IngredientID(member))
        where stamp[Int(recipe)] != UInt32(ingredient) {
          stamp[Int(recipe)] = UInt32(ingredient)
          n += 1
        }
      }
      familyCounts[ingredient] = n
    }

    // Flags.
    var ingredientFlags = [UInt16](repeating: 0, count: temporaryCount)
    for (name, bits) in relations.flags {
      if let t = temporaryIDs[name] { ingredientFlags[Int(rankOf[Int(t)])] = bits }
    }
    var recipeFlags = [UInt16](repeating: 0, count: recipeCount)
    for recipe in 0..<recipeCount {
      var bits: UInt16 = 0
      for k in Int(lineOffsets[recipe])..<Int(lineOffsets[recipe + 1]) {
        bits |= ingredientFlags[Int(lineIngredients[k])]
      }
      recipeFlags[recipe] = bits
    }

    // Aliases.
    var aliasNames = StringTable()
    var aliasTargets: [UInt32] = []
    for (folded, target) in prepared.aliases {
      aliasNames.append(folded)
      aliasTargets.append(rankOf[Int(relationIDs[Int(target)])])
    }
    aliasNames.buildHashIndex()

    // Browse orders.
    let (categoryNames, categoryRemap) = Self.sortedNames(categoryList)
    let (areaNames, areaRemap) = Self.sortedNames(areaList)
    let recipeCategory = categoryOfRecipe.map { $0 == .max ? UInt16.max : categoryRemap[Int($0)] }
    let recipeArea = areaOfRecipe.map { $0 == .max ? UInt16.max : areaRemap[Int($0)] }
    let titleOrder: [UInt32]
    let foldedOrder: [UInt32]
    if let presorted {
      foldedOrder = Self.merged(
        presorted.folded, Self.sortedIDs(presorted.others, by: foldedTitles), by: foldedTitles)
      // Only each category's own order matters (`grouped` partitions stably and leaves out
      // recipes without a category), so the base's per-category orders are merged one by one.
      var othersByCategory: [UInt16: [UInt32]] = [:]
      for recipe in presorted.others where recipeCategory[Int(recipe)] != .max {
        othersByCategory[recipeCategory[Int(recipe)], default: []].append(recipe)
      }
      var order: [UInt32] = []
      order.reserveCapacity(recipeCount)
      for (name, run) in presorted.byCategory {
        let extra = categoryNames.index(of: name).flatMap {
          othersByCategory.removeValue(forKey: UInt16($0))
        }
        order += Self.merged(run, Self.sortedIDs(extra ?? [], by: titles), by: titles)
      }
      for extra in othersByCategory.values { order += Self.sortedIDs(extra, by: titles) }
      titleOrder = order
    } else {
      titleOrder = Self.sortedIDs(Array(0..<UInt32(recipeCount)), by: titles)
      foldedOrder = Self.sortedIDs(Array(0..<UInt32(recipeCount)), by: foldedTitles)
    }
    var titleRank = [UInt32](repeating: 0, count: recipeCount)
    for (position, recipe) in foldedOrder.enumerated() { titleRank[Int(recipe)] = UInt32(position) }
    let (categoryOffsets, categoryByTitle) = Self.grouped(
      titleOrder, by: recipeCategory, groups: categoryNames.count)
    let (_, categoryByFoldedTitle) = Self.grouped(
      foldedOrder, by: recipeCategory, groups: categoryNames.count)
    let (areaOffsets, areaByFoldedTitle) = Self.grouped(
      foldedOrder, by: recipeArea, groups: areaNames.count)

    // Suggestion arrays.
    let identity = (0..<UInt32(temporaryCount)).map { $0 }
    let ingredientSuffixes = WordSuffixArray(
      strings: ingredientNames, ranks: identity, order: .byRank)
    // Other names match from their first word only (see `Snapshot.suggest`), so only whole
    // alias strings are indexed: a smaller array and a smaller typo trie.
    let aliasSuffixes =
      suggestionIndexes == .built
      ? WordSuffixArray(
        strings: aliasNames, ranks: aliasTargets, order: .byRank, words: .firstOnly)
      : WordSuffixArray(strings: StringTable(), ranks: [], order: .byText)
    var foldedCategories = StringTable()
    for c in 0..<categoryNames.count {
      foldedCategories.append(SearchFolding.fold(categoryNames[c]))
    }
    let categorySizes: [UInt32] = (0..<categoryNames.count).map {
      categoryOffsets[$0 + 1] - categoryOffsets[$0]
    }
    let categoryByCount = (0..<categoryNames.count).sorted { (a: Int, b: Int) -> Bool in
      categorySizes[a] != categorySizes[b] ? categorySizes[a] > categorySizes[b] : a < b
    }
    var categoryRanks = [UInt32](repeating: 0, count: categoryNames.count)
    for (rank, c) in categoryByCount.enumerated() { categoryRanks[c] = UInt32(rank) }
    let categorySuffixes = WordSuffixArray(
      strings: foldedCategories, ranks: categoryRanks, order: .byRank)

    return Snapshot(
      ingredientNames: ingredientNames, ingredientRecipeCounts: counts,
      ingredientFamilyCounts: familyCounts,
      ingredientParent: parent, childOffsets: childOffsets, children: children,
      ingredientFlags: ingredientFlags,
      aliasNames: aliasNames, aliasTargets: aliasTargets, ingredientSuffixes: ingredientSuffixes,
      aliasSuffixes: aliasSuffixes, postings: postings, recipeCategory: recipeCategory,
      recipeArea: recipeArea,
      recipeMinutes: minutes,
      lineOffsets: lineOffsets, lineIngredients: lineIngredients, recipeDistinctCounts: distinct,
      recipeFlags: recipeFlags, popularMask: popularMask, categoryNames: categoryNames,
      categoryOffsets: categoryOffsets, categoryByTitle: categoryByTitle,
      categoryByFoldedTitle: categoryByFoldedTitle, areaNames: areaNames, areaOffsets: areaOffsets,
      areaByFoldedTitle: areaByFoldedTitle, titleRank: titleRank,
      categorySuffixes: categorySuffixes, suggestionIndexes: suggestionIndexes)
  }

  /// Every word-start suffix of every folded title (string index = recipe id), sorted by
  /// (suffix bytes, recipe): the rows of the index file's title-suggestion table, already in
  /// key order so SQLite appends them.
  /// - Complexity: O(S log S · L) for S suffixes of mean length L.
  public func titleWordSuffixes() -> WordSuffixArray {
    WordSuffixArray(strings: foldedTitles, ranks: [], order: .byText)
  }

  /// Names sorted by bytes (hashed), and the map from first-seen index to sorted index.
  private static func sortedNames(_ list: [String]) -> (StringTable, [UInt16]) {
    let order = list.indices.sorted { list[$0].utf8.lexicographicallyPrecedes(list[$1].utf8) }
    var table = StringTable()
    var remap = [UInt16](repeating: 0, count: list.count)
    for (position, index) in order.enumerated() {
      table.append(list[index])
      remap[index] = UInt16(position)
    }
    table.buildHashIndex()
    return (table, remap)
  }

  /// `ids` sorted by (string bytes in `table`, id).
  static func sortedIDs(_ ids: [UInt32], by table: StringTable) -> [UInt32] {
    withOrder(of: table) { precedes in ids.sorted(by: precedes) }
  }

  /// `run` and `extra`, both in (string bytes in `table`, id) order and disjoint, as one list
  /// in that order: each of `extra` is placed by a binary search in what is left of `run`.
  /// - Complexity: O(|run| + |extra| · log |run|) comparisons at most, copies O(|run|).
  static func merged(_ run: [UInt32], _ extra: [UInt32], by table: StringTable) -> [UInt32] {
    guard !extra.isEmpty else { return run }
    return withOrder(of: table) { precedes in
      var result: [UInt32] = []
      result.reserveCapacity(run.count + extra.count)
      var start = 0
      for id in extra {
        var low = start
        var high = run.count
        while low < high {
          let middle = (low + high) >> 1
          if precedes(run[middle], id) { low = middle + 1 } else { high = middle }
        }
        result.append(contentsOf: run[start..<low])
        result.append(id)
        start = low
      }
      result.append(contentsOf: run[start...])
      return result
    }
  }

  /// Calls `body` with the (string bytes in `table`, id) order of ids.
  private static func withOrder<Result>(
    of table: StringTable, _ body: ((UInt32, UInt32) -> Bool) -> Result
  ) -> Result {
    table.bytes.withUnsafeBufferPointer { bytes in
      table.offsets.withUnsafeBufferPointer { offsets in
        let base = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
        return body { a, b in
          let aStart = Int(offsets[Int(a)])
          let bStart = Int(offsets[Int(b)])
          let c = compareBytes(
            base + aStart, Int(offsets[Int(a) + 1]) - aStart, base + bStart,
            Int(offsets[Int(b) + 1]) - bStart)
          return c != 0 ? c < 0 : a < b
        }
      }
    }
  }

  /// A stable partition of `ordered` by group (CSR offsets and members); recipes without a group are left out.
  private static func grouped(_ ordered: [UInt32], by group: [UInt16], groups: Int) -> (
    [UInt32], [UInt32]
  ) {
    var offsets = [UInt32](repeating: 0, count: groups + 1)
    for g in group where g != .max { offsets[Int(g) + 1] += 1 }
    for i in 0..<groups { offsets[i + 1] += offsets[i] }
    var fill = Array(offsets.dropLast())
    var members = [UInt32](repeating: 0, count: Int(offsets[groups]))
    for recipe in ordered {
      let g = group[Int(recipe)]
      if g == .max { continue }
      members[Int(fill[Int(g)])] = recipe
      fill[Int(g)] += 1
    }
    return (offsets, members)
  }
}
