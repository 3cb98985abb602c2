import LarderCore
import LarderStore

extension ResponseShapes {
  /// `GET /v1/me/grocery` (and the answers of its writes): the merged entries in aisle order,
  /// each with its `aisle`, and the aisles with how many entries each has, in the same order.
  public struct GroceryAnswer: Encodable, Sendable {
    /// The merged entries, grouped by aisle (``GroceryList/merge(_:aisles:)``).
    public var items: [GroceryEntry]
    /// The aisles the entries are in, in order, with their entry counts.
    public var aisles: [NamedCount]

    /// The answer for a profile's stored rows.
    public init(_ rows: [GroceryItem], aisles: GroceryAisles) {
      items = GroceryList.merge(rows, aisles: aisles)
      var groups: [NamedCount] = []
      for entry in items {
        if groups.last?.name == entry.aisle {
          groups[groups.count - 1].count += 1
        } else {
          groups.append(NamedCount(name: entry.aisle, count: 1))
        }
      }
      self.aisles = groups
    }
  }

  /// `GET /v1/me/pantry` and its writes: the pantry's names and the profile's points.
  public struct PantryAnswer: Encodable, Sendable {
    /// The pantry's canonical names.
    public var pantry: [String]
    /// Points earned by marking ingredients at home.
    public var points: Int

    /// The answer for a pantry and points.
    public init(pantry: [String], points: Int) {
      self.pantry = pantry
      self.points = points
    }
  }

  /// One saved recipe of `GET /v1/me/favorites`.
  public struct Favorite: Encodable, Sendable {
    /// The recipe's public id.
    public var recipeId: String
    /// Its title when it was saved.
    public var title: String
    /// When it was saved (ISO 8601).
    public var savedAt: String
    /// Whether the served index still has the recipe.
    public var available: Bool

    /// A stored favorite, `available` when the index still has it.
    public init(_ saved: UserStore.Favorite, available: Bool) {
      self.init(
        recipeId: saved.recipeID, title: saved.title, savedAt: saved.savedAt, available: available)
    }

    /// A favorite from its fields.
    public init(recipeId: String, title: String, savedAt: String, available: Bool) {
      self.recipeId = recipeId
      self.title = title
      self.savedAt = savedAt
      self.available = available
    }
  }

  /// `GET /v1/me/favorites`.
  public struct Favorites: Encodable, Sendable {
    /// The saved recipes, in the store's order.
    public var favorites: [Favorite]

    /// Each stored favorite, checked against `reader` for whether the index still has it.
    public init(_ saved: [UserStore.Favorite], reader: IndexReader) throws {
      favorites = try saved.map {
        Favorite($0, available: try reader.recipeID(publicID: $0.recipeID) != nil)
      }
    }
  }
}
