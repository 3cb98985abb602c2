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
  public func categories() -> [BrowseGroup] { segment.groups(of: .category) }

  /// ``LiveView/areas()``, merged.
  public func areas() -> [BrowseGroup] { segment.groups(of: .area) }

  /// ``LiveView/recipes(inCategory:offset:limit:)``, merged.
  public func recipes(inCategory category: String, offset: Int = 0, limit: Int = 20) -> BrowsePage {
    page(groupOrders.categories.order(category, by: .foldedTitle), offset, limit)
  }

  /// ``LiveView/recipes(inArea:offset:limit:)``, merged.
  public func recipes(inArea area: String, offset: Int = 0, limit: Int = 20) -> BrowsePage {
    page(groupOrders.areas.order(area, by: .foldedTitle), offset, limit)
  }

  /// ``LiveView/randomRecipes(count:category:seed:)``, merged: positions among the present
  /// recipes (dense ids are contiguous), or in the category's merged order.
  public func randomRecipes(count: Int, category: String? = nil, seed: UInt64) -> [RecipeID] {
    guard let category else {
      return Snapshot.randomPositions(count: count, of: view.recipeCount, seed: seed).map(
        RecipeID.init)
    }
    let order = groupOrders.categories.order(category, by: .foldedTitle)
    return Snapshot.randomPositions(count: count, of: order.count, seed: seed).map {
      denseID(ofPlace: order[order.startIndex + $0])
    }
  }

  /// ``LiveView/categoryPageByTitleBytes(_:page:limit:)``, merged.
  public func categoryPageByTitleBytes(_ category: String, page: Int, limit: Int) -> [RecipeID] {
    groupOrders.categoryPageByTitleBytes(category, page: page, limit: limit)
  }

  /// A page of `order` (places), as ``Snapshot``'s browse pages clamp it.
  private func page(_ order: ArraySlice<UInt32>, _ offset: Int, _ limit: Int) -> BrowsePage {
    let from = min(max(offset, 0), order.count)
    let to = from + min(max(limit, 0), order.count - from)
    return BrowsePage(
      total: order.count,
      recipes: denseIDs(ofPlaces: order[(order.startIndex + from)..<(order.startIndex + to)]))
  }

  /// The dense ids of the recipes at `places` (each place less the holes before it; the
  /// places themselves when there is no hole).
  /// - Complexity: O(k) without holes, else O(k log H) for k places and H holes.
  @inline(__always)
  private func denseIDs(ofPlaces places: ArraySlice<UInt32>) -> [RecipeID] {
    if view.holePlaces.isEmpty {
      return places.withUnsafeBufferPointer { [RecipeID](rawValues: $0) }
    }
    return places.map { denseID(ofPlace: $0) }
  }

  /// The dense id of the recipe at `place` (present: a group order holds no hole).
  private func denseID(ofPlace place: UInt32) -> RecipeID {
    RecipeID(rawValue: place - UInt32(LiveView.count(of: view.holePlaces, below: Int(place))))
  }
}

/// Which merged browse order (``LiveGroupOrders``).
enum LiveGroupOrder {
  /// Categories or areas.
  enum Kind: Hashable, Sendable { case category, area }
  /// By folded title (browse pages, random picks) or by title bytes (the harness's pages).
  enum Sort: Hashable, Sendable { case foldedTitle, titleBytes }
}
