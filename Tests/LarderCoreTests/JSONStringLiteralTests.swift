import Foundation
import Testing

@testable import LarderCore

/// The one JSON string escaper writes literals that both JSON readers (Foundation's and ours)
/// read back to the same text.
@Suite struct JSONStringLiteralTests {
  @Test func namedEscapesAndControlCharacters() {
    #expect(JSONStringLiteral.quoted("garlic") == #""garlic""#)
    #expect(JSONStringLiteral.quoted("a \"b\" \\ c") == #""a \"b\" \\ c""#)
    #expect(JSONStringLiteral.quoted("1\n2\t3\r") == #""1\n2\t3\r""#)
    #expect(JSONStringLiteral.quoted("\u{0}\u{1F}") == #""\u0000\u001f""#)
    #expect(JSONStringLiteral.quoted("crème brûlée / 東京") == "\"crème brûlée / 東京\"")
  }

  @Test func bytesAndStringFormsAgree() {
    for text in ["", "plain", "tab\there", "quote\"", "\u{7}bell"] {
      var bytes: [UInt8] = []
      JSONStringLiteral.append(text, to: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self) == JSONStringLiteral.quoted(text))
    }
  }

  /// Seeded random strings over the characters that need care round-trip through both readers.
  @Test func randomTextRoundTrips() throws {
    let seed = UInt64.random(in: 0...UInt64.max)
    print("JSONStringLiteralTests seed: \(seed)")
    var rng = SplitMix64(seed: seed)
    let alphabet: [Character] = [
      "a", "Z", "0", " ", "\"", "\\", "/", "\n", "\r", "\t", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}",
      "é", "ß", "東", "🍋", "\u{2028}",
    ]
    for _ in 0..<500 {
      let length = Int.random(in: 0...24, using: &rng)
      let text = String((0..<length).map { _ in alphabet.randomElement(using: &rng)! })
      let literal = JSONStringLiteral.quoted(text)
      #expect(try JSONParser.parse(literal) == .string(text), "seed \(seed): \(literal)")
      let decoded = try JSONSerialization.jsonObject(
        with: Data(literal.utf8), options: .fragmentsAllowed)
      #expect(decoded as? String == text, "seed \(seed): \(literal)")
    }
  }
}
