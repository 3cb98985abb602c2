/// One token of an ingredient line: a folded word, a number, or a punctuation mark that
/// matters to the parser.
struct IngredientToken: Sendable {
  /// What the token is.
  enum Kind: UInt8, Sendable {
    case word, number, comma, open, close, slash, dash, colon
  }

  /// What the token is.
  var kind: Kind
  /// The folded word (`tomatoes`, `creme`), or the number as written for numbers.
  var text: String
  /// The value of a number (`½` → 0.5, `1,5` → 1.5, `1/2` → 0.5, `1½` → 1.5).
  var value: Double = 0
  /// Whether a number is a bare fraction below one (`½`, `1/2`), which may complete a mixed
  /// number (`1 1/2`).
  var isFraction = false
  /// Whether a number is a percentage (`2%`).
  var isPercent = false
  /// What the parser knows about a word (``IngredientLexicon``); empty for other tokens.
  var traits: WordTraits = []
  /// Whether whitespace precedes the token.
  var spaceBefore = false
  /// Where the token is in the line, as UTF-8 byte offsets.
  var range: Range<Int>
}

/// Splits an ingredient line into ``IngredientToken``s in one pass over its Unicode scalars.
///
/// Words are folded as ``TextFolding`` does (so `Jalapeños` is the word `jalapenos`), numbers
/// are read with their fractions (`1½`, `5¼`, `1/2`, `⅓`, `1.5`, `1,5`), `&` reads as `and`
/// and `+` as `plus`. Periods, quotes and other marks only separate words.
///
/// - Complexity: O(n) in the line's scalars.
enum IngredientTokenizer {
  static func tokenize(_ line: String) -> [IngredientToken] {
    var line = line
    return line.withUTF8 { tokenize(UTF8Scalars(bytes: $0)) }
  }

  private static func tokenize(_ scalars: UTF8Scalars) -> [IngredientToken] {
    var tokens: [IngredientToken] = []
    tokens.reserveCapacity(16)
    var wordBytes: [UInt8] = []
    wordBytes.reserveCapacity(32)
    var index = 0
    var spaceBefore = false
    // An em dash after a word reads as ` - `: the token after it has a space before it.
    var spacedDash = false
    while index < scalars.count {
      let scalar = scalars[index]
      let value = scalar.value
      if value == 0x20 || value == 0x09 || value == 0xA0 || value == 0x0A || value == 0x0D
        || value == 0x2009 || value == 0x202F
      {
        spaceBefore = true
        index = scalars.index(after: index)
        continue
      }
      let start = index
      if isDigit(value) || vulgarFraction(value) != nil {
        var number = readNumber(scalars, &index)
        if index < scalars.count, scalars[index] == "%" {
          number.isPercent = true
          index = scalars.index(after: index)
        }
        number.spaceBefore = spaceBefore
        number.range = start..<index
        tokens.append(number)
      } else if isLetter(scalar) {
        // Fold into a reused byte buffer: words are short, so the String is usually stored
        // inline with no allocation.
        wordBytes.removeAll(keepingCapacity: true)
        var sawNonASCIILetter = false
        while index < scalars.count {
          let s = scalars[index]
          let v = s.value
          if v < 0x80 {
            if v >= 0x61 && v <= 0x7A {
              wordBytes.append(UInt8(v))
            } else if v >= 0x41 && v <= 0x5A {
              wordBytes.append(UInt8(v + 0x20))
            } else if v != 0x27 {
              break
            }
          } else if isLetter(s) {
            sawNonASCIILetter = true
            var folded = String.UnicodeScalarView()
            var pending = false
            TextFolding.appendFolded(s, to: &folded, pendingSpace: &pending)
            wordBytes.append(contentsOf: String(folded).utf8)
          } else if !(v == 0x2019 || (0x300...0x36F).contains(v)) {
            break  // apostrophes and combining accents stay inside the word
          }
          index = scalars.index(after: index)
        }
        var text = String(decoding: wordBytes, as: UTF8.self)
        // "Сrab" with a Cyrillic first letter: only a word with a letter past ASCII can hold one.
        if sawNonASCIILetter { text = TextFolding.withLatinLookalikes(text) }
        tokens.append(
          IngredientToken(
            kind: .word, text: text, traits: IngredientLexicon.traits(text),
            spaceBefore: spaceBefore,
            range: start..<index))
      } else {
        index = scalars.index(after: index)
        let kind: IngredientToken.Kind?
        var text = ""
        switch value {
        case 0x2C, 0x3B: kind = .comma  // , ;
        case 0x28, 0x5B, 0x7B: kind = .open
        case 0x29, 0x5D, 0x7D: kind = .close
        case 0x2F, 0x2044: kind = .slash
        case 0x2014 where tokens.last?.kind == .word:
          // "unsalted butter—at room temperature": an em dash after a word is never a hyphen;
          // it sets off what follows as a spaced dash does.
          kind = .dash
          spaceBefore = true
          spacedDash = true
        case 0x2D, 0x2010, 0x2011, 0x2012, 0x2013, 0x2014, 0x2212: kind = .dash
        case 0x3A: kind = .colon
        case 0x2E where endsSentence(scalars, after: index, previous: tokens.last):
          kind = .comma  // "soft cheese. Appenzeller works best.": a sentence ends the name
        case 0x26:
          kind = .word
          text = "and"
        case 0x2B:
          kind = .word
          text = "plus"
        case 0xD7:
          kind = .word
          text = "x"
        default: kind = nil
        }
        if let kind {
          tokens.append(
            IngredientToken(
              kind: kind, text: text, traits: text.isEmpty ? [] : IngredientLexicon.traits(text),
              spaceBefore: spaceBefore, range: start..<index))
        } else {
          // Other marks separate words like a space.
          spaceBefore = true
          continue
        }
      }
      spaceBefore = spacedDash
      spacedDash = false
    }
    return tokens
  }

  /// Whether a period just before `index` ends a sentence: a space and a capital follow, and
  /// the word before it is no abbreviation (`tbsp.`, `oz.`, `approx.`, `St.`).
  private static func endsSentence(
    _ scalars: UTF8Scalars, after index: Int, previous: IngredientToken?
  ) -> Bool {
    guard let previous, previous.kind == .word, previous.text.utf8.count >= 4,
      previous.traits.isDisjoint(with: [.unit, .amountPrefix]),
      index + 1 < scalars.count, scalars[index].value == 0x20
    else { return false }
    let next = scalars[index + 1].value
    return next >= 0x41 && next <= 0x5A
  }

  @inline(__always)
  static func isDigit(_ value: UInt32) -> Bool { value >= 0x30 && value <= 0x39 }

  @inline(__always)
  static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x80 { return (value | 0x20) >= 0x61 && (value | 0x20) <= 0x7A }
    if value == 0xD7 || value == 0xF7 { return false }  // × ÷
    if TextFolding.latinFolding(value) != nil { return true }
    return scalar.properties.isAlphabetic && vulgarFraction(value) == nil
  }

  /// The value of a Unicode vulgar fraction (`½`, `⅓`, ...), or `nil`.
  @inline(__always)
  static func vulgarFraction(_ value: UInt32) -> Double? {
    switch value {
    case 0xBD: return 0.5
    case 0xBC: return 0.25
    case 0xBE: return 0.75
    case 0x2150: return 1.0 / 7
    case 0x2151: return 1.0 / 9
    case 0x2152: return 0.1
    case 0x2153: return 1.0 / 3
    case 0x2154: return 2.0 / 3
    case 0x2155: return 0.2
    case 0x2156: return 0.4
    case 0x2157: return 0.6
    case 0x2158: return 0.8
    case 0x2159: return 1.0 / 6
    case 0x215A: return 5.0 / 6
    case 0x215B: return 0.125
    case 0x215C: return 0.375
    case 0x215D: return 0.625
    case 0x215E: return 0.875
    default: return nil
    }
  }

  /// Reads `12`, `1.5`, `1,5`, `1,000`, `1/2`, `1½`, `½` starting at `index`.
  private static func readNumber(
    _ scalars: UTF8Scalars, _ index: inout Int
  ) -> IngredientToken {
    let start = index
    if let fraction = vulgarFraction(scalars[index].value) {
      index = scalars.index(after: index)
      return IngredientToken(
        kind: .number, text: "", value: fraction, isFraction: true, range: start..<index)
    }
    var whole = readDigits(scalars, &index)
    var isFraction = false
    if index < scalars.count {
      let separator = scalars[index].value
      let next = scalars.index(after: index)
      if separator == 0x2E || separator == 0x2C, next < scalars.count,
        isDigit(scalars[next].value)
      {
        // 1.5 or 1,5 (decimal comma); 1,000 with exactly three digits is a thousands mark.
        var probe = next
        let digitsStart = probe
        let fractionDigits = readDigits(scalars, &probe)
        let digitCount = probe - digitsStart
        if separator == 0x2C && digitCount == 3 {
          whole = whole * 1000 + fractionDigits
        } else {
          whole += fractionDigits / pow10(digitCount)
        }
        index = probe
      } else if separator == 0x2F || separator == 0x2044, next < scalars.count,
        isDigit(scalars[next].value)
      {
        var probe = next
        let denominator = readDigits(scalars, &probe)
        if denominator > 0 {
          whole /= denominator
          isFraction = whole < 1
          index = probe
        }
      } else if let fraction = vulgarFraction(separator) {
        whole += fraction  // 1½
        index = next
      }
    }
    return IngredientToken(
      kind: .number, text: "", value: whole, isFraction: isFraction, range: start..<index)
  }

  private static func readDigits(_ scalars: UTF8Scalars, _ index: inout Int)
    -> Double
  {
    var value: Double = 0
    while index < scalars.count, isDigit(scalars[index].value) {
      value = value * 10 + Double(scalars[index].value - 0x30)
      index = scalars.index(after: index)
    }
    return value
  }

  private static func pow10(_ n: Int) -> Double {
    var result: Double = 1
    for _ in 0..<n { result *= 10 }
    return result
  }
}

/// The Unicode scalars of a line read straight from its UTF-8 bytes, addressed by byte offset:
/// no index validation, no bridging.
struct UTF8Scalars {
  let bytes: UnsafeBufferPointer<UInt8>

  /// The number of bytes.
  var count: Int { bytes.count }

  /// The scalar starting at byte `i` (the line is valid UTF-8, as every String is).
  @inline(__always)
  subscript(i: Int) -> Unicode.Scalar {
    let lead = UInt32(bytes[i])
    if lead < 0x80 { return Unicode.Scalar(UInt8(lead)) }
    var value: UInt32
    var length: Int
    if lead < 0xE0 {
      value = lead & 0x1F
      length = 2
    } else if lead < 0xF0 {
      value = lead & 0x0F
      length = 3
    } else {
      value = lead & 0x07
      length = 4
    }
    for k in 1..<length where i + k < bytes.count {
      value = (value << 6) | (UInt32(bytes[i + k]) & 0x3F)
    }
    return Unicode.Scalar(value) ?? " "
  }

  /// The byte offset of the scalar after the one at `i`.
  @inline(__always)
  func index(after i: Int) -> Int {
    let lead = bytes[i]
    if lead < 0x80 { return i + 1 }
    if lead < 0xE0 { return min(i + 2, bytes.count) }
    if lead < 0xF0 { return min(i + 3, bytes.count) }
    return min(i + 4, bytes.count)
  }
}
