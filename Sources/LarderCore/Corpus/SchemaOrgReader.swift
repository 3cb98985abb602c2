import Foundation

/// Reads schema.org `Recipe` JSON-LD: one object, an array, an `@graph` (also inside
/// `mainEntity` and `ItemList`s), or a JSONL file with one such document per line.
///
/// Real pages vary a lot, so only a missing `name` spoils a record; an optional field in a shape
/// that is not understood is left out. Mapping choices:
/// - `@id` (unless page-relative like `#recipe` or a blank node `_:b0`), else `url` → id;
///   without either, or when the id was already used in this file, `<file name>#<n>` (n counts
///   recipe objects from 1).
/// - `recipeCategory` / `recipeCuisine` (string, comma-separated string or list): the first
///   → category / area, the rest → tags; `keywords` → tags too.
/// - `prepTime` / `cookTime` are ISO 8601 durations (free text such as "45 minutes" also read).
///   When only `totalTime` is given it becomes the cook time, so `totalMinutes` stays right;
///   when it is given with one of the two, the other is the difference.
/// - `recipeYield`: the first number of the first element that has one ("6-8" → 6).
/// - `nutrition` strings ("240 kcal", "1,200 mg") → numbers in Larder's units.
/// - `suitableForDiet` → Larder's diet labels; diets Larder has no label for are left out.
/// - `url`, else the author's name → source. HTML entities and tags are removed from text.
struct SchemaOrgReader {
  /// The file path, for error locations.
  let file: String
  /// The file's last path component, for fallback ids.
  private let fileName: String

  /// Creates a reader for `file`.
  init(file: String) {
    self.file = file
    self.fileName = URL(fileURLWithPath: file).lastPathComponent
  }

  /// Ids already handed out in this file, and how many recipes were read.
  private struct IDs {
    var seen: Set<String> = []
    var count = 0

    /// A unique id for the current recipe: `preferred` when unused, else `<file>#<n>`.
    mutating func next(preferred: String?, fileName: String) -> String {
      if let preferred, !preferred.isEmpty, seen.insert(preferred).inserted { return preferred }
      var fallback = "\(fileName)#\(count)"
      while !seen.insert(fallback).inserted { fallback += "'" }
      return fallback
    }
  }

  /// Streams a JSONL file: each line is one JSON-LD document holding one or more recipes.
  func readLines(
    _ reader: inout ChunkedFileReader,
    _ body: (Result<SourceRecipe, CorpusError>, Int) throws -> CorpusFile.Flow
  ) throws {
    var ids = IDs()
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
        var found: [(JSONObject, String, Int?)] = []
        Self.collectRecipes(in: value, path: "$", topIndex: nil, into: &found)
        if found.isEmpty {
          return try body(.failure(Self.noRecipe(at: location)), progress)
        }
        for (object, path, _) in found {
          let recordLocation = SourceLocation(
            file: file, line: location.line, jsonPath: path == "$" ? nil : path)
          if try body(record(object, at: recordLocation, ids: &ids), progress) == .stop {
            return .stop
          }
        }
        return .continue
      }
    }
  }

  /// Reads a whole-file document: a recipe object, an array, or an `@graph`.
  func readDocument(
    _ bytes: [UInt8], _ body: (Result<SourceRecipe, CorpusError>) throws -> CorpusFile.Flow
  ) throws {
    let isArray = bytes.first(where: { $0 > 0x20 }) == UInt8(ascii: "[")
    let document = try JSONDocument(bytes, file: file, recordDepth: isArray ? 1 : 2)
    var found: [(JSONObject, String, Int?)] = []
    Self.collectRecipes(in: document.root, path: "$", topIndex: nil, into: &found)
    if found.isEmpty {
      _ = try body(.failure(Self.noRecipe(at: SourceLocation(file: file, line: 1))))
      return
    }
    var graphCount = 0
    if case .object(let root) = document.root, case .array(let graph)? = root["@graph"] {
      graphCount = graph.count
    }
    let linesAreAligned = isArray || document.recordLines.count == graphCount
    var ids = IDs()
    for (object, path, topIndex) in found {
      var line = 1
      if let topIndex { line = linesAreAligned ? document.line(ofRecord: topIndex) : 0 }
      let location = SourceLocation(file: file, line: line, jsonPath: path)
      if try body(record(object, at: location, ids: &ids)) == .stop { return }
    }
  }

  private static func noRecipe(at location: SourceLocation) -> CorpusError {
    CorpusError(
      .badRecord, at: location, "no schema.org Recipe here (an object with \"@type\": \"Recipe\")")
  }

  // MARK: Finding recipes

  /// Appends every recipe object in `value` with its JSON path and the index of the top-level
  /// element (array or `@graph`) it sits in.
  static func collectRecipes(
    in value: JSONValue, path: String, topIndex: Int?,
    into found: inout [(JSONObject, String, Int?)]
  ) {
    switch value {
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        collectRecipes(
          in: element, path: "\(path)[\(index)]", topIndex: topIndex ?? index, into: &found)
      }
    case .object(let object):
      if isRecipe(object) {
        found.append((object, path, topIndex))
        return
      }
      if let graph = object["@graph"] {
        if case .array(let elements) = graph, path == "$" {
          for (index, element) in elements.enumerated() {
            collectRecipes(in: element, path: "$.@graph[\(index)]", topIndex: index, into: &found)
          }
        } else {
          collectRecipes(in: graph, path: "\(path).@graph", topIndex: topIndex, into: &found)
        }
      }
      for key in ["mainEntity", "itemListElement", "item"] {
        if let nested = object[key] {
          collectRecipes(in: nested, path: "\(path).\(key)", topIndex: topIndex, into: &found)
        }
      }
    default:
      return
    }
  }

  /// Whether `@type` is or contains `Recipe` (any prefix: `schema:Recipe`,
  /// `http://schema.org/Recipe`), or, without `@type`, the object lists `recipeIngredient`.
  static func isRecipe(_ object: JSONObject) -> Bool {
    func named(_ value: JSONValue) -> Bool {
      guard case .string(let type) = value else { return false }
      let last = type.split(whereSeparator: { $0 == "/" || $0 == ":" || $0 == "#" }).last ?? ""
      return last.caseInsensitiveCompare("Recipe") == .orderedSame
    }
    switch object["@type"] {
    case .string?: return named(object["@type"]!)
    case .array(let types)?: return types.contains(where: named)
    case nil: return object.contains("recipeIngredient")
    default: return false
    }
  }

  // MARK: Mapping one recipe

  private func record(_ object: JSONObject, at location: SourceLocation, ids: inout IDs) -> Result<
    SourceRecipe, CorpusError
  > {
    ids.count += 1  // every recipe object counts, also one that fails, so fallback ids stay stable
    let fields = JSONRecordFields(object, at: location)
    guard let title = Self.firstText(object["name"]) ?? Self.firstText(object["headline"]) else {
      let problem =
        object["name"] == nil ? "missing" : "expected text, found \(object["name"]!.typeName)"
      return .failure(fields.error("name", problem))
    }
    let url = Self.firstText(object["url"], lines: .joined)
    // A page-relative @id ("#recipe") names nothing outside its page; the url is better then.
    var preferredID = Self.firstText(object["@id"])
    if preferredID.map({ $0.hasPrefix("#") || $0.hasPrefix("_:") }) ?? true {
      preferredID = url ?? preferredID
    }
    var recipe = Recipe(id: ids.next(preferred: preferredID, fileName: fileName), title: title)

    var tags: [String] = []
    let categories = Self.texts(object["recipeCategory"], splitting: .linesAndCommas)
    recipe.category = categories.first
    tags += categories.dropFirst()
    let cuisines = Self.texts(object["recipeCuisine"], splitting: .linesAndCommas)
    recipe.area = cuisines.first
    tags += cuisines.dropFirst()
    tags += Self.texts(object["keywords"], splitting: .linesAndCommas)
    var seenTags: Set<String> = []
    recipe.tags = tags.filter { seenTags.insert($0.lowercased()).inserted }

    recipe.summary = Self.firstText(object["description"])
    recipe.servings = Self.servings(object["recipeYield"] ?? object["yield"])
    let prep = Self.minutes(object["prepTime"])
    let cook = Self.minutes(object["cookTime"])
    let total = Self.minutes(object["totalTime"])
    recipe.prepMinutes = prep
    recipe.cookMinutes = cook
    if let total {
      switch (prep, cook) {
      case (nil, nil): recipe.cookMinutes = total
      case (let prep?, nil) where total > prep: recipe.cookMinutes = total - prep
      case (nil, let cook?) where total > cook: recipe.prepMinutes = total - cook
      default: break
      }
    }
    recipe.steps = Self.steps(object["recipeInstructions"])
    recipe.nutrition = Self.nutrition(object["nutrition"])
    recipe.diets = Self.texts(object["suitableForDiet"], splitting: .lines).compactMap(
      SchemaOrgValues.diet)
    recipe.image = Self.image(object["image"])
    recipe.source = url ?? Self.authorName(object["author"])

    let lines = Self.texts(
      object["recipeIngredient"] ?? object["ingredients"], splitting: .lines)
    let ingredients = lines.map { SourceIngredient(line: $0) }
    return .success(SourceRecipe(recipe: recipe, ingredients: ingredients, location: location))
  }

  /// The first text in a string, a list, or an object's `name`/`text`/`@value`.
  private static func firstText(_ value: JSONValue?, lines: HTMLText.Lines = .joined) -> String? {
    switch value {
    case .string(let text)?:
      let plain = HTMLText.plain(text, lines: lines)
      return plain.isEmpty ? nil : plain
    case .integer(let number)?: return String(number)
    case .array(let elements)?:
      for element in elements {
        if let text = firstText(element, lines: lines) { return text }
      }
      return nil
    case .object(let object)?:
      return firstText(object["@value"] ?? object["name"] ?? object["text"], lines: lines)
    default: return nil
    }
  }

  /// Where a text value is cut into several.
  private enum TextSeparators {
    /// At line breaks (ingredient lists written as one string).
    case lines
    /// At line breaks and commas (categories and keywords written as one string).
    case linesAndCommas
  }

  /// Every text in a string (one per line, or per comma), a list, or objects with `name`/`text`.
  private static func texts(_ value: JSONValue?, splitting separators: TextSeparators) -> [String] {
    switch value {
    case .string(let text)?:
      let plain = HTMLText.plain(text, lines: .kept)
      let pieces = plain.split(whereSeparator: {
        $0.isNewline || (separators == .linesAndCommas && $0 == ",")
      })
      return pieces.map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
    case .integer(let number)?: return [String(number)]
    case .double(let number)?: return [String(number)]
    case .array(let elements)?:
      return elements.flatMap { texts($0, splitting: separators) }
    case .object(let object)?:
      return texts(
        object["@value"] ?? object["name"] ?? object["text"] ?? object["@id"],
        splitting: .lines)
    default: return []
    }
  }

  private static func servings(_ value: JSONValue?) -> Int? {
    switch value {
    case .integer(let number)?: return number > 0 ? Int(number) : nil
    case .double(let number)?: return number >= 1 ? SchemaOrgValues.wholeNumber(number) : nil
    case .string(let text)?:
      guard let number = SchemaOrgValues.firstNumber(in: text), number >= 1, number < 100_000 else {
        return nil
      }
      return SchemaOrgValues.wholeNumber(number)
    case .array(let elements)?:
      for element in elements {
        if let number = servings(element) { return number }
      }
      return nil
    case .object(let object)?: return servings(object["value"] ?? object["@value"])
    default: return nil
    }
  }

  private static func minutes(_ value: JSONValue?) -> Int? {
    switch value {
    case .string(let text)?:
      if let duration = ISODuration(text) { return duration.minutes }
      return SchemaOrgValues.minutes(inFreeText: text)
    case .integer(let number)?: return number >= 0 ? Int(number) : nil
    case .double(let number)?: return number >= 0 ? SchemaOrgValues.wholeNumber(number) : nil
    case .array(let elements)?: return minutes(elements.first)
    case .object(let object)?: return minutes(object["@value"] ?? object["value"])
    default: return nil
    }
  }

  /// Steps from a string, a list of strings, `HowToStep`s and `HowToSection`s (flattened;
  /// section names are dropped).
  static func steps(_ value: JSONValue?) -> [String] {
    switch value {
    case .string(let text)?:
      return InstructionSplitter.steps(from: HTMLText.plain(text, lines: .kept))
    case .array(let elements)?:
      return elements.flatMap { steps($0) }
    case .object(let object)?:
      if let items = object["itemListElement"] { return steps(items) }
      if let text = object["text"] ?? object["name"] ?? object["description"] { return steps(text) }
      return []
    default:
      return []
    }
  }

  private static func nutrition(_ value: JSONValue?) -> Nutrition? {
    guard case .object(let object)? = value else { return nil }
    let facts = Nutrition(
      calories: SchemaOrgValues.amount(object["calories"], measure: .energy),
      proteinGrams: SchemaOrgValues.amount(object["proteinContent"], measure: .grams),
      fatGrams: SchemaOrgValues.amount(object["fatContent"], measure: .grams),
      carbohydrateGrams: SchemaOrgValues.amount(object["carbohydrateContent"], measure: .grams),
      fiberGrams: SchemaOrgValues.amount(object["fiberContent"], measure: .grams),
      sugarGrams: SchemaOrgValues.amount(object["sugarContent"], measure: .grams),
      sodiumMilligrams: SchemaOrgValues.amount(object["sodiumContent"], measure: .milligrams))
    return facts.isEmpty ? nil : facts
  }

  private static func image(_ value: JSONValue?) -> String? {
    switch value {
    case .string(let text)?:
      let url = text.trimmingWhitespace()
      return url.isEmpty ? nil : url
    case .array(let elements)?:
      for element in elements {
        if let url = image(element) { return url }
      }
      return nil
    case .object(let object)?: return image(object["url"] ?? object["contentUrl"] ?? object["@id"])
    default: return nil
    }
  }

  private static func authorName(_ value: JSONValue?) -> String? {
    firstText(value)
  }
}
