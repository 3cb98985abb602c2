import Foundation

/// The corpus file formats Larder reads.
public enum CorpusFormat: String, Sendable, CaseIterable {
  /// Larder JSONL (`Data/README.md`): one recipe object per line.
  case larderJSONL
  /// TheMealDB API JSON: `{"meals": [...]}`, a bare array of meals, or the folded
  /// `ingredients: [{ingredient, measurement}]` variant.
  case theMealDB
  /// schema.org `Recipe` JSON-LD: one object, an array, an `@graph`, or one document per line.
  case schemaOrg
  /// RecipeNLG-style CSV: `title,ingredients,directions,link,source,NER`.
  case recipeNLG
}

/// How a JSON corpus file is laid out: one document per line, or one document for the file.
enum CorpusLayout: Sendable, Hashable {
  /// Every non-blank line is a complete JSON value.
  case lines
  /// The whole file is one JSON value.
  case document
}

/// Decides a file's format from its first bytes: the first non-space byte and the keys present.
///
/// - `{` whose first line is a complete object: its keys decide (`meals` → a TheMealDB document,
///   `idMeal` → TheMealDB lines, `@context`/`@type`/`@graph`/`recipeIngredient` → schema.org
///   lines, else Larder JSONL when it has `title`, `id` or `ingredients`).
/// - `{` or `[` spanning several lines: a whole document; `idMeal`/`strMeal` → TheMealDB,
///   JSON-LD keys → schema.org.
/// - anything else: a CSV header naming `title` and `ingredients` → RecipeNLG.
enum CorpusFormatDetector {
  /// How many bytes detection looks at.
  static let sampleSize = 1 << 16

  /// The detected format and layout, or `nil` when the sample fits no format.
  static func detect(_ sample: ArraySlice<UInt8>) -> (CorpusFormat, CorpusLayout)? {
    let bytes = Array(sample)
    guard let first = bytes.firstIndex(where: { !isSpace($0) }) else { return nil }
    let opener = bytes[first]
    if opener == UInt8(ascii: "{") || opener == UInt8(ascii: "[") {
      if opener == UInt8(ascii: "{"), let object = firstLineObject(bytes, from: first) {
        if object.contains("meals") { return (.theMealDB, .document) }
        if object.contains("idMeal") { return (.theMealDB, .lines) }  // one meal per line
        if isJSONLD(object) { return (.schemaOrg, .lines) }
        if object.contains("title") || object.contains("id") || object.contains("ingredients") {
          return (.larderJSONL, .lines)
        }
        return nil
      }
      if contains(bytes, "\"idMeal\"") || contains(bytes, "\"strMeal\"") {
        return (.theMealDB, .document)
      }
      for key in ["\"@context\"", "\"@type\"", "\"@graph\"", "\"recipeIngredient\""]
      where contains(bytes, key) {
        return (.schemaOrg, .document)
      }
      // A first Larder JSONL record longer than the sample.
      if opener == UInt8(ascii: "{"), contains(bytes, "\"title\"") { return (.larderJSONL, .lines) }
      return nil
    }
    let headerEnd = bytes[first...].firstIndex(of: 0x0A) ?? bytes.endIndex
    let header = String(decoding: bytes[first..<headerEnd], as: UTF8.self).lowercased()
    let names = header.split(separator: ",").map {
      $0.trimmingCharacters(in: CharacterSet(charactersIn: " \t\r\""))
    }
    if names.contains("title"), names.contains("ingredients") { return (.recipeNLG, .lines) }
    return nil
  }

  /// The layout of a JSON file whose format was given rather than detected.
  static func layout(of sample: ArraySlice<UInt8>, format: CorpusFormat) -> CorpusLayout {
    switch format {
    case .larderJSONL, .recipeNLG: return .lines
    case .theMealDB, .schemaOrg:
      let bytes = Array(sample)
      guard let first = bytes.firstIndex(where: { !isSpace($0) }) else { return .document }
      return firstLineObject(bytes, from: first) != nil ? .lines : .document
    }
  }

  /// Whether an object looks like schema.org JSON-LD.
  static func isJSONLD(_ object: JSONObject) -> Bool {
    ["@context", "@type", "@graph", "recipeIngredient"].contains { object.contains($0) }
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  /// The first line parsed as a complete JSON object, when it is one.
  private static func firstLineObject(_ bytes: [UInt8], from first: Int) -> JSONObject? {
    guard
      let end = bytes[first...].firstIndex(of: 0x0A)
        ?? (bytes.count < sampleSize ? bytes.count : nil)
    else {
      return nil
    }
    let line = Array(bytes[first..<end])
    guard case .object(let object)? = try? JSONParser.parse(line) else { return nil }
    return object
  }

  private static func contains(_ bytes: [UInt8], _ needle: String) -> Bool {
    let pattern = Array(needle.utf8)
    guard bytes.count >= pattern.count else { return false }
    var index = 0
    let last = bytes.count - pattern.count
    while index <= last {
      if bytes[index] == pattern[0], Array(bytes[index..<index + pattern.count]) == pattern {
        return true
      }
      index += 1
    }
    return false
  }
}
