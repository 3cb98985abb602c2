/// One consistent state of a live index: the recipes present, in recipe order, where each came
/// from (the base index, by its dense id there, or a written recipe), and the queries over
/// them, answered as a full build of exactly those recipes would answer.
///
/// Making a view builds nothing costly: it sorts the places writes changed (the written
/// recipes and the holes), from which every dense id follows (a recipe's dense id is its place
/// less the holes before it). What queries need is built on first use, once per view:
/// - the merge structures (``LiveSegment``: a small snapshot of the written recipes and the
///   base's deletion marks), for the queries answered by merging the base snapshot with it
///   (all-of, see `LiveView+AllOf.swift`);
/// - the whole ``snapshot`` a full build would make (derived from the base's, see
///   ``init(base:order:relations:)``), for the query types not merged yet, or the base's own
///   snapshot when no write changed it;
/// - the written recipes' title suffixes, for recipe-title suggestions.
/// - every category's and area's browse order (``LiveGroupOrders``), derived from the previous
///   view's, for browse pages and random picks by category.
/// Recipe detail, summaries, ids and text search need none of them. A view never changes: a
/// write makes a new one, and a query that holds a view sees one state from start to end.
///
/// - Complexity: making a view is O(C log C) for the C places writes changed; dense id ↔
///   place is O(log H) for H holes; the whole snapshot is O(P + N + W log N) for P postings,
///   N recipes and W written ones; the merge structures O(P_W + D·L) for the written recipes'
///   postings and the D masked base recipes' lines.
public final class LiveView: Sendable {
  /// Where each recipe comes from, by dense id.
  public let sources: LiveSources
  let order: LiveRecipeOrder
  let base: LiveBase
  /// The vocabulary's relations, prepared once for every build of this view and the next.
  let relations: PreparedRelations
  /// Where the written recipes are read whole (the live segment's file), for the builds that
  /// need more of them than the order holds.
  let writtenSource: any WrittenRecipeSource
  /// How many builds could not read the written recipes, and why the last could not: a read
  /// during which one failed throws it (``answering(_:)``), since that
  /// build answered without them (and was not kept: the next query tries again).
  private let readFailures = Locked<(count: Int, last: (any Error)?)>((0, nil))
  /// The places holding a written recipe (new, or replacing a base recipe in its place),
  /// ascending.
  let writtenPlaces: [Int]
  /// The places that are holes (deleted), ascending.
  let holePlaces: [Int]
  /// The whole snapshot once built (or the base's, when no write changed it).
  private let madeSnapshot: Locked<Snapshot?>
  /// The merge structures once built.
  private let madeSegment = Locked<LiveSegment?>(nil)
  /// The written recipes' part of the view this one follows (over the same base), from
  /// which this view's is derived on its first build, then let go (so views never chain).
  private let previousWritten: Locked<LiveWrittenPart?>
  /// The written recipes' title suffixes once built.
  private let madeTitles = Locked<LiveTitles?>(nil)
  /// The full build's ingredient tables (``LiveIngredientTables``) once built.
  private let madeIngredientTables = Locked<Snapshot?>(nil)
  /// The ingredient tables of the view this one follows (over the same base, built or
  /// inherited), from which this view's are derived when a write moved no name
  /// (``LiveIngredientTables/make(_:relations:following:)``), then let go.
  private let previousIngredientTables: Locked<Snapshot?>
  /// The full build's title ranks by dense id, once a title-ordered query merged them.
  let madeTitleRanks = Locked<[UInt32]?>(nil)
  /// Every category's and area's browse order once made (``LiveGroupOrders``).
  private let madeGroupOrders = Locked<LiveGroupOrders?>(nil)
  /// The group orders of the view this one follows (over the same base, made or inherited),
  /// from which this view's are derived, then let go.
  private let previousGroupOrders: Locked<LiveGroupOrders?>
  /// Held while the lazy part of its name is built, so each is built once (a query needing
  /// one part never waits for another's build; reads of parts already built never wait).
  private let buildingSnapshot = Locked(())
  private let buildingSegment = Locked(())
  private let buildingTitles = Locked(())
  private let buildingIngredientTables = Locked(())
  private let buildingGroupOrders = Locked(())

  /// The view of `order` over `base`; `relations` are the vocabulary's families, aliases and
  /// flags (the same a full build of the index is given); `recipes` holds the written
  /// recipes whole, by the versions the order names.
  /// - Complexity: O(C log C) for the C places writes changed, plus preparing `relations`
  ///   (O(V log V)); a live index prepares them once (``init(base:order:preparedRelations:recipes:following:)``).
  public convenience init(
    base: LiveBase, order: LiveRecipeOrder, relations: IngredientRelations,
    recipes: any WrittenRecipeSource
  ) {
    self.init(
      base: base, order: order, preparedRelations: PreparedRelations(relations),
      recipes: recipes, following: nil)
  }

  /// The view of `order` over `base`, following `previous` (the view of an earlier state of
  /// the same index, or `nil`): when `previous` is over the same base, this view's merge
  /// structures are derived from its written recipes' part (built, or inherited and not
  /// built yet) on first use, reading back only the recipes written since.
  /// - Complexity: O(C log C) for the C places writes changed.
  public init(
    base: LiveBase, order: LiveRecipeOrder, preparedRelations relations: PreparedRelations,
    recipes: any WrittenRecipeSource, following previous: LiveView?
  ) {
    let (written, holes) = order.changedPlaces
    self.order = order
    self.base = base
    self.relations = relations
    writtenSource = recipes
    writtenPlaces = written
    holePlaces = holes
    sources = LiveSources(order: order, holes: holes)
    // Nothing changed: the base's snapshot is the full build of this corpus.
    madeSnapshot = Locked(written.isEmpty && holes.isEmpty ? base.snapshot : nil)
    // A previous view's parts hold places of its base: only a view over the same base (no
    // compaction between them) derives its own from them.
    let sameBase = previous.flatMap { $0.base.snapshot === base.snapshot ? $0 : nil }
    previousWritten = Locked(sameBase?.latestWrittenPart)
    previousIngredientTables = Locked(sameBase?.latestIngredientTables)
    previousGroupOrders = Locked(sameBase?.latestGroupOrders)
  }

  /// The view of `order` over `base` whose written recipes' part is already made (an opening
  /// index makes it from the segment's records while the base snapshot loads): its merge
  /// structures cost only the deletion marks (O(D · L)) on first use.
  /// - Precondition: `written` holds exactly the written recipes `order` places, at the
  ///   versions it names.
  public convenience init(
    base: LiveBase, order: LiveRecipeOrder, preparedRelations relations: PreparedRelations,
    recipes: any WrittenRecipeSource, written: LiveWrittenRecipes
  ) {
    self.init(
      base: base, order: order, preparedRelations: relations, recipes: recipes, following: nil)
    previousWritten.withLock { $0 = written.part }
  }

  /// The newest written recipes' part this view has: its own merge structures' when built,
  /// else the one it inherited (for the view after it).
  private var latestWrittenPart: LiveWrittenPart? {
    madeSegment.withLock { $0?.written } ?? previousWritten.withLock { $0 }
  }

  /// The newest group orders this view has: its own when made, else the ones it inherited
  /// (for the view after it).
  private var latestGroupOrders: LiveGroupOrders? {
    madeGroupOrders.withLock { $0 } ?? previousGroupOrders.withLock { $0 }
  }

  /// The newest ingredient tables this view has: its own when built, else the ones it
  /// inherited, else the base's snapshot when no write changed it (a full build, held by the
  /// base anyway), for the view after it.
  private var latestIngredientTables: Snapshot? {
    madeIngredientTables.withLock { $0 } ?? previousIngredientTables.withLock { $0 }
      ?? (isBase ? base.snapshot : nil)
  }

  /// Whether no write changed the base: every query then runs on the base's snapshot.
  var isBase: Bool { writtenPlaces.isEmpty && holePlaces.isEmpty }

  // MARK: Places and dense ids

  /// The dense id of the recipe at `place`, or `nil` for a hole.
  /// - Complexity: O(log H).
  func dense(ofPlace place: Int) -> Int? {
    let before = Self.count(of: holePlaces, below: place)
    if before < holePlaces.count && holePlaces[before] == place { return nil }
    return place - before
  }

  /// The place of the recipe with dense id `dense`.
  /// - Complexity: O(log H).
  func place(ofDense dense: Int) -> Int { Self.place(ofDense: dense, holes: holePlaces) }

  /// The place of dense id `dense` when `holes` are the holes: `dense` plus the holes whose
  /// place leaves at most `dense` recipes before them (hole `i` has `holes[i] - i` before it).
  static func place(ofDense dense: Int, holes: [Int]) -> Int {
    var low = 0
    var high = holes.count
    while low < high {
      let middle = (low + high) >> 1
      if holes[middle] - middle <= dense { low = middle + 1 } else { high = middle }
    }
    return dense + low
  }

  /// How many of ascending `values` are below `limit`.
  static func count(of values: [Int], below limit: Int) -> Int {
    var low = 0
    var high = values.count
    while low < high {
      let middle = (low + high) >> 1
      if values[middle] < limit { low = middle + 1 } else { high = middle }
    }
    return low
  }

  // MARK: Ids and titles

  /// The number of recipes present.
  public var recipeCount: Int { order.count }

  /// Public id of every recipe, by dense id.
  /// - Complexity: O(N log H); one id is ``publicID(of:)``.
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
  /// - Complexity: O(log H) after an expected O(1) hash lookup.
  public func recipeID(publicID id: String) -> RecipeID? {
    order.place(of: id).flatMap(dense(ofPlace:)).map(RecipeID.init)
  }

  /// The dense ids of the written recipes present, ascending.
  /// - Complexity: O(W log H).
  public var writtenRecipes: [RecipeID] {
    writtenPlaces.compactMap { dense(ofPlace: $0).map(RecipeID.init) }
  }

  /// How many base recipes are present as built (neither replaced nor deleted).
  public var untouchedBaseCount: Int {
    order.baseCount - Self.count(of: writtenPlaces, below: order.baseCount)
      - Self.count(of: holePlaces, below: order.baseCount)
  }

  /// Calls `body` with the base id and the dense id of every base recipe present as built,
  /// in order.
  /// - Complexity: O(N).
  public func forEachUntouchedBaseRecipe(_ body: (RecipeID, RecipeID) -> Void) {
    var w = 0
    var h = 0
    for place in 0..<order.baseCount {
      if h < holePlaces.count && holePlaces[h] == place {
        h += 1
        continue
      }
      if w < writtenPlaces.count && writtenPlaces[w] == place {
        w += 1
        continue
      }
      body(RecipeID(place), RecipeID(place - h))
    }
  }

  // MARK: Lazy parts

  /// The snapshot a full build of the present recipes makes, array for array: built on first
  /// use (once, for every query waiting on it) for the query types that are not merged.
  public var snapshot: Snapshot {
    if let made = builtSnapshot { return made }
    return buildingSnapshot.withLock { _ in
      if let made = builtSnapshot { return made }
      // Without the written recipes there is no full build to make: the base's snapshot
      // stands in for this query, whose answer the read then refuses.
      guard let written = readWrittenRecipes() else { return base.snapshot }
      let made = makeSnapshot(written: written)
      madeSnapshot.withLock { $0 = made }
      return made
    }
  }

  /// The whole snapshot when it is already built, else `nil` (never builds nor waits for a
  /// build): for a caller that must not block, such as an async request thread.
  public var builtSnapshot: Snapshot? { madeSnapshot.withLock { $0 } }

  /// The merge structures, built on first use (kept only when the written recipes were read):
  /// derived from the previous view's written recipes' part when there is one, reading back
  /// only the recipes written since, else from every written recipe read back whole.
  var segment: LiveSegment {
    if let made = madeSegment.withLock({ $0 }) { return made }
    return buildingSegment.withLock { _ in
      if let made = madeSegment.withLock({ $0 }) { return made }
      let written = makeWrittenPart()
      let made = LiveSegment(
        base: base.snapshot,
        written: written
          ?? LiveWrittenPart(entries: [], recipes: [], relations: relations),
        writtenPlaces: writtenPlaces, holePlaces: holePlaces)
      if written != nil {
        madeSegment.withLock { $0 = made }
        previousWritten.withLock { $0 = nil }
      }
      return made
    }
  }

  /// This view's written recipes, in place order, as the part's entries.
  private var writtenEntries: [LiveWrittenPart.Entry] {
    var entries: [LiveWrittenPart.Entry] = []
    entries.reserveCapacity(writtenPlaces.count)
    for place in writtenPlaces {
      guard case .live(let written) = order[place] else { continue }
      entries.append(.init(place: place, version: written.version, title: written.title))
    }
    return entries
  }

  /// This view's written recipes' part: derived from the inherited one, or made from every
  /// written recipe read whole; `nil` when a read failed (kept for ``answering(_:)``).
  private func makeWrittenPart() -> LiveWrittenPart? {
    let entries = writtenEntries
    do {
      if let previous = previousWritten.withLock({ $0 }) {
        // Made ahead for exactly these recipes (an opening index's): nothing to derive.
        if previous.holds(entries) { return previous }
        return try LiveWrittenPart(
          entries: entries, deriving: previous, relations: relations,
          read: writtenSource.indexedRecipes)
      }
      let recipes = try writtenSource.indexedRecipes(entries.map(\.version))
      return LiveWrittenPart(entries: entries, recipes: recipes, relations: relations)
    } catch {
      readFailures.withLock { $0 = ($0.count + 1, error) }
      return nil
    }
  }

  /// The written recipes present with their places (ascending), read from ``writtenSource``
  /// with the fields a snapshot build reads (``WrittenRecipeSource/indexedRecipes(_:)``);
  /// `nil` when that failed (the failure is kept for ``answering(_:)``).
  /// - Complexity: one read of the W written recipes' records.
  func readWrittenRecipes() -> [(place: Int, recipe: Recipe)]? {
    let entries = writtenEntries
    do {
      let recipes = try writtenSource.indexedRecipes(entries.map(\.version))
      return zip(entries, recipes).map { entry, recipe in
        // The order's title (the same text): the snapshot's titles then share its storage.
        var recipe = recipe
        recipe.title = entry.title
        return (place: entry.place, recipe: recipe)
      }
    } catch {
      readFailures.withLock { $0 = ($0.count + 1, error) }
      return nil
    }
  }

  /// How many builds of this view have failed to read the written recipes so far: taken
  /// before a read, for ``checkWrittenRecipesRead(since:)`` after it.
  private var writtenRecipesReadFailures: Int { readFailures.withLock { $0.count } }

  /// Throws why a build of this view could not read the written recipes, when one failed
  /// after `mark` (``writtenRecipesReadFailures`` taken before the read): that build answered
  /// without them, so a read that may have used it must not return its answer. (A failure
  /// of another read running at the same time makes this one throw too: never a wrong
  /// answer.)
  private func checkWrittenRecipesRead(since mark: Int) throws {
    let (count, last) = readFailures.withLock { $0 }
    if count > mark, let last { throw last }
  }

  /// Runs `body` over this view and returns its answer, or throws why a build of the view
  /// could not read the written recipes while `body` ran (that build answered without them).
  /// Every read of a view that may build its merge structures or tables goes through this.
  public func answering<Result>(_ body: (LiveView) throws -> Result) throws -> Result {
    let mark = writtenRecipesReadFailures
    let result = try body(self)
    try checkWrittenRecipesRead(since: mark)
    return result
  }

  /// The full build's ingredient tables without its recipes (``LiveIngredientTables``), for
  /// ingredient and category suggestions and name resolution: built on first use, or the
  /// whole snapshot when that is built already.
  public var ingredientTables: Snapshot {
    if let made = builtIngredientTables { return made }
    return buildingIngredientTables.withLock { _ in
      if let made = builtIngredientTables { return made }
      let segment = self.segment
      let made = LiveIngredientTables.make(
        segment, relations: relations.relations,
        following: previousIngredientTables.withLock { $0 })
      if madeSegment.withLock({ $0 }) != nil {
        madeIngredientTables.withLock { $0 = made }
        previousIngredientTables.withLock { $0 = nil }
      }
      return made
    }
  }

  /// ``ingredientTables`` when already built (or the whole snapshot when it is), else `nil`;
  /// never builds nor waits.
  public var builtIngredientTables: Snapshot? {
    builtSnapshot ?? madeIngredientTables.withLock { $0 }
  }

  /// Every category's and area's browse order (``LiveGroupOrders``): made on first use,
  /// derived from the previous view's when it made (or inherited) them, else from the base's
  /// orders; kept only over merge structures that read the written recipes.
  var groupOrders: LiveGroupOrders {
    if let made = builtGroupOrders { return made }
    return buildingGroupOrders.withLock { _ in
      if let made = builtGroupOrders { return made }
      let segment = self.segment
      let made = LiveGroupOrders(
        base: base, segment: segment, holes: holePlaces,
        following: previousGroupOrders.withLock { $0 })
      if madeSegment.withLock({ $0 }) != nil {
        madeGroupOrders.withLock { $0 = made }
        previousGroupOrders.withLock { $0 = nil }
      }
      return made
    }
  }

  /// ``groupOrders`` when made already, else `nil`; never builds nor waits.
  var builtGroupOrders: LiveGroupOrders? { madeGroupOrders.withLock { $0 } }

  /// The written recipes' folded titles and word suffixes, built on first use.
  private var titles: LiveTitles {
    if let made = madeTitles.withLock({ $0 }) { return made }
    return buildingTitles.withLock { _ in
      if let made = madeTitles.withLock({ $0 }) { return made }
      var folded = StringTable()
      var dense: [UInt32] = []
      for place in writtenPlaces {
        guard case .live(let recipe) = order[place], let id = self.dense(ofPlace: place) else {
          continue
        }
        dense.append(UInt32(id))
        folded.append(SearchFolding.fold(recipe.title))
      }
      let made = LiveTitles(
        dense: dense, folded: folded,
        suffixes: WordSuffixArray(strings: folded, ranks: [], order: .byText))
      madeTitles.withLock { $0 = made }
      return made
    }
  }

  /// The whole snapshot of the present recipes, derived from the base's (issue 17's third
  /// slice): the base's (folded title, id) order and each category's (title, id) order stay
  /// orders under the view's ids (base recipes keep their relative order), so only the written
  /// recipes are merged in; base recipes still as built are copied in runs.
  /// `written` holds the recipe of each of ``writtenPlaces``, in that order.
  private func makeSnapshot(written: [(place: Int, recipe: Recipe)]) -> Snapshot {
    let baseSnapshot = base.snapshot
    let baseCount = order.baseCount
    var isWritten = [Bool](repeating: false, count: baseCount)
    for place in writtenPlaces where place < baseCount { isWritten[place] = true }
    var denseOfBase = [UInt32](repeating: .max, count: baseCount)
    var hole = 0
    for place in 0..<baseCount {
      if hole < holePlaces.count && holePlaces[hole] == place {
        hole += 1
        continue
      }
      denseOfBase[place] = UInt32(place - hole)
    }
    func kept(_ rid: UInt32) -> UInt32? {
      let dense = denseOfBase[Int(rid)]
      return dense != .max && !isWritten[Int(rid)] ? dense : nil
    }
    var baseFolded = [UInt32](repeating: 0, count: baseSnapshot.recipeCount)
    for (rid, rank) in baseSnapshot.titleRank.enumerated() { baseFolded[Int(rank)] = UInt32(rid) }
    let presorted = SnapshotBuilder.PresortedTitles(
      folded: baseFolded.compactMap(kept),
      byCategory: (0..<baseSnapshot.categoryNames.count).map { c in
        let members =
          Int(baseSnapshot.categoryOffsets[c])..<Int(baseSnapshot.categoryOffsets[c + 1])
        return (
          baseSnapshot.categoryNames[c], baseSnapshot.categoryByTitle[members].compactMap(kept)
        )
      },
      others: writtenRecipes.map(\.rawValue))
    var builder = SnapshotBuilder()
    var remap = SnapshotBuilder.BaseRemap(base: baseSnapshot)
    let folded = base.foldedTitles
    let titles = base.titleTable
    // Base recipes still as built come in runs of consecutive base ids, each copied as
    // ranges; a changed place (written or hole) ends a run.
    var next = 0
    func flush(upTo end: Int) {
      if next < end {
        builder.add(
          base: baseSnapshot, recipes: next..<end, titles: titles, foldedTitles: folded,
          remap: &remap)
      }
      next = max(next, end)
    }
    var w = 0
    var h = 0
    while w < writtenPlaces.count || h < holePlaces.count {
      let takeWritten =
        h == holePlaces.count || (w < writtenPlaces.count && writtenPlaces[w] < holePlaces[h])
      let place = takeWritten ? writtenPlaces[w] : holePlaces[h]
      flush(upTo: min(place, baseCount))
      next = max(next, min(place + 1, baseCount))
      if takeWritten {
        builder.add(written[w].recipe)
        w += 1
      } else {
        h += 1
      }
    }
    flush(upTo: baseCount)
    return builder.build(relations: relations, presorted: presorted)
  }

  // MARK: Recipe-title suggestions

  /// Recipes with a title word starting with `text` (folded like every suggestion), whole-title
  /// matches first, then in (title suffix, dense id) order, at most `limit`: what the index
  /// file's `title_words` table answers for a full build. The base's suffixes of recipes still
  /// as built and the written recipes' suffixes are merged in that order.
  /// - Complexity: O(log S · |text| + k) for S title words and k suffixes read.
  public func suggestRecipes(_ text: String, limit: Int) -> [Suggestion] {
    let folded = SearchFolding.fold(text)
    guard !folded.isEmpty, limit > 0 else { return [] }
    let titles = base.titleIndex
    let live = self.titles
    var key = folded
    let baseRange = key.withUTF8 { titles.suffixes.range(of: $0) }
    let liveRange = key.withUTF8 { live.suffixes.range(of: $0) }
    var i = baseRange.lowerBound
    var j = liveRange.lowerBound
    /// The dense id of the base entry at `i`, or `nil` when a write changed its recipe.
    func baseDense(_ position: Int) -> UInt32? {
      let rid = titles.suffixes.stringIndex(at: position)
      guard case .base = order[rid], let dense = self.dense(ofPlace: rid) else { return nil }
      return UInt32(dense)
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
          live.folded, live.suffixes.stringIndex(at: j), live.suffixes.wordOffset(at: j))
        takeBase =
          a != b
          ? a.lexicographicallyPrecedes(b)
          : baseDense(i)! < live.dense[live.suffixes.stringIndex(at: j)]
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
        dense = live.dense[live.suffixes.stringIndex(at: j)]
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

  /// Suggestions of `kind` for `text`, as ``Snapshot/suggest(_:limit:kind:excluding:titles:)``
  /// over a full build answers them: recipe titles merged from the base's and the written
  /// recipes' title suffixes, ingredients and categories from ``ingredientTables`` (the full
  /// build's, without recipes).
  public func suggest(
    _ text: String, limit: Int, kind: SuggestionKinds, excluding: Set<String> = []
  ) throws -> [Suggestion] {
    if kind.isDisjoint(with: [.ingredient, .category]) {
      guard kind.contains(.recipe), limit > 0 else { return [] }
      return Suggestion.merged(
        [suggestRecipes(text, limit: min(limit, Snapshot.largestLimit))], limit: limit)
    }
    return try ingredientTables.suggest(
      text, limit: limit, kind: kind, excluding: excluding, titles: self)
  }
}

extension LiveView: RecipeTitleSuggester {}

extension LiveView: PacedReleasable {
  /// Adds this view's parts to `release`: what it made on first use (the whole snapshot, the
  /// merge structures, the ingredient tables, the group orders, the title suffixes) and what it
  /// inherited, then its order and its base (``LiveBase/holdParts(in:)``).
  public func holdParts(in release: inout PacedRelease) {
    release.hold(self)
    if let made = madeSnapshot.withLock({ $0 }), made !== base.snapshot {
      made.holdParts(in: &release)
    }
    release.hold(partsOf: madeSegment.withLock { $0 } as Any)
    release.hold(partsOf: previousWritten.withLock { $0 } as Any)
    release.hold(partsOf: madeTitles.withLock { $0 } as Any)
    for tables in [madeIngredientTables.withLock { $0 }, previousIngredientTables.withLock { $0 }] {
      tables?.holdParts(in: &release)
    }
    release.hold(partsOf: madeTitleRanks.withLock { $0 } as Any)
    release.hold(partsOf: madeGroupOrders.withLock { $0 } as Any)
    release.hold(partsOf: previousGroupOrders.withLock { $0 } as Any)
    release.hold(partsOf: (order, writtenPlaces, holePlaces))
    base.holdParts(in: &release)
  }

  /// Whether this view is over `base` (the same value, not one loaded again).
  public func isOver(_ base: LiveBase) -> Bool { self.base.isSame(as: base) }
}

/// The written recipes' folded titles and their word suffixes (string index = position in
/// `dense`, the written recipes' dense ids, ascending).
struct LiveTitles: Sendable {
  let dense: [UInt32]
  let folded: StringTable
  let suffixes: WordSuffixArray
}

/// Where each recipe of a ``LiveView`` comes from, by dense id: read through the order and the
/// holes, so a view holds nothing per recipe.
public struct LiveSources: RandomAccessCollection, Sendable {
  private let order: LiveRecipeOrder
  private let holes: [Int]

  init(order: LiveRecipeOrder, holes: [Int]) {
    self.order = order
    self.holes = holes
  }

  /// 0.
  public var startIndex: Int { 0 }
  /// The number of recipes present.
  public var endIndex: Int { order.count }

  /// The source of recipe `position` (a dense id).
  /// - Complexity: O(log H) for H holes.
  public subscript(position: Int) -> LiveRecipeOrder.Slot {
    order[LiveView.place(ofDense: position, holes: holes)]
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

  /// Adds this base's parts to `release`: its snapshot's (``Snapshot/holdParts(in:)``), its
  /// title tables, then its titles and public ids a piece at a time (each title longer than 15
  /// bytes is an allocation of its own: 100,000 `free` calls at once would be milliseconds),
  /// when no other copy of this base holds them by then (a reload of the same base file shares
  /// it with the index it opens), else whole.
  public func holdParts(in release: inout PacedRelease) {
    snapshot.holdParts(in: &release)
    release.hold(
      partsOf: (
        titleCache.titles.withLock { $0 }, titleCache.folded.withLock { $0 },
        titleCache.index.withLock { $0 }
      ))
    // The one reference the release adds to the cache: every copy of this base holds it, so
    // it is unique once no copy is left but the arrays taken here.
    var cache = titleCache
    let alone = { isKnownUniquelyReferenced(&cache) }
    release.hold(elementsOf: titles, whenUnique: alone)
    release.hold(elementsOf: publicIDs, whenUnique: alone)
  }

  /// Whether `other` is this base (a copy of the same value), not one loaded again.
  public func isSame(as other: LiveBase) -> Bool { titleCache === other.titleCache }

  /// ``foldedTitles`` when made already, else `nil` (never makes them).
  var madeFoldedTitles: StringTable? { titleCache.folded.withLock { $0 } }

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
