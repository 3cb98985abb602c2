/// Turns the HTML-flavoured text of recipe pages into plain text: entities decoded (`&amp;`,
/// `&#39;`, `&#x2F;`, `&frac12;`), tags removed, whitespace collapsed.
///
/// Web pages often double-encode (`&amp;#39;`), so a second decoding pass runs when the first
/// one produced a new `&`. Unknown entities are kept as written.
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
  /// - Complexity: O(n); text without `&` or `<` is only scanned.
  static func plain(_ text: String, lines: Lines = .joined) -> String {
    var result = text
    if result.contains("<") { result = stripTags(result, lines: lines) }
    if result.contains("&") {
      let decoded = decodeEntities(result)
      result = decoded != result && decoded.contains("&") ? decodeEntities(decoded) : decoded
    }
    return collapseWhitespace(result, lines: lines)
  }

  private static func stripTags(_ text: String, lines: Lines) -> String {
    var output = ""
    output.reserveCapacity(text.utf8.count)
    var tag: String? = nil
    for character in text {
      if var open = tag {
        if character == ">" {
          let name = open.lowercased().split(separator: " ").first ?? ""
          if lines == .kept,
            ["br", "br/", "/p", "/li", "/div", "p", "li", "/h1", "/h2", "/h3", "/h4"].contains(
              String(name))
          {
            output.append("\n")
          } else {
            output.append(" ")
          }
          tag = nil
        } else {
          open.append(character)
          tag = open
        }
      } else if character == "<" {
        tag = ""
      } else {
        output.append(character)
      }
    }
    if let open = tag { output.append("<" + open) }  // a lone "<" was not a tag
    return output
  }

  private static func decodeEntities(_ text: String) -> String {
    var output = ""
    output.reserveCapacity(text.utf8.count)
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      guard character == "&",
        let semicolon = text[index...].prefix(12).firstIndex(of: ";")
      else {
        output.append(character)
        index = text.index(after: index)
        continue
      }
      let name = text[text.index(after: index)..<semicolon]
      if let decoded = decode(entity: name) {
        output.append(decoded)
        index = text.index(after: semicolon)
      } else {
        output.append(character)
        index = text.index(after: index)
      }
    }
    return output
  }

  private static func decode(entity name: Substring) -> String? {
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
    return namedEntities[String(name)]
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

  private static func collapseWhitespace(_ text: String, lines: Lines) -> String {
    var output = ""
    output.reserveCapacity(text.utf8.count)
    var pendingSpace = false
    var pendingBreak = false
    for character in text {
      if character.isNewline, lines == .kept {
        pendingBreak = true
      } else if character.isWhitespace {
        pendingSpace = true
      } else {
        if !output.isEmpty {
          if pendingBreak { output.append("\n") } else if pendingSpace { output.append(" ") }
        }
        pendingSpace = false
        pendingBreak = false
        output.append(character)
      }
    }
    return output
  }
}
