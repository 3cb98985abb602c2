/// One normalized ingredient line of a recipe: "1 ½ cups finely chopped red onions, divided"
/// becomes quantity 1.5, unit `cup`, name `red onion`, preparation `finely chopped`, comment `divided`.
public struct IngredientLine: Sendable, Hashable, Codable {
  /// The line as the source wrote it (or, when the source gave only a name, that name).
  public var text: String
  /// The amount, when the line states one.
  public var quantity: Quantity?
  /// The canonical unit (`cup`, `g`, `tbsp`, ...), when the line states one.
  public var unit: String?
  /// The canonical ingredient name (lowercase, folded, singular, synonyms merged). Never empty.
  public var name: String
  /// How the ingredient is prepared (`finely chopped`).
  public var preparation: String?
  /// What remains after the name (`divided`, `to taste`).
  public var comment: String?
  /// Whether the source marks the ingredient optional.
  public var isOptional: Bool

  /// Creates a normalized line.
  public init(
    text: String, quantity: Quantity? = nil, unit: String? = nil, name: String,
    preparation: String? = nil, comment: String? = nil, isOptional: Bool = false
  ) {
    self.text = text
    self.quantity = quantity
    self.unit = unit
    self.name = name
    self.preparation = preparation
    self.comment = comment
    self.isOptional = isOptional
  }
}

/// An amount, possibly a range ("2-3" keeps both ends).
public struct Quantity: Sendable, Hashable, Codable {
  /// The amount, or the low end of a range.
  public var low: Double
  /// The high end of a range; `nil` for a single amount.
  public var high: Double?

  /// Creates an amount or a range.
  public init(_ low: Double, to high: Double? = nil) {
    self.low = low
    self.high = high
  }

  enum CodingKeys: String, CodingKey { case low, high }

  /// Writes `high` as `null` for a single amount, so clients read one shape.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(low, forKey: .low)
    try c.encode(high, forKey: .high)
  }
}
