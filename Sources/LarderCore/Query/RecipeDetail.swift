/// Everything a recipe page shows: the stored fields, ingredient lines with measures, steps with
/// the ingredients each mentions (for a cooking-mode card per step), nutrition, and diet labels
/// derived from the vocabulary next to the ones the source claims.
public struct RecipeDetail: Sendable, Hashable, Codable {
  /// One ingredient line.
  public struct Ingredient: Sendable, Hashable, Codable {
    /// 0-based position in the recipe.
    public var position: Int
    /// The line as written.
    public var text: String
    /// The amount, if stated.
    public var quantity: Quantity?
    /// The canonical unit, if stated.
    public var unit: String?
    /// The canonical ingredient name.
    public var name: String
    /// Preparation, if stated.
    public var preparation: String?
    /// The rest of the line, if any.
    public var comment: String?
    /// Whether the line is optional.
    public var optional: Bool
  }

  /// One step.
  public struct Step: Sendable, Hashable, Codable {
    /// 1-based step number.
    public var number: Int
    /// The text.
    public var text: String
    /// Positions of the ingredient lines the step mentions.
    public var ingredients: [Int]
  }

  /// Public id.
  public var id: String
  /// Title.
  public var title: String
  /// Category.
  public var category: String?
  /// Area (cuisine).
  public var area: String?
  /// Tags.
  public var tags: [String]
  /// One paragraph.
  public var summary: String?
  /// Servings.
  public var servings: Int?
  /// Preparation minutes.
  public var prepMinutes: Int?
  /// Cooking minutes.
  public var cookMinutes: Int?
  /// Total minutes, when known.
  public var minutes: Int?
  /// Image URL.
  public var image: String?
  /// Source.
  public var source: String?
  /// Ingredient lines in order.
  public var ingredients: [Ingredient]
  /// Steps in order.
  public var steps: [Step]
  /// Nutrition per serving.
  public var nutrition: Nutrition?
  /// Derived diet labels.
  public var diets: DietLabels
  /// Diet labels the source claims.
  public var claimedDiets: [String]

  /// Builds the detail of `recipe`, resolving flags and step mentions through `vocabulary`.
  /// - Complexity: O(steps × ingredient lines) for the mentions.
  public init(recipe: Recipe, vocabulary: Vocabulary) {
    id = recipe.id
    title = recipe.title
    category = recipe.category
    area = recipe.area
    tags = recipe.tags
    summary = recipe.summary
    servings = recipe.servings
    prepMinutes = recipe.prepMinutes
    cookMinutes = recipe.cookMinutes
    minutes = recipe.totalMinutes
    image = recipe.image
    source = recipe.source
    ingredients = recipe.ingredients.enumerated().map { position, line in
      Ingredient(
        position: position, text: line.text, quantity: line.quantity, unit: line.unit, name: line.name,
        preparation: line.preparation, comment: line.comment, optional: line.isOptional)
    }
    let finder = StepMentionFinder(vocabulary: vocabulary)
    steps = recipe.steps.enumerated().map { index, text in
      Step(number: index + 1, text: text, ingredients: finder.mentions(in: text, of: recipe.ingredients))
    }
    nutrition = recipe.nutrition
    diets = DietLabels(
      ingredientFlags: recipe.ingredients.map { line in vocabulary.entry(for: line.name)?.flags })
    claimedDiets = recipe.diets
  }
}
