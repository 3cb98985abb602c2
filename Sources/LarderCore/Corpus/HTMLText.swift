/// Turns the HTML-flavoured text of recipe pages into plain text: entities decoded (`&amp;`,
/// `&#39;`, `&#x2F;`, `&frac12;`), tags removed, whitespace collapsed.
///
/// Web pages often double-encode (`&amp;#39;`), so a second decoding pass runs when the first
/// one produced a new `&`. Unknown entities are kept as written. A `<` that does not open a tag
/// (`5 < 6`) is kept. Works on UTF-8 bytes; text that needs no change is returned as it is.
enum HTMLText {
  /// What to do with line structure.
  enum Lines {
    /// Everything on one line: every run of whitespace becomes one space.
    case joined
    /// Line breaks, `<br>` and block-closing tags (`</p>`, `</li>`) become `\n`.
    case kept
  }

  /// The plain text of `text`.
  ///
  /// - Complexity: O(n) in the UTF-8 length.
  static func plain(_ text: String, lines: Lines = .joined) -> String {
    guard needsWork(text.utf8, lines: lines) else { return text }
    var bytes = Array(text.utf8)
    if bytes.contains(UInt8(ascii: "<")) { bytes = stripTags(bytes, lines: lines) }
    if bytes.contains(UInt8(ascii: "&")) {
      let decoded = decodeEntities(bytes)
      bytes =
        decoded != bytes && decoded.contains(UInt8(ascii: "&")) ? decodeEntities(decoded) : decoded
    }
    return String(decoding: collapseWhitespace(bytes, lines: lines), as: UTF8.self)
  }

  /// Whether the text has a tag, an entity, or whitespace that collapsing would change.
  private static func needsWork(_ utf8: String.UTF8View, lines: Lines) -> Bool {
    var previousWasSpace = true  // a leading space needs trimming
    for byte in utf8 {
      switch byte {
      case UInt8(ascii: "<"), UInt8(ascii: "&"), 0x09, 0x0B, 0x0C, 0x0D, 0xC2: return true
      case 0x0A:
        if lines == .joined || previousWasSpace { return true } else { previousWasSpace = true }
      case 0x20: if previousWasSpace { return true } else { previousWasSpace = true }
      default: previousWasSpace = false
      }
    }
    return previousWasSpace  // a trailing space (or empty text)
  }

  private static let lineBreakTags: Set<String> = [
    "br", "br/", "/p", "/li", "/div", "p", "li", "/h1", "/h2", "/h3", "/h4", "/h5", "/h6", "/tr",
  ]

  private static func stripTags(_ bytes: [UInt8], lines: Lines) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      // A tag starts with "<" and a letter, "/" or "!"; anything else is a literal "<".
      if byte == UInt8(ascii: "<"), index + 1 < bytes.count, isTagStart(bytes[index + 1]),
        let close = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: ">"))
      {
        var nameEnd = index + 1
        while nameEnd < close, bytes[nameEnd] != 0x20, bytes[nameEnd] != 0x0A,
          bytes[nameEnd] != 0x09
        { nameEnd += 1 }
        let name = String(decoding: bytes[(index + 1)..<nameEnd], as: UTF8.self).lowercased()
        output.append(lines == .kept && lineBreakTags.contains(name) ? 0x0A : 0x20)
        index = close + 1
      } else {
        output.append(byte)
        index += 1
      }
    }
    return output
  }

  private static func isTagStart(_ byte: UInt8) -> Bool {
    (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
      || byte == UInt8(ascii: "/")
      || byte == UInt8(ascii: "!")
  }

  private static func decodeEntities(_ bytes: [UInt8]) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "&"),
        let semicolon = bytes[(index + 1)..<min(bytes.count, index + 12)].firstIndex(
          of: UInt8(ascii: ";")),
        let decoded = decode(
          entity: String(decoding: bytes[(index + 1)..<semicolon], as: UTF8.self))
      {
        output.append(contentsOf: decoded.utf8)
        index = semicolon + 1
      } else {
        output.append(byte)
        index += 1
      }
    }
    return output
  }

  private static func decode(entity name: String) -> String? {
    if name.hasPrefix("#") {
      let digits = name.dropFirst()
      let value: UInt32?
      if digits.first == "x" || digits.first == "X" {
        value = UInt32(digits.dropFirst(), radix: 16)
      } else {
        value = UInt32(digits)
      }
      guard let value, let scalar = Unicode.Scalar(value) else { return nil }
      return String(Character(scalar))
    }
    return namedEntities[name]
  }

  private static let namedEntities: [String: String] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ",
    "ndash": "–", "mdash": "—", "hellip": "…", "lsquo": "‘", "rsquo": "’", "ldquo": "“",
    "rdquo": "”",
    "frac12": "½", "frac14": "¼", "frac34": "¾", "frac13": "⅓", "frac23": "⅔", "frac18": "⅛",
    "deg": "°", "times": "×", "reg": "®", "copy": "©", "trade": "™", "bull": "•", "middot": "·",
    "eacute": "é", "egrave": "è", "ecirc": "ê", "euml": "ë", "aacute": "á", "agrave": "à",
    "acirc": "â",
    "auml": "ä", "iacute": "í", "icirc": "î", "iuml": "ï", "oacute": "ó", "ocirc": "ô", "ouml": "ö",
    "uacute": "ú", "ugrave": "ù", "ucirc": "û", "uuml": "ü", "ccedil": "ç", "ntilde": "ñ",
    "szlig": "ß",
    "Eacute": "É", "Auml": "Ä", "Ouml": "Ö", "Uuml": "Ü", "aring": "å", "oslash": "ø", "aelig": "æ",
  ]

  /// Runs of spaces, tabs and non-breaking spaces become one space; line breaks become one
  /// space (`.joined`) or one `\n` (`.kept`); the ends are trimmed.
  private static func collapseWhitespace(_ bytes: [UInt8], lines: Lines) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var pendingSpace = false
    var pendingBreak = false
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case 0x0A, 0x0D:
        if lines == .kept { pendingBreak = true } else { pendingSpace = true }
        index += 1
      case 0x20, 0x09, 0x0B, 0x0C:
        pendingSpace = true
        index += 1
      case 0xC2 where index + 1 < bytes.count && bytes[index + 1] == 0xA0:  // U+00A0 no-break space
        pendingSpace = true
        index += 2
      default:
        if !output.isEmpty {
          if pendingBreak { output.append(0x0A) } else if pendingSpace { output.append(0x20) }
        }
        pendingSpace = false
        pendingBreak = false
        output.append(byte)
        index += 1
      }
    }
    return output
  }
}
