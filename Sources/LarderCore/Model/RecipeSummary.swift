/// What a result list shows of a recipe.
public struct RecipeSummary: Sendable, Hashable {
  /// The dense id (corpus order).
  public var recipe: RecipeID
  /// The corpus's own id.
  public var publicID: String
  /// The title.
  public var title: String
  /// The category, if any.
  public var category: String?
  /// The area (cuisine), if any.
  public var area: String?
  /// Preparation plus cooking time, if known.
  public var totalMinutes: Int?
  /// The image URL, if any.
  public var image: String?

  /// A summary from its fields.
  public init(
    recipe: RecipeID, publicID: String, title: String, category: String? = nil,
    area: String? = nil, totalMinutes: Int? = nil, image: String? = nil
  ) {
    self.recipe = recipe
    self.publicID = publicID
    self.title = title
    self.category = category
    self.area = area
    self.totalMinutes = totalMinutes
    self.image = image
  }
}
