import LarderCore

/// One read of a ``LiveIndex``: a consistent ``LiveView`` and the text of its recipes (base
/// recipes from the base file, written ones from the segment file by the versions the view
/// names), addressed by the view's dense ids. Valid only inside ``LiveIndex/read(_:)``.
public struct LiveReadAccess {
  /// The view every answer of this read comes from.
  public let view: LiveView
  let reader: IndexReader
  /// The written recipes whole, by version.
  let records: LiveSegmentRecords

  /// The view's snapshot, for every snapshot query.
  public var snapshot: Snapshot { view.snapshot }

  /// Every stored field of recipe `id` (a dense id of ``view``), or `nil` when out of range.
  public func recipe(_ id: RecipeID) throws -> Recipe? {
    guard id.index < view.sources.count else { return nil }
    switch view.sources[id.index] {
    case .live(let written): return try records.recipe(written.version)
    case .base(let rid): return try reader.recipe(rid)
    case .deleted: return nil
    }
  }

  /// The recipe with public id `id`, if present.
  public func recipe(publicID id: String) throws -> Recipe? {
    guard let dense = view.recipeID(publicID: id) else { return nil }
    return try recipe(dense)
  }

  /// The summaries of `ids` (dense ids of ``view``), in their order, one for each id.
  /// - Throws: ``IndexContentError/missingRecipes(path:recipes:)`` naming the ids this view
  ///   has no recipe for (or whose base row the file lacks): ids come from the view's own
  ///   answers, so a page never silently loses a hit.
  /// - Complexity: one statement for the base recipes among them, plus one record read per
  ///   written one.
  public func summaries(of ids: [RecipeID]) throws -> [RecipeSummary] {
    let outOfRange = ids.filter { $0.index >= view.sources.count }
    guard outOfRange.isEmpty else {
      throw IndexContentError.missingRecipes(path: reader.url.path, recipes: outOfRange)
    }
    var baseIDs: [RecipeID] = []
    var versions: [Int64] = []
    for id in ids {
      switch view.sources[id.index] {
      case .base(let rid): baseIDs.append(rid)
      case .live(let written): versions.append(written.version)
      case .deleted: continue
      }
    }
    var baseSummaries = try reader.summaries(of: baseIDs).makeIterator()
    var writtenRecipes = try records.recipes(versions).makeIterator()
    return try ids.map { id -> RecipeSummary in
      switch view.sources[id.index] {
      case .live:
        // One recipe per written id, in order.
        guard let recipe = writtenRecipes.next() else {
          throw IndexContentError.missingRecipes(path: reader.url.path, recipes: [id])
        }
        return RecipeSummary(
          recipe: id, publicID: recipe.id, title: recipe.title, category: recipe.category,
          area: recipe.area, totalMinutes: recipe.totalMinutes, image: recipe.image)
      case .base:
        // One summary per base id, in order (the reader throws when it lacks one).
        guard var summary = baseSummaries.next() else {
          throw IndexContentError.missingRecipes(path: reader.url.path, recipes: [id])
        }
        summary.recipe = id
        return summary
      case .deleted:
        throw IndexContentError.missingRecipes(path: reader.url.path, recipes: [id])
      }
    }
  }
}
