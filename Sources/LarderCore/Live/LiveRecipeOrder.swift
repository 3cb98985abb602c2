/// The recipe order of a live index: the base index's recipes in their order, each either
/// still as built, replaced by a written version (in the same place), or deleted; then the
/// recipes written since, in write order.
///
/// This is the one place the id rules of writes live: a write names a recipe by its public
/// (corpus) id; replacing a recipe keeps its place; a new recipe goes after every recipe
/// already there; a deleted id that is written again is new (it goes last). A full build of
/// the corpus this order lists, in this order, answers every query as the live index does.
///
/// - Complexity: `upsert` and `delete` are O(1) expected (a hash lookup and an array write or
///   append); slots of deleted recipes stay as holes until compaction writes a new base, so
///   memory is O(base recipes + writes).
public struct LiveRecipeOrder: Sendable {
  /// What one place in the order holds.
  public enum Slot: Sendable, Hashable {
    /// The base index's recipe with this dense id, as built.
    case base(RecipeID)
    /// A written recipe (new, or a replacement of the recipe that held this place).
    case live(Recipe)
    /// A deleted recipe's place (a deletion mark over the base, or a deleted written recipe).
    case deleted
  }

  /// What an upsert did.
  public enum UpsertOutcome: Sendable, Hashable {
    /// The id was not in the index: the recipe went last.
    case added
    /// The id was in the index: the recipe took the old version's place.
    case replaced
  }

  /// Every place, in recipe order, holes included.
  public private(set) var slots: [Slot]
  /// The place of every id present (not deleted).
  private var slotOfID: [String: Int]
  /// How many places hold a written recipe.
  public private(set) var writtenCount = 0
  /// How many places are holes.
  public private(set) var deletedCount = 0

  /// The order of a base index whose recipes have these public ids (index = dense id).
  public init(basePublicIDs: [String]) {
    slots = basePublicIDs.indices.map { .base(RecipeID($0)) }
    slotOfID = Dictionary(
      basePublicIDs.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// The number of recipes present.
  public var count: Int { slots.count - deletedCount }

  /// Whether a recipe with public id `id` is present.
  public func contains(_ id: String) -> Bool { slotOfID[id] != nil }

  /// Adds `recipe`, or replaces the recipe with its id in place.
  @discardableResult
  public mutating func upsert(_ recipe: Recipe) -> UpsertOutcome {
    if let slot = slotOfID[recipe.id] {
      if case .base = slots[slot] { writtenCount += 1 }
      slots[slot] = .live(recipe)
      return .replaced
    }
    slotOfID[recipe.id] = slots.count
    slots.append(.live(recipe))
    writtenCount += 1
    return .added
  }

  /// Deletes the recipe with public id `id`; `false` when no such recipe is present.
  @discardableResult
  public mutating func delete(_ id: String) -> Bool {
    guard let slot = slotOfID.removeValue(forKey: id) else { return false }
    if case .live = slots[slot] { writtenCount -= 1 }
    slots[slot] = .deleted
    deletedCount += 1
    return true
  }

  /// The places that hold a recipe, in order: position = the recipe's dense id in a full
  /// build of this corpus.
  public var presentSlots: [Slot] {
    slots.filter { $0 != .deleted }
  }
}
