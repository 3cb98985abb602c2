/// The family rule, in one place: which recipe ingredients a query or pantry ingredient stands for.
///
/// In family mode an ingredient stands for itself and every descendant in the vocabulary's
/// family tree, its varieties and forms: `milk` stands for `whole milk`, `tomato` for
/// `chopped tomato`, `cheese` for `cheddar`. In exact mode it stands for itself only.
/// All-of (`find --with`, `GET /v1/recipes`), pantry matching and the grocery list's
/// "add missing" all ask ``members(of:_:)`` or ``PantryCoverage``, so "does this recipe have X"
/// has one answer everywhere. A specific item does not cover a more general recipe line
/// (having `cheddar` does not cover a line that only says `cheese`), for the same reason
/// `find --with cheddar` does not return it.
extension Snapshot {
  /// The ingredients `ingredient` stands for under `matching`: itself, plus its descendants in
  /// family mode. Ascending.
  /// - Complexity: O(family size · log).
  public func members(of ingredient: IngredientID, _ matching: IngredientMatching) -> [IngredientID]
  {
    matching == .exact || !hasChildren(ingredient) ? [ingredient] : family(of: ingredient)
  }
}

/// A pantry item standing in for a recipe ingredient of its family: "whole milk: you have milk".
public struct FamilyCoverage: Sendable, Hashable {
  /// The recipe's ingredient (canonical name).
  public var ingredient: String
  /// The pantry item (or staple) that covers it (canonical name).
  public var have: String

  /// A coverage pair.
  public init(ingredient: String, have: String) {
    self.ingredient = ingredient
    self.have = have
  }

  /// The sentence shown to the user: "whole milk: you have milk".
  public var note: String { "\(ingredient): you have \(have)" }
}

/// The recipe ingredients a set of pantry items covers under the family rule.
///
/// Built once per query: every item's ``Snapshot/members(of:_:)`` go into one bitset, so
/// "is this recipe ingredient covered" is one bit probe. Which item covers an ingredient is
/// found on demand (the nearest ancestor that is an item), only for the lines shown.
/// - Complexity: O(Σ family sizes) to build, V / 4 bytes; O(1) per ``covers(_:)``.
public struct PantryCoverage: Sendable {
  /// The snapshot the ids belong to.
  public let snapshot: Snapshot
  /// Family or exact.
  public let matching: IngredientMatching
  /// Resolved items, distinct, in the order given.
  public private(set) var items: [IngredientID] = []
  /// Names that resolved to nothing (only with ``PantryQuery/UnknownItems/skip``), as given.
  public private(set) var unknownItems: [String] = []
  /// Covered ingredients, each once, in the order first reached.
  public private(set) var covered: [IngredientID] = []
  private var coveredSet: IngredientSet
  private var itemSet: IngredientSet

  /// The coverage of `names` (typed or stored pantry items) in `snapshot`.
  /// - Throws: ``QueryError/unknownIngredient(_:didYouMean:)`` for an unresolved name under
  ///   ``PantryQuery/UnknownItems/refuse``.
  public init(
    _ names: [String], in snapshot: Snapshot, matching: IngredientMatching,
    unknownItems policy: PantryQuery.UnknownItems
  ) throws {
    self.snapshot = snapshot
    self.matching = matching
    coveredSet = IngredientSet(capacity: snapshot.ingredientCount)
    itemSet = IngredientSet(capacity: snapshot.ingredientCount)
    for name in names {
      let id: IngredientID
      switch policy {
      case .refuse: id = try snapshot.resolveOrThrow(name)
      case .skip:
        guard let found = snapshot.resolveIngredient(name) else {
          unknownItems.append(name)
          continue
        }
        id = found
      }
      add(id)
    }
  }

  /// Adds one more item (a staple, say) and returns the ingredients it newly covers.
  @discardableResult
  mutating func add(_ item: IngredientID) -> ArraySlice<IngredientID> {
    let before = covered.count
    if !itemSet.contains(item) {
      itemSet.insert(item)
      items.append(item)
    }
    for member in snapshot.members(of: item, matching) where !coveredSet.contains(member) {
      coveredSet.insert(member)
      covered.append(member)
    }
    return covered[before...]
  }

  /// Whether a pantry item covers recipe ingredient `ingredient`.
  @inline(__always)
  public func covers(_ ingredient: IngredientID) -> Bool { coveredSet.contains(ingredient) }

  /// Whether a pantry item covers the recipe ingredient named `name` (canonical); an
  /// ingredient the snapshot does not know is never covered.
  public func covers(name: String) -> Bool {
    snapshot.ingredientID(name).map(covers) ?? false
  }

  /// The item covering `ingredient` when it is not the ingredient itself (the nearest
  /// ancestor that is an item), for the "whole milk: you have milk" note; `nil` otherwise.
  public func familyCoverage(of ingredient: IngredientID) -> FamilyCoverage? {
    guard covers(ingredient), !itemSet.contains(ingredient) else { return nil }
    for ancestor in snapshot.ancestry(of: ingredient).dropFirst() where itemSet.contains(ancestor) {
      return FamilyCoverage(
        ingredient: snapshot.ingredientName(ingredient), have: snapshot.ingredientName(ancestor))
    }
    return nil
  }
}
