/// One consistent state of a live index: the snapshot of the recipes present, in recipe order,
/// and where each came from (the base index, by its dense id there, or a written recipe).
///
/// The snapshot is built over exactly the corpus a full build would see
/// (``LiveRecipeOrder/presentSlots``, in order), so every snapshot query (all-of, pantry,
/// ingredient and category suggestions, counts, families, browse, random) answers as a full
/// build does, and its dense ids are the full build's ids. A view never changes: a write
/// makes a new one, and a query that holds a view sees one state from start to end.
///
/// - Complexity: building is a snapshot build over every present recipe,
///   O(P + N log N) for P postings and N recipes (the base's per-recipe fields come from its
///   snapshot and titles, not from SQLite).
public final class LiveView: Sendable {
  /// The snapshot of the recipes present.
  public let snapshot: Snapshot
  /// Where each recipe comes from, by dense id.
  public let sources: [LiveRecipeOrder.Slot]
  /// Public id of every recipe, by dense id.
  public let publicIDs: [String]
  private let idOfPublicID: [String: RecipeID]
  /// Folded titles by dense id, for recipe-title suggestions over the present recipes.
  let titleSuffixes: WordSuffixArray
  /// Titles by dense id.
  public let titles: [String]

  /// The view of `order` over `base`, its snapshot built with `relations` (the vocabulary's
  /// families, aliases and flags: the same a full build of the index is given).
  public init(base: LiveBase, order: LiveRecipeOrder, relations: IngredientRelations) {
    let present = order.presentSlots
    var builder = SnapshotBuilder()
    var publicIDs: [String] = []
    var titles: [String] = []
    publicIDs.reserveCapacity(present.count)
    titles.reserveCapacity(present.count)
    for slot in present {
      let recipe: Recipe
      switch slot {
      case .base(let rid): recipe = base.skeleton(of: rid)
      case .live(let written): recipe = written
      case .deleted: continue
      }
      builder.add(recipe)
      publicIDs.append(recipe.id)
      titles.append(recipe.title)
    }
    titleSuffixes = builder.titleWordSuffixes()
    snapshot = builder.build(relations: relations)
    sources = present
    self.publicIDs = publicIDs
    self.titles = titles
    idOfPublicID = Dictionary(
      publicIDs.enumerated().map { ($1, RecipeID($0)) }, uniquingKeysWith: { first, _ in first })
  }

  /// The number of recipes present.
  public var recipeCount: Int { publicIDs.count }

  /// The dense id of the recipe with public id `id`, if present.
  public func recipeID(publicID id: String) -> RecipeID? { idOfPublicID[id] }

  /// Recipes with a title word starting with `text` (folded like every suggestion), whole-title
  /// matches first, then in (title suffix, dense id) order, at most `limit`: what the index
  /// file's `title_words` table answers for a full build.
  /// - Complexity: O(log S · |text| + k) for S title words and k suffixes read.
  public func suggestRecipes(_ text: String, limit: Int) -> [Suggestion] {
    let folded = SearchFolding.fold(text)
    guard !folded.isEmpty, limit > 0 else { return [] }
    var seen = Set<Int>()
    var exact: [Suggestion] = []
    var others: [Suggestion] = []
    var key = folded
    let range = key.withUTF8 { titleSuffixes.range(of: $0) }
    for position in range where exact.count + others.count < limit {
      let recipe = titleSuffixes.stringIndex(at: position)
      guard seen.insert(recipe).inserted else { continue }
      let isWhole = SearchFolding.fold(titles[recipe]) == folded
      let suggestion = Suggestion(
        kind: .recipe, display: titles[recipe], value: publicIDs[recipe], recipeCount: 1,
        match: isWhole ? .exact : .prefix)
      if isWhole { exact.append(suggestion) } else { others.append(suggestion) }
    }
    return exact + others
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

  /// A base from its parts; the arrays are indexed by the snapshot's dense ids.
  public init(snapshot: Snapshot, publicIDs: [String], titles: [String]) {
    self.snapshot = snapshot
    self.publicIDs = publicIDs
    self.titles = titles
  }

  /// Base recipe `rid` with the fields a snapshot is built from (title, category, area,
  /// minutes, one line per ingredient name): what the snapshot builder saw at the base build.
  func skeleton(of rid: RecipeID) -> Recipe {
    let r = rid.index
    let category = snapshot.recipeCategory[r]
    let area = snapshot.recipeArea[r]
    let minutes = snapshot.recipeMinutes[r]
    return Recipe(
      id: publicIDs[r], title: titles[r],
      category: category == .max ? nil : snapshot.categoryNames[Int(category)],
      area: area == .max ? nil : snapshot.areaNames[Int(area)],
      prepMinutes: minutes == -1 ? nil : Int(minutes),
      ingredients: snapshot.lines(of: rid).map {
        IngredientLine(text: "", name: snapshot.ingredientName($0))
      })
  }
}
extension LiveView: RecipeTitleSuggester {}
