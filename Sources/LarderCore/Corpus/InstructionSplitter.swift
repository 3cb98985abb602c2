/// Splits free-text instructions into steps.
///
/// Steps break at line breaks, before `STEP 1` / `Step 2:` markers (anywhere in a line, any
/// case), and before numbered markers `1.` / `2)` that start a line or, once a line has started
/// with `1.`, continue in sequence inside it (`1. Mix. 2. Bake.`). Markers are removed; empty
/// pieces and bare labels (`step 3` alone on a line) are dropped.
///
/// - Complexity: O(n) in the text length.
enum InstructionSplitter {
  /// The steps of `text`, trimmed, in order.
  static func steps(from text: String) -> [String] {
    var steps: [String] = []
    for line in text.split(whereSeparator: { $0.isNewline }) {
      let characters = Array(line)
      for piece in splitAtStepMarkers(characters) {
        for numbered in splitAtNumberMarkers(piece) {
          let step = String(numbered).trimmingWhitespace()
          if !step.isEmpty { steps.append(step) }
        }
      }
    }
    return steps
  }

  /// Pieces of a line between `step N` markers, markers removed.
  private static func splitAtStepMarkers(_ characters: [Character]) -> [ArraySlice<Character>] {
    var pieces: [ArraySlice<Character>] = []
    var pieceStart = 0
    var index = 0
    while index < characters.count {
      if let markerEnd = stepMarkerEnd(characters, at: index) {
        pieces.append(characters[pieceStart..<index])
        pieceStart = markerEnd
        index = markerEnd
      } else {
        index += 1
      }
    }
    pieces.append(characters[pieceStart...])
    return pieces
  }

  /// The end of a `step N` marker starting at `index`, if one starts there.
  private static func stepMarkerEnd(_ characters: [Character], at index: Int) -> Int? {
    guard index + 4 <= characters.count else { return nil }
    if index > 0, characters[index - 1].isLetter || characters[index - 1].isNumber { return nil }
    let word = String(characters[index..<index + 4]).lowercased()
    guard word == "step" else { return nil }
    var position = index + 4
    while position < characters.count, characters[position] == " " { position += 1 }
    let digitsStart = position
    while position < characters.count, characters[position].isASCII, characters[position].isNumber {
      position += 1
    }
    guard position > digitsStart else { return nil }
    if position < characters.count, characters[position].isLetter { return nil }  // "step 2nd"
    var punctuation = position
    while punctuation < characters.count, characters[punctuation] == " " { punctuation += 1 }
    if punctuation < characters.count, ":.)-–—".contains(characters[punctuation]) {
      position = punctuation + 1
    }
    return position
  }

  /// Pieces of a line between sequential `1.` `2.` markers, markers removed.
  private static func splitAtNumberMarkers(_ piece: ArraySlice<Character>) -> [ArraySlice<
    Character
  >] {
    var start = piece.startIndex
    while start < piece.endIndex, piece[start].isWhitespace { start += 1 }
    guard let (number, afterFirst) = numberMarker(piece, at: start) else { return [piece] }
    var pieces: [ArraySlice<Character>] = []
    var pieceStart = afterFirst
    var expected = number + 1
    var index = afterFirst
    while index < piece.endIndex {
      if piece[index].isWhitespace, index + 1 < piece.endIndex,
        let (found, markerEnd) = numberMarker(piece, at: index + 1), found == expected,
        markerEnd < piece.endIndex, piece[markerEnd].isUppercase
      {
        pieces.append(piece[pieceStart..<index])
        pieceStart = markerEnd
        index = markerEnd
        expected += 1
      } else {
        index += 1
      }
    }
    pieces.append(piece[pieceStart...])
    return pieces
  }

  /// A `12.` or `12)` marker followed by a space (or ending the piece) at `index`: its number
  /// and where the text after it starts.
  private static func numberMarker(_ piece: ArraySlice<Character>, at index: Int) -> (Int, Int)? {
    var position = index
    var number = 0
    while position < piece.endIndex, position - index < 3,
      let digit = piece[position].wholeNumberValue,
      piece[position].isASCII
    {
      number = number * 10 + digit
      position += 1
    }
    guard position > index, position < piece.endIndex,
      piece[position] == "." || piece[position] == ")"
    else {
      return nil
    }
    position += 1
    if position == piece.endIndex { return (number, position) }
    guard piece[position].isWhitespace else { return nil }  // "1.5 cups" is not a marker
    while position < piece.endIndex, piece[position].isWhitespace { position += 1 }
    return (number, position)
  }
}

extension String {
  /// The string without leading and trailing whitespace (including non-breaking spaces).
  func trimmingWhitespace() -> String {
    guard let first = firstIndex(where: { !$0.isWhitespace }) else { return "" }
    let last = lastIndex(where: { !$0.isWhitespace })!
    if first == startIndex, last == index(before: endIndex) { return self }
    return String(self[first...last])
  }
}
