/// The left-to-right walk over one line's tokens behind ``IngredientLineParser``: it splits the
/// line into amount, unit, name words and the trailing clauses, leaving name resolution to the
/// parser.
struct LineReader {
  let line: String
  var tokens: [IngredientToken]
  var position = 0

  var quantity: Quantity?
  var unit: String?
  var nameWords: [String] = []
  var isOptional = false
  var leadingPreparation: [String] = []
  var trailingPreparation: [String] = []
  var headComments: [String] = []
  var tailComments: [String] = []
  var groupComments: [String] = []

  init(line: String, tokens: [IngredientToken]) {
    self.line = line
    self.tokens = tokens
  }

  mutating func read() {
    removeGroups()
    removeOptionalMarkers()
    removeHeading()
    readFruitPrefix()
    readAmount()
    readName()
    readTail()
  }

  // MARK: - Parentheses, optional markers, headings

  /// Moves parenthesized text to the comment.
  private mutating func removeGroups() {
    guard tokens.contains(where: { $0.kind == .open || $0.kind == .close }) else { return }
    var kept: [IngredientToken] = []
    kept.reserveCapacity(tokens.count)
    var depth = 0
    var groupStart = 0
    for (i, token) in tokens.enumerated() {
      switch token.kind {
      case .open:
        if depth == 0 { groupStart = i }
        depth += 1
      case .close:
        if depth > 0 {
          depth -= 1
          if depth == 0 { noteGroup(groupStart + 1, i) }
        }
      default:
        if depth == 0 { kept.append(token) }
      }
    }
    if depth > 0 { noteGroup(groupStart + 1, tokens.count) }
    tokens = kept
  }

  private mutating func noteGroup(_ start: Int, _ end: Int) {
    guard start < end else { return }
    var meaningful = false
    for token in tokens[start..<end] {
      if token.kind == .word && (token.text == "optional" || token.text == "optionally") {
        isOptional = true
      } else if token.kind == .word || token.kind == .number {
        meaningful = true
      }
    }
    if meaningful { groupComments.append(text(start, end, in: tokens)) }
  }

  private mutating func removeOptionalMarkers() {
    let before = tokens.count
    tokens.removeAll { $0.kind == .word && ($0.text == "optional" || $0.text == "optionally") }
    if tokens.count != before { isOptional = true }
  }

  /// `For the garnish: parsley` → comment `For the garnish`, the rest is the line.
  private mutating func removeHeading() {
    guard let colon = tokens.firstIndex(where: { $0.kind == .colon }) else { return }
    let head = tokens[..<colon]
    let startsWithFor =
      head.first.map { $0.kind == .word && ($0.text == "for" || $0.text == "to") } ?? false
    let shortHeading = head.count <= 2 && head.allSatisfy { $0.kind == .word }
    if colon == tokens.count - 1 || startsWithFor || shortHeading {
      if colon > 0 { headComments.append(text(0, colon, in: tokens)) }
      tokens.removeFirst(colon + 1)
    } else {
      tokens[colon].kind = .comma
    }
  }

  /// `Finely grated zest and juice of 1 orange` → preparation `finely grated zest and juice of`.
  private mutating func readFruitPrefix() {
    var i = 0
    var sawPart = false
    while i < tokens.count, i < 7, tokens[i].kind == .word {
      let word = tokens[i].text
      if word == "of" {
        if sawPart && i + 1 < tokens.count {
          leadingPreparation.append(
            tokens[0...i].filter { $0.text != "the" && $0.text != "a" }.map(\.text).joined(
              separator: " "))
          position = i + 1
        }
        return
      }
      if word == "zest" || word == "juice" || word == "rind" || word == "peel" || word == "flesh" {
        sawPart = true
      }
      i += 1
    }
  }

  // MARK: - Amount and unit

  private func word(_ i: Int) -> String? {
    i < tokens.count && tokens[i].kind == .word ? tokens[i].text : nil
  }

  private mutating func readAmount() {
    // "about 2 cups", "approximately 500g"
    if let w = word(position),
      ["about", "approx", "approximately", "around", "roughly", "generous"].contains(w),
      position + 1 < tokens.count, tokens[position + 1].kind == .number
    {
      position += 1
    }
    var amountWasLength = false
    if let (amount, next) = readQuantity(at: position) {
      quantity = amount
      position = next
    }
    // "1 x 400g tin", "8 x 450g/1lb lobsters"
    if word(position) == "x" {
      position += 1
      if let (size, next) = readQuantity(at: position) {
        position = next
        var note = format(size)
        if let (sizeUnit, _, afterUnit) = readUnit(at: position, needsFollower: true) {
          note += " " + sizeUnit
          position = afterUnit
        }
        headComments.append(note)
        skipAlternativeMeasures()
      }
    }
    if let (name, kind, next) = readUnit(
      at: position, needsFollower: true, bareLetter: quantity != nil)
    {
      unit = name
      amountWasLength = kind == .length
      position = next
      skipOf()
      skipAlternativeMeasures()
    }
    // "2.5cm/1in piece ginger", "2 x 50g pieces salmon": a count after a length or a size.
    if unit == nil || amountWasLength,
      let (name, kind, next) = readUnit(at: position, needsFollower: true, bareLetter: false),
      kind == .count
    {
      unit = name
      position = next
      skipOf()
    }
  }

  private mutating func skipOf() {
    if word(position) == "of" { position += 1 }
  }

  /// Skips the second half of dual measures: `/5¼oz`, ` 9oz` after `1lb`, `plus 1 tsp`.
  private mutating func skipAlternativeMeasures() {
    while position < tokens.count {
      var probe = position
      let token = tokens[probe]
      if token.kind == .slash
        || (token.kind == .word && (token.text == "plus" || token.text == "or"))
      {
        probe += 1
      }
      guard let (_, afterAmount) = readQuantity(at: probe) else { return }
      if let (_, _, afterUnit) = readUnit(at: afterAmount, needsFollower: false, bareLetter: true) {
        position = afterUnit
        skipOf()
      } else if token.kind == .slash {
        position = afterAmount  // "400/14oz" typo-like forms: drop the number
      } else {
        return
      }
    }
  }

  /// Reads an amount at `i`: a number, mixed number, range, or amount word.
  private func readQuantity(at start: Int) -> (Quantity, Int)? {
    guard let (low, afterLow) = readNumber(at: start) else { return nil }
    var i = afterLow
    // Range: 2-3, 2 to 3, 2 or 3, 2–3.
    if i + 1 < tokens.count {
      let joiner = tokens[i]
      let isJoiner =
        joiner.kind == .dash
        || (joiner.kind == .word && (joiner.text == "to" || joiner.text == "or"))
      if isJoiner, tokens[i + 1].kind == .number, let (high, afterHigh) = readNumber(at: i + 1) {
        // "1-1/2" is a mixed number in US books, not the range 1 to 0.5.
        if joiner.kind == .dash && tokens[i + 1].isFraction && high < 1 && low == low.rounded()
          && !joiner.spaceBefore
        {
          return (Quantity(low + high), afterHigh)
        }
        i = afterHigh
        return (Quantity(low, to: high), i)
      }
    }
    return (Quantity(low), i)
  }

  /// Reads one number at `i` (with a following fraction: `1 1/2`, `1 and 1/2`), or a number word.
  private func readNumber(at start: Int) -> (Double, Int)? {
    guard start < tokens.count else { return nil }
    let token = tokens[start]
    if token.kind == .number {
      var value = token.value
      var i = start + 1
      if !token.isFraction && value == value.rounded() {
        if i < tokens.count, tokens[i].kind == .number, tokens[i].isFraction {
          value += tokens[i].value
          i += 1
        } else if i + 1 < tokens.count, tokens[i].kind == .word, tokens[i].text == "and",
          tokens[i + 1].kind == .number, tokens[i + 1].isFraction
        {
          value += tokens[i + 1].value
          i += 2
        }
      }
      return (value, i)
    }
    guard token.kind == .word else { return nil }
    switch token.text {
    case "a", "an":
      switch word(start + 1) {
      case "couple":
        return (2, word(start + 2) == "of" ? start + 3 : start + 2)
      case "few", "little", "bit", "good", "generous", "small", "large", "big":
        if let next = word(start + 2),
          UnitTable.unit(for: next, original: line[tokens[start + 2].range]) != nil
        {
          return (1, start + 1)
        }
        return nil
      case "half":
        return (0.5, start + 2)
      case "dozen":
        return (12, start + 2)
      case nil:
        return nil
      default:
        return (1, start + 1)
      }
    case "half":
      return (0.5, word(start + 1) == "a" || word(start + 1) == "an" ? start + 2 : start + 1)
    case "dozen":
      return (12, start + 1)
    default:
      if let value = Self.numberWords[token.text] { return (value, start + 1) }
      return nil
    }
  }

  private static let numberWords: [String: Double] = [
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20,
  ]

  /// Size words that may come between an amount and its unit (`1 large bunch`).
  private static let unitAdjectives: Set<String> = [
    "large", "small", "medium", "big", "heaped", "heaping", "level", "rounded", "good",
    "generous", "scant", "thick", "thin", "little", "few", "full", "whole", "extra", "healthy",
    "decent", "very",
  ]

  /// Reads a unit at `i`, after up to two size words. With `needsFollower`, a word must
  /// follow (so `2 cloves` alone is a name, not a unit). Bare one-letter units (`g`, `T`)
  /// count only with `bareLetter` (after a number).
  private func readUnit(at start: Int, needsFollower: Bool, bareLetter: Bool = true)
    -> (String, UnitTable.Kind, Int)?
  {
    var i = start
    while let w = word(i), Self.unitAdjectives.contains(w), i - start < 2 { i += 1 }
    guard let first = word(i) else { return nil }
    func followed(_ next: Int) -> Bool {
      guard needsFollower else { return true }
      guard next < tokens.count else { return false }
      switch tokens[next].kind {
      case .word, .number, .slash, .dash: return true
      default: return false
      }
    }
    if let second = word(i + 1), let unit = UnitTable.unit(for: first, second), followed(i + 2) {
      return (unit.name, unit.kind, i + 2)
    }
    guard bareLetter || first.utf8.count > 1 else { return nil }
    if let unit = UnitTable.unit(for: first, original: line[tokens[i].range]), followed(i + 1) {
      // A bare `c`/`l`/`in`/`t` only after a number and never directly before `of`-less text
      // that looks like a word of the name ("1 in 4"): accept, the parser is lenient here.
      return (unit.name, unit.kind, i + 1)
    }
    return nil
  }

  // MARK: - Name and tail

  /// Collects name words up to a comma, a spaced dash or a word that ends the name.
  private mutating func readName() {
    while position < tokens.count {
      let token = tokens[position]
      switch token.kind {
      case .comma, .colon, .open, .close:
        return
      case .dash:
        if token.spaceBefore && position + 1 < tokens.count && tokens[position + 1].spaceBefore {
          return
        }
      case .slash:
        nameWords.append("or")
      case .number:
        nameWords.append(String(line[token.range]))
      case .word:
        if !nameWords.isEmpty && IngredientDescriptors.endsName(token.text) { return }
        if token.text != "x" { nameWords.append(token.text) }
      }
      position += 1
    }
  }

  /// Splits what follows the name into preparation and comment clauses.
  private mutating func readTail() {
    var first = true
    while position < tokens.count {
      var end = position
      while end < tokens.count {
        let kind = tokens[end].kind
        if kind == .comma || kind == .colon { break }
        if kind == .dash && tokens[end].spaceBefore && end + 1 < tokens.count
          && tokens[end + 1].spaceBefore
        {
          break
        }
        end += 1
      }
      if end > position {
        let lead = tokens[position]
        let clauseStart = position
        if !first || lead.kind != .word || !IngredientDescriptors.endsName(lead.text),
          lead.kind == .word, IngredientDescriptors.beginsPreparation(lead.text)
        {
          trailingPreparation.append(
            tokens[clauseStart..<end].filter { $0.kind == .word || $0.kind == .number }
              .map { $0.kind == .word ? $0.text : String(line[$0.range]) }
              .joined(separator: " "))
        } else {
          tailComments.append(text(clauseStart, end, in: tokens))
        }
      }
      first = false
      position = end + 1
    }
  }

  // MARK: - Text

  /// The source text of tokens `start..<end`, with single spaces where the line had space.
  private func text(_ start: Int, _ end: Int, in tokens: [IngredientToken]) -> String {
    var result = ""
    for token in tokens[start..<end] {
      if !result.isEmpty && token.spaceBefore { result += " " }
      result += line[token.range]
    }
    return result
  }

  private func format(_ quantity: Quantity) -> String {
    func number(_ value: Double) -> String {
      value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
    if let high = quantity.high { return "\(number(quantity.low))-\(number(high))" }
    return number(quantity.low)
  }
}
