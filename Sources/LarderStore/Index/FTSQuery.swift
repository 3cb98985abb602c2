/// Turns what a user typed into a safe FTS5 MATCH expression.
///
/// The text is split into words (runs of letters and digits); each word becomes a quoted FTS5
/// string, so quotes, `*`, `NEAR`, `AND`/`OR`/`NOT`, column filters (`title:`) and unbalanced
/// parentheses in the input are plain text and can neither fail the query nor change its
/// meaning. Words are ANDed. The last word also matches as a prefix (as-you-type), unless the
/// text ends in a space.
public struct FTSQuery: Sendable, Hashable {
  /// The words found, in order.
  public let words: [String]
  /// Whether the last word matches as a prefix.
  public let lastWordIsPrefix: Bool

  /// Parses `text`; at most `maximumWords` words are kept (a query has no use for more).
  public init(_ text: String, maximumWords: Int = 32) {
    var words: [String] = []
    var current = ""
    for character in text {
      if character.isLetter || character.isNumber {
        current.append(character)
      } else if !current.isEmpty {
        words.append(current)
        current = ""
      }
    }
    if !current.isEmpty { words.append(current) }
    self.words = Array(words.prefix(maximumWords))
    self.lastWordIsPrefix = !current.isEmpty && words.count <= maximumWords
  }

  /// Whether there is nothing to search for.
  public var isEmpty: Bool { words.isEmpty }

  /// The MATCH expression: `"corn" "bread"*`.
  public var expression: String {
    words.enumerated().map { index, word in
      let quoted = "\"" + word + "\""  // a word holds only letters and digits: no quote to escape
      return index == words.count - 1 && lastWordIsPrefix ? quoted + "*" : quoted
    }.joined(separator: " ")
  }
}
