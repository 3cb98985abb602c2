/// The recipe order of a live index: the base index's recipes in their order, each either
/// still as built, replaced by a written version (in the same place), or deleted; then the
/// recipes written since, in write order.
///
/// This is the one place the id rules of writes live: a write names a recipe by its public
/// (corpus) id; replacing a recipe keeps its place; a new recipe goes after every recipe
/// already there; a deleted id that is written again is new (it goes last). A full build of
/// the corpus this order lists, in this order, answers every query as the live index does.
///
/// The base's places are implicit (place `i` < ``baseCount`` is base recipe `i` unless a write
/// changed it), so the order stores only what writes changed: copying it (a reader taking one
/// state while writes go on) costs O(writes), not O(recipes).
///
/// A written recipe is held as its id, title and version (``WrittenRecipe``): the recipe
/// whole stays in the live segment's file, as a base recipe stays in the base file.
///
/// - Complexity: `upsert` and `delete` are O(1) expected (hash lookups and a dictionary or
///   array write); slots of deleted recipes stay as holes until compaction writes a new base,
///   so memory is O(writes) beside the base's shared id table.
public struct LiveRecipeOrder: Sendable {
  /// What one place in the order holds.
  public enum Slot: Sendable, Hashable {
    /// The base index's recipe with this dense id, as built.
    case base(RecipeID)
    /// A written recipe (new, or a replacement of the recipe that held this place): its id,
    /// title and version; the recipe itself stays in the live segment's file.
    case live(WrittenRecipe)
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

  /// The base's place of every base public id (shared, never changed after init).
  private let basePlaces: BasePlaces
  /// Base places a write changed (replaced or deleted).
  private var changedBase: [Int: Slot] = [:]
  /// Places after the base's, in write order (holes included).
  private var appended: [Slot] = []
  /// The place of every present id among `appended` (offset by ``baseCount``).
  private var appendedPlaces: [String: Int] = [:]
  /// How many places hold a written recipe.
  public private(set) var writtenCount = 0
  /// How many places are holes.
  public private(set) var deletedCount = 0

  /// The base ids' places, in a class so copies of an order share it.
  private final class BasePlaces: Sendable {
    let place: [String: Int]
    let count: Int
    init(_ ids: [String], pacer: LoadPacer?) {
      var place: [String: Int] = [:]
      place.reserveCapacity(ids.count)
      // Backwards, so an id given twice keeps its first place.
      for (index, id) in ids.enumerated().reversed() {
        place[id] = index
        pacer?.step()
      }
      self.place = place
      count = ids.count
    }
  }

  /// The order of a base index whose recipes have these public ids (index = dense id); a
  /// paced build (`pacer`, a server's reload) gives its core back between ids.
  /// - Complexity: O(N) once; the id table is shared by every copy.
  public init(basePublicIDs: [String], pacer: LoadPacer? = nil) {
    basePlaces = BasePlaces(basePublicIDs, pacer: pacer)
  }

  /// The order of the same base as `other` with no writes, sharing its id table: a reload of
  /// an unchanged base file replays its segment into this instead of hashing every base id
  /// again (that hashing was 87 % of such a reload's CPU at 100k recipes).
  /// - Complexity: O(1).
  public init(sharingBaseOf other: LiveRecipeOrder) {
    basePlaces = other.basePlaces
  }

  /// The number of base places.
  public var baseCount: Int { basePlaces.count }

  /// The number of places, holes included.
  public var placeCount: Int { basePlaces.count + appended.count }

  /// The number of recipes present.
  public var count: Int { placeCount - deletedCount }

  /// What place `place` holds.
  public subscript(place: Int) -> Slot {
    if place >= basePlaces.count { return appended[place - basePlaces.count] }
    return changedBase[place] ?? .base(RecipeID(place))
  }

  /// The place of the present recipe with public id `id`, if any.
  public func place(of id: String) -> Int? {
    if let place = appendedPlaces[id] { return place + basePlaces.count }
    if let place = basePlaces.place[id], changedBase[place] != .deleted { return place }
    return nil
  }

  /// Whether a recipe with public id `id` is present.
  public func contains(_ id: String) -> Bool { place(of: id) != nil }

  /// Adds `recipe`, or replaces the recipe with its id in place.
  @discardableResult
  public mutating func upsert(_ recipe: WrittenRecipe) -> UpsertOutcome {
    if let place = place(of: recipe.id) {
      if place >= basePlaces.count {
        appended[place - basePlaces.count] = .live(recipe)
      } else {
        if changedBase[place] == nil { writtenCount += 1 }
        changedBase[place] = .live(recipe)
      }
      return .replaced
    }
    appendedPlaces[recipe.id] = appended.count
    appended.append(.live(recipe))
    writtenCount += 1
    return .added
  }

  /// Deletes the recipe with public id `id`; `false` when no such recipe is present.
  @discardableResult
  public mutating func delete(_ id: String) -> Bool {
    guard let place = place(of: id) else { return false }
    if place >= basePlaces.count {
      appendedPlaces[id] = nil
      appended[place - basePlaces.count] = .deleted
      writtenCount -= 1
    } else {
      if case .live = changedBase[place] { writtenCount -= 1 }
      changedBase[place] = .deleted
    }
    deletedCount += 1
    return true
  }

  /// The places writes changed, ascending: those that hold a written recipe, and the holes.
  /// - Complexity: O(C log C) for C changed base places, plus O(places after the base's).
  public var changedPlaces: (written: [Int], holes: [Int]) {
    var written: [Int] = []
    var holes: [Int] = []
    for (place, slot) in changedBase.sorted(by: { $0.key < $1.key }) {
      if slot == .deleted { holes.append(place) } else { written.append(place) }
    }
    for (offset, slot) in appended.enumerated() {
      if slot == .deleted {
        holes.append(basePlaces.count + offset)
      } else {
        written.append(basePlaces.count + offset)
      }
    }
    return (written, holes)
  }

  /// The places that hold a recipe, in order: position = the recipe's dense id in a full
  /// build of this corpus.
  /// - Complexity: O(N).
  public var presentSlots: [Slot] {
    var result: [Slot] = []
    result.reserveCapacity(count)
    for place in 0..<placeCount {
      let slot = self[place]
      if slot != .deleted { result.append(slot) }
    }
    return result
  }
}
