/// Turns a ``SourceRecipe`` into a ``Recipe`` whose ingredient lines carry canonical names.
///
/// For each ``SourceIngredient``: when it gives a `name`, that name is taken as canonical after
/// folding only (no singularization, synonyms or descriptor changes: pre-normalized corpora
/// keep their names exactly); otherwise its `line` is parsed by ``IngredientLineParser``.
/// Quantity, unit, preparation and optional mark stated separately override parsed ones.
/// Ingredients that name no food (neither a name nor a parsable line, or a heading such as
/// `For the sauce:`) are left out, since ``IngredientLine/name`` is never empty.
public struct RecipeNormalizer: Sendable {
  /// The line parser, holding the vocabulary.
  public let parser: IngredientLineParser

  /// Creates a normalizer resolving names through `vocabulary`.
  public init(vocabulary: Vocabulary = Vocabulary()) {
    self.parser = IngredientLineParser(vocabulary: vocabulary)
  }

  /// The vocabulary names resolve through.
  public var vocabulary: Vocabulary { parser.vocabulary }

  /// The recipe with every ingredient normalized.
  ///
  /// - Complexity: O(total length of the ingredient lines).
  public func normalize(_ source: SourceRecipe) -> Recipe {
    var recipe = source.recipe
    recipe.ingredients = source.ingredients.compactMap(normalize)
    return recipe
  }

  /// One ingredient normalized, or `nil` when it names no food.
  public func normalize(_ ingredient: SourceIngredient) -> IngredientLine? {
    let line = ingredient.line.flatMap { $0.isEmpty ? nil : $0 }
    var result: IngredientLine
    if let name = ingredient.name, case let folded = TextFolding.fold(name), !folded.isEmpty {
      result = IngredientLine(text: line ?? name, name: folded)
      if let line, ingredient.quantity == nil || ingredient.unit == nil {
        // Keep the amount the line states when the source gave only the name.
        let parsed = parser.parse(line)
        result.quantity = parsed.quantity
        result.unit = parsed.unit
        result.preparation = parsed.preparation
        result.comment = parsed.comment
        result.isOptional = parsed.isOptional
      }
    } else if let line {
      let parsed = parser.parse(line)
      guard !parsed.name.isEmpty else { return nil }
      result = IngredientLine(
        text: line, quantity: parsed.quantity, unit: parsed.unit, name: parsed.name,
        preparation: parsed.preparation, comment: parsed.comment, isOptional: parsed.isOptional)
    } else {
      return nil
    }
    if let quantity = ingredient.quantity { result.quantity = quantity }
    if let unit = ingredient.unit, !unit.isEmpty { result.unit = unit }
    if let preparation = ingredient.preparation, !preparation.isEmpty {
      result.preparation = preparation
    }
    if ingredient.isOptional { result.isOptional = true }
    return result
  }
}
