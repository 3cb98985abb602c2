/// A recipe as a corpus reader found it, before normalization: the ingredient lines are raw.
///
/// `recipe` carries every descriptive field; its `ingredients` stay empty until the
/// normalizer turns ``ingredients`` into ``IngredientLine`` values.
public struct SourceRecipe: Sendable, Hashable {
  /// The descriptive fields (id, title, steps, nutrition, ...); `recipe.ingredients` is empty.
  public var recipe: Recipe
  /// The ingredient lines as the source states them.
  public var ingredients: [SourceIngredient]
  /// Where the record starts, for error messages.
  public var location: SourceLocation

  /// Creates a raw record.
  public init(recipe: Recipe, ingredients: [SourceIngredient], location: SourceLocation) {
    self.recipe = recipe
    self.ingredients = ingredients
    self.location = location
  }
}

/// One ingredient as a source states it: a raw line, a pre-normalized name, or both.
public struct SourceIngredient: Sendable, Hashable {
  /// The raw line ("2 cups chopped onions"), when the source has one.
  public var line: String?
  /// A name the source already normalized (Larder JSONL `name`). When present it is taken as
  /// the canonical name as it is, only case- and diacritic-folded.
  public var name: String?
  /// The food's name as the source writes it apart from the amount (TheMealDB's
  /// `strIngredient`): resolved through the vocabulary like a line's name, while ``measure``
  /// gives the amount, unit and preparation. Unlike ``name`` it is not taken as canonical.
  public var writtenName: String?
  /// The amount and preparation the source states apart from ``writtenName`` (TheMealDB's
  /// `strMeasure`: `1 clove, peeled and sliced`).
  public var measure: String?
  /// A quantity the source states separately from the line.
  public var quantity: Quantity?
  /// A unit the source states separately from the line.
  public var unit: String?
  /// A preparation the source states separately from the line.
  public var preparation: String?
  /// Whether the source marks it optional.
  public var isOptional: Bool

  /// Creates a raw ingredient; at least one of `line` and `name` should be non-empty.
  public init(
    line: String? = nil, name: String? = nil, quantity: Quantity? = nil, unit: String? = nil,
    preparation: String? = nil, isOptional: Bool = false
  ) {
    self.line = line
    self.name = name
    self.writtenName = nil
    self.measure = nil
    self.quantity = quantity
    self.unit = unit
    self.preparation = preparation
    self.isOptional = isOptional
  }

  /// An ingredient given as a name and a measure apart (TheMealDB's `strIngredient` and
  /// `strMeasure`); the displayed line is the measure followed by the name.
  public init(writtenName: String, measure: String?) {
    self.init(line: measure.map { "\($0) \(writtenName)" } ?? writtenName)
    self.writtenName = writtenName
    self.measure = measure
  }
}

/// A place in a corpus file: the file, the 1-based line, and for whole-file JSON the JSON path.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
  /// The file path as given on the command line.
  public var file: String
  /// The 1-based line where the record starts (JSONL, CSV) or 0 when unknown.
  public var line: Int
  /// The JSON path of the record inside a whole-file JSON document (`$.meals[3]`), if any.
  public var jsonPath: String?

  /// Creates a location.
  public init(file: String, line: Int, jsonPath: String? = nil) {
    self.file = file
    self.line = line
    self.jsonPath = jsonPath
  }

  /// `file:line` or `file:$.path`, the prefix of every corpus error message.
  public var description: String {
    if let jsonPath { return line > 0 ? "\(file):\(line): \(jsonPath)" : "\(file): \(jsonPath)" }
    return "\(file):\(line)"
  }
}
