/// One consistent state of a live index: the snapshot of the recipes present, in recipe order,
/// and where each came from (the base index, by its dense id there, or a written recipe).
///
/// The snapshot is built over exactly the corpus a full build would see
/// (``LiveRecipeOrder/presentSlots``, in order), so every snapshot query (all-of, pantry,
/// ingredient and category suggestions, counts, families, browse, random) answers as a full
/// build does, and its dense ids are the full build's ids. A view never changes: a write
/// makes a new one, and a query that holds a view sees one state from start to end.
///
/// Ids, titles and recipe-title suggestions are not copied per view: they are read through the
/// order (which holds only what writes changed) from the base's tables, and title suggestions
/// merge the base's title suffixes (built once per base) with the written recipes' own.
///
/// - Complexity: building is a snapshot build over every present recipe,
///   O(P + N log N) for P postings and N recipes, or none when no write changed the base
///   (the base's snapshot is the view's); plus O(N) for the place tables and O(W log W) for
///   the W written recipes' title suffixes.
public final class LiveView: Sendable {
  /// The snapshot of the recipes present.
  public let snapshot: Snapshot
  /// Where each recipe comes from, by dense id.
  public let sources: LiveSources
  private let order: LiveRecipeOrder
  private let base: LiveBase
  /// The dense id of every place of the order, or `UInt32.max` for a hole.
  private let denseOfPlace: [UInt32]
  /// The dense ids of the written recipes present, in order, and their folded titles' word
  /// suffixes (string index = position in `liveDense`).
  private let liveDense: [UInt32]
  private let liveFolded: StringTable
  private let liveSuffixes: WordSuffixArray

  /// The view of `order` over `base`, its snapshot built with `relations` (the vocabulary's
  /// families, aliases and flags: the same a full build of the index is given).
  public init(base: LiveBase, order: LiveRecipeOrder, relations: IngredientRelations) {
    var denseOfPlace: [UInt32] = []
    var placeOfDense: [UInt32] = []
    var liveDense: [UInt32] = []
    var liveFolded = StringTable()
    /// Base places that hold a written version (a replacement) rather than the base recipe.
    var isWritten = [Bool](repeating: false, count: order.baseCount)
    denseOfPlace.reserveCapacity(order.placeCount)
    placeOfDense.reserveCapacity(order.count)
    for place in 0..<order.placeCount {
      let slot = order[place]
      if slot == .deleted {
        denseOfPlace.append(.max)
        continue
      }
      let dense = UInt32(placeOfDense.count)
      denseOfPlace.append(dense)
      placeOfDense.append(UInt32(place))
      if case .live(let recipe) = slot {
        if place < order.baseCount { isWritten[place] = true }
        liveDense.append(dense)
        liveFolded.append(SearchFolding.fold(recipe.title))
      }
    }
    let sources = LiveSources(order: order, placeOfDense: placeOfDense)
    if order.writtenCount == 0 && order.deletedCount == 0 {
      // Nothing changed: the base's snapshot is the full build of this corpus.
      snapshot = base.snapshot
    } else {
      var builder = SnapshotBuilder()
      var remap = SnapshotBuilder.BaseRemap(base: base.snapshot)
      // The base's title orders, of the base recipes still as built, under the view's ids.
      let baseSnapshot = base.snapshot
      func kept(_ rid: UInt32) -> UInt32? {
        let dense = denseOfPlace[Int(rid)]
        return dense != .max && !isWritten[Int(rid)] ? dense : nil
      }
      var baseFolded = [UInt32](repeating: 0, count: baseSnapshot.recipeCount)
      for (rid, rank) in baseSnapshot.titleRank.enumerated() { baseFolded[Int(rank)] = UInt32(rid) }
      let presorted = SnapshotBuilder.PresortedTitles(
        folded: baseFolded.compactMap(kept),
        byCategory: (0..<baseSnapshot.categoryNames.count).map { c in
          let members =
            Int(
              baseSnapshot.categoryOffsets[c])..<Int(
              baseSnapshot.categoryOffsets[c + 1])
          return (
            baseSnapshot.categoryNames[c], baseSnapshot.categoryByTitle[members].compactMap(kept)
          )
        },
        others: liveDense)
      let folded = base.foldedTitles
      let titles = base.titleTable
      // Base recipes still as built come in runs of consecutive base ids, each copied as
      // ranges; a written recipe ends a run.
      var run = 0..<0
      func flush() {
        builder.add(
          base: baseSnapshot, recipes: run, titles: titles, foldedTitles: folded, remap: &remap)
      }
      for slot in sources {
        switch slot {
        case .base(let rid):
          if rid.index == run.upperBound {
            run = run.lowerBound..<(rid.index + 1)
          } else {
            flush()
            run = rid.index..<(rid.index + 1)
          }
        case .live(let written):
          flush()
          run = 0..<0
          builder.add(written)
        case .deleted: continue
        }
      }
      flush()
      snapshot = builder.build(relations: relations, presorted: presorted)
    }
    self.sources = sources
    self.order = order
    self.base = base
    self.denseOfPlace = denseOfPlace
    self.liveDense = liveDense
    self.liveFolded = liveFolded
    liveSuffixes = WordSuffixArray(strings: liveFolded, ranks: [], order: .byText)
  }

  /// The number of recipes present.
  public var recipeCount: Int { sources.count }

  /// Public id of every recipe, by dense id.
  /// - Complexity: O(N); one id is ``publicID(of:)``.
  public var publicIDs: [String] { (0..<recipeCount).map { publicID(of: RecipeID($0)) } }

  /// The public id of recipe `id` (a dense id of this view).
  public func publicID(of id: RecipeID) -> String {
    switch sources[id.index] {
    case .base(let rid): base.publicIDs[rid.index]
    case .live(let recipe): recipe.id
    case .deleted: ""
    }
  }

  /// The title of recipe `id` (a dense id of this view).
  public func title(of id: RecipeID) -> String {
    switch sources[id.index] {
    case .base(let rid): base.titles[rid.index]
    case .live(let recipe): recipe.title
    case .deleted: ""
    }
  }

  /// The dense id of the recipe with public id `id`, if present.
  /// - Complexity: O(1) expected.
  public func recipeID(publicID id: String) -> RecipeID? {
    order.place(of: id).map { RecipeID(rawValue: denseOfPlace[$0]) }
  }

  /// Recipes with a title word starting with `text` (folded like every suggestion), whole-title
  /// matches first, then in (title suffix, dense id) order, at most `limit`: what the index
  /// file's `title_words` table answers for a full build. The base's suffixes of recipes still
  /// as built and the written recipes' suffixes are merged in that order.
  /// - Complexity: O(log S · |text| + k) for S title words and k suffixes read.
  public func suggestRecipes(_ text: String, limit: Int) -> [Suggestion] {
    let folded = SearchFolding.fold(text)
    guard !folded.isEmpty, limit > 0 else { return [] }
    let titles = base.titleIndex
    var key = folded
    let baseRange = key.withUTF8 { titles.suffixes.range(of: $0) }
    let liveRange = key.withUTF8 { liveSuffixes.range(of: $0) }
    var i = baseRange.lowerBound
    var j = liveRange.lowerBound
    /// The dense id of the base entry at `i`, or `nil` when a write changed its recipe.
    func baseDense(_ position: Int) -> UInt32? {
      let rid = titles.suffixes.stringIndex(at: position)
      guard case .base = order[rid] else { return nil }
      return denseOfPlace[rid]
    }
    func suffix(_ table: StringTable, _ string: Int, _ offset: Int) -> [UInt8] {
      Array(table[string].utf8.dropFirst(offset))
    }
    var seen = Set<UInt32>()
    var exact: [Suggestion] = []
    var others: [Suggestion] = []
    while exact.count + others.count < limit {
      while i < baseRange.upperBound && baseDense(i) == nil { i += 1 }
      let takeBase: Bool
      if i < baseRange.upperBound && j < liveRange.upperBound {
        let a = suffix(
          titles.folded, titles.suffixes.stringIndex(at: i), titles.suffixes.wordOffset(at: i))
        let b = suffix(
          liveFolded, liveSuffixes.stringIndex(at: j), liveSuffixes.wordOffset(at: j))
        takeBase =
          a != b
          ? a.lexicographicallyPrecedes(b)
          : baseDense(i)! < liveDense[liveSuffixes.stringIndex(at: j)]
      } else if i < baseRange.upperBound {
        takeBase = true
      } else if j < liveRange.upperBound {
        takeBase = false
      } else {
        break
      }
      let dense: UInt32
      if takeBase {
        dense = baseDense(i)!
        i += 1
      } else {
        dense = liveDense[liveSuffixes.stringIndex(at: j)]
        j += 1
      }
      guard seen.insert(dense).inserted else { continue }
      let title = self.title(of: RecipeID(rawValue: dense))
      let isWhole = SearchFolding.fold(title) == folded
      let suggestion = Suggestion(
        kind: .recipe, display: title, value: publicID(of: RecipeID(rawValue: dense)),
        recipeCount: 1,
        match: isWhole ? .exact : .prefix)
      if isWhole { exact.append(suggestion) } else { others.append(suggestion) }
    }
    return exact + others
  }
}

/// Where each recipe of a ``LiveView`` comes from, by dense id: read through the order, so a
/// view holds one number per recipe rather than a copy of every slot.
public struct LiveSources: RandomAccessCollection, Sendable {
  private let order: LiveRecipeOrder
  private let placeOfDense: [UInt32]

  init(order: LiveRecipeOrder, placeOfDense: [UInt32]) {
    self.order = order
    self.placeOfDense = placeOfDense
  }

  /// 0.
  public var startIndex: Int { 0 }
  /// The number of recipes present.
  public var endIndex: Int { placeOfDense.count }

  /// The source of recipe `position` (a dense id).
  public subscript(position: Int) -> LiveRecipeOrder.Slot {
    order[Int(placeOfDense[position])]
  }
}

/// What a live view needs of the base index: its snapshot, and the public ids and titles the
/// snapshot does not hold (read once from the index file when it is opened).
public struct LiveBase: Sendable {
  /// The base index's snapshot.
  public let snapshot: Snapshot
  /// Public ids by dense id.
  public let publicIDs: [String]
  /// Titles by dense id.
  public let titles: [String]

  private let titleCache = TitleIndexCache()

  /// A base from its parts; the arrays are indexed by the snapshot's dense ids.
  public init(snapshot: Snapshot, publicIDs: [String], titles: [String]) {
    self.snapshot = snapshot
    self.publicIDs = publicIDs
    self.titles = titles
  }

  /// The base's titles in one table (index = base dense id), made on first use.
  var titleTable: StringTable {
    titleCache.titles.withLock { cached in
      if let cached { return cached }
      var table = StringTable()
      for title in titles { table.append(title) }
      cached = table
      return table
    }
  }

  /// The base's titles folded for suggestions (index = base dense id), made on first use.
  var foldedTitles: StringTable {
    titleCache.folded.withLock { cached in
      if let cached { return cached }
      var folded = StringTable()
      for title in titles { folded.append(SearchFolding.fold(title)) }
      cached = folded
      return folded
    }
  }

  /// The base's folded titles and their word suffixes (string index = base dense id), built
  /// on first use (the first recipe-title suggestion) and kept for the base's life.
  var titleIndex: TitleIndex {
    let folded = foldedTitles
    return titleCache.index.withLock { cached in
      if let cached { return cached }
      let index = TitleIndex(
        folded: folded, suffixes: WordSuffixArray(strings: folded, ranks: [], order: .byText))
      cached = index
      return index
    }
  }

  /// Folded titles and their word suffixes.
  struct TitleIndex: Sendable {
    let folded: StringTable
    let suffixes: WordSuffixArray
  }

  private final class TitleIndexCache: Sendable {
    let titles = Locked<StringTable?>(nil)
    let folded = Locked<StringTable?>(nil)
    let index = Locked<TitleIndex?>(nil)
  }
}
extension LiveView: RecipeTitleSuggester {}
