/// Every ingredient of a corpus file as its index stores it (``RecipeNormalizer/normalizedIngredients(of:)``:
/// the source's fields, such as TheMealDB's name and measure apart, and the recipe's method),
/// found by recipe id and by the line as the source displays it (TheMealDB: `measure name`),
/// whitespace collapsed. What `larder parse-ingredient --corpus` answers and what the judged
/// lines are checked against.
///
/// - Complexity: O(corpus) to read and normalize; a lookup is O(ingredients of its recipe).
public struct CorpusIngredients: Sendable {
  /// One ingredient: its displayed line, whitespace collapsed, and what it became (`nil` for one
  /// that names no food).
  public struct Ingredient: Sendable {
    /// The line as the source displays it, whitespace collapsed.
    public let displayed: String
    /// The normalized line, or `nil` when it names no food.
    public let line: IngredientLine?
  }

  /// Per recipe id, its ingredients in source order.
  private var byRecipe: [String: [Ingredient]] = [:]

  /// Reads and normalizes every recipe of the corpus file at `path`.
  ///
  /// - Throws: ``CorpusError`` when the file cannot be read or a record is bad.
  public init(path: String, normalizer: RecipeNormalizer) throws {
    var recipes: [String: [Ingredient]] = [:]
    try CorpusFile(path: path).forEachRecord { result in
      let source = try result.get()
      let lines = normalizer.normalizedIngredients(of: source)
      recipes[source.recipe.id] = zip(source.ingredients, lines).map { ingredient, line in
        Ingredient(displayed: Self.collapsed(ingredient.line ?? ingredient.name ?? ""), line: line)
      }
      return .continue
    }
    byRecipe = recipes
  }

  /// Whether the corpus has a recipe of this id.
  public func holdsRecipe(_ id: String) -> Bool { byRecipe[id] != nil }

  /// The first ingredient of recipe `id` displayed as `displayed` (whitespace collapsed before
  /// comparing), or `nil` when the recipe or the line is not there.
  public func ingredient(_ displayed: some StringProtocol, ofRecipe id: String) -> Ingredient? {
    let text = Self.collapsed(displayed)
    return byRecipe[id]?.first { $0.displayed == text }
  }

  /// `text` with every run of whitespace one space, none at the ends.
  public static func collapsed(_ text: some StringProtocol) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}
