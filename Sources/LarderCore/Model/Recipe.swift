/// A recipe as Larder stores and serves it: every ingredient line already normalized.
///
/// `id` is the corpus's own identifier and the public id in every face (CLI, HTTP). Inside an
/// index each recipe also has a dense ``RecipeID`` assigned in corpus order.
public struct Recipe: Sendable, Hashable, Codable {
  /// The corpus's own identifier, unique within an index.
  public var id: String
  /// The recipe's name as the source gives it.
  public var title: String
  /// A browse category such as `Beef` or `Dessert` (TheMealDB's 14 are the default set).
  public var category: String?
  /// The cuisine, for example `Italian`.
  public var area: String?
  /// Free tags such as `Soup` or `Quick`.
  public var tags: [String]
  /// A one-paragraph description.
  public var summary: String?
  /// How many people the recipe serves.
  public var servings: Int?
  /// Preparation time in minutes.
  public var prepMinutes: Int?
  /// Cooking time in minutes.
  public var cookMinutes: Int?
  /// The ingredient lines in source order.
  public var ingredients: [IngredientLine]
  /// The method, one entry per step, in order.
  public var steps: [String]
  /// Nutrition per serving, where the source states it.
  public var nutrition: Nutrition?
  /// Diet labels the source claims (for example `vegan`); derived labels live elsewhere.
  public var diets: [String]
  /// Where the recipe came from (a URL or a book).
  public var source: String?
  /// An image URL.
  public var image: String?

  /// Creates a recipe; only `id` and `title` are required.
  public init(
    id: String, title: String, category: String? = nil, area: String? = nil, tags: [String] = [],
    summary: String? = nil, servings: Int? = nil, prepMinutes: Int? = nil, cookMinutes: Int? = nil,
    ingredients: [IngredientLine] = [], steps: [String] = [], nutrition: Nutrition? = nil,
    diets: [String] = [], source: String? = nil, image: String? = nil
  ) {
    self.id = id
    self.title = title
    self.category = category
    self.area = area
    self.tags = tags
    self.summary = summary
    self.servings = servings
    self.prepMinutes = prepMinutes
    self.cookMinutes = cookMinutes
    self.ingredients = ingredients
    self.steps = steps
    self.nutrition = nutrition
    self.diets = diets
    self.source = source
    self.image = image
  }

  /// Preparation plus cooking time, or `nil` when neither is known.
  public var totalMinutes: Int? { Self.totalMinutes(prep: prepMinutes, cook: cookMinutes) }

  /// Preparation plus cooking time, or `nil` when neither is known (an unknown part counts 0).
  public static func totalMinutes(prep: Int?, cook: Int?) -> Int? {
    switch (prep, cook) {
    case (nil, nil): return nil
    case (let prep, let cook): return (prep ?? 0) + (cook ?? 0)
    }
  }
}
