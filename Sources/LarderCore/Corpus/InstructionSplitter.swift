/// Splits free-text instructions into steps.
///
/// Steps break at line breaks, before `STEP 1` / `Step 2:` markers (anywhere in a line, any
/// case), and before numbered markers `1.` / `2)` that start a line or, once a line has started
/// with one, continue in sequence inside it before a capital letter (`1. Mix. 2. Bake.`).
/// Markers are removed; pieces without a letter (empty, bare labels such as `step 3` or `2`
/// alone on a line, checkbox glyphs such as `▢`) are dropped.
///
/// Markers are ASCII, so the scan runs over UTF-8 bytes: grapheme-by-grapheme scanning was the
/// main cost of reading TheMealDB.
///
/// - Complexity: O(n) in the text's UTF-8 length.
enum InstructionSplitter {
  /// The steps of `text`, trimmed, in order.
  static func steps(from text: String) -> [String] {
    var steps: [String] = []
    var bytes = Array(text.utf8)
    // U+2028 LINE SEPARATOR and U+0085 NEXT LINE count as line breaks too; fold them into \n.
    if hasNewlineVariant(bytes) {
      bytes = Array(text.replacingNewlineVariants().utf8)
    }
    var lineStart = 0
    for index in 0...bytes.count {
      guard index == bytes.count || bytes[index] == 0x0A || bytes[index] == 0x0D else { continue }
      if index > lineStart {
        for piece in splitAtStepMarkers(bytes, lineStart..<index) {
          for numbered in splitAtNumberMarkers(bytes, piece) {
            let step = String(decoding: bytes[numbered], as: UTF8.self).trimmingWhitespace()
            // A piece without a letter is a label or a checkbox ("2", "▢"), not a step.
            if step.contains(where: \.isLetter) { steps.append(step) }
          }
        }
      }
      lineStart = index + 1
    }
    return steps
  }

  /// Ranges of a line between `step N` markers, markers removed.
  private static func splitAtStepMarkers(_ bytes: [UInt8], _ line: Range<Int>) -> [Range<Int>] {
    var pieces: [Range<Int>] = []
    var pieceStart = line.lowerBound
    var index = line.lowerBound
    while index < line.upperBound {
      if let markerEnd = stepMarkerEnd(
        bytes, at: index, lineStart: line.lowerBound, lineEnd: line.upperBound)
      {
        pieces.append(pieceStart..<index)
        pieceStart = markerEnd
        index = markerEnd
      } else {
        index += 1
      }
    }
    pieces.append(pieceStart..<line.upperBound)
    return pieces
  }

  /// The end of a `step N` marker starting at `index`, if one starts there.
  private static func stepMarkerEnd(_ bytes: [UInt8], at index: Int, lineStart: Int, lineEnd: Int)
    -> Int?
  {
    guard bytes[index] | 0x20 == UInt8(ascii: "s"), index + 4 <= lineEnd,
      bytes[index + 1] | 0x20 == UInt8(ascii: "t"), bytes[index + 2] | 0x20 == UInt8(ascii: "e"),
      bytes[index + 3] | 0x20 == UInt8(ascii: "p")
    else { return nil }
    if index > lineStart, isWordByte(bytes[index - 1]) { return nil }
    var position = index + 4
    while position < lineEnd, bytes[position] == 0x20 { position += 1 }
    let digitsStart = position
    while position < lineEnd, isDigit(bytes[position]) { position += 1 }
    guard position > digitsStart else { return nil }
    if position < lineEnd, isWordByte(bytes[position]) { return nil }  // "step 2nd"
    var punctuation = position
    while punctuation < lineEnd, bytes[punctuation] == 0x20 { punctuation += 1 }
    if punctuation < lineEnd {
      switch bytes[punctuation] {
      case UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: ")"), UInt8(ascii: "-"):
        position = punctuation + 1
      case 0xE2
      where punctuation + 2 < lineEnd && bytes[punctuation + 1] == 0x80
        && (bytes[punctuation + 2] == 0x93 || bytes[punctuation + 2] == 0x94):
        position = punctuation + 3  // an en or em dash
      default:
        break
      }
    }
    return position
  }

  /// Ranges of a piece between sequential `1.` `2.` markers, markers removed.
  private static func splitAtNumberMarkers(_ bytes: [UInt8], _ piece: Range<Int>) -> [Range<Int>] {
    var start = piece.lowerBound
    while start < piece.upperBound, isSpace(bytes[start]) { start += 1 }
    guard let (number, afterFirst) = numberMarker(bytes, at: start, end: piece.upperBound) else {
      return [piece]
    }
    var pieces: [Range<Int>] = []
    var pieceStart = afterFirst
    var expected = number + 1
    var index = afterFirst
    while index < piece.upperBound {
      if isSpace(bytes[index]), index + 1 < piece.upperBound,
        let (found, markerEnd) = numberMarker(bytes, at: index + 1, end: piece.upperBound),
        found == expected,
        markerEnd < piece.upperBound, isUppercase(bytes[markerEnd])
      {
        pieces.append(pieceStart..<index)
        pieceStart = markerEnd
        index = markerEnd
        expected += 1
      } else {
        index += 1
      }
    }
    pieces.append(pieceStart..<piece.upperBound)
    return pieces
  }

  /// A `12.` or `12)` marker followed by a space (or ending the piece) at `index`: its number
  /// and where the text after it starts.
  private static func numberMarker(_ bytes: [UInt8], at index: Int, end: Int) -> (Int, Int)? {
    var position = index
    var number = 0
    while position < end, position - index < 3, isDigit(bytes[position]) {
      number = number * 10 + Int(bytes[position] - UInt8(ascii: "0"))
      position += 1
    }
    guard position > index, position < end,
      bytes[position] == UInt8(ascii: ".") || bytes[position] == UInt8(ascii: ")")
    else { return nil }
    position += 1
    if position == end { return (number, position) }
    guard isSpace(bytes[position]) else { return nil }  // "1.5 cups" is not a marker
    while position < end, isSpace(bytes[position]) { position += 1 }
    return (number, position)
  }

  /// Whether the UTF-8 holds U+2028, U+2029 or U+0085.
  private static func hasNewlineVariant(_ bytes: [UInt8]) -> Bool {
    var index = 0
    while index + 1 < bytes.count {
      if bytes[index] == 0xC2, bytes[index + 1] == 0x85 { return true }
      if bytes[index] == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80,
        bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
      {
        return true
      }
      index += 1
    }
    return false
  }

  private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
  private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
  private static func isUppercase(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
  /// ASCII letters and digits, and any non-ASCII byte (a letter in most scripts).
  private static func isWordByte(_ byte: UInt8) -> Bool {
    isDigit(byte) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte >= 0x80
  }
}
