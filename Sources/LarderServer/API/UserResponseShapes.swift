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

  /// One saved recipe of `GET /v1/me/favorites`, with what a recipe card shows: the summary
  /// fields are null once the recipe has left the index (`available` false), and the title is
  /// the one stored when it was saved.
  public struct Favorite: Encodable, Sendable {
    /// The recipe's public id.
    public var recipeId: String
    /// Its title (the index's, or the one stored when it was saved once the index lacks it).
    public var title: String
    /// When it was saved (ISO 8601).
    public var savedAt: String
    /// Whether the served index still has the recipe.
    public var available: Bool
    /// Its category, when available.
    public var category: String?
    /// Its cuisine, when available.
    public var area: String?
    /// Its total time in minutes, when available and known.
    public var minutes: Int?
    /// Its picture's URL, when available and known.
    public var image: String?

    /// A stored favorite with `summary`, the index's summary of the recipe (`nil` when the
    /// index no longer has it).
    public init(_ saved: UserStore.Favorite, summary: LarderCore.RecipeSummary?) {
      self.init(
        recipeId: saved.recipeID, title: saved.title, savedAt: saved.savedAt, summary: summary)
    }

    /// A favorite from its stored fields and the index's summary (`nil` when gone).
    public init(
      recipeId: String, title: String, savedAt: String, summary: LarderCore.RecipeSummary?
    ) {
      self.recipeId = recipeId
      self.title = summary?.title ?? title
      self.savedAt = savedAt
      available = summary != nil
      category = summary?.category
      area = summary?.area
      minutes = summary?.totalMinutes
      image = summary?.image
    }

    enum CodingKeys: String, CodingKey {
      case recipeId, title, savedAt, available, category, area, minutes, image
    }

    public func encode(to encoder: any Encoder) throws {
      // Absent values are written as null: a card reads one shape.
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(recipeId, forKey: .recipeId)
      try container.encode(title, forKey: .title)
      try container.encode(savedAt, forKey: .savedAt)
      try container.encode(available, forKey: .available)
      try container.encode(category, forKey: .category)
      try container.encode(area, forKey: .area)
      try container.encode(minutes, forKey: .minutes)
      try container.encode(image, forKey: .image)
    }
  }

  /// `GET /v1/me/favorites`.
  public struct Favorites: Encodable, Sendable {
    /// The saved recipes, in the store's order.
    public var favorites: [Favorite]

    /// Each stored favorite with its summary read from `reader` (one lookup each).
    public init(_ saved: [UserStore.Favorite], reader: some RecipeTextReader) throws {
      favorites = try saved.map {
        Favorite($0, summary: try reader.recipeID(publicID: $0.recipeID).map(reader.summary(of:)))
      }
    }
  }
}
