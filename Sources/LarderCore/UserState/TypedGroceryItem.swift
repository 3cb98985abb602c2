/// A grocery item as the user typed it ("2 cups flour", "a pinch of salt", "milk"), read by the
/// same ingredient-line parser as a recipe's lines, so the list merges it with recipe rows:
/// `larder grocery add TEXT` and `POST /v1/me/grocery {"items": [{"name": TEXT}]}` both call it.
public struct TypedGroceryItem: Sendable, Hashable {
  /// The ingredient's name: canonical when the vocabulary knows it, else the folded words.
  public var name: String
  /// The amount, if one was typed (the upper end of a range: "2-3 onions" buys 3).
  public var quantity: Double?
  /// The canonical unit, if one was typed.
  public var unit: String?

  /// Parses `text` with `parser`. A text with no food words ("2 cups") keeps its folded words
  /// as the name and no amount, so nothing typed is dropped.
  public init(parsing text: String, parser: IngredientLineParser) {
    let parsed = parser.parse(text)
    guard !parsed.name.isEmpty else {
      name = TextFolding.fold(text)
      quantity = nil
      unit = nil
      return
    }
    name = parsed.name
    quantity = parsed.quantity.map { $0.high ?? $0.low }
    unit = parsed.unit
  }
}
