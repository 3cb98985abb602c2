import Foundation

/// Case and diacritic folding for matching typed text against names and titles.
///
/// ASCII text (the common case) is lowercased byte by byte; anything else goes through
/// Foundation's folding so "Crème Brûlée" and "creme brulee" compare equal.
public enum SearchFolding {
  /// `text` lowercased, diacritics removed, runs of whitespace collapsed to one space and trimmed.
  /// - Complexity: O(n) in the UTF-8 length.
  public static func fold(_ text: String) -> String {
    var isASCII = true
    for byte in text.utf8 where byte >= 0x80 {
      isASCII = false
      break
    }
    let source =
      isASCII
      ? text : text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    var out: [UInt8] = []
    out.reserveCapacity(source.utf8.count)
    var pendingSpace = false
    for byte in source.utf8 {
      if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
        pendingSpace = !out.isEmpty
        continue
      }
      if pendingSpace {
        out.append(0x20)
        pendingSpace = false
      }
      out.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Singular guesses for the last word of typed text ("tomatoes" → "tomato", "berries" →
  /// "berry", "cherry tomatoes" → "cherry tomato"), most specific first; the text itself is not
  /// included. A last word of one or two letters has none ("beef s" is a word being typed, not
  /// a plural).
  public static func singularForms(of text: String) -> [String] {
    let word = text.utf8.reversed().prefix { $0 != 0x20 }.count
    var forms: [String] = []
    if text.hasSuffix("ies"), word > 4 { forms.append(String(text.dropLast(3)) + "y") }
    if text.hasSuffix("es"), word > 3 { forms.append(String(text.dropLast(2))) }
    if text.hasSuffix("s"), !text.hasSuffix("ss"), word > 2 {
      forms.append(String(text.dropLast()))
    }
    return forms
  }
}
