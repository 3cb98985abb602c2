/// Why a JSON text could not be parsed, and where.
struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The 0-based byte offset of the problem within the parsed bytes.
  var offset: Int
  /// What is wrong ("expected ':' after an object key").
  var message: String

  var description: String { "byte \(offset + 1): \(message)" }
}

/// A small, strict-enough JSON parser over UTF-8 bytes, written for corpus reading speed.
///
/// Foundation's `JSONSerialization` builds bridged `NSObject` trees and was the bottleneck of
/// JSONL reading; this parser builds ``JSONValue`` directly from the bytes. It follows RFC 8259
/// with deliberate leniencies for what real exports contain: raw control characters (tabs,
/// newlines) inside strings are kept as they are, an unpaired `\u` surrogate becomes U+FFFD,
/// a trailing comma before `]` or `}` is ignored, and `NaN`, `Infinity` and `-Infinity` (which
/// Python's `json` writes) are read as numbers. One such slip would otherwise spoil a whole file.
/// Strings are checked to be valid UTF-8; invalid bytes are a syntax error.
///
/// - Complexity: O(n) in the input length; recursion depth is capped at ``maximumDepth``.
struct JSONParser {
  /// Nesting deeper than this is rejected instead of risking the stack.
  static let maximumDepth = 512

  /// Parses one complete JSON value; only whitespace may follow it.
  static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONValue {
    var parser = JSONParser(bytes)
    parser.skipWhitespace()
    let value = try parser.parseValue(depth: 0)
    parser.skipWhitespace()
    if parser.index < parser.end {
      throw parser.failure("unexpected text after the JSON value")
    }
    return value
  }

  /// Parses one complete JSON value and also returns the start offset of every element of the
  /// arrays nested exactly `depth` levels deep (1 = the top-level array), so a reader can name
  /// the line where each record of a whole-file document starts.
  static func parse(_ bytes: [UInt8], elementOffsetsAtDepth depth: Int) throws(JSONSyntaxError) -> (
    JSONValue, [Int]
  ) {
    let result: Result<(JSONValue, [Int]), JSONSyntaxError> = bytes.withUnsafeBufferPointer {
      buffer in
      var parser = JSONParser(buffer)
      parser.trackedDepth = depth
      do throws(JSONSyntaxError) {
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.index < parser.end {
          throw parser.failure("unexpected text after the JSON value")
        }
        return .success((value, parser.elementOffsets))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// Parses one complete JSON value from an array of bytes.
  static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
    let result: Result<JSONValue, JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
      do throws(JSONSyntaxError) { return .success(try parse(buffer)) } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// Parses one complete JSON value from a string's UTF-8.
  static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
    try parse(Array(text.utf8))
  }

  private let base: UnsafePointer<UInt8>?
  private let end: Int
  private var index = 0
  /// Reused for strings with escapes, so each one does not allocate a fresh buffer.
  private var scratch: [UInt8] = []
  /// The array depth whose element offsets are recorded (0: none).
  private var trackedDepth = 0
  /// Start offsets of the elements of arrays at `trackedDepth`.
  private var elementOffsets: [Int] = []

  private init(_ bytes: UnsafeBufferPointer<UInt8>) {
    base = bytes.baseAddress
    end = bytes.count
  }

  private func failure(_ message: String) -> JSONSyntaxError {
    JSONSyntaxError(offset: index, message: message)
  }

  @inline(__always) private func byte(at position: Int) -> UInt8 {
    base.unsafelyUnwrapped[position]
  }

  @inline(__always) private mutating func skipWhitespace() {
    while index < end {
      switch byte(at: index) {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return
      }
    }
  }

  private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    guard index < end else { throw failure("unexpected end of input, expected a value") }
    switch byte(at: index) {
    case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
    case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"):
      try expectLiteral("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expectLiteral("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expectLiteral("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    case UInt8(ascii: "N"):
      try expectLiteral("NaN")
      return .double(.nan)
    case UInt8(ascii: "I"):
      try expectLiteral("Infinity")
      return .double(.infinity)
    default: throw failure("unexpected character, expected a value")
    }
  }

  private mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
    let count = literal.utf8CodeUnitCount
    guard end - index >= count else { throw failure("unexpected end of input in a literal") }
    let pointer = literal.utf8Start
    for offset in 0..<count where byte(at: index + offset) != pointer[offset] {
      throw failure("invalid literal, expected \(literal)")
    }
    index += count
  }

  private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    guard depth <= Self.maximumDepth else {
      throw failure("nesting deeper than \(Self.maximumDepth) levels")
    }
    index += 1  // {
    var members: [JSONObject.Member] = []
    skipWhitespace()
    if index < end, byte(at: index) == UInt8(ascii: "}") {
      index += 1
      return .object(JSONObject(members))
    }
    while true {
      skipWhitespace()
      guard index < end else { throw failure("unexpected end of input in an object") }
      guard byte(at: index) == UInt8(ascii: "\"") else {
        throw failure("expected a string key in an object")
      }
      let key = try parseString()
      skipWhitespace()
      guard index < end, byte(at: index) == UInt8(ascii: ":") else {
        throw failure("expected ':' after an object key")
      }
      index += 1
      skipWhitespace()
      let value = try parseValue(depth: depth)
      members.append(JSONObject.Member(key: key, value: value))
      skipWhitespace()
      guard index < end else { throw failure("unexpected end of input in an object") }
      switch byte(at: index) {
      case UInt8(ascii: ","):
        index += 1
        skipWhitespace()
        if index < end, byte(at: index) == UInt8(ascii: "}") {  // a trailing comma
          index += 1
          return .object(JSONObject(members))
        }
      case UInt8(ascii: "}"):
        index += 1
        return .object(JSONObject(members))
      default: throw failure("expected ',' or '}' in an object")
      }
    }
  }

  private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    guard depth <= Self.maximumDepth else {
      throw failure("nesting deeper than \(Self.maximumDepth) levels")
    }
    index += 1  // [
    var elements: [JSONValue] = []
    skipWhitespace()
    if index < end, byte(at: index) == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      if depth == trackedDepth { elementOffsets.append(index) }
      elements.append(try parseValue(depth: depth))
      skipWhitespace()
      guard index < end else { throw failure("unexpected end of input in a list") }
      switch byte(at: index) {
      case UInt8(ascii: ","):
        index += 1
        skipWhitespace()
        if index < end, byte(at: index) == UInt8(ascii: "]") {  // a trailing comma
          index += 1
          return .array(elements)
        }
      case UInt8(ascii: "]"):
        index += 1
        return .array(elements)
      default: throw failure("expected ',' or ']' in a list")
      }
    }
  }

  private mutating func parseString() throws(JSONSyntaxError) -> String {
    index += 1  // opening quote
    let start = index
    var isASCII = true
    // Fast path: no escapes, so the string is a slice of the input.
    while index < end {
      let current = byte(at: index)
      if current == UInt8(ascii: "\"") {
        let slice = UnsafeBufferPointer(start: base.unsafelyUnwrapped + start, count: index - start)
        index += 1
        if isASCII { return String(decoding: slice, as: UTF8.self) }
        guard let text = String(validating: slice, as: UTF8.self) else {
          throw JSONSyntaxError(offset: start, message: "string is not valid UTF-8")
        }
        return text
      }
      if current == UInt8(ascii: "\\") { break }
      if current >= 0x80 { isASCII = false }
      index += 1
    }
    guard index < end else {
      throw JSONSyntaxError(offset: start - 1, message: "unterminated string")
    }
    // Slow path: copy into the scratch buffer, decoding escapes.
    scratch.removeAll(keepingCapacity: true)
    scratch.append(
      contentsOf: UnsafeBufferPointer(start: base.unsafelyUnwrapped + start, count: index - start))
    while index < end {
      let current = byte(at: index)
      if current == UInt8(ascii: "\"") {
        index += 1
        if isASCII { return String(decoding: scratch, as: UTF8.self) }
        guard let text = String(validating: scratch, as: UTF8.self) else {
          throw JSONSyntaxError(offset: start, message: "string is not valid UTF-8")
        }
        return text
      }
      if current == UInt8(ascii: "\\") {
        try decodeEscape()
        continue
      }
      if current >= 0x80 { isASCII = false }
      scratch.append(current)
      index += 1
    }
    throw JSONSyntaxError(offset: start - 1, message: "unterminated string")
  }

  private mutating func decodeEscape() throws(JSONSyntaxError) {
    index += 1  // backslash
    guard index < end else { throw failure("unterminated escape") }
    let code = byte(at: index)
    index += 1
    switch code {
    case UInt8(ascii: "\""): scratch.append(0x22)
    case UInt8(ascii: "\\"): scratch.append(0x5C)
    case UInt8(ascii: "/"): scratch.append(0x2F)
    case UInt8(ascii: "b"): scratch.append(0x08)
    case UInt8(ascii: "f"): scratch.append(0x0C)
    case UInt8(ascii: "n"): scratch.append(0x0A)
    case UInt8(ascii: "r"): scratch.append(0x0D)
    case UInt8(ascii: "t"): scratch.append(0x09)
    case UInt8(ascii: "u"):
      var scalar = try readHex4()
      if (0xD800...0xDBFF).contains(scalar) {
        // A high surrogate must be followed by `\uDC00`...`\uDFFF`; otherwise it is replaced.
        if end - index >= 6, byte(at: index) == UInt8(ascii: "\\"),
          byte(at: index + 1) == UInt8(ascii: "u")
        {
          let saved = index
          index += 2
          let low = try readHex4()
          if (0xDC00...0xDFFF).contains(low) {
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          } else {
            index = saved
            scalar = 0xFFFD
          }
        } else {
          scalar = 0xFFFD
        }
      } else if (0xDC00...0xDFFF).contains(scalar) {
        scalar = 0xFFFD
      }
      appendUTF8(scalar)
    default:
      index -= 1
      throw failure("invalid escape '\\\(Character(Unicode.Scalar(code)))'")
    }
  }

  private mutating func readHex4() throws(JSONSyntaxError) -> UInt32 {
    guard end - index >= 4 else { throw failure("incomplete \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let digit = byte(at: index)
      let nibble: UInt32
      switch digit {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = UInt32(digit - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = UInt32(digit - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = UInt32(digit - UInt8(ascii: "A") + 10)
      default: throw failure("invalid hex digit in a \\u escape")
      }
      value = value << 4 | nibble
      index += 1
    }
    return value
  }

  private mutating func appendUTF8(_ scalar: UInt32) {
    switch scalar {
    case 0..<0x80:
      scratch.append(UInt8(scalar))
    case 0x80..<0x800:
      scratch.append(UInt8(0xC0 | scalar >> 6))
      scratch.append(UInt8(0x80 | scalar & 0x3F))
    case 0x800..<0x10000:
      scratch.append(UInt8(0xE0 | scalar >> 12))
      scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      scratch.append(UInt8(0x80 | scalar & 0x3F))
    default:
      scratch.append(UInt8(0xF0 | scalar >> 18))
      scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
      scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      scratch.append(UInt8(0x80 | scalar & 0x3F))
    }
  }

  private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
    let start = index
    var isNegative = false
    if byte(at: index) == UInt8(ascii: "-") {
      isNegative = true
      index += 1
    }
    if isNegative, index < end, byte(at: index) == UInt8(ascii: "I") {
      try expectLiteral("Infinity")
      return .double(-.infinity)
    }
    let integerStart = index
    var magnitude: UInt64 = 0
    var digitCount = 0
    while index < end, case let digit = byte(at: index), digit >= 0x30, digit <= 0x39 {
      if digitCount < 19 { magnitude = magnitude &* 10 &+ UInt64(digit - 0x30) }
      digitCount += 1
      index += 1
    }
    guard digitCount > 0 else { throw failure("expected a digit in a number") }
    if digitCount > 1, byte(at: integerStart) == UInt8(ascii: "0") {
      throw JSONSyntaxError(offset: integerStart, message: "leading zero in a number")
    }
    var isInteger = true
    if index < end, byte(at: index) == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      let fractionStart = index
      while index < end, case let digit = byte(at: index), digit >= 0x30, digit <= 0x39 {
        index += 1
      }
      guard index > fractionStart else { throw failure("expected a digit after the decimal point") }
    }
    if index < end, byte(at: index) | 0x20 == UInt8(ascii: "e") {
      isInteger = false
      index += 1
      if index < end, byte(at: index) == UInt8(ascii: "+") || byte(at: index) == UInt8(ascii: "-") {
        index += 1
      }
      let exponentStart = index
      while index < end, case let digit = byte(at: index), digit >= 0x30, digit <= 0x39 {
        index += 1
      }
      guard index > exponentStart else { throw failure("expected a digit in an exponent") }
    }
    if isInteger, digitCount <= 18 {
      let value = Int64(magnitude)
      return .integer(isNegative ? -value : value)
    }
    let text = String(
      decoding: UnsafeBufferPointer(start: base.unsafelyUnwrapped + start, count: index - start),
      as: UTF8.self)
    guard let value = Double(text) else {
      throw JSONSyntaxError(offset: start, message: "number out of range")
    }
    if isInteger, let exact = Int64(text) { return .integer(exact) }
    return .double(value)
  }
}
