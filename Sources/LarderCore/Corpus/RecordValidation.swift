/// The ranges and sizes every corpus record must keep, checked in one place for every reader
/// (``CorpusFile`` passes each record through ``check(_:)``), so that no value that a face could
/// not answer with (an infinite calorie count, a negative time, a million ingredients) reaches
/// an index. The ranges and limits are documented in `Data/README.md` ("Ranges and limits").
///
/// Field names in errors are Larder's own (`nutrition.calories`, `ingredients[3].quantity`),
/// whatever the source format calls them.
public enum RecordValidation {
  /// Ingredient lines per recipe.
  public static let maximumIngredients = 500
  /// Method steps per recipe.
  public static let maximumSteps = 500
  /// Tags per recipe (diet labels are bounded by the known names).
  public static let maximumTags = 100
  /// UTF-8 bytes of an id, title, category, area, tag, unit or ingredient name.
  public static let maximumShortText = 1_000
  /// UTF-8 bytes of an ingredient line, a preparation, a step, a summary, a source or an image.
  public static let maximumLongText = 20_000
  /// People served: 1 to 10,000.
  public static let servings = 1...10_000
  /// Preparation and cooking minutes each: the same range as the `maxMinutes` filter.
  public static let minutes = MaxMinutes.range
  /// Each nutrition amount per serving (kcal, grams, milligrams): finite, 0 to 1,000,000.
  public static let nutrition = 0.0...1_000_000.0
  /// A stated quantity (both ends of a range): finite, 0 to 1,000,000.
  public static let quantity = 0.0...1_000_000.0

  /// `record` when every field is in range, otherwise the first problem as a `.badRecord`
  /// ``CorpusError`` naming the record's place and the field.
  public static func check(_ record: SourceRecipe) -> Result<SourceRecipe, CorpusError> {
    if let (field, problem) = firstProblem(record) {
      return .failure(CorpusError(.badRecord, at: record.location, field: field, problem))
    }
    return .success(record)
  }

  /// The first field out of range and what is wrong with it, or `nil`.
  static func firstProblem(_ record: SourceRecipe) -> (String, String)? {
    let recipe = record.recipe
    if let problem = text(recipe.id, limit: maximumShortText, required: true) {
      return ("id", problem)
    }
    if let problem = text(recipe.title, limit: maximumShortText, required: false) {
      return ("title", problem)
    }
    for (field, value) in [("category", recipe.category), ("area", recipe.area)] {
      if let value, let problem = text(value, limit: maximumShortText, required: false) {
        return (field, problem)
      }
    }
    for (field, value) in [
      ("summary", recipe.summary), ("source", recipe.source), ("image", recipe.image),
    ] {
      if let value, let problem = text(value, limit: maximumLongText, required: false) {
        return (field, problem)
      }
    }
    if recipe.tags.count > maximumTags {
      return ("tags", "\(recipe.tags.count) tags; at most \(maximumTags) allowed")
    }
    for (index, tag) in recipe.tags.enumerated() {
      if let problem = text(tag, limit: maximumShortText, required: false) {
        return ("tags[\(index)]", problem)
      }
    }
    for (index, diet) in recipe.diets.enumerated() where !RecipeFilter.dietNames.contains(diet) {
      return (
        "diets[\(index)]",
        "unknown diet \"\(diet.prefix(40))\"; use one of \(RecipeFilter.dietNames.joined(separator: ", "))"
      )
    }
    if let servings = recipe.servings, !Self.servings.contains(servings) {
      return ("servings", outside(servings, Self.servings))
    }
    for (field, value) in [
      ("prepMinutes", recipe.prepMinutes), ("cookMinutes", recipe.cookMinutes),
    ] {
      if let value, !minutes.contains(value) { return (field, outside(value, minutes)) }
    }
    if let nutrition = recipe.nutrition {
      for (field, value) in [
        ("calories", nutrition.calories), ("protein_g", nutrition.proteinGrams),
        ("fat_g", nutrition.fatGrams), ("carbs_g", nutrition.carbohydrateGrams),
        ("fiber_g", nutrition.fiberGrams), ("sugar_g", nutrition.sugarGrams),
        ("sodium_mg", nutrition.sodiumMilligrams),
      ] {
        if let value, let problem = amount(value, in: Self.nutrition) {
          return ("nutrition.\(field)", problem)
        }
      }
    }
    if recipe.steps.count > maximumSteps {
      return ("steps", "\(recipe.steps.count) steps; at most \(maximumSteps) allowed")
    }
    for (index, step) in recipe.steps.enumerated() {
      if let problem = text(step, limit: maximumLongText, required: false) {
        return ("steps[\(index)]", problem)
      }
    }
    if record.ingredients.count > maximumIngredients {
      return (
        "ingredients",
        "\(record.ingredients.count) ingredients; at most \(maximumIngredients) allowed"
      )
    }
    for (index, ingredient) in record.ingredients.enumerated() {
      if let (field, problem) = ingredientProblem(ingredient) {
        return ("ingredients[\(index)]\(field)", problem)
      }
    }
    return nil
  }

  /// The first problem of one ingredient: the sub-field (`.quantity`) and what is wrong.
  static func ingredientProblem(_ ingredient: SourceIngredient) -> (String, String)? {
    for (field, value, limit) in [
      (".line", ingredient.line, maximumLongText), (".name", ingredient.name, maximumShortText),
      (".unit", ingredient.unit, maximumShortText),
      (".preparation", ingredient.preparation, maximumLongText),
    ] {
      if let value, let problem = text(value, limit: limit, required: false) {
        return (field, problem)
      }
    }
    if let quantity = ingredient.quantity {
      if let problem = amount(quantity.low, in: Self.quantity) { return (".quantity", problem) }
      if let high = quantity.high {
        if let problem = amount(high, in: Self.quantity) { return (".quantity", problem) }
        if high < quantity.low {
          return (".quantity", "reversed range: \(quantity.low) to \(high)")
        }
      }
    }
    return nil
  }

  /// Why `value` is not a text field's value, or `nil`.
  static func text(_ value: String, limit: Int, required: Bool) -> String? {
    if required && value.isEmpty { return "must not be empty" }
    let bytes = value.utf8.count
    return bytes > limit ? "\(bytes) bytes long; at most \(limit) allowed" : nil
  }

  /// Why `value` is not a finite amount in `range`, or `nil`.
  static func amount(_ value: Double, in range: ClosedRange<Double>) -> String? {
    guard value.isFinite else { return "\(value) is not a finite number" }
    return range.contains(value) ? nil : "\(value) is outside \(format(range))"
  }

  static func outside(_ value: Int, _ range: ClosedRange<Int>) -> String {
    "\(value) is outside \(range.lowerBound) to \(range.upperBound)"
  }

  static func format(_ range: ClosedRange<Double>) -> String {
    "\(Int(range.lowerBound)) to \(Int(range.upperBound))"
  }
}
