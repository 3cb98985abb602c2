import Foundation

/// Folds text to the form every name comparison in Larder uses: lowercase ASCII letters and
/// digits, diacritics removed (`jalapeño` → `jalapeno`, `crème fraîche` → `creme fraiche`),
/// every other character a word break, words separated by one space, no leading or trailing
/// space. Apostrophes are dropped rather than turned into breaks, so `baker's yeast` folds to
/// `bakers yeast` and `confectioners' sugar` to `confectioners sugar`.
///
/// Letters outside Latin (CJK, Greek, ...) are kept, lowercased, so names in other scripts
/// still compare equal to themselves.
public enum TextFolding {
  /// The folded form of `text`.
  ///
  /// - Complexity: O(n) in the number of Unicode scalars; ASCII input takes a fast path with
  ///   no Foundation calls.
  public static func fold(_ text: some StringProtocol) -> String {
    let utf8 = text.utf8
    // ASCII fast path: fold byte by byte straight into the new string's storage.
    if utf8.allSatisfy({ $0 < 0x80 }) {
      return String(unsafeUninitializedCapacity: utf8.count) { buffer in
        var count = 0
        var pendingSpace = false
        for byte in utf8 {
          var folded = byte
          switch byte {
          case 0x61...0x7A, 0x30...0x39: break
          case 0x41...0x5A: folded = byte + 0x20
          case 0x27: continue
          default:
            pendingSpace = true
            continue
          }
          if pendingSpace {
            if count > 0 {
              buffer[count] = 0x20
              count += 1
            }
            pendingSpace = false
          }
          buffer[count] = folded
          count += 1
        }
        return count
      }
    }
    var out = String.UnicodeScalarView()
    var pendingSpace = false
    for scalar in text.unicodeScalars {
      appendFolded(scalar, to: &out, pendingSpace: &pendingSpace)
    }
    return withLatinLookalikes(String(out))
  }

  /// `folded` with the Cyrillic letters that look Latin read as those Latin letters, in each
  /// word that also holds a Latin letter: `сrab` typed with a Cyrillic `С` is `crab`. A word
  /// wholly in Cyrillic stays as it is.
  ///
  /// - Complexity: O(n); text with no Cyrillic letter returns at once.
  static func withLatinLookalikes(_ folded: String) -> String {
    guard folded.unicodeScalars.contains(where: { (0x400...0x4FF).contains($0.value) }) else {
      return folded
    }
    var words: [String] = []
    for word in folded.split(separator: " ", omittingEmptySubsequences: false) {
      let scalars = word.unicodeScalars
      guard scalars.contains(where: { $0.value >= 0x61 && $0.value <= 0x7A }),
        case let mapped = scalars.map({ cyrillicLookalikes[$0.value] ?? $0 }),
        mapped.allSatisfy({ !(0x400...0x4FF).contains($0.value) })
      else {
        words.append(String(word))
        continue
      }
      var view = String.UnicodeScalarView()
      view.append(contentsOf: mapped)
      words.append(String(view))
    }
    return words.joined(separator: " ")
  }

  /// Lowercase Cyrillic letters drawn like a Latin one (folding lowercases `С` to `с`).
  private static let cyrillicLookalikes: [UInt32: Unicode.Scalar] = [
    0x430: "a", 0x432: "b", 0x435: "e", 0x43A: "k", 0x43C: "m", 0x43D: "h", 0x43E: "o",
    0x440: "p", 0x441: "c", 0x442: "t", 0x443: "y", 0x445: "x", 0x456: "i", 0x458: "j",
    0x455: "s",
  ]

  /// The folded words of `text`, in order.
  public static func words(_ text: some StringProtocol) -> [Substring] {
    fold(text).split(separator: " ")
  }

  /// Appends the folded form of one scalar, keeping single spaces between words.
  ///
  /// `pendingSpace` records that a break was seen since the last letter, so runs of
  /// punctuation collapse to one space and nothing leads or trails.
  @inline(__always)
  static func appendFolded(
    _ scalar: Unicode.Scalar, to out: inout String.UnicodeScalarView, pendingSpace: inout Bool
  ) {
    let value = scalar.value
    if value < 0x80 {
      switch value {
      case 0x61...0x7A, 0x30...0x39:  // a-z, 0-9
        emit(scalar, to: &out, pendingSpace: &pendingSpace)
      case 0x41...0x5A:  // A-Z
        emit(Unicode.Scalar(value + 0x20)!, to: &out, pendingSpace: &pendingSpace)
      case 0x27:  // ' is dropped: "baker's" → "bakers"
        break
      default:
        pendingSpace = true
      }
      return
    }
    if value == 0x2019 || value == 0x2018 {  // typographic apostrophes, dropped like '
      return
    }
    if (0x300...0x36F).contains(value) {  // combining diacritics of decomposed input
      return
    }
    if let ascii = latinFolding(value) {
      for s in ascii.unicodeScalars { emit(s, to: &out, pendingSpace: &pendingSpace) }
      return
    }
    if scalar.properties.isAlphabetic {
      // Rare path: decompose and keep the base letters (ā → a, ș → s, ...).
      let decomposed = String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars
      if let base = decomposed.first, base.value < 0x80 {
        appendFolded(base, to: &out, pendingSpace: &pendingSpace)
        return
      }
      for s in String(scalar).lowercased().unicodeScalars {
        emit(s, to: &out, pendingSpace: &pendingSpace)
      }
      return
    }
    if scalar.properties.numericType == .decimal, let digit = scalar.properties.numericValue {
      emit(Unicode.Scalar(UInt32(0x30) + UInt32(digit))!, to: &out, pendingSpace: &pendingSpace)
      return
    }
    pendingSpace = true
  }

  @inline(__always)
  private static func emit(
    _ scalar: Unicode.Scalar, to out: inout String.UnicodeScalarView, pendingSpace: inout Bool
  ) {
    if pendingSpace {
      if !out.isEmpty { out.append(" ") }
      pendingSpace = false
    }
    out.append(scalar)
  }

  /// ASCII for the Latin-1 and Latin Extended-A letters recipes actually use, and for the
  /// `ﬀ`-`ﬄ` ligatures, or `nil`.
  ///
  /// A table rather than Unicode decomposition because it is faster and covers letters
  /// with no decomposition (`ø`, `æ`, `œ`, `ß`, `ł`).
  static func latinFolding(_ value: UInt32) -> String? {
    switch value {
    case 0xC0...0xC5, 0xE0...0xE5: return "a"
    case 0xC6, 0xE6: return "ae"
    case 0xC7, 0xE7: return "c"
    case 0xC8...0xCB, 0xE8...0xEB: return "e"
    case 0xCC...0xCF, 0xEC...0xEF: return "i"
    case 0xD0, 0xF0: return "d"
    case 0xD1, 0xF1: return "n"
    case 0xD2...0xD6, 0xD8, 0xF2...0xF6, 0xF8: return "o"
    case 0xD9...0xDC, 0xF9...0xFC: return "u"
    case 0xDD, 0xFD, 0xFF: return "y"
    case 0xDE, 0xFE: return "th"
    case 0xDF: return "ss"
    case 0x131: return "i"
    case 0x141, 0x142: return "l"
    case 0x110, 0x111: return "d"
    case 0x152, 0x153: return "oe"
    // Typographic ligatures that PDFs and scans leave in text (`chilli ﬂakes`).
    case 0xFB00: return "ff"
    case 0xFB01: return "fi"
    case 0xFB02: return "fl"
    case 0xFB03: return "ffi"
    case 0xFB04: return "ffl"
    default: return nil
    }
  }
}
