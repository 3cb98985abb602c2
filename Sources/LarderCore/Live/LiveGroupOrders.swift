/// The browse orders of every category and area of a live view, as places (a place's dense
/// id is the place less the holes before it, so the order of places is the order of dense
/// ids): made whole once per view (on its first browse query, or before a benchmark times
/// it) and never changed, so a face that holds them (``LiveMergedQueries``) reads a page
/// without a lock or a build.
///
/// A group is found by a dense slot: a group of the base has its base snapshot's index (found
/// by the snapshot's own name lookup, as a compacted index finds it), a group only written
/// recipes have one after those. A group no write touched shares the base snapshot's own
/// order (base ids are base places), so the base's orders are never copied; a view derived
/// from an earlier one shares every order its writes did not touch and rebuilds the others
/// from the earlier order with only the changed recipes taken out and put in.
///
/// - Complexity: the slot of a name is the base snapshot's name lookup (plus a hash lookup for
///   a group the base lacks); a group's order is an array read. Made from scratch: O(N + W ·
///   log G) for N base recipes and W written ones in groups of G. Derived from an earlier
///   view's: O(Σ G_t + k log G) for the touched groups' G_t members and the k recipes the
///   writes changed since. Memory: one array per touched group and sort (4 bytes a member);
///   untouched groups share the base snapshot's.
final class LiveGroupOrders: Sendable {
  /// Categories (by folded title and by title bytes) and areas (by folded title).
  let categories: Table
  let areas: Table
  /// The merge structures these orders were made over: what a later view's derivation
  /// compares its own with (written recipes, base marks).
  let segment: LiveSegment
  /// The categories' orders by title bytes laid end to end (slot `c` at
  /// `categoryTitleOffsets[c]..<categoryTitleOffsets[c + 1]`), with the base's category names
  /// and the view's holes: the harness's page reads them as a compacted snapshot reads its
  /// own arrays, from one object, with no array retained per query.
  let categoryTitleOrder: [UInt32]
  let categoryTitleOffsets: [UInt32]
  let baseCategoryNames: StringTable
  let holes: [Int]

  /// The groups of one kind.
  final class Table: Sendable {
    /// The base's group names (slot = base snapshot index).
    let baseNames: StringTable
    /// Groups only written recipes have (or had): their names by slot less the base's count,
    /// and their slots by name.
    let extraNames: [String]
    let extraSlots: [String: Int]
    /// Each slot's places by (folded title, place), and for categories by (title bytes,
    /// place) (empty for areas: no query asks it).
    let byFoldedTitle: [ArraySlice<UInt32>]
    let byTitle: [ArraySlice<UInt32>]

    fileprivate init(
      baseNames: StringTable, extraNames: [String], extraSlots: [String: Int],
      byFoldedTitle: [ArraySlice<UInt32>], byTitle: [ArraySlice<UInt32>]
    ) {
      self.baseNames = baseNames
      self.extraNames = extraNames
      self.extraSlots = extraSlots
      self.byFoldedTitle = byFoldedTitle
      self.byTitle = byTitle
    }

    /// The slot of group `name`, or `nil` for a name no view of this base had a recipe of.
    @inline(__always)
    func slot(of name: String) -> Int? {
      if let slot = baseNames.index(of: name) { return slot }
      return extraSlots.isEmpty ? nil : extraSlots[name]
    }

    /// The order of group `name` by `sort` (empty for a group with no present recipe).
    func order(_ name: String, by sort: LiveGroupOrder.Sort) -> ArraySlice<UInt32> {
      guard let slot = slot(of: name) else { return [] }
      return sort == .foldedTitle ? byFoldedTitle[slot] : byTitle[slot]
    }

    /// The groups with a present recipe, with their counts, by name bytes: what a full build
    /// lists.
    var groups: [BrowseGroup] {
      var result: [BrowseGroup] = []
      for (slot, order) in byFoldedTitle.enumerated() where !order.isEmpty {
        let name = slot < baseNames.count ? baseNames[slot] : extraNames[slot - baseNames.count]
        result.append(BrowseGroup(name: name, recipeCount: order.count))
      }
      return result.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    }
  }

  /// The orders over `segment` (a view's merge structures over `base`), derived from
  /// `previous` (an earlier view's orders over the same base) when given, else made from the
  /// base's orders less the masked recipes with every written recipe put in.
  init(
    base: LiveBase, segment: LiveSegment, holes: [Int], following previous: LiveGroupOrders?
  ) {
    let previous = previous.flatMap { $0.segment.base === segment.base ? $0 : nil }
    let changes =
      previous.map {
        LiveGroupChanges(
          from: $0.segment.written, previousMasked: $0.segment.marks, to: segment.written,
          maskedPlaces: segment.maskedPlaces, baseCount: segment.base.recipeCount)
      }
      ?? LiveGroupChanges(
        removed: [], inserted: (0..<segment.written.places.count).map { .written($0) })
    let context = LiveGroupChanges.Texts(
      base: base, masked: segment.marks, written: segment.written,
      previousWritten: previous?.segment.written)
    self.segment = segment
    categories = Table(
      kind: .category, snapshot: segment.base, previous: previous?.categories, context: context,
      changes: changes)
    areas = Table(
      kind: .area, snapshot: segment.base, previous: previous?.areas, context: context,
      changes: changes)
    var order: [UInt32] = []
    var offsets: [UInt32] = [0]
    order.reserveCapacity(categories.byTitle.reduce(0) { $0 + $1.count })
    for slot in categories.byTitle {
      order.append(contentsOf: slot)
      offsets.append(UInt32(order.count))
    }
    categoryTitleOrder = order
    categoryTitleOffsets = offsets
    baseCategoryNames = categories.baseNames
    self.holes = holes
  }

  /// Page `page` of `category` by (title bytes, dense id), as dense ids:
  /// ``Snapshot/categoryPageByTitleBytes(_:page:limit:)`` of a full build.
  /// - Complexity: O(|category| + limit), and O(limit log H) for H holes.
  func categoryPageByTitleBytes(_ category: String, page: Int, limit: Int) -> [RecipeID] {
    guard limit > 0, page >= 0 else { return [] }
    let c: Int
    if let slot = baseCategoryNames.index(of: category) {
      c = slot
    } else if let slot = categories.slot(of: category) {
      c = slot
    } else {
      return []
    }
    let start = Int(categoryTitleOffsets[c])
    let end = Int(categoryTitleOffsets[c + 1])
    let from = start + page * limit
    if from >= end { return [] }
    let places = categoryTitleOrder[from..<min(from + limit, end)]
    if holes.isEmpty { return places.map(RecipeID.init(rawValue:)) }
    return places.map {
      RecipeID(rawValue: $0 - UInt32(LiveView.count(of: holes, below: Int($0))))
    }
  }
}

/// The recipes whose group membership changed between two views over one base: base recipes
/// newly replaced or deleted and written versions no longer present (taken out), and written
/// versions new since (put in).
struct LiveGroupChanges: Sendable {
  /// A recipe of one view's state: a base recipe (by base id = place) or a written one (by
  /// its index in that view's written part).
  enum Member: Sendable {
    case base(Int)
    case written(Int)
  }
  /// Taken out: members of the earlier view (written ones index its written part).
  var removed: [Member]
  /// Put in: written recipes of the new view (indexing its written part).
  var inserted: [Member]

  /// What changed from the view with `previousWritten` and base marks `previousMasked` to the
  /// view with `written` and `masked` (both over one base, whose recipe count is `baseCount`).
  /// - Complexity: O(W + W' + C_B) for the two written parts and the C_B base places masked now.
  init(
    from previousWritten: LiveWrittenPart, previousMasked: LiveBaseMarks,
    to written: LiveWrittenPart, maskedPlaces: [Int], baseCount: Int
  ) {
    removed = []
    inserted = []
    var p = 0
    var n = 0
    let old = previousWritten
    while p < old.places.count || n < written.places.count {
      if n == written.places.count
        || (p < old.places.count && old.places[p] < written.places[n])
      {
        removed.append(.written(p))
        p += 1
      } else if p == old.places.count || written.places[n] < old.places[p] {
        inserted.append(.written(n))
        n += 1
      } else {
        if old.versions[p] != written.versions[n] {
          removed.append(.written(p))
          inserted.append(.written(n))
        }
        p += 1
        n += 1
      }
    }
    for place in maskedPlaces where place < baseCount && !previousMasked.contains(place) {
      removed.append(.base(place))
    }
  }

  init(removed: [Member], inserted: [Member]) {
    self.removed = removed
    self.inserted = inserted
  }

  /// The titles and groups of the members of the two views.
  struct Texts {
    let base: LiveBase
    let masked: LiveBaseMarks
    let written: LiveWrittenPart
    let previousWritten: LiveWrittenPart?
  }
}

extension LiveGroupOrders.Table {
  /// One kind's table: see ``LiveGroupOrders/init(base:segment:following:)``.
  fileprivate convenience init(
    kind: LiveGroupOrder.Kind, snapshot base: Snapshot, previous: LiveGroupOrders.Table?,
    context: LiveGroupChanges.Texts, changes: LiveGroupChanges
  ) {
    let names = kind == .category ? base.categoryNames : base.areaNames
    let baseCount = names.count
    var extraNames = previous?.extraNames ?? []
    var extraSlots = previous?.extraSlots ?? [:]
    /// The slot of `name`, adding a slot for a group new to this base's views.
    func slot(_ name: String) -> Int {
      if let slot = names.index(of: name) { return slot }
      if let slot = extraSlots[name] { return slot }
      extraNames.append(name)
      extraSlots[name] = baseCount + extraNames.count - 1
      return baseCount + extraNames.count - 1
    }
    func group(of snapshot: Snapshot, _ id: Int) -> String? {
      let g = kind == .category ? snapshot.recipeCategory[id] : snapshot.recipeArea[id]
      if g == .max { return nil }
      return kind == .category ? snapshot.categoryNames[Int(g)] : snapshot.areaNames[Int(g)]
    }
    // Each change by the slot of its group (removals in the earlier view's groups).
    var removed: [Int: [LiveGroupChanges.Member]] = [:]
    var inserted: [Int: [LiveGroupChanges.Member]] = [:]
    for member in changes.removed {
      switch member {
      case .base(let place):
        let g = kind == .category ? base.recipeCategory[place] : base.recipeArea[place]
        if g != .max { removed[Int(g), default: []].append(member) }
      case .written(let local):
        if let name = group(of: context.previousWritten!.snapshot, local) {
          removed[slot(name), default: []].append(member)
        }
      }
    }
    for member in changes.inserted {
      guard case .written(let local) = member, let name = group(of: context.written.snapshot, local)
      else { continue }
      inserted[slot(name), default: []].append(member)
    }
    let slots = baseCount + extraNames.count
    let sorts: [LiveGroupOrder.Sort] =
      kind == .category ? [.foldedTitle, .titleBytes] : [.foldedTitle]
    var orders: [LiveGroupOrder.Sort: [ArraySlice<UInt32>]] = [:]
    for sort in sorts {
      var byslot: [ArraySlice<UInt32>]
      if let previous {
        byslot = sort == .foldedTitle ? previous.byFoldedTitle : previous.byTitle
      } else {
        // The base's own orders less the masked recipes (shared when none is masked).
        byslot = (0..<baseCount).map { g in
          let offsets = kind == .category ? base.categoryOffsets : base.areaOffsets
          let range = Int(offsets[g])..<Int(offsets[g + 1])
          let order =
            kind == .area
            ? base.areaByFoldedTitle[range]
            : sort == .foldedTitle ? base.categoryByFoldedTitle[range] : base.categoryByTitle[range]
          if context.masked.isEmpty { return order }
          let kept = order.filter { !context.masked.contains(Int($0)) }
          return kept.count == order.count ? order : kept[...]
        }
      }
      byslot.append(contentsOf: repeatElement([], count: slots - byslot.count))
      let texts = LiveGroupTexts(
        context: context, sort: sort, changes: changes.removed.count + changes.inserted.count)
      for g in Set(removed.keys).union(inserted.keys) {
        byslot[g] = texts.apply(
          removing: removed[g] ?? [], inserting: inserted[g] ?? [], to: byslot[g],
          previousIsMade: previous != nil)
      }
      orders[sort] = byslot
    }
    self.init(
      baseNames: names, extraNames: extraNames, extraSlots: extraSlots,
      byFoldedTitle: orders[.foldedTitle]!, byTitle: orders[.titleBytes] ?? [])
  }
}

/// The texts a group order sorts by, for members of the earlier view (``remove``) and the new
/// one (``insert``), and the rebuild of one group's order from them.
private struct LiveGroupTexts {
  let context: LiveGroupChanges.Texts
  let sort: LiveGroupOrder.Sort
  /// The base's folded titles when made (or worth making: many changes), else `nil`: a few
  /// changes fold the few base titles their searches read instead (the table is a fold of
  /// every base title, tens of ms at 100k recipes, which the first query after a write must
  /// not pay).
  let baseFolded: StringTable?

  init(context: LiveGroupChanges.Texts, sort: LiveGroupOrder.Sort, changes: Int) {
    self.context = context
    self.sort = sort
    baseFolded =
      sort != .foldedTitle
      ? nil
      : changes > Self.changesWorthFoldingTheBase
        ? context.base.foldedTitles : context.base.madeFoldedTitles
  }

  /// Above this many changes, a rebuild folds every base title once rather than about 17
  /// per change.
  static let changesWorthFoldingTheBase = 1_000

  /// The text of base recipe `place`.
  func baseText(_ place: Int) -> String {
    guard sort == .foldedTitle else { return context.base.titles[place] }
    return baseFolded?[place] ?? SearchFolding.fold(context.base.titles[place])
  }

  /// The text of `part`'s written recipe `local`.
  func writtenText(_ part: LiveWrittenPart, _ local: Int) -> String {
    sort == .foldedTitle ? part.foldedTitles[local] : part.titles[local]
  }

  /// The text of the member at `place` of the earlier order: a base recipe unless that view's
  /// written part holds the place.
  func earlierText(_ place: Int, written part: LiveWrittenPart?) -> String {
    if let part {
      let local = LiveView.count(of: part.places, below: place)
      if local < part.places.count && part.places[local] == place {
        return writtenText(part, local)
      }
    }
    return baseText(place)
  }

  /// Whether (a, pa) precedes (b, pb): title bytes, then place.
  static func precedes(_ a: String, _ pa: Int, _ b: String, _ pb: Int) -> Bool {
    if !a.utf8.elementsEqual(b.utf8) { return a.utf8.lexicographicallyPrecedes(b.utf8) }
    return pa < pb
  }

  /// The position in `order` of the first member not before (`text`, `place`), reading the
  /// members' texts with `textOf`.
  static func lowerBound(
    _ order: ArraySlice<UInt32>, _ text: String, _ place: Int, _ textOf: (Int) -> String
  ) -> Int {
    var low = order.startIndex
    var high = order.endIndex
    while low < high {
      let middle = (low + high) >> 1
      let p = Int(order[middle])
      if precedes(textOf(p), p, text, place) { low = middle + 1 } else { high = middle }
    }
    return low - order.startIndex
  }

  /// `order` (the earlier view's, or the base's less masked recipes when there was none)
  /// without `removing` and with `inserting` in their places.
  func apply(
    removing: [LiveGroupChanges.Member], inserting: [LiveGroupChanges.Member],
    to order: ArraySlice<UInt32>, previousIsMade: Bool
  ) -> ArraySlice<UInt32> {
    // Members of `order` are in the earlier view's state; from scratch, they are base recipes.
    let earlier = previousIsMade ? context.previousWritten : nil
    let textOf = { (place: Int) in earlierText(place, written: earlier) }
    var removedAt: [Int] = []
    for member in removing {
      let (place, text): (Int, String)
      switch member {
      case .base(let p): (place, text) = (p, baseText(p))
      case .written(let local):
        (place, text) = (
          context.previousWritten!.places[local], writtenText(context.previousWritten!, local)
        )
      }
      let at = Self.lowerBound(order, text, place, textOf)
      if at < order.count && Int(order[order.startIndex + at]) == place {
        removedAt.append(at)
      }
    }
    var insertedAt: [(at: Int, text: String, place: Int)] = []
    for member in inserting {
      guard case .written(let local) = member else { continue }
      let place = context.written.places[local]
      let text = writtenText(context.written, local)
      insertedAt.append((Self.lowerBound(order, text, place, textOf), text, place))
    }
    removedAt.sort()
    insertedAt.sort {
      $0.at != $1.at ? $0.at < $1.at : Self.precedes($0.text, $0.place, $1.text, $1.place)
    }
    var result: [UInt32] = []
    result.reserveCapacity(order.count - removedAt.count + insertedAt.count)
    var r = 0
    var i = 0
    var from = 0
    func copy(upTo end: Int) {
      while from < end {
        // A run of kept members up to the next removal (or `end`).
        let stop = r < removedAt.count ? min(end, removedAt[r]) : end
        result.append(contentsOf: order[(order.startIndex + from)..<(order.startIndex + stop)])
        from = stop
        if r < removedAt.count && from == removedAt[r] && from < end {
          r += 1
          from += 1
        }
      }
    }
    while i < insertedAt.count {
      copy(upTo: insertedAt[i].at)
      result.append(UInt32(insertedAt[i].place))
      i += 1
    }
    copy(upTo: order.count)
    return result[...]
  }
}

/// The base recipes a view's writes replaced or deleted, one bit per base id (``LiveSegment/masked``).
struct LiveBaseMarks: Sendable {
  /// The bits, one per base id.
  let words: [UInt64]
  /// How many bits are set.
  let count: Int

  /// Whether no base recipe is marked.
  var isEmpty: Bool { count == 0 }

  /// Whether base recipe `place` is marked.
  @inline(__always)
  func contains(_ place: Int) -> Bool { (words[place >> 6] >> UInt64(place & 63)) & 1 == 1 }
}
