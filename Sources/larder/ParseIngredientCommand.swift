import ArgumentParser
import Foundation
import LarderCore

/// `larder parse-ingredient`: parses ingredient lines from standard input and prints one JSON
/// object per line, in order: `{"line", "quantity", "unit", "name", "preparation", "comment",
/// "optional", "known"}`. `quantity` is a number, `[low, high]` for a range, or `null`.
///
/// With `--corpus FILE` each input line is `RECIPE-ID<TAB>LINE` and is read in its recipe, as
/// an index of FILE stores it (``RecipeNormalizer/normalizedIngredients(of:)``: the source's
/// fields, such as TheMealDB's name and measure apart, and the recipe's method). `LINE` is the
/// ingredient as the source displays it, whitespace collapsed (TheMealDB: `measure name`); the
/// first of the recipe's ingredients with that text answers.
struct ParseIngredientCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "parse-ingredient",
    abstract: "Parse ingredient lines from standard input into JSON lines."
  )

  @Option(
    name: .long,
    help:
      "Read each input line as RECIPE-ID<TAB>LINE and parse it in its recipe of this corpus file.")
  var corpus: String?

  @Option(
    name: .long, help: "A folder of vocabulary .tsv files (default: the bundled Data/vocabulary).")
  var vocabulary: String?

  @Flag(
    name: .long, help: "Parse without any vocabulary (names stay as written, folded and singular).")
  var noVocabulary = false

  func run() throws {
    let vocabulary: Vocabulary
    if noVocabulary {
      vocabulary = Vocabulary()
    } else if let folder = self.vocabulary {
      vocabulary = try Vocabulary.bundled(folder: URL(fileURLWithPath: folder, isDirectory: true))
    } else {
      vocabulary = try Vocabulary.bundled()
    }
    let parse: (String) throws -> ParsedIngredient
    if let corpus {
      let recipes = try IngredientsInRecipes(corpus: corpus, vocabulary: vocabulary)
      parse = { try recipes.parsed($0) }
    } else {
      let parser = IngredientLineParser(vocabulary: vocabulary)
      parse = { parser.parse($0) }
    }
    var output = ""
    output.reserveCapacity(1 << 16)
    while let line = readLine(strippingNewline: true) {
      ParsedIngredientJSON.append(try parse(line), to: &output)
      output += "\n"
      if output.utf8.count >= 1 << 16 {
        FileHandle.standardOutput.write(Data(output.utf8))
        output.removeAll(keepingCapacity: true)
      }
    }
    FileHandle.standardOutput.write(Data(output.utf8))
  }
}

/// Every ingredient of a corpus file as its index stores it, answered by recipe id and
/// displayed line (`parse-ingredient --corpus`).
struct IngredientsInRecipes {
  private let ingredients: CorpusIngredients
  private let vocabulary: Vocabulary

  /// Reads and normalizes every recipe of `corpus`.
  ///
  /// - Throws: ``CorpusError`` when the file cannot be read or a record is bad.
  init(corpus: String, vocabulary: Vocabulary) throws {
    self.vocabulary = vocabulary
    ingredients = try CorpusIngredients(
      path: corpus, normalizer: RecipeNormalizer(vocabulary: vocabulary))
  }

  /// The ingredient named by `request` (`RECIPE-ID<TAB>LINE`) as its recipe's index stores it.
  ///
  /// - Throws: ``CommandFailure`` when the request has no tab, or names no recipe or line.
  func parsed(_ request: String) throws -> ParsedIngredient {
    guard let tab = request.firstIndex(of: "\t") else {
      throw CommandFailure("expected RECIPE-ID<TAB>LINE, got \(request.debugDescription)")
    }
    let id = String(request[..<tab])
    let text = CorpusIngredients.collapsed(request[request.index(after: tab)...])
    guard ingredients.holdsRecipe(id) else {
      throw CommandFailure("the corpus has no recipe \(id.debugDescription)")
    }
    guard let found = ingredients.ingredient(text, ofRecipe: id) else {
      throw CommandFailure(
        "recipe \(id.debugDescription) has no ingredient \(text.debugDescription)")
    }
    guard let line = found.line else { return ParsedIngredient(line: text, name: "") }
    return ParsedIngredient(
      line: text, quantity: line.quantity, unit: line.unit, name: line.name,
      preparation: line.preparation, comment: line.comment, isOptional: line.isOptional,
      known: vocabulary.entry(for: line.name)?.name == line.name)
  }
}

/// The JSON-lines form of a ``ParsedIngredient``, written by hand to keep key order stable.
enum ParsedIngredientJSON {
  static func append(_ parsed: ParsedIngredient, to out: inout String) {
    out += "{\"line\":"
    JSONStringLiteral.append(parsed.line, to: &out)
    out += ",\"quantity\":"
    if let quantity = parsed.quantity {
      if let high = quantity.high {
        out += "[\(number(quantity.low)),\(number(high))]"
      } else {
        out += number(quantity.low)
      }
    } else {
      out += "null"
    }
    out += ",\"unit\":"
    appendOptional(parsed.unit, to: &out)
    out += ",\"name\":"
    JSONStringLiteral.append(parsed.name, to: &out)
    out += ",\"preparation\":"
    appendOptional(parsed.preparation, to: &out)
    out += ",\"comment\":"
    appendOptional(parsed.comment, to: &out)
    out += ",\"optional\":\(parsed.isOptional),\"known\":\(parsed.known)}"
  }

  static func number(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return String((value * 1000).rounded() / 1000)
  }

  static func appendOptional(_ value: String?, to out: inout String) {
    if let value { JSONStringLiteral.append(value, to: &out) } else { out += "null" }
  }
}
