/// Reads TheMealDB JSON as its API returns it (`{"meals": [...]}`), a bare array of meals, or
/// the folded variant whose meals carry `ingredients: [{ingredient, measurement}]`; also one
/// meal per line (JSONL).
///
/// A meal's ingredients come from the `strIngredientN`/`strMeasureN` slots (empty and `null`
/// slots skipped) as a written name and a measure kept apart (``SourceIngredient/writtenName``),
/// displayed as `"<measure> <ingredient>"` ("2 tbsp Olive Oil"); the instructions are
/// split into steps by ``InstructionSplitter``; `strTags` is split on commas. Errors name the
/// meal's JSON path (`$.meals[12]`) and field (`strMeal`).
struct MealDBReader {
  /// The file path, for error locations.
  let file: String

  /// Maps every meal of the document `bytes`.
  func read(
    _ bytes: [UInt8], _ body: (Result<SourceRecipe, CorpusError>) throws -> CorpusFile.Flow
  ) throws {
    let opener = bytes.first(where: { $0 > 0x20 })
    let document = try JSONDocument(
      bytes, file: file, recordDepth: opener == UInt8(ascii: "[") ? 1 : 2)
    let meals: [(value: JSONValue, path: String)]
    do throws(CorpusError) {
      meals = try Self.meals(in: document.root, at: SourceLocation(file: file, line: 1))
    } catch {
      throw CorpusError(.badFile, at: error.location, error.message)
    }
    // Another top-level list beside "meals" would shift the recorded offsets: then lines are unknown.
    let linesAreAligned = document.recordLines.count == meals.count
    for (index, meal) in meals.enumerated() {
      let line = meal.path == "$" ? 1 : linesAreAligned ? document.line(ofRecord: index) : 0
      let location = SourceLocation(file: file, line: line, jsonPath: meal.path)
      if try body(Self.result(meal.value, at: location)) == .stop { return }
    }
  }

  /// Maps a file with one meal (or one API answer) per line.
  func readLines(
    _ reader: inout ChunkedFileReader,
    _ body: (Result<SourceRecipe, CorpusError>, Int) throws -> CorpusFile.Flow
  ) throws {
    try reader.forEachRecordLine(file: file) { line, progress in
      switch line {
      case .tooLong(let error):
        return try body(.failure(error), progress)
      case .bytes(let bytes, let location):
        let value: JSONValue
        switch RecordLine.json(bytes, at: location) {
        case .success(let parsed): value = parsed
        case .failure(let error): return try body(.failure(error), progress)
        }
        let meals: [(value: JSONValue, path: String)]
        do throws(CorpusError) {
          meals = try Self.meals(in: value, at: location)
        } catch {
          return try body(.failure(error), progress)
        }
        for meal in meals {
          let mealLocation = SourceLocation(
            file: file, line: location.line, jsonPath: meal.path == "$" ? nil : meal.path)
          if try body(Self.result(meal.value, at: mealLocation), progress) == .stop { return .stop }
        }
        return .continue
      }
    }
  }

  /// The meals of a parsed value with their JSON paths: `{"meals": [...]}` (`null` is none),
  /// a bare array, or one meal object.
  private static func meals(in root: JSONValue, at location: SourceLocation) throws(CorpusError)
    -> [(value: JSONValue, path: String)]
  {
    switch root {
    case .array(let elements):
      return elements.enumerated().map { ($1, "$[\($0)]") }
    case .object(let object) where object.contains("meals"):
      switch object["meals"] {
      case .array(let elements)?: return elements.enumerated().map { ($1, "$.meals[\($0)]") }
      case .null?: return []  // the API's answer when nothing matched
      default:
        throw CorpusError(.badRecord, at: location, field: "meals", "expected a list of meals")
      }
    case .object:
      return [(root, "$")]  // one meal on its own
    default:
      throw CorpusError(
        .badRecord, at: location, "expected a list of meals, found \(root.typeName)")
    }
  }

  /// One meal mapped, or the error that spoils it.
  private static func result(_ meal: JSONValue, at location: SourceLocation) -> Result<
    SourceRecipe, CorpusError
  > {
    guard case .object(let object) = meal else {
      return .failure(
        CorpusError(.badRecord, at: location, "expected a meal object, found \(meal.typeName)"))
    }
    do throws(CorpusError) {
      return .success(try record(from: JSONRecordFields(object, at: location)))
    } catch {
      return .failure(error)
    }
  }

  /// Maps one meal object.
  static func record(from fields: JSONRecordFields) throws(CorpusError) -> SourceRecipe {
    var recipe = Recipe(
      id: try fields.identifier("idMeal"),
      title: try fields.requiredString("strMeal").trimmingWhitespace())
    recipe.category = try text(fields, "strCategory")
    recipe.area = try text(fields, "strArea")
    recipe.steps = InstructionSplitter.steps(from: try fields.string("strInstructions") ?? "")
    recipe.tags = (try fields.string("strTags") ?? "").split(separator: ",").map {
      String($0).trimmingWhitespace()
    }
    .filter { !$0.isEmpty }
    recipe.image = try text(fields, "strMealThumb")
    recipe.source = try text(fields, "strSource")
    let ingredients = fields.object.contains("ingredients") ? try folded(fields) : try slots(fields)
    return SourceRecipe(recipe: recipe, ingredients: ingredients, location: fields.location)
  }

  /// The `strIngredientN` / `strMeasureN` slots, N = 1, 2, ... (20 in the API, more accepted).
  private static func slots(_ fields: JSONRecordFields) throws(CorpusError) -> [SourceIngredient] {
    var result: [SourceIngredient] = []
    var number = 1
    while number <= 20 || fields.object.contains("strIngredient\(number)") {
      if let name = try text(fields, "strIngredient\(number)") {
        result.append(
          SourceIngredient(writtenName: name, measure: try text(fields, "strMeasure\(number)"))
        )
      }
      number += 1
    }
    return result
  }

  /// The folded `ingredients: [{ingredient, measurement}]` list.
  private static func folded(_ fields: JSONRecordFields) throws(CorpusError) -> [SourceIngredient] {
    guard case .array(let elements)? = fields.object["ingredients"] else {
      throw fields.error("ingredients", "expected a list of {ingredient, measurement} objects")
    }
    var result: [SourceIngredient] = []
    for (index, element) in elements.enumerated() {
      guard case .object(let object) = element else {
        throw fields.error(
          "ingredients", index: index, "expected an object, found \(element.typeName)")
      }
      let item = JSONRecordFields(object, at: fields.location, path: "ingredients[\(index)]")
      guard let name = try text(item, "ingredient") else { continue }
      var measure = try text(item, "measurement")
      if measure == nil { measure = try text(item, "measure") }
      result.append(SourceIngredient(writtenName: name, measure: measure))
    }
    return result
  }

  /// A string member trimmed, with empty text read as absent.
  private static func text(_ fields: JSONRecordFields, _ key: String) throws(CorpusError) -> String?
  {
    guard let value = try fields.string(key)?.trimmingWhitespace(), !value.isEmpty else {
      return nil
    }
    return value
  }
}
