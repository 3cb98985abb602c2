/// Reads Larder JSONL (`Data/README.md`): one recipe object per line, blank lines skipped.
///
/// Each line is parsed with ``JSONParser`` straight from the read buffer; a malformed line is a
/// per-record error naming `file:line` and the field (`ingredients[3].name`).
struct LarderJSONLReader {
  /// The file path, for error locations.
  let file: String

  /// Streams every record of `reader`; `body` gets each result and the bytes read so far.
  func read(
    _ reader: inout ChunkedFileReader,
    _ body: (Result<SourceRecipe, CorpusError>, Int) throws -> CorpusFile.Flow
  ) throws {
    try reader.forEachRecordLine(file: file) { line, progress in
      switch line {
      case .tooLong(let error): return try body(.failure(error), progress)
      case .bytes(let bytes, let location):
        return try body(Self.record(from: bytes, at: location), progress)
      }
    }
  }

  /// Parses and maps one line.
  static func record(from bytes: UnsafeBufferPointer<UInt8>, at location: SourceLocation) -> Result<
    SourceRecipe, CorpusError
  > {
    let value: JSONValue
    switch RecordLine.json(bytes, at: location) {
    case .success(let parsed): value = parsed
    case .failure(let error): return .failure(error)
    }
    guard case .object(let object) = value else {
      return .failure(
        CorpusError(.badRecord, at: location, "expected a JSON object, found \(value.typeName)"))
    }
    do {
      return .success(try record(from: JSONRecordFields(object, at: location)))
    } catch {
      return .failure(error)
    }
  }

  /// Maps one parsed object to a raw recipe.
  static func record(from fields: JSONRecordFields) throws(CorpusError) -> SourceRecipe {
    var recipe = Recipe(id: try fields.identifier("id"), title: try fields.requiredString("title"))
    recipe.category = try fields.string("category")
    recipe.area = try fields.string("area")
    recipe.tags = try fields.strings("tags")
    recipe.summary = try fields.string("summary")
    recipe.servings = try fields.integer("servings")
    recipe.prepMinutes = try fields.integer("prepMinutes")
    recipe.cookMinutes = try fields.integer("cookMinutes")
    recipe.steps = try fields.strings("steps")
    recipe.diets = try fields.strings("diets")
    recipe.source = try fields.string("source")
    recipe.image = try fields.string("image")
    if let nutrition = try fields.object("nutrition") {
      recipe.nutrition = Nutrition(
        calories: try nutrition.number("calories"),
        proteinGrams: try nutrition.number("protein_g"),
        fatGrams: try nutrition.number("fat_g"),
        carbohydrateGrams: try nutrition.number("carbs_g"),
        fiberGrams: try nutrition.number("fiber_g"),
        sugarGrams: try nutrition.number("sugar_g"),
        sodiumMilligrams: try nutrition.number("sodium_mg"))
    }
    let ingredients = try self.ingredients(fields)
    return SourceRecipe(recipe: recipe, ingredients: ingredients, location: fields.location)
  }

  private static func ingredients(_ fields: JSONRecordFields) throws(CorpusError)
    -> [SourceIngredient]
  {
    guard let value = fields.object["ingredients"] else {
      throw fields.error("ingredients", "missing")
    }
    guard case .array(let elements) = value else {
      throw fields.error("ingredients", "expected a list, found \(value.typeName)")
    }
    var result: [SourceIngredient] = []
    result.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      switch element {
      case .string(let name):
        guard !name.isEmpty else { throw fields.error("ingredients", index: index, "is empty") }
        result.append(SourceIngredient(name: name))
      case .object(let object):
        let item = JSONRecordFields(
          object, at: fields.location, path: "\(fields.path(of: "ingredients"))[\(index)]")
        result.append(try ingredient(item))
      default:
        throw fields.error(
          "ingredients", index: index, "expected a string or an object, found \(element.typeName)")
      }
    }
    return result
  }

  private static func ingredient(_ item: JSONRecordFields) throws(CorpusError) -> SourceIngredient {
    let line = try item.string("line")
    let name = try item.string("name")
    if (line ?? "").isEmpty, (name ?? "").isEmpty {
      throw CorpusError(
        .badRecord, at: item.location, field: item.path, "needs a non-empty \"line\" or \"name\"")
    }
    var quantity: Quantity? = nil
    switch item.object["quantity"] {
    case nil, .null?: break
    case .array(let bounds)?:
      guard bounds.count == 2, let low = bounds[0].doubleValue, let high = bounds[1].doubleValue
      else {
        throw item.error("quantity", "expected a number or a [low, high] pair of numbers")
      }
      quantity = Quantity(low, to: high)
    case let other?:
      guard let amount = other.doubleValue else {
        throw item.error(
          "quantity", "expected a number or a [low, high] pair, found \(other.typeName)")
      }
      quantity = Quantity(amount)
    }
    return SourceIngredient(
      line: line, name: name, quantity: quantity, unit: try item.string("unit"),
      preparation: try item.string("preparation"), isOptional: try item.bool("optional") ?? false)
  }
}
