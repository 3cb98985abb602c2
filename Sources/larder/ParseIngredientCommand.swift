import ArgumentParser
import Foundation
import LarderCore

/// `larder parse-ingredient`: parses ingredient lines from standard input and prints one JSON
/// object per line, in order: `{"line", "quantity", "unit", "name", "preparation", "comment",
/// "optional", "known"}`. `quantity` is a number, `[low, high]` for a range, or `null`.
struct ParseIngredientCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "parse-ingredient",
    abstract: "Parse ingredient lines from standard input into JSON lines."
  )

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
    let parser = IngredientLineParser(vocabulary: vocabulary)
    var output = ""
    output.reserveCapacity(1 << 16)
    while let line = readLine(strippingNewline: true) {
      ParsedIngredientJSON.append(parser.parse(line), to: &output)
      output += "\n"
      if output.utf8.count >= 1 << 16 {
        FileHandle.standardOutput.write(Data(output.utf8))
        output.removeAll(keepingCapacity: true)
      }
    }
    FileHandle.standardOutput.write(Data(output.utf8))
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
