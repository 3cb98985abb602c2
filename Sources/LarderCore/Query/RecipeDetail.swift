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
    /// The amount, if stated (scaled when the detail is: ``RecipeDetail/scaled(to:)``).
    public var quantity: Quantity?
    /// The amount in kitchen measures (``KitchenAmount``: `1⅓ cups`, `1½`), if stated.
    public var amount: String? { KitchenAmount.text(quantity, unit: unit) }
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

    enum CodingKeys: String, CodingKey {
      case position, text, quantity, amount, unit, name, preparation, comment, optional
    }

    public init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      position = try c.decode(Int.self, forKey: .position)
      text = try c.decode(String.self, forKey: .text)
      quantity = try c.decodeIfPresent(Quantity.self, forKey: .quantity)
      unit = try c.decodeIfPresent(String.self, forKey: .unit)
      name = try c.decode(String.self, forKey: .name)
      preparation = try c.decodeIfPresent(String.self, forKey: .preparation)
      comment = try c.decodeIfPresent(String.self, forKey: .comment)
      optional = try c.decode(Bool.self, forKey: .optional)
    }

    init(
      position: Int, text: String, quantity: Quantity?, unit: String?, name: String,
      preparation: String?, comment: String?, optional: Bool
    ) {
      self.position = position
      self.text = text
      self.quantity = quantity
      self.unit = unit
      self.name = name
      self.preparation = preparation
      self.comment = comment
      self.optional = optional
    }

    /// Writes every key, absent values as `null`, so clients read one shape.
    public func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(position, forKey: .position)
      try c.encode(text, forKey: .text)
      try c.encode(quantity, forKey: .quantity)
      try c.encode(amount, forKey: .amount)
      try c.encode(unit, forKey: .unit)
      try c.encode(name, forKey: .name)
      try c.encode(preparation, forKey: .preparation)
      try c.encode(comment, forKey: .comment)
      try c.encode(optional, forKey: .optional)
    }
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
  /// How the amounts were scaled, when they were (``scaled(to:)``); `nil` as the recipe states them.
  public var scale: Scale?

  /// Amounts scaled to a number of servings.
  public struct Scale: Sendable, Hashable, Codable {
    /// The servings asked for (batches when the recipe states no servings).
    public var servings: Int
    /// The factor every amount was multiplied by: ``servings`` over the recipe's own servings
    /// (over 1 when it states none).
    public var factor: Double
  }
  /// Diet labels the source claims.
  public var claimedDiets: [String]

  enum CodingKeys: String, CodingKey {
    case id, title, category, area, tags, summary, servings, prepMinutes, cookMinutes, minutes,
      image, source
    case ingredients, steps, nutrition, diets, claimedDiets, scale
  }

  /// Writes every key, absent values as `null`, so clients read one shape.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(id, forKey: .id)
    try c.encode(title, forKey: .title)
    try c.encode(category, forKey: .category)
    try c.encode(area, forKey: .area)
    try c.encode(tags, forKey: .tags)
    try c.encode(summary, forKey: .summary)
    try c.encode(servings, forKey: .servings)
    try c.encode(prepMinutes, forKey: .prepMinutes)
    try c.encode(cookMinutes, forKey: .cookMinutes)
    try c.encode(minutes, forKey: .minutes)
    try c.encode(image, forKey: .image)
    try c.encode(source, forKey: .source)
    try c.encode(ingredients, forKey: .ingredients)
    try c.encode(steps, forKey: .steps)
    try c.encode(nutrition, forKey: .nutrition)
    try c.encode(diets, forKey: .diets)
    try c.encode(claimedDiets, forKey: .claimedDiets)
    try c.encode(scale, forKey: .scale)
  }

  /// The detail of `recipe`, its amounts scaled to `servings` when given (``scaled(to:)``): the
  /// one builder both faces call with the one parsed option.
  public init(recipe: Recipe, vocabulary: Vocabulary, servings: Servings?) {
    self.init(recipe: recipe, vocabulary: vocabulary)
    if let servings { self = scaled(to: servings) }
  }

  /// This detail with every amount multiplied for `servings` (over the recipe's own servings,
  /// or over one batch when it states none), each line's ``Ingredient/amount`` in kitchen
  /// measures and ``scale`` saying how. Lines without an amount, steps, nutrition (per serving)
  /// and the recipe's own ``servings`` stay as they are.
  public func scaled(to servings: Servings) -> RecipeDetail {
    let factor = Double(servings.value) / Double(max(self.servings ?? 1, 1))
    var scaled = self
    scaled.scale = Scale(servings: servings.value, factor: factor)
    for index in scaled.ingredients.indices {
      guard let quantity = scaled.ingredients[index].quantity else { continue }
      scaled.ingredients[index].quantity = Quantity(
        quantity.low * factor, to: quantity.high.map { $0 * factor })
    }
    return scaled
  }

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
        position: position, text: line.text, quantity: line.quantity, unit: line.unit,
        name: line.name,
        preparation: line.preparation, comment: line.comment, optional: line.isOptional)
    }
    let mentions = StepMentionFinder(vocabulary: vocabulary).mentions(
      inSteps: recipe.steps, of: recipe.ingredients)
    steps = zip(recipe.steps, mentions).enumerated().map { index, step in
      Step(number: index + 1, text: step.0, ingredients: step.1)
    }
    nutrition = recipe.nutrition
    diets = DietLabels(
      ingredientFlags: recipe.ingredients.map { line in vocabulary.entry(for: line.name)?.flags })
    claimedDiets = recipe.diets
  }
}
