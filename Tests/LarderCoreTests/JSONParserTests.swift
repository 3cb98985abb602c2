import Testing

@testable import LarderCore

@Suite struct JSONParserTests {
  @Test func parsesScalars() throws {
    #expect(try JSONParser.parse("null") == .null)
    #expect(try JSONParser.parse(" true ") == .bool(true))
    #expect(try JSONParser.parse("false") == .bool(false))
    #expect(try JSONParser.parse("0") == .integer(0))
    #expect(try JSONParser.parse("-42") == .integer(-42))
    #expect(try JSONParser.parse("9223372036854775807") == .integer(Int64.max))
    #expect(try JSONParser.parse("3.25") == .double(3.25))
    #expect(try JSONParser.parse("-1.5e3") == .double(-1500))
    #expect(try JSONParser.parse("2E-2") == .double(0.02))
    #expect(try JSONParser.parse("1e400") == .double(.infinity))
    #expect(try JSONParser.parse("\"plain\"") == .string("plain"))
  }

  @Test func hugeIntegersFallBackToDouble() throws {
    #expect(
      try JSONParser.parse("123456789012345678901234") == .double(1.2345678901234568e23))
  }

  @Test func decodesEscapes() throws {
    #expect(
      try JSONParser.parse(#""a\"b\\c\/d\b\f\n\r\t""#) == .string("a\"b\\c/d\u{8}\u{c}\n\r\t"))
    #expect(try JSONParser.parse(#""caf\u00e9 \u20ac""#) == .string("café €"))
    #expect(try JSONParser.parse(#""\ud83c\udf45 tomato""#) == .string("🍅 tomato"))
    #expect(try JSONParser.parse("\"crème brûlée\"") == .string("crème brûlée"))
  }

  @Test func replacesUnpairedSurrogates() throws {
    #expect(try JSONParser.parse(#""\ud83c x""#) == .string("\u{FFFD} x"))
    #expect(try JSONParser.parse(#""\udf45""#) == .string("\u{FFFD}"))
    #expect(try JSONParser.parse(#""\ud83c\u0041""#) == .string("\u{FFFD}A"))
  }

  @Test func acceptsTrailingCommasAndNonFiniteNumbers() throws {
    #expect(try JSONParser.parse("[1, 2,]") == .array([.integer(1), .integer(2)]))
    #expect(
      try JSONParser.parse("{\"a\": 1 , }")
        == .object(JSONObject([.init(key: "a", value: .integer(1))])))
    #expect(
      try JSONParser.parse("[Infinity, -Infinity]")
        == .array([.double(.infinity), .double(-.infinity)]))
    let nan = try JSONParser.parse("NaN").doubleValue
    #expect(nan?.isNaN == true)
  }

  @Test func keepsRawControlCharactersInStrings() throws {
    #expect(try JSONParser.parse("\"tab\there\"") == .string("tab\there"))
  }

  @Test func parsesNestingInOrder() throws {
    let value = try JSONParser.parse(#"{"b": [1, {"c": null}], "a": {}, "b": "last"}"#)
    let object = try #require(value.objectValue)
    #expect(object.members.map(\.key) == ["b", "a", "b"])
    #expect(object["b"] == .string("last"))
    #expect(object["a"] == .object(JSONObject()))
    #expect(object["missing"] == nil)
    #expect(try JSONParser.parse("[[], [[]]]") == .array([.array([]), .array([.array([])])]))
  }

  @Test func recordsElementOffsetsAtADepth() throws {
    let text = "{\"meals\": [\n {\"a\": [1, 2]},\n  3\n]}"
    let (_, offsets) = try JSONParser.parse(Array(text.utf8), elementOffsetsAtDepth: 2)
    #expect(offsets == [13, 30])
  }

  @Test(arguments: [
    ("", "unexpected end of input"),
    ("{", "unexpected end of input"),
    ("[1, 2", "unexpected end of input in a list"),
    ("[1, 2,,]", "unexpected character"),
    ("[,]", "unexpected character"),
    ("{\"a\" 1}", "expected ':'"),
    ("{\"a\": 1,,}", "expected a string key"),
    ("Nan", "invalid literal"),
    ("{a: 1}", "expected a string key"),
    ("\"open", "unterminated string"),
    ("\"bad \\q\"", "invalid escape"),
    ("\"\\u12G4\"", "invalid hex digit"),
    ("tru", "unexpected end of input in a literal"),
    ("nul1", "invalid literal"),
    ("01", "leading zero"),
    ("-", "expected a digit"),
    ("1.", "expected a digit after the decimal point"),
    ("1e+", "expected a digit in an exponent"),
    ("{} x", "unexpected text after the JSON value"),
  ])
  func reportsSyntaxErrors(text: String, message: String) {
    #expect {
      _ = try JSONParser.parse(text)
    } throws: { error in
      (error as? JSONSyntaxError)?.message.contains(message) == true
    }
  }

  @Test func rejectsInvalidUTF8InStrings() {
    let bytes: [UInt8] = [0x22, 0x61, 0xC3, 0x28, 0x22]
    #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(bytes) }
  }

  @Test func capsTheNestingDepth() {
    let deep =
      String(repeating: "[", count: JSONParser.maximumDepth + 1)
      + String(repeating: "]", count: JSONParser.maximumDepth + 1)
    #expect {
      _ = try JSONParser.parse(deep)
    } throws: { error in
      (error as? JSONSyntaxError)?.message.contains("nesting deeper") == true
    }
    let fine =
      String(repeating: "[", count: JSONParser.maximumDepth)
      + String(repeating: "]", count: JSONParser.maximumDepth)
    #expect(throws: Never.self) { _ = try JSONParser.parse(fine) }
  }

  @Test func errorOffsetPointsAtTheProblem() {
    do {
      _ = try JSONParser.parse("[1, 2, x]")
      Issue.record("should fail")
    } catch {
      #expect(error.offset == 7)
    }
  }
}
