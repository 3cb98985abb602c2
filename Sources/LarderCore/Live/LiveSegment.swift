/// The merge structures of a ``LiveView``, Lucene's and tantivy's segment with deletion marks:
/// the base snapshot stays as built (base dense ids), a bitmap marks the base recipes a write
/// deleted or replaced, and a small snapshot is built over only the written recipes present,
/// in place order. A merged query runs over both and merges by place.
///
/// Ingredient ids differ between the two snapshots (each ranks its own recipes' ingredients),
/// so the two are joined by name: every name of the vocabulary's relations is in both (a
/// build adds them with count 0), and a name outside them is in a part only when its recipes
/// use it. Families are the relations' tree, the same by name in both.
///
/// - Complexity: O(D · L) to build over a ``LiveWrittenPart`` (see there) for the lines of the
///   D masked base recipes.
///   Memory: the written recipes' snapshot, ⌈base / 64⌉ words and 4 bytes per base ingredient.
final class LiveSegment: Sendable {
  /// The base snapshot (dense ids = base places).
  let base: Snapshot
  /// The written recipes' part (their snapshot, places, versions and titles), which does not
  /// depend on the base: the next view's is derived from it (``LiveWrittenPart``).
  let written: LiveWrittenPart
  /// The snapshot of the written recipes present, in place order (its dense ids index
  /// ``livePlaces``).
  var live: Snapshot { written.snapshot }
  /// The place of each recipe of ``live``, ascending.
  var livePlaces: [Int] { written.places }
  /// The written recipes' titles and folded titles, by ``live``'s dense ids (for the orders
  /// by title).
  var liveTitles: [String] { written.titles }
  var liveFoldedTitles: [String] { written.foldedTitles }
  /// Base recipes a write deleted or replaced, one bit per base id.
  let marks: LiveBaseMarks
  /// ``marks``' bits.
  var masked: [UInt64] { marks.words }
  /// The base places ``marks`` marks (written or holes, below the base's count).
  let maskedPlaces: [Int]
  /// Per base ingredient, how many masked base recipes use it (so its count in a full build
  /// is its base count less this plus its count in ``live``).
  let maskedCounts: [UInt32]
  /// Per base category and area, how many masked base recipes it has.
  let maskedCategoryCounts: [Int]
  let maskedAreaCounts: [Int]

  /// The merge structures of `written` (the written recipes present, with their places,
  /// ascending) over `base`, with the places writes changed.
  /// - Complexity: O(D · L) for the D masked base recipes' L lines each.
  init(base: Snapshot, written: LiveWrittenPart, writtenPlaces: [Int], holePlaces: [Int]) {
    self.base = base
    self.written = written
    var masked = [UInt64](repeating: 0, count: (base.recipeCount + 63) >> 6)
    var maskedCounts = [UInt32](repeating: 0, count: base.ingredientCount)
    var lastSeen = [Int32](repeating: -1, count: base.ingredientCount)
    var maskedCategoryCounts = [Int](repeating: 0, count: base.categoryNames.count)
    var maskedAreaCounts = [Int](repeating: 0, count: base.areaNames.count)
    var maskedPlaces: [Int] = []
    for place in writtenPlaces + holePlaces where place < base.recipeCount {
      masked[place >> 6] |= 1 << UInt64(place & 63)
      maskedPlaces.append(place)
      let category = base.recipeCategory[place]
      if category != .max { maskedCategoryCounts[Int(category)] += 1 }
      let area = base.recipeArea[place]
      if area != .max { maskedAreaCounts[Int(area)] += 1 }
      for ingredient in base.lines(of: RecipeID(place))
      where lastSeen[ingredient.index] != Int32(place) {
        lastSeen[ingredient.index] = Int32(place)
        maskedCounts[ingredient.index] += 1
      }
    }
    marks = LiveBaseMarks(words: masked, count: maskedPlaces.count)
    self.maskedPlaces = maskedPlaces
    self.maskedCounts = maskedCounts
    self.maskedCategoryCounts = maskedCategoryCounts
    self.maskedAreaCounts = maskedAreaCounts
  }

  /// How many present recipes use the ingredient named `name` (exactly): its count in a full
  /// build.
  func recipeCount(of name: String) -> Int {
    var count = 0
    if let id = base.ingredientID(name) {
      count += Int(base.ingredientRecipeCounts[id.index]) - Int(maskedCounts[id.index])
    }
    if let id = live.ingredientID(name) { count += Int(live.ingredientRecipeCounts[id.index]) }
    return count
  }

  /// The categories or areas a full build has (those with a present recipe), with their
  /// counts (base less masked plus written), by name bytes.
  func groups(of kind: LiveGroupOrder.Kind) -> [BrowseGroup] {
    var counts: [String: Int] = [:]
    let baseGroups = kind == .category ? base.categories() : base.areas()
    let masked = kind == .category ? maskedCategoryCounts : maskedAreaCounts
    for (g, group) in baseGroups.enumerated() where group.recipeCount > masked[g] {
      counts[group.name, default: 0] += group.recipeCount - masked[g]
    }
    for group in kind == .category ? live.categories() : live.areas() {
      counts[group.name, default: 0] += group.recipeCount
    }
    return counts.map { BrowseGroup(name: $0.key, recipeCount: $0.value) }.sorted {
      $0.name.utf8.lexicographicallyPrecedes($1.name.utf8)
    }
  }

  /// Whether base recipe `rid` was deleted or replaced.
  @inline(__always)
  func isMasked(_ rid: Int) -> Bool { marks.contains(rid) }

  /// Whether canonical name `name` is an ingredient of a full build of the present recipes:
  /// a name of the relations (in every build), or one a present recipe uses.
  func isIngredient(_ name: String) -> Bool {
    if live.ingredientID(name) != nil { return true }
    guard let id = base.ingredientID(name) else { return false }
    return base.ingredientRecipeCounts[id.index] > maskedCounts[id.index]
  }

  /// The canonical name typed `text` resolves to in a full build of the present recipes, or
  /// `nil`: ``Snapshot/resolveIngredient(_:)``'s steps (folded, then singular; each through
  /// canonical names, then aliases) over both parts. Aliases are the relations', the same in
  /// every build.
  func resolveIngredient(_ text: String) -> String? {
    let folded = TextFolding.fold(text)
    if folded.isEmpty { return nil }
    if isIngredient(folded) { return folded }
    if let alias = base.aliasNames.index(of: folded) {
      return base.ingredientName(base.aliasTarget(alias))
    }
    let key = Singularizer.singularizePhrase(folded)
    guard key != folded else { return nil }
    if isIngredient(key) { return key }
    if let alias = base.aliasNames.index(of: key) {
      return base.ingredientName(base.aliasTarget(alias))
    }
    return nil
  }
}
