/// What ``IngredientLineParser`` reads from one line:
/// `1 ½ cups (350 ml) finely chopped red onions, divided` → quantity 1.5, unit `cup`,
/// name `red onion`, preparation `finely chopped`, comment `divided`.
public struct ParsedIngredient: Sendable, Hashable {
  /// The line as given.
  public var line: String
  /// The amount, when the line states one (`2-3` keeps both ends).
  public var quantity: Quantity?
  /// The canonical unit (``UnitTable``), when the line states one.
  public var unit: String?
  /// The canonical name: a vocabulary entry's name when ``known``, otherwise the folded,
  /// singular phrase without descriptors. Empty only for lines that name no food
  /// (a section header such as `For the sauce:`).
  public var name: String
  /// How the ingredient is prepared (`finely chopped`), folded.
  public var preparation: String?
  /// Everything else the line says (`divided`, `to taste`, `14 oz`), as written.
  public var comment: String?
  /// Whether the line marks the ingredient optional.
  public var isOptional: Bool
  /// Whether ``name`` is a vocabulary entry.
  public var known: Bool

  /// Creates a parse result.
  public init(
    line: String, quantity: Quantity? = nil, unit: String? = nil, name: String,
    preparation: String? = nil, comment: String? = nil, isOptional: Bool = false,
    known: Bool = false
  ) {
    self.line = line
    self.quantity = quantity
    self.unit = unit
    self.name = name
    self.preparation = preparation
    self.comment = comment
    self.isOptional = isOptional
    self.known = known
  }
}
