/// The written recipes' half of a view's merge structures (``LiveSegment``): a small snapshot
/// of the written recipes present, in place order, with each one's place, version and titles.
/// It does not depend on the base, so it is made without it (while an opening index loads its
/// base snapshot), and the next view's is derived from it: a write changes a few recipes, and
/// the others are copied from this snapshot instead of read back from the segment file and
/// decoded again (Lucene keeps a segment's structures across reopens the same way).
///
/// - Complexity: making it is a snapshot build of the W written recipes (O(P_W + W log W +
///   V) for their P_W postings and the V names of the relations); deriving it copies the
///   kept recipes' lines (no name hashing) and their title orders, reads only the others and
///   sorts only their titles (O(P_W + V + k log W) for k read).
///   Memory: the snapshot, a place and a version per recipe, and the folded titles.
struct LiveWrittenPart: Sendable {
  /// The written recipes' snapshot (dense id = position in ``places``).
  let snapshot: Snapshot
  /// Each recipe's place in the order, ascending.
  let places: [Int]
  /// Each recipe's version (the write that stored it): what a derived part keeps by.
  let versions: [Int64]
  /// Each recipe's title (sharing the order's storage) and folded title.
  let titles: [String]
  let foldedTitles: [String]

  /// One written recipe of a view: its place and the version its slot names.
  struct Entry: Sendable {
    var place: Int
    var version: Int64
    var title: String
  }

  /// The part of `entries` (ascending places) whose recipes are `recipes` (one per entry).
  init(entries: [Entry], recipes: [Recipe], relations: PreparedRelations) {
    var builder = SnapshotBuilder()
    var folded: [String] = []
    folded.reserveCapacity(entries.count)
    for recipe in recipes {
      builder.add(recipe)
      folded.append(SearchFolding.fold(recipe.title))
    }
    self.init(
      builder: builder, entries: entries, folded: folded, relations: relations, presorted: nil)
  }

  /// The part of `entries` (ascending places), taking each recipe that `previous` holds at
  /// the same place and version from `previous`'s snapshot, and reading the others with
  /// `read` (by version, in the order given).
  /// - Throws: what `read` throws.
  init(
    entries: [Entry], deriving previous: LiveWrittenPart, relations: PreparedRelations,
    read: ([Int64]) throws -> [Recipe]
  ) throws {
    // Which entries the previous part holds (same place, same version), by a walk over both
    // ascending place lists; the others are read in one call.
    var kept = [Int](repeating: -1, count: entries.count)
    var missing: [Int64] = []
    var p = 0
    for (e, entry) in entries.enumerated() {
      while p < previous.places.count && previous.places[p] < entry.place { p += 1 }
      if p < previous.places.count && previous.places[p] == entry.place
        && previous.versions[p] == entry.version
      {
        kept[e] = p
      } else {
        missing.append(entry.version)
      }
    }
    let fresh = try read(missing)
    var builder = SnapshotBuilder()
    var remap = SnapshotBuilder.BaseRemap(base: previous.snapshot)
    var folded: [String] = []
    folded.reserveCapacity(entries.count)
    var next = 0
    for (e, entry) in entries.enumerated() {
      if kept[e] >= 0 {
        builder.add(
          base: previous.snapshot, recipe: RecipeID(kept[e]), title: entry.title,
          foldedTitle: previous.foldedTitles[kept[e]], remap: &remap)
        folded.append(previous.foldedTitles[kept[e]])
      } else {
        builder.add(fresh[next])
        folded.append(SearchFolding.fold(fresh[next].title))
        next += 1
      }
    }
    // The previous snapshot's title orders stay orders of the kept recipes under the new
    // ids (both lists ascend by place), so only the recipes read are sorted and merged in.
    var newID = [UInt32](repeating: .max, count: previous.places.count)
    var others: [UInt32] = []
    for (e, p) in kept.enumerated() {
      if p >= 0 { newID[p] = UInt32(e) } else { others.append(UInt32(e)) }
    }
    let old = previous.snapshot
    var byFolded = [UInt32](repeating: 0, count: old.recipeCount)
    for (local, rank) in old.titleRank.enumerated() { byFolded[Int(rank)] = UInt32(local) }
    let presorted = SnapshotBuilder.PresortedTitles(
      folded: byFolded.compactMap { newID[Int($0)] == .max ? nil : newID[Int($0)] },
      byCategory: (0..<old.categoryNames.count).map { c in
        let members = Int(old.categoryOffsets[c])..<Int(old.categoryOffsets[c + 1])
        return (
          old.categoryNames[c],
          old.categoryByTitle[members].compactMap { newID[Int($0)] == .max ? nil : newID[Int($0)] }
        )
      },
      others: others)
    self.init(
      builder: builder, entries: entries, folded: folded, relations: relations,
      presorted: presorted)
  }

  /// Whether this part holds exactly the recipes of `entries` (the same places and versions).
  /// - Complexity: O(W).
  func holds(_ entries: [Entry]) -> Bool {
    entries.count == places.count
      && zip(entries, zip(places, versions)).allSatisfy {
        $0.place == $1.0 && $0.version == $1.1
      }
  }

  private init(
    builder: consuming SnapshotBuilder, entries: [Entry], folded: [String],
    relations: PreparedRelations, presorted: SnapshotBuilder.PresortedTitles?
  ) {
    // Never asked for suggestions (the view's ingredient tables are): no typo tries or
    // prefix table.
    snapshot = builder.build(
      relations: relations, presorted: presorted, suggestionIndexes: .omitted)
    places = entries.map(\.place)
    versions = entries.map(\.version)
    titles = entries.map(\.title)
    foldedTitles = folded
  }
}

/// The written recipes' part of a view's merge structures made ahead of its view: an opening
/// index makes it from its segment's records on the thread that replays them, while the base
/// snapshot loads, and hands it to its first ``LiveView``.
public struct LiveWrittenRecipes: Sendable {
  let part: LiveWrittenPart

  /// The part of the written recipes `order` places, read from `recipes` by the versions the
  /// order names, built with `relations`.
  /// - Throws: what `recipes` throws.
  /// - Complexity: one read of the W written recipes and a snapshot build of them.
  public init(
    order: LiveRecipeOrder, relations: PreparedRelations, recipes: any WrittenRecipeSource
  ) throws {
    var entries: [LiveWrittenPart.Entry] = []
    for place in order.changedPlaces.written {
      guard case .live(let written) = order[place] else { continue }
      entries.append(.init(place: place, version: written.version, title: written.title))
    }
    part = LiveWrittenPart(
      entries: entries, recipes: try recipes.indexedRecipes(entries.map(\.version)),
      relations: relations)
  }
}
