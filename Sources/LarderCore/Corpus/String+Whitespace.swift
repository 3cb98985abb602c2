extension String {
  /// The string without leading and trailing whitespace (including non-breaking spaces).
  func trimmingWhitespace() -> String {
    guard let first = firstIndex(where: { !$0.isWhitespace }) else { return "" }
    let last = lastIndex(where: { !$0.isWhitespace })!
    if first == startIndex, last == index(before: endIndex) { return self }
    return String(self[first...last])
  }

  /// The string with Unicode line separators (U+2028, U+2029, U+0085) turned into `\n`.
  func replacingNewlineVariants() -> String {
    String(
      String.UnicodeScalarView(
        unicodeScalars.map { ["\u{2028}", "\u{2029}", "\u{85}"].contains($0) ? "\n" : $0 }))
  }
}
