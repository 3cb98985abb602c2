/// Browsing a live view without its whole snapshot: group counts are the base's less its
/// masked recipes plus the written recipes'; a group's order merges the base's order (masked
/// recipes left out) with the written recipes' by (title, dense id), as a full build sorts it;
/// random picks choose positions in the present recipes (dense ids are contiguous) or in a
/// group's merged order, with the full build's generator.
extension LiveView {
  /// Every category with its recipe count, by name: ``Snapshot/categories()`` of a full build.
  public func categories() -> [BrowseGroup] {
    builtSnapshot?.categories() ?? merged.categories()
  }

  /// Every area with its recipe count, by name: ``Snapshot/areas()`` of a full build.
  public func areas() -> [BrowseGroup] { builtSnapshot?.areas() ?? merged.areas() }

  /// Recipes of `category` by (folded title, dense id): ``Snapshot/recipes(inCategory:offset:limit:)``.
  public func recipes(inCategory category: String, offset: Int = 0, limit: Int = 20) -> BrowsePage {
    builtSnapshot?.recipes(inCategory: category, offset: offset, limit: limit)
      ?? merged.recipes(inCategory: category, offset: offset, limit: limit)
  }

  /// Recipes of `area` by (folded title, dense id): ``Snapshot/recipes(inArea:offset:limit:)``.
  public func recipes(inArea area: String, offset: Int = 0, limit: Int = 20) -> BrowsePage {
    builtSnapshot?.recipes(inArea: area, offset: offset, limit: limit)
      ?? merged.recipes(inArea: area, offset: offset, limit: limit)
  }

  /// `count` distinct random recipes: ``Snapshot/randomRecipes(count:category:seed:)`` of a
  /// full build (the same picks for the same seed).
  public func randomRecipes(count: Int, category: String? = nil, seed: UInt64) -> [RecipeID] {
    builtSnapshot?.randomRecipes(count: count, category: category, seed: seed)
      ?? merged.randomRecipes(count: count, category: category, seed: seed)
  }

  /// Page `page` of `category` by (title bytes, dense id): the harness's
  /// ``Snapshot/categoryPageByTitleBytes(_:page:limit:)``.
  public func categoryPageByTitleBytes(_ category: String, page: Int, limit: Int) -> [RecipeID] {
    builtSnapshot?.categoryPageByTitleBytes(category, page: page, limit: limit)
      ?? merged.categoryPageByTitleBytes(category, page: page, limit: limit)
  }
}

extension LiveMergedQueries {
  /// ``LiveView/categories()``, merged.
  public func categories() -> [BrowseGroup] { view.segment.groups(of: .category) }

  /// ``LiveView/areas()``, merged.
  public func areas() -> [BrowseGroup] { view.segment.groups(of: .area) }

  /// ``LiveView/recipes(inCategory:offset:limit:)``, merged.
  public func recipes(inCategory category: String, offset: Int = 0, limit: Int = 20) -> BrowsePage {
    Self.page(
      view.groupOrder(.init(kind: .category, sort: .foldedTitle, name: category)), offset, limit)
  }

  /// ``LiveView/recipes(inArea:offset:limit:)``, merged.
  public func recipes(inArea area: String, offset: Int = 0, limit: Int = 20) -> BrowsePage {
    Self.page(view.groupOrder(.init(kind: .area, sort: .foldedTitle, name: area)), offset, limit)
  }

  /// ``LiveView/randomRecipes(count:category:seed:)``, merged: positions among the present
  /// recipes (dense ids are contiguous), or in the category's merged order.
  public func randomRecipes(count: Int, category: String? = nil, seed: UInt64) -> [RecipeID] {
    guard let category else {
      return Snapshot.randomPositions(count: count, of: view.recipeCount, seed: seed).map(
        RecipeID.init)
    }
    let order = view.groupOrder(.init(kind: .category, sort: .foldedTitle, name: category))
    return Snapshot.randomPositions(count: count, of: order.count, seed: seed).map {
      RecipeID(rawValue: order[$0])
    }
  }

  /// ``LiveView/categoryPageByTitleBytes(_:page:limit:)``, merged.
  public func categoryPageByTitleBytes(_ category: String, page: Int, limit: Int) -> [RecipeID] {
    guard limit > 0, page >= 0 else { return [] }
    return view.withGroupOrder(.init(kind: .category, sort: .titleBytes, name: category)) {
      order in
      let from = page * limit
      if from >= order.count { return [] }
      return [RecipeID](
        rawValues: UnsafeBufferPointer(rebasing: order[from..<min(from + limit, order.count)]))
    }
  }

  /// A page of `order`, as ``Snapshot``'s browse pages clamp it.
  private static func page(_ order: [UInt32], _ offset: Int, _ limit: Int) -> BrowsePage {
    let from = min(max(offset, 0), order.count)
    let to = from + min(max(limit, 0), order.count - from)
    return BrowsePage(total: order.count, recipes: order[from..<to].map(RecipeID.init(rawValue:)))
  }

}

extension LiveView {
  /// Calls `body` with ``groupOrder(_:)`` of `key` in place (a page copies its ids out of
  /// the order, not the order's elements it does not return).
  func withGroupOrder<Result>(
    _ key: LiveGroupOrder.Key, _ body: (UnsafeBufferPointer<UInt32>) -> Result
  ) -> Result {
    if let slot = baseGroupSlot(key), let made = baseGroupOrders.withLock({ $0[slot] }) {
      return made.withUnsafeBufferPointer(body)
    }
    return groupOrder(key).withUnsafeBufferPointer(body)
  }

  /// The dense ids of a group's recipes in its order (empty for a group a full build does not
  /// have), merged on first use and kept for this view's life.
  /// - Complexity: O(G log H + W_G log G) for the group's G base and W_G written recipes.
  func groupOrder(_ key: LiveGroupOrder.Key) -> [UInt32] {
    let slot = baseGroupSlot(key)
    if let slot {
      if let made = baseGroupOrders.withLock({ $0[slot] }) { return made }
    } else if let made = groupOrders.withLock({ $0[key] }) {
      return made
    }
    let segment = self.segment
    func members(_ snapshot: Snapshot) -> ArraySlice<UInt32> {
      switch key.kind {
      case .category:
        guard let c = snapshot.categoryIndex(key.name) else { return [] }
        let range = Int(snapshot.categoryOffsets[c])..<Int(snapshot.categoryOffsets[c + 1])
        return key.sort == .foldedTitle
          ? snapshot.categoryByFoldedTitle[range] : snapshot.categoryByTitle[range]
      case .area:
        guard let a = snapshot.areaIndex(key.name) else { return [] }
        return snapshot.areaByFoldedTitle[
          Int(snapshot.areaOffsets[a])..<Int(snapshot.areaOffsets[a + 1])]
      }
    }
    let baseRIDs = members(segment.base).filter { !segment.isMasked(Int($0)) }.map(Int.init)
    let liveLocals = members(segment.live).map(Int.init)
    let baseDense = baseRIDs.map { UInt32(dense(ofPlace: $0)!) }
    let liveDense = liveLocals.map { UInt32(dense(ofPlace: segment.livePlaces[$0])!) }
    let baseFolded = key.sort == .foldedTitle ? base.foldedTitles : StringTable()
    func baseText(_ i: Int) -> String {
      key.sort == .foldedTitle ? baseFolded[baseRIDs[i]] : base.titles[baseRIDs[i]]
    }
    func liveText(_ j: Int) -> String {
      key.sort == .foldedTitle
        ? segment.liveFoldedTitles[liveLocals[j]] : segment.liveTitles[liveLocals[j]]
    }
    /// Whether base entry `i` comes before written entry `j`: (title bytes, dense id).
    func basePrecedes(_ i: Int, _ j: Int) -> Bool {
      let (a, b) = (baseText(i), liveText(j))
      if !a.utf8.elementsEqual(b.utf8) { return a.utf8.lexicographicallyPrecedes(b.utf8) }
      return baseDense[i] < liveDense[j]
    }
    var order: [UInt32] = []
    order.reserveCapacity(baseDense.count + liveDense.count)
    var start = 0
    for j in liveDense.indices {
      var low = start
      var high = baseDense.count
      while low < high {
        let middle = (low + high) >> 1
        if basePrecedes(middle, j) { low = middle + 1 } else { high = middle }
      }
      order.append(contentsOf: baseDense[start..<low])
      order.append(liveDense[j])
      start = low
    }
    order.append(contentsOf: baseDense[start...])
    // Only groups that exist are kept: a typed name of no group costs a lookup, never memory.
    if !order.isEmpty {
      if let slot {
        baseGroupOrders.withLock { $0[slot] = order }
      } else {
        groupOrders.withLock { $0[key] = order }
      }
    }
    return order
  }

  /// The place of a group of the base in ``baseGroupOrders`` (categories, then areas, by the
  /// base snapshot's index; two sorts each), or `nil` for a group the base does not have.
  private func baseGroupSlot(_ key: LiveGroupOrder.Key) -> Int? {
    let snapshot = base.snapshot
    let group: Int
    switch key.kind {
    case .category:
      guard let c = snapshot.categoryIndex(key.name) else { return nil }
      group = c
    case .area:
      guard let a = snapshot.areaIndex(key.name) else { return nil }
      group = snapshot.categoryNames.count + a
    }
    return 2 * group + (key.sort == .foldedTitle ? 0 : 1)
  }
}

/// Which merged browse order a live view keeps.
enum LiveGroupOrder {
  /// Categories or areas.
  enum Kind: Hashable, Sendable { case category, area }
  /// By folded title (browse pages, random picks) or by title bytes (the harness's pages).
  enum Sort: Hashable, Sendable { case foldedTitle, titleBytes }

  /// One group's order.
  struct Key: Hashable, Sendable {
    var kind: Kind
    var sort: Sort
    var name: String
  }
}
