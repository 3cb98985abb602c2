/// What the API accepts as a name (an ingredient, a pantry or grocery item, a list value, a
/// search): text with at least one character that is an ASCII letter or digit, or any other
/// character outside ASCII that is neither whitespace nor a C1 control. Blank text and ASCII
/// punctuation alone name nothing. `openapi.json` states the same rule as the pattern
/// `[^\x00-\x2F\x3A-\x40\x5B-\x60\x7B-\x9F\s]`, which reads the same in every regex dialect
/// (a `\w` or `\p{L}` rule would not: validators disagree on what they mean outside ASCII).
enum NameText {
  /// The pattern of `openapi.json` for names.
  static let pattern = #"[^\x00-\x2F\x3A-\x40\x5B-\x60\x7B-\x9F\s]"#

  /// The length of `text` as `openapi.json`'s `maxLength` counts it: Unicode code points (JSON
  /// Schema's characters), not Swift's grapheme clusters, which would let combining marks
  /// stretch a value far past the documented limit.
  static func length(_ text: some StringProtocol) -> Int { text.unicodeScalars.count }

  /// Whether `text` has a character that can name something.
  static func isName(_ text: some StringProtocol) -> Bool {
    text.unicodeScalars.contains { scalar in
      switch scalar.value {
      case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
      case 0...0x9F: false
      default: !scalar.properties.isWhitespace
      }
    }
  }
}
