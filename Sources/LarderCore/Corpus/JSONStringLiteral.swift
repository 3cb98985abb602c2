/// Writes text as a JSON string literal: the one escaper behind every hand-written JSON writer
/// (corpus lines, index text columns, the HTTP hot paths, the harness answers).
///
/// Quotes and backslashes are escaped, `\n`, `\r` and `\t` by name, other control characters
/// as `\u00XX`; everything else is copied as UTF-8, so the output is valid JSON (RFC 8259 §7)
/// that `JSONSerialization` and ``JSONParser`` read back to the same string.
public enum JSONStringLiteral {
  /// Appends `text`, quoted and escaped, to `buffer`.
  ///
  /// - Complexity: O(n) in the UTF-8 length of `text`; text needing no escape is copied in one go.
  public static func append(_ text: String, to buffer: inout [UInt8]) {
    buffer.append(UInt8(ascii: "\""))
    // Most names and titles need no escaping: copy their bytes at once.
    if !text.utf8.contains(where: needsEscape) {
      buffer.append(contentsOf: text.utf8)
      buffer.append(UInt8(ascii: "\""))
      return
    }
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): buffer.append(contentsOf: #"\""#.utf8)
      case UInt8(ascii: "\\"): buffer.append(contentsOf: #"\\"#.utf8)
      case UInt8(ascii: "\n"): buffer.append(contentsOf: #"\n"#.utf8)
      case UInt8(ascii: "\t"): buffer.append(contentsOf: #"\t"#.utf8)
      case UInt8(ascii: "\r"): buffer.append(contentsOf: #"\r"#.utf8)
      case 0..<0x20:
        buffer.append(contentsOf: #"\u00"#.utf8)
        buffer.append(hexDigits[Int(byte >> 4)])
        buffer.append(hexDigits[Int(byte & 0xF)])
      default: buffer.append(byte)
      }
    }
    buffer.append(UInt8(ascii: "\""))
  }

  /// Appends `text`, quoted and escaped, to a `String` being built.
  public static func append(_ text: String, to string: inout String) {
    if !text.utf8.contains(where: needsEscape) {
      string += "\""
      string += text
      string += "\""
      return
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count + 2)
    append(text, to: &bytes)
    string += String(decoding: bytes, as: UTF8.self)
  }

  /// `text` as a quoted, escaped JSON string literal.
  public static func quoted(_ text: String) -> String {
    var string = ""
    append(text, to: &string)
    return string
  }

  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
