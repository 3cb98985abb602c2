/// The ingredient tables of a full build of a live view's recipes, without its recipes: a
/// ``Snapshot`` whose ingredients are ranked by their counts over the present recipes (base
/// less masked plus written), with the full build's family counts, tree, flags, aliases,
/// suffix arrays, typo tries and prefix candidate table, and its categories' names and sizes;
/// it holds no recipe, posting or browse order.
///
/// Ingredient and category suggestions (and the name resolution behind a "did you mean")
/// read nothing else, so on these tables they answer exactly as a full build does, whatever
/// their heuristics (fetch depths, the prefix table) make of the ranks. Building them costs
/// what a build spends on its vocabulary (ranking, suffix arrays, tries, prefix table), which
/// grows with the names, not with the recipes; a view that follows another derives most of
/// them from that view's instead.
///
/// - Complexity: built, O(V log V + S log S) for V names and S name suffixes, plus
///   O(D · L · depth) for the family counts of the D masked base recipes; derived, as
///   ``make(_:relations:following:)`` says.
enum LiveIngredientTables {
  /// The tables of `segment`'s present recipes, built with `relations` (the view's), or
  /// derived from `previous` (the tables of an earlier view of the same index, built with the
  /// same relations):
  /// - the same names in the same rank order (a write of recipes whose names are all known
  ///   that moves no name past another, the common case for the popular names most recipes
  ///   use): only counts change, so the names, tree, aliases, suffix arrays and typo tries
  ///   are `previous`'s;
  /// - otherwise (a rank crossed, a name added by a write, a name's last recipe gone): the
  ///   names are ranked and the tree made anew, the suffix arrays are `previous`'s renumbered
  ///   with the added names' suffixes merged in (no sort of every suffix), the alias trie is
  ///   shared and the ingredient trie rebuilt only when a name came or went.
  ///
  /// In both cases the prefix candidate table is `previous`'s, recomputed only for the texts
  /// that can find a name whose family count changed or that a name come or gone makes wide
  /// or narrow. Each is the full build's, structure for structure.
  /// - Complexity: same names and order, O(V) hash lookups for V names plus the family
  ///   counts' O(D · L) and the prefix table's update; otherwise also O(V log V) to rank,
  ///   O(S · L + S log S) for the suffix arrays' renumbering and sparse tables, and the
  ///   ingredient trie's O(S · L) when a name came or went.
  static func make(
    _ segment: LiveSegment, relations: IngredientRelations, following previous: Snapshot?
  ) -> Snapshot {
    let (names, counts) = presentNames(segment)
    let categories = CategoryTables(segment)
    if let previous, let recipeCounts = countsInRankOrder(names, counts, of: previous) {
      let familyCounts = self.familyCounts(
        segment, names: previous.ingredientNames, recipeCounts: recipeCounts,
        childOffsets: previous.childOffsets)
      let changed = familyCounts.indices.filter {
        familyCounts[$0] != previous.ingredientFamilyCounts[$0]
          || recipeCounts[$0] != previous.ingredientRecipeCounts[$0]
      }.map { IngredientID($0) }
      return Snapshot(
        ingredientNames: previous.ingredientNames, ingredientRecipeCounts: recipeCounts,
        ingredientFamilyCounts: familyCounts, ingredientParent: previous.ingredientParent,
        childOffsets: previous.childOffsets, children: previous.children,
        ingredientFlags: previous.ingredientFlags,
        aliasNames: previous.aliasNames, aliasTargets: previous.aliasTargets,
        ingredientSuffixes: previous.ingredientSuffixes,
        aliasSuffixes: previous.aliasSuffixes,
        postings: PostingLists(
          recipeCount: 0, offsets: [UInt32](repeating: 0, count: names.count + 1), ids: []),
        recipeCategory: [], recipeArea: [], recipeMinutes: [], lineOffsets: [0],
        lineIngredients: [], recipeDistinctCounts: [], recipeFlags: [], popularMask: [],
        categoryNames: categories.names, categoryOffsets: categories.offsets, categoryByTitle: [],
        categoryByFoldedTitle: [], areaNames: StringTable(), areaOffsets: [0],
        areaByFoldedTitle: [], titleRank: [], categorySuffixes: categories.suffixes,
        update: Snapshot.TablesUpdate(
          previous: previous, countsChanged: changed, newIDs: nil, addedNames: [],
          removedNames: []))
    }
    let base = segment.base
    // Popularity rank: count descending, then name bytes, as a build ranks.
    let order = names.indices.sorted {
      counts[$0] != counts[$1]
        ? counts[$0] > counts[$1] : names[$0].utf8.lexicographicallyPrecedes(names[$1].utf8)
    }
    var ingredientNames = StringTable()
    var recipeCounts: [UInt32] = []
    recipeCounts.reserveCapacity(order.count)
    for i in order {
      ingredientNames.append(names[i])
      recipeCounts.append(counts[i])
    }
    ingredientNames.buildHashIndex()
    let count = order.count
    // A name's rank is its index: the table's own hash, no dictionary of every name.
    func rank(_ name: String) -> UInt32? { ingredientNames.index(of: name).map { UInt32($0) } }

    // The tree, as a build makes it from the relations (cycles broken the same way).
    var parent = [UInt32](repeating: .max, count: count)
    for (child, parentName) in relations.parent where child != parentName {
      if let c = rank(child), let p = rank(parentName) { parent[Int(c)] = p }
    }
    for node in 0..<count {
      var current = parent[node]
      var steps = 0
      while current != .max && steps <= count {
        if current == UInt32(node) {
          parent[node] = .max
          break
        }
        current = parent[Int(current)]
        steps += 1
      }
    }
    var childOffsets = [UInt32](repeating: 0, count: count + 1)
    for p in parent where p != .max { childOffsets[Int(p) + 1] += 1 }
    for i in 0..<count { childOffsets[i + 1] += childOffsets[i] }
    var childFill = Array(childOffsets.dropLast())
    var children = [UInt32](repeating: 0, count: Int(childOffsets[count]))
    for (child, p) in parent.enumerated() where p != .max {
      children[Int(childFill[Int(p)])] = UInt32(child)
      childFill[Int(p)] += 1
    }

    let familyCounts = self.familyCounts(
      segment, names: ingredientNames, recipeCounts: recipeCounts, childOffsets: childOffsets)

    var flags = [UInt16](repeating: 0, count: count)
    for (name, bits) in relations.flags {
      if let r = rank(name) { flags[Int(r)] = bits }
    }

    // Aliases: the base's table (the relations' aliases, the same in every build), targets
    // ranked anew.
    var aliasTargets: [UInt32] = []
    for alias in 0..<base.aliasNames.count {
      aliasTargets.append(rank(base.ingredientName(base.aliasTarget(alias))) ?? 0)
    }

    let identity = (0..<UInt32(count)).map { $0 }
    // `previous`'s names, some gone, some added, in another order: its suffix arrays
    // renumbered, with the added names' suffixes merged in, are this build's, and its prefix
    // table, renumbered, holds the lists of every text that finds no name whose counts
    // changed and that no name come or gone makes wide or narrow. (An alias array holding
    // every word's suffix, as indexes written before the first-word choice do, is not a
    // build's: built anew then.)
    var update: Snapshot.TablesUpdate? = nil
    if let previous, previous.aliasNames.count == base.aliasNames.count,
      previous.aliasSuffixes.count == previous.aliasNames.count
    {
      var newIDs = [UInt32](repeating: .max, count: previous.ingredientCount)
      var kept = [Bool](repeating: false, count: count)
      var removedNames: [String] = []
      var changed: [IngredientID] = []
      for old in 0..<previous.ingredientCount {
        let found = previous.ingredientNames.utf8(old).withUnsafeBufferPointer {
          ingredientNames.index(ofBytes: $0)
        }
        guard let new = found else {
          removedNames.append(previous.ingredientNames[old])
          continue
        }
        newIDs[old] = UInt32(new)
        kept[new] = true
        if recipeCounts[new] != previous.ingredientRecipeCounts[old]
          || familyCounts[new] != previous.ingredientFamilyCounts[old]
        {
          changed.append(IngredientID(new))
        }
      }
      let addedNames = kept.indices.filter { !kept[$0] }.map { IngredientID($0) }
      update = Snapshot.TablesUpdate(
        previous: previous, countsChanged: changed + addedNames, newIDs: newIDs,
        addedNames: addedNames, removedNames: removedNames)
    }
    let ingredientSuffixes: WordSuffixArray
    let aliasSuffixes: WordSuffixArray
    if let update, let previous {
      ingredientSuffixes = previous.ingredientSuffixes.renumbered(
        strings: ingredientNames, ranks: identity, newIndex: update.newIDs,
        adding: update.addedNames.map(\.rawValue))
      aliasSuffixes = previous.aliasSuffixes.renumbered(
        strings: base.aliasNames, ranks: aliasTargets, newIndex: nil)
    } else {
      ingredientSuffixes = WordSuffixArray(
        strings: ingredientNames, ranks: identity, order: .byRank)
      aliasSuffixes = WordSuffixArray(
        strings: base.aliasNames, ranks: aliasTargets, order: .byRank, words: .firstOnly)
    }
    return Snapshot(
      ingredientNames: ingredientNames, ingredientRecipeCounts: recipeCounts,
      ingredientFamilyCounts: familyCounts, ingredientParent: parent,
      childOffsets: childOffsets, children: children, ingredientFlags: flags,
      aliasNames: base.aliasNames, aliasTargets: aliasTargets,
      ingredientSuffixes: ingredientSuffixes, aliasSuffixes: aliasSuffixes,
      postings: PostingLists(
        recipeCount: 0, offsets: [UInt32](repeating: 0, count: count + 1), ids: []),
      recipeCategory: [], recipeArea: [], recipeMinutes: [], lineOffsets: [0],
      lineIngredients: [], recipeDistinctCounts: [], recipeFlags: [], popularMask: [],
      categoryNames: categories.names, categoryOffsets: categories.offsets, categoryByTitle: [],
      categoryByFoldedTitle: [], areaNames: StringTable(), areaOffsets: [0],
      areaByFoldedTitle: [], titleRank: [], categorySuffixes: categories.suffixes,
      update: update)
  }

  /// Every name of a full build of `segment`'s present recipes, with its recipe count there:
  /// the base's names still used (or written), then the written recipes' new names.
  /// - Complexity: O(V) hash lookups.
  private static func presentNames(_ segment: LiveSegment) -> (names: [String], counts: [UInt32]) {
    let base = segment.base
    let live = segment.live
    var names: [String] = []
    var counts: [UInt32] = []
    for b in 0..<base.ingredientCount {
      let name = base.ingredientName(IngredientID(b))
      let liveID = live.ingredientID(name)
      let count =
        Int(base.ingredientRecipeCounts[b]) - Int(segment.maskedCounts[b])
        + (liveID.map { Int(live.ingredientRecipeCounts[$0.index]) } ?? 0)
      // A name outside the relations is in a full build only while a recipe uses it (the
      // written recipes' snapshot holds every relation name).
      guard count > 0 || liveID != nil else { continue }
      names.append(name)
      counts.append(UInt32(count))
    }
    for l in 0..<live.ingredientCount {
      let name = live.ingredientName(IngredientID(l))
      guard base.ingredientID(name) == nil else { continue }
      names.append(name)
      counts.append(live.ingredientRecipeCounts[l])
    }
    return (names, counts)
  }

  /// `counts` (of `names`) by `previous`'s ids, when `names` are exactly `previous`'s names
  /// and still in its rank order (count descending, then name bytes), else `nil`.
  /// - Complexity: O(V) hash lookups.
  private static func countsInRankOrder(
    _ names: [String], _ counts: [UInt32], of previous: Snapshot
  ) -> [UInt32]? {
    guard names.count == previous.ingredientCount else { return nil }
    var ranked = [UInt32](repeating: 0, count: names.count)
    var seen = [Bool](repeating: false, count: names.count)
    for (name, count) in zip(names, counts) {
      guard let id = previous.ingredientID(name), !seen[id.index] else { return nil }
      seen[id.index] = true
      ranked[id.index] = count
    }
    for r in ranked.indices.dropFirst() {
      let inOrder =
        ranked[r - 1] != ranked[r]
        ? ranked[r - 1] > ranked[r] : previous.ingredientNames.precedes(r - 1, r)
      guard inOrder else { return nil }
    }
    return ranked
  }

  /// Family counts by rank: a parent's recipes are those using it or a descendant, so the
  /// base's count less the masked recipes using any of its family, plus the written recipes'.
  /// - Complexity: O(V) plus the masked recipes' O(D · L).
  private static func familyCounts(
    _ segment: LiveSegment, names ingredientNames: StringTable, recipeCounts: [UInt32],
    childOffsets: [UInt32]
  ) -> [UInt32] {
    let base = segment.base
    let live = segment.live
    var familyCounts = recipeCounts
    let maskedFamilies = maskedFamilyCounts(segment)
    for node in recipeCounts.indices where childOffsets[node + 1] > childOffsets[node] {
      let name = ingredientNames[node]
      var n = 0
      if let b = base.ingredientID(name) {
        n += Int(base.ingredientFamilyCounts[b.index]) - Int(maskedFamilies[b.index])
      }
      if let l = live.ingredientID(name) { n += Int(live.ingredientFamilyCounts[l.index]) }
      familyCounts[node] = UInt32(n)
    }
    return familyCounts
  }

  /// Per base ingredient, how many masked base recipes use it or one of its descendants.
  private static func maskedFamilyCounts(_ segment: LiveSegment) -> [UInt32] {
    let base = segment.base
    var counts = [UInt32](repeating: 0, count: base.ingredientCount)
    var lastSeen = [Int32](repeating: -1, count: base.ingredientCount)
    for rid in 0..<base.recipeCount where segment.isMasked(rid) {
      for ingredient in base.lines(of: RecipeID(rid)) {
        var current: IngredientID? = ingredient
        var steps = 0
        while let node = current, lastSeen[node.index] != Int32(rid), steps <= 64 {
          lastSeen[node.index] = Int32(rid)
          counts[node.index] += 1
          current = base.parent(of: node)
          steps += 1
        }
      }
    }
    return counts
  }
}

/// The categories of a full build's ingredient tables: names and sizes only (suggestions read
/// nothing else of them), built anew with every view's tables (a few hundred names at most).
private struct CategoryTables {
  var names = StringTable()
  var offsets: [UInt32] = [0]
  let suffixes: WordSuffixArray

  init(_ segment: LiveSegment) {
    let groups = segment.groups(of: .category)
    var folded = StringTable()
    for group in groups {
      names.append(group.name)
      offsets.append(offsets.last! + UInt32(group.recipeCount))
      folded.append(SearchFolding.fold(group.name))
    }
    names.buildHashIndex()
    let byCount = groups.indices.sorted {
      groups[$0].recipeCount != groups[$1].recipeCount
        ? groups[$0].recipeCount > groups[$1].recipeCount : $0 < $1
    }
    var ranks = [UInt32](repeating: 0, count: groups.count)
    for (r, c) in byCount.enumerated() { ranks[c] = UInt32(r) }
    suffixes = WordSuffixArray(strings: folded, ranks: ranks, order: .byRank)
  }
}
