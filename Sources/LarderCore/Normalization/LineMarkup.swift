/// Markup that scraped ingredient lines carry and that is no part of what they say: Markdown
/// links (`[no-knead pizza dough](/no-knead-pizza-dough)` reads `no-knead pizza dough`), JSON
/// escapes left unescaped by a scraper (`Salt u0026 pepper` reads `Salt & pepper`) and HTML
/// entities (`15g/&frac12;oz butter` reads `15g/½oz butter`).
enum LineMarkup {
  /// The line without its markup, or `nil` when it has none (the common case, found in one
  /// pass over the bytes).
  ///
  /// - Complexity: O(n) in the line's bytes.
  static func plainText(_ line: String) -> String? {
    // Allocation-free screen: most lines have neither `](` nor `u00`.
    var previous: UInt8 = 0
    var beforePrevious: UInt8 = 0
    var candidate = false
    for byte in line.utf8 {
      if (previous == UInt8(ascii: "]") && byte == UInt8(ascii: "("))
        || (previous == UInt8(ascii: "&") && byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
        || (beforePrevious == UInt8(ascii: "u") && previous == UInt8(ascii: "0")
          && byte == UInt8(ascii: "0"))
      {
        candidate = true
        break
      }
      beforePrevious = previous
      previous = byte
    }
    guard candidate else { return nil }
    let bytes = Array(line.utf8)
    var hasLink = false
    var hasEscape = false
    for (i, byte) in bytes.enumerated() {
      if byte == UInt8(ascii: "]"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "(") {
        hasLink = true
      } else if byte == UInt8(ascii: "u"), escapeValue(bytes, at: i) != nil {
        hasEscape = true
      } else if byte == UInt8(ascii: "&"), entity(bytes, at: i) != nil {
        hasEscape = true
      }
    }
    guard hasLink || hasEscape else { return nil }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = 0
    while i < bytes.count {
      let byte = bytes[i]
      if byte == UInt8(ascii: "["), let (textEnd, linkEnd) = link(bytes, at: i) {
        out.append(contentsOf: bytes[(i + 1)..<textEnd])
        i = linkEnd
        continue
      }
      if byte == UInt8(ascii: "u"), let value = escapeValue(bytes, at: i),
        let scalar = Unicode.Scalar(value)
      {
        if out.last == UInt8(ascii: "\\") { out.removeLast() }
        out.append(contentsOf: String(Character(scalar)).utf8)
        i += 5
        continue
      }
      if byte == UInt8(ascii: "&"), let (text, length) = entity(bytes, at: i) {
        out.append(contentsOf: text.utf8)
        i += length
        continue
      }
      out.append(byte)
      i += 1
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// HTML entities scraped pages leave in lines (`5&frac12;oz`, `salt &amp; pepper`), by name.
  private static let entities: [String: String] = [
    "amp": "&", "nbsp": " ", "quot": "\"", "frac12": "½", "frac14": "¼", "frac34": "¾",
    "frac13": "⅓", "frac23": "⅔", "frac18": "⅛", "deg": "°", "eacute": "é", "egrave": "è",
  ]

  /// The text of an HTML entity at `start` (`&frac12;`, also without its `;`) and its length
  /// in bytes, or `nil`.
  private static func entity(_ bytes: [UInt8], at start: Int) -> (String, Int)? {
    // Letters then digits (`frac12`), so `5&frac12oz;` reads `5½oz;`.
    var end = start + 1
    while end < bytes.count, end - start <= 6, bytes[end] >= UInt8(ascii: "a"),
      bytes[end] <= UInt8(ascii: "z")
    {
      end += 1
    }
    while end < bytes.count, end - start <= 8, bytes[end] >= UInt8(ascii: "0"),
      bytes[end] <= UInt8(ascii: "9")
    {
      end += 1
    }
    guard end > start + 1,
      let text = entities[String(decoding: bytes[(start + 1)..<end], as: UTF8.self)]
    else { return nil }
    let hasSemicolon = end < bytes.count && bytes[end] == UInt8(ascii: ";")
    return (text, end - start + (hasSemicolon ? 1 : 0))
  }

  /// For a `[` at `start` that opens `[text](target)`: the index of `]` and the index after
  /// `)`; `nil` when the brackets do not form a link.
  private static func link(_ bytes: [UInt8], at start: Int) -> (Int, Int)? {
    guard let close = bytes[(start + 1)...].firstIndex(of: UInt8(ascii: "]")),
      close + 1 < bytes.count, bytes[close + 1] == UInt8(ascii: "("),
      let end = bytes[(close + 2)...].firstIndex(of: UInt8(ascii: ")"))
    else { return nil }
    // A target holds no space: "[optional] (see note)" is no link.
    guard !bytes[(close + 2)..<end].contains(UInt8(ascii: " ")) else { return nil }
    return (close, end + 1)
  }

  /// The code point of an escape `u00XX` at `start` that stands apart from any word (after a
  /// non-letter or a backslash, before a non-alphanumeric), or `nil`.
  private static func escapeValue(_ bytes: [UInt8], at start: Int) -> UInt32? {
    guard start + 5 <= bytes.count, bytes[start + 1] == UInt8(ascii: "0"),
      bytes[start + 2] == UInt8(ascii: "0")
    else { return nil }
    if start > 0 {
      let before = bytes[start - 1]
      guard before == UInt8(ascii: "\\") || !isAlphanumeric(before) else { return nil }
    }
    if start + 5 < bytes.count, isAlphanumeric(bytes[start + 5]) { return nil }
    guard let high = hexDigit(bytes[start + 3]), let low = hexDigit(bytes[start + 4]) else {
      return nil
    }
    let value = high * 16 + low
    // Only printable Latin-1: control characters are no text.
    return value >= 0x20 && value != 0x7F && !(0x80..<0xA0).contains(value) ? value : nil
  }

  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || (byte >= 0x30 && byte <= 0x39)
      || byte >= 0x80
  }

  private static func hexDigit(_ byte: UInt8) -> UInt32? {
    switch byte {
    case 0x30...0x39: return UInt32(byte - 0x30)
    case 0x41...0x46: return UInt32(byte - 0x41 + 10)
    case 0x61...0x66: return UInt32(byte - 0x61 + 10)
    default: return nil
    }
  }
}
