/// Turns a ``SourceRecipe`` into a ``Recipe`` whose ingredient lines carry canonical names.
///
/// For each ``SourceIngredient``: when it gives a `name`, that name is taken as canonical after
/// folding only (no singularization, synonyms or descriptor changes: pre-normalized corpora
/// keep their names exactly); otherwise its `line` is parsed by ``IngredientLineParser``.
/// Quantity, unit, preparation and optional mark stated separately override parsed ones.
/// Ingredients that name no food (neither a name nor a parsable line, or a heading such as
/// `For the sauce:`) are left out, since ``IngredientLine/name`` is never empty. A recipe's
/// method may then make a tersely named food more specific (``RecipeContext``).
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
  /// - Complexity: O(total length of the ingredient lines and the method).
  public func normalize(_ source: SourceRecipe) -> Recipe {
    var recipe = source.recipe
    recipe.ingredients = normalizedIngredients(of: source).compactMap { $0 }
    return recipe
  }

  /// Each of the source's ingredients normalized in its recipe, in source order: `nil` for one
  /// that names no food. A line named by a bare word (`6 Lime`) takes the more specific food
  /// its method reads it as (`kaffir lime leaf`, see ``RecipeContext``).
  ///
  /// - Complexity: O(total length of the ingredient lines and the method).
  public func normalizedIngredients(of source: SourceRecipe) -> [IngredientLine?] {
    RecipeContext(vocabulary: vocabulary).refined(source.ingredients.map(normalize), of: source)
  }

  /// A name and a measure written apart (TheMealDB): the food is the written name's, the amount,
  /// unit and preparation the measure's.
  ///
  /// The measure is read with the name after it (`1 clove, peeled and sliced` + `garlic` reads
  /// `1 clove garlic, peeled and sliced`), so its words may make the name more specific: the
  /// joined reading is kept when it names the same food, a kind of it or a sibling (`1 whole` +
  /// `chicken` → `whole chicken`, `ground` + `cumin` → `ground cumin`), or when a measure word
  /// that is not a preparation narrows the name (`1 red` + `pepper` → `red bell pepper`); any
  /// other reading keeps the written name's food (`1 clove, peeled` + `garlic` stays `garlic`).
  /// A count of whole items and how to prepare them (`1 chopped` + `tomato`) never reads as a
  /// kind of the written food: the preparation says what to do with the counted tomato, it does
  /// not make it the tin of chopped tomatoes.
  func measured(_ written: String, _ measure: String?, line: String) -> IngredientLine? {
    let alone = parser.parse(written)
    guard let measure, !measure.isEmpty else {
      guard !alone.name.isEmpty else { return nil }
      return IngredientLine(
        text: line, quantity: alone.quantity, unit: alone.unit, name: alone.name,
        preparation: alone.preparation, comment: alone.comment, isOptional: alone.isOptional)
    }
    let comma = measure.firstIndex(of: ",")
    let head = comma.map { measure[..<$0] } ?? measure[...]
    let tail = comma.map { measure[$0...] } ?? ""
    let joined = parser.parse("\(head) \(written)\(tail)")
    var name = alone.name
    if name.isEmpty || (joined.known && keepsFood(joined, of: alone, measure: head)) {
      name = joined.name
    }
    guard !name.isEmpty else { return nil }
    return IngredientLine(
      text: line, quantity: joined.quantity, unit: joined.unit, name: name,
      preparation: joined.preparation, comment: joined.comment, isOptional: joined.isOptional)
  }

  /// Whether `joined`, the name read from measure and name together, is the written name's food
  /// made more specific rather than another food.
  private func keepsFood(
    _ parsed: ParsedIngredient, of alone: ParsedIngredient, measure: Substring
  ) -> Bool {
    let joined = parsed.name
    if joined == alone.name { return true }
    let measureWords = TextFolding.words(measure).map(String.init).filter {
      $0.contains { $0.isLetter }
    }
    let describesPreparation = measureWords.contains {
      IngredientDescriptors.role($0) == .preparation
    }
    // "1 chopped" + "Tomato": a count of whole items and how to prepare them. The preparation
    // does not make the counted food a kind of itself (canned chopped tomato); a sibling it
    // names stays (`18 dried` + `red chilli` → dried chili).
    let preparedCount =
      parsed.quantity != nil && parsed.unit == nil && !measureWords.isEmpty
      && measureWords.allSatisfy { IngredientDescriptors.role($0) == .preparation }
    if preparedCount, vocabulary.ancestors(of: joined).contains(alone.name) { return false }
    // "8" + "Cayenne Pepper", "3/4 teaspoon" + "Red Pepper", "Ground" + "Red Pepper": a measure
    // of amounts, units and form words adds nothing to the food but what the line read whole
    // says (eight fresh chillies, a spoonful of cayenne), which is the line the source shows.
    if measureWords.allSatisfy({
      UnitTable.unit(for: $0, original: Substring($0)) != nil || Self.formWords.contains($0)
    }) {
      return true
    }
    if alone.known, vocabulary.areRelated(named: joined, alone.name) { return true }
    // "1 red" + "Pepper", "Grated zest of 1" + "Lemon": a measure word that is no preparation
    // narrows the name; beside a preparation it must be in the new name itself.
    guard let head = alone.name.split(separator: " ").last else { return false }
    let joinedWords = joined.split(separator: " ")
    let narrows = measureWords.contains {
      IngredientDescriptors.role($0) != .preparation && joinedWords.contains(Substring($0))
    }
    return joinedWords.contains(head) && (!describesPreparation || narrows)
  }

  /// Measure words that make the written food another form of it (`Ground` + `Red Pepper` is
  /// cayenne).
  private static let formWords: Set<String> = ["ground", "dried", "powdered"]

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
    } else if let written = ingredient.writtenName, !written.isEmpty {
      guard let resolved = measured(written, ingredient.measure, line: line ?? written) else {
        return nil
      }
      result = resolved
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
