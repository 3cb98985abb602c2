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
  /// The text after a spaced dash that ends the name (`brisket, breast, or flank` in `3 lbs
  /// beef—brisket, breast, or flank`), which may gloss the food as a parenthesis does.
  var textAfterDash: String?
  /// The part taken from the food the name words name (`juice` in `2 tbsp juice from 1
  /// lemon`), singular, or `nil`.
  var takenPart: String?
  /// The folded words of a short heading before a colon (`bay leaves: 2`), which name the food
  /// when the words after the colon name none.
  var headingWords: [String] = []
  /// Whether a long heading's colon was read as a comma (`Condiments of your choice:
  /// Parsley, origan or cumin`), so the first clause may name the food the heading doesn't.
  var headingBeforeComma = false
  /// Where an alternative that starts with its own amount begins (`2 long or 4 short
  /// cucumbers`: at `4`), for a name that is only descriptors before it.
  var alternativeStart: Int?
  /// The folded words of the first clause after the name (`ground` in `Cumin, ground`).
  var firstClause: [String]?
  /// Whether the amount is counted in cans or tins (`1 can of pears`, `400g can tomatoes`).
  var inCans = false
  /// Whether a size follows the count (`2 x 400g`, `4 150g fillets`).
  var sizeGiven = false

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
    shareSuspendedHyphens()
    readName()
    dropChoicePhrase()
    moveTrailingCountNoun()
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
    guard meaningful, !isRestatedMeasure(start, end) else { return }
    groupComments.append(text(start, end, in: tokens))
  }

  /// Whether the group `start..<end` only restates the amount in other units right after a
  /// unit: `1 ½ cups (350 ml)`. A size between amount and unit (`1 (14 oz) can`) is kept.
  private func isRestatedMeasure(_ start: Int, _ end: Int) -> Bool {
    let before = start - 2
    guard before >= 0, tokens[before].kind == .word,
      unit(of: tokens[before]) != nil
    else { return false }
    var sawNumber = false
    for token in tokens[start..<end] {
      switch token.kind {
      case .number: sawNumber = true
      case .dash, .slash: continue
      case .word:
        if token.text == "about" || token.text == "approx" || token.text == "or" { continue }
        if unit(of: token) == nil { return false }
      default: return false
      }
    }
    return sawNumber
  }

  private mutating func removeOptionalMarkers() {
    guard
      tokens.contains(where: {
        $0.kind == .word && ($0.text == "optional" || $0.text == "optionally")
      })
    else { return }
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
      if shortHeading && !startsWithFor { headingWords = head.map(\.text) }
      tokens.removeFirst(colon + 1)
    } else {
      tokens[colon].kind = .comma
      headingBeforeComma = true
    }
  }

  /// `Finely grated zest and juice of 1 orange` → preparation `finely grated zest and juice of`.
  private mutating func readFruitPrefix() {
    var i = 0
    var sawPart = false
    while i < tokens.count, i < 7, tokens[i].kind == .word {
      let word = tokens[i].text
      if word == "of" || word == "from" {
        if sawPart && i + 1 < tokens.count {
          leadingPreparation.append(
            tokens[0...i].filter { $0.text != "the" && $0.text != "a" }.map(\.text).joined(
              separator: " "))
          position = i + 1
        }
        return
      }
      if word == "zest" || word == "juice" || word == "rind" || word == "peel" || word == "flesh"
        || word == "leaves" || word == "stems" || word == "seeds" || word == "needles"
      {
        // "Lemon juice from half a lemon": a juice named with its food before `from` or `of`
        // is the food the line means (lemon juice), as `1 TB juice from fresh lemon` is; the
        // fruit after it only says how much. "zest and juice of 1 orange" names no juice.
        if word == "juice", i > 0, case let before = tokens[i - 1].text, before != "and",
          before != "the", before != "a", !IngredientLexicon.traits(before).isDescriptor
        {
          return
        }
        sawPart = true
      }
      i += 1
    }
  }

  // MARK: - Amount and unit

  private func word(_ i: Int) -> String? {
    i < tokens.count && tokens[i].kind == .word ? tokens[i].text : nil
  }

  /// The traits of the token at `i` (empty past the end or for non-words).
  @inline(__always)
  private func traits(_ i: Int) -> WordTraits {
    i < tokens.count ? tokens[i].traits : []
  }

  private mutating func readAmount() {
    // "about 2 cups", "approximately 500g"
    if traits(position).contains(.amountPrefix),
      position + 1 < tokens.count,
      tokens[position + 1].kind == .number || traits(position + 1).contains(.numberWord)
    {
      position += 1
    } else if word(position) == "up" || word(position) == "at",
      word(position + 1) == "to" || word(position + 1) == "least", position + 2 < tokens.count,
      tokens[position + 2].kind == .number
    {
      position += 2
    }
    // "A generous ½ teaspoon": the article goes with the approximation, and both go (the
    // approximation alone was skipped above, before the article was seen).
    if word(position) == "a", traits(position + 1).contains(.amountPrefix),
      position + 2 < tokens.count, tokens[position + 2].kind == .number
    {
      position += 2
    }
    // "a few sprigs thyme", "some olive oil": vague amounts are no quantity.
    if word(position) == "a" || word(position) == "an",
      let next = word(position + 1), next == "few" || next == "little" || next == "bit"
    {
      position += 2
      skipOf()
    } else if let w = word(position), w == "some" || w == "several" || w == "few" {
      position += 1
      skipOf()
    }
    var amountWasLength = false
    if let (amount, next) = readQuantity(at: position) {
      quantity = amount
      position = next
      // "½ plus 1/8 teaspoon": the extra amount is dropped.
      if let w = word(position), w == "plus" || w == "minus",
        let (_, afterExtra) = readQuantity(at: position + 1)
      {
        position = afterExtra
      }
    }
    // "1 x 400g tin", "8 x 450g/1lb lobsters", "2 75g/2¾oz fillets": a size after the count.
    let sizeFollows =
      quantity != nil && position < tokens.count
      && (tokens[position].kind == .number
        || (tokens[position].traits.contains(.numberWord)
          && Self.numberWords[tokens[position].text] != nil))
    if word(position) == "x" || sizeFollows {
      if !sizeFollows { position += 1 }
      if position < tokens.count, tokens[position].kind == .slash { position += 1 }  // "4 x/150g"
      if let (size, next) = readQuantity(at: position) {
        position = next
        sizeGiven = true
        var note = format(size)
        if let (sizeUnit, _, afterUnit) = readUnit(at: position, needsFollower: true) {
          note += " " + sizeUnit
          position = afterUnit
          if sizeUnit == "can" { inCans = true }
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
      // "400g tin cannellini beans", "2 cups thin strips pepper": a container or count after
      // a measure is not part of the name.
      // Not a count that names a cut (`1.5kg rack of lamb`, `3.5kg rib of beef`): that is the
      // food bought, weighed.
      if kind == .measure,
        let (count, countKind, afterCount) = readUnit(
          at: position, needsFollower: true, bareLetter: false),
        countKind == .count, !Self.cutCounts.contains(count)
      {
        if readUnit(at: position, needsFollower: true, bareLetter: false)?.0 == "can" {
          inCans = true
        }
        position = afterCount
        skipOf()
      }
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
    if unit == "can" { inCans = true }
    // "800g (1.7lb) - Chicken Breast": a spaced dash after the amount only separates it.
    if quantity != nil, position + 1 < tokens.count, tokens[position].kind == .dash,
      tokens[position].spaceBefore, tokens[position + 1].spaceBefore,
      tokens[position + 1].kind == .word
    {
      position += 1
    }
  }

  private mutating func skipOf() {
    if word(position) == "each" { position += 1 }
    if word(position) == "of" { position += 1 }
  }

  /// Skips the second half of dual measures: `/5¼oz`, ` 9oz` after `1lb`, `plus 1 tsp`.
  private mutating func skipAlternativeMeasures() {
    while position < tokens.count {
      var probe = position
      let token = tokens[probe]
      if token.kind == .slash || token.kind == .dash
        || (token.kind == .word
          && (token.text == "plus" || token.text == "or" || token.text == "minus"
            || token.text == "to" || token.text == "and"))
      {
        probe += 1
        // "30g//1oz": a doubled slash is a typo for one.
        if token.kind == .slash, probe < tokens.count, tokens[probe].kind == .slash { probe += 1 }
        // "1 lb or about 2 cups of chicken livers": the second measure may be approximate.
        if traits(probe).contains(.amountPrefix), probe + 1 < tokens.count,
          tokens[probe + 1].kind == .number
        {
          probe += 1
        }
      }
      guard let (_, afterAmount) = readQuantity(at: probe) else { return }
      if let (_, _, afterUnit) = readUnit(at: afterAmount, needsFollower: false, bareLetter: true) {
        position = afterUnit
        skipOf()
      } else if token.kind == .slash || (token.kind == .word && token.text == "or") {
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
    if i + 2 < tokens.count, tokens[i].kind == .dash, tokens[i + 1].kind == .word,
      tokens[i + 1].text == "to", tokens[i + 2].kind == .number,
      let (high, afterHigh) = readNumber(at: i + 2)
    {
      return (Quantity(low, to: high), afterHigh)  // "3- to 4-pound"
    }
    if i + 1 < tokens.count {
      let joiner = tokens[i]
      let isJoiner =
        joiner.kind == .dash
        || (joiner.kind == .word && (joiner.text == "to" || joiner.text == "or"))
      // A number word joins only a number word (`three or four spoons`), never a numeral
      // (`2 or one lemon` is no range).
      let highIsNumber =
        tokens[start].kind == .number
        ? tokens[i + 1].kind == .number
        : Self.numberWords[tokens[i + 1].text] != nil
      if isJoiner, highIsNumber, let (high, afterHigh) = readNumber(at: i + 1) {
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
      if word(i) == "dozen" { return (value * 12, i + 1) }
      return (value, i)
    }
    guard token.kind == .word else { return nil }
    switch token.text {
    case "a", "an":
      switch word(start + 1) {
      case "couple":
        return (2, word(start + 2) == "of" ? start + 3 : start + 2)
      case "few", "little", "bit":
        return nil
      case "good", "generous", "small", "large", "big":
        if start + 2 < tokens.count, unit(of: tokens[start + 2]) != nil {
          return (1, start + 1)
        }
        return nil
      case "half":
        return (0.5, start + 2)
      case "dozen":
        return (12, start + 2)
      case nil:
        // "an 8-ounce block of cheddar", "a 400g tin of tomatoes": one, of the size after it.
        if start + 1 < tokens.count, tokens[start + 1].kind == .number { return (1, start + 1) }
        return nil
      default:
        return (1, start + 1)
      }
    case "half":
      return (0.5, word(start + 1) == "a" || word(start + 1) == "an" ? start + 2 : start + 1)
    case "dozen":
      return (12, start + 1)
    default:
      if token.traits.contains(.numberWord), let value = Self.numberWords[token.text] {
        // "Twenty-four": a tens word joined by a hyphen to a units word is one number, not
        // the range 20 to 4.
        if value == 20, start + 2 < tokens.count, tokens[start + 1].kind == .dash,
          !tokens[start + 1].spaceBefore, let units = Self.numberWords[tokens[start + 2].text],
          units < 10
        {
          return (value + units, start + 3)
        }
        return (value, start + 1)
      }
      return nil
    }
  }

  /// Words that may precede an amount (`about 2 cups`, `scant ½ tsp`).
  static let amountPrefixes: Set<String> = [
    "about", "approx", "approximately", "around", "roughly", "generous", "scant", "heaping",
    "heaped", "good", "rounded", "level", "generously", "nearly", "almost", "just", "over",
    "under", "least",
  ]

  static let numberWords: [String: Double] = [
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
  ]

  /// Size words that may come between an amount and its unit (`1 large bunch`).
  static let unitAdjectives: Set<String> = [
    "large", "small", "medium", "big", "heaped", "heaping", "level", "rounded", "good",
    "generous", "scant", "thick", "thin", "little", "few", "full", "whole", "extra", "healthy",
    "decent", "very", "fine", "thumb", "sized", "lightly", "each", "rounded", "size", "plump",
    "thickish", "packed", "firmly", "loosely", "tightly",
  ]

  /// Reads a unit at `i`, after up to three size words (`1 large bunch`, `a lightly heaped
  /// teaspoon`). With `needsFollower`, a word must follow (so `2 cloves` alone is a name, not
  /// a unit), or a comma and a word after a measure (`3 tablespoons, minced cilantro`).
  /// One-letter units (`g`, `T`) count only with `bareLetter` (after a number).
  private func readUnit(at start: Int, needsFollower: Bool, bareLetter: Bool = true)
    -> (String, UnitTable.Kind, Int)?
  {
    var i = start
    // "6-inch", "28-ounce": a hyphen joins the amount to its unit.
    if i < tokens.count, tokens[i].kind == .dash, !tokens[i].spaceBefore { i += 1 }
    var adjectives = 0
    while adjectives < 3 {
      if traits(i).contains(.unitAdjective) {
        adjectives += 1
        i += 1
      } else if adjectives > 0, i < tokens.count, tokens[i].kind == .dash {
        i += 1  // "medium-size cloves"
      } else {
        break
      }
    }
    guard traits(i).contains(.unit), let first = word(i) else { return nil }
    func followed(_ next: Int) -> Bool {
      guard needsFollower else { return true }
      guard next < tokens.count else { return false }
      switch tokens[next].kind {
      case .word, .number, .slash: return true
      case .dash:
        // "150g-200g" continues an amount; "T-bone" is a word, not a tablespoon; "800g -
        // Chicken" is a unit set off by a spaced dash.
        guard next + 1 < tokens.count else { return false }
        return tokens[next + 1].kind == .number
          || (tokens[next].spaceBefore && tokens[next + 1].spaceBefore
            && tokens[next + 1].kind == .word)
      default: return false
      }
    }
    if let second = word(i + 1), let unit = UnitTable.unit(for: first, second), followed(i + 2) {
      return (unit.name, unit.kind, i + 2)
    }
    guard bareLetter || first.utf8.count > 1 else { return nil }
    if let unit = unit(of: tokens[i]),
      followed(i + 1) || (unit.kind == .measure && commaThenWords(i + 1))
    {
      return (unit.name, unit.kind, i + 1)
    }
    return nil
  }

  /// The unit a word token spells; only a bare `t` needs its original case (`T` = tbsp).
  @inline(__always)
  private func unit(of token: IngredientToken) -> (name: String, kind: UnitTable.Kind)? {
    guard token.traits.contains(.unit) else { return nil }
    let original = token.text == "t" ? raw(token) : Substring()
    return UnitTable.unit(for: token.text, original: original)
  }

  /// Whether a comma at `i` is followed by a word (`3 tablespoons, minced cilantro`).
  private func commaThenWords(_ i: Int) -> Bool {
    i + 1 < tokens.count && tokens[i].kind == .comma && tokens[i + 1].kind == .word
  }

  // MARK: - Name and tail

  /// `low- or non-fat`, `vegetable- or tom yam-quick noodles`: a word left hanging on a
  /// hyphen before `or`/`and` shares the word after the hyphen of the next alternative, so
  /// the first alternative is read whole (`vegetable quick or tom yam quick noodles`) rather
  /// than as a food of its own (`vegetable`).
  private mutating func shareSuspendedHyphens() {
    var index = position
    while index + 3 < tokens.count {
      defer { index += 1 }
      guard tokens[index].kind == .word, tokens[index + 1].kind == .dash,
        !tokens[index + 1].spaceBefore, tokens[index + 2].spaceBefore,
        tokens[index + 2].kind == .word,
        tokens[index + 2].text == "or" || tokens[index + 2].text == "and"
      else { continue }
      // The joined word of the next alternative, within three words (`tom yam-quick`).
      var inner = index + 3
      while inner + 2 < tokens.count, inner <= index + 5, tokens[inner].kind == .word {
        if tokens[inner + 1].kind == .dash, !tokens[inner + 1].spaceBefore,
          tokens[inner + 2].kind == .word, !tokens[inner + 2].spaceBefore
        {
          var shared = tokens[inner + 2]
          shared.spaceBefore = true
          tokens[index + 1] = shared
          break
        }
        inner += 1
      }
    }
  }

  /// Collects name words up to a comma, a spaced dash or a word that ends the name.
  private mutating func readName() {
    while position < tokens.count {
      let token = tokens[position]
      switch token.kind {
      case .comma, .colon:
        // "6 skinless, boneless chicken thighs": a comma after descriptors only, or before
        // any name word ("45g/1½oz; flour"), does not end the name; nor one after a word
        // that makes a kind ("dried, unsweetened, grated coconut").
        if !Self.onlyDescriptors(nameWords) {
          // "red, white, and pink sprinkles", "red, yellow or orange peppers": a list of
          // colours runs on to its food, which takes the first colour.
          let named = nameWords.filter { IngredientDescriptors.role($0) == nil }
          guard named.count == 1, Self.colours.contains(named[0]),
            let next = word(position + 1),
            Self.colours.contains(next) || next == "and" || next == "or"
          else { return }
          while position + 1 < tokens.count {
            let after = tokens[position + 1]
            let isListWord =
              after.kind == .word
              && (Self.colours.contains(after.text) || after.text == "orange"
                || after.text == "and" || after.text == "or")
            guard after.kind == .comma || isListWord else { break }
            position += 1
          }
        }
      case .open, .close:
        return
      case .dash:
        if token.spaceBefore && position + 1 < tokens.count && tokens[position + 1].spaceBefore {
          textAfterDash = text(position + 1, tokens.count, in: tokens)
          return
        }
        // "hard-boiled", "ready-made", "de-veined": one descriptor written with a hyphen. It
        // stays in its folded spelling (`hard boiled`), so a name that holds it, as folding
        // writes every name (`hard boiled egg`), is still found with it.
        if let previous = nameWords.last, position + 1 < tokens.count,
          tokens[position + 1].kind == .word
        {
          let next = tokens[position + 1].text
          if IngredientDescriptors.role(previous + " " + next) != nil {
            nameWords[nameWords.count - 1] = previous + " " + next
            position += 1
          } else if IngredientDescriptors.role(previous + next) != nil {
            nameWords[nameWords.count - 1] = previous + next
            position += 1
          }
        }
      case .slash:
        // "green and/or red pepper": `and/or` offers alternatives, as `or` does (the `or`
        // after the slash is read next).
        if nameWords.last == "and", word(position + 1) == "or" {
          nameWords.removeLast()
        } else {
          nameWords.append("or")
        }
      case .number where token.isPercent:
        // "70% chocolate": the percentage only describes. But "2% milk" and "1% milk" are the
        // North American names of reduced- and low-fat milk (`two percent milk`): the
        // percentage right before `milk` names that kind.
        if (1...2).contains(token.value), word(position + 1) == "milk",
          word(position + 2) != "chocolate", nameWords.last != "fat",
          // "whole or 2% milk": the first alternative already names the kind.
          nameWords.count < 2 || (nameWords.last != "or" && nameWords.last != "and")
        {
          nameWords.append(contentsOf: ["low", "fat"])
        }
      case .number:
        // "50-60% chocolate": a range of percentages.
        if position + 2 < tokens.count, tokens[position + 1].kind == .dash,
          tokens[position + 2].isPercent
        {
          position += 1
          break
        }
        // "1 small onion or 2 shallots": an amount after a conjunction starts an alternative.
        if let last = nameWords.last, last == "or" || last == "and" {
          nameWords.removeLast()
          alternativeStart = position
          position -= 1
          return
        }
        // "onions 375 mL", "Egg yolks 4": an amount after the name ends it.
        if !nameWords.isEmpty, let (amount, afterAmount) = readQuantity(at: position) {
          let unitAfter = readUnit(at: afterAmount, needsFollower: false)
          // "dried ½-inch tortilla squares": a length after descriptors only is the size of
          // the food still to come, not an amount that ends the name.
          if let (_, kind, afterUnit) = unitAfter, kind == .length, afterUnit < tokens.count,
            nameWords.allSatisfy({ IngredientLexicon.traits($0).isDescriptor })
          {
            position = afterUnit
            continue
          }
          // "Four thick 8-ounce fresh cod fillets": after a count, a measure joined to its unit
          // by a hyphen and followed by words, after descriptors only, is the size of each
          // food still to come, as `Four 8-ounce cod fillets` reads it.
          if quantity != nil, let (sizeUnit, _, afterUnit) = unitAfter, afterUnit < tokens.count,
            tokens[afterUnit].kind == .word, afterAmount < tokens.count,
            tokens[afterAmount].kind == .dash, !tokens[afterAmount].spaceBefore,
            nameWords.allSatisfy({ IngredientLexicon.traits($0).isDescriptor })
          {
            sizeGiven = true
            headComments.append(format(amount) + " " + sizeUnit)
            position = afterUnit
            continue
          }
          // "2 large 400g/14oz tins of red beans": so is a measure before a container, which
          // then counts the food, as in `2 x 400g tins of beans`.
          if quantity != nil, unit == nil, let (sizeUnit, sizeKind, afterUnit) = unitAfter,
            sizeKind == .measure,
            nameWords.allSatisfy({ IngredientLexicon.traits($0).isDescriptor })
          {
            let saved = position
            position = afterUnit
            skipAlternativeMeasures()
            if let (container, kind, afterContainer) = readUnit(
              at: position, needsFollower: true, bareLetter: false), kind == .count
            {
              sizeGiven = true
              headComments.append(format(amount) + " " + sizeUnit)
              unit = container
              if container == "can" { inCans = true }
              position = afterContainer
              skipOf()
              continue
            }
            position = saved
          }
          if unitAfter != nil || afterAmount >= tokens.count {
            if quantity == nil {
              quantity = amount
              unit = unitAfter?.0
            }
            position = unitAfter?.2 ?? afterAmount
            return
          }
        }
        // "Tipo 00 flour": numbers inside a name stay, folded like any word.
        nameWords.append(contentsOf: TextFolding.words(raw(token)).map(String.init))
      case .word:
        if token.traits.contains(.endsName) {
          // "bone-in chicken thighs", "skin-on pork belly": the ender completes a descriptor pair.
          if let last = nameWords.last, IngredientDescriptors.isPairDescriptor(last, token.text) {
            nameWords.removeLast()
            break
          }
          // "ready-to-roll", "center-cut": a word joined by hyphens belongs to a compound and
          // ends nothing; `steel-cut oats` keeps its `cut` as `steel cut oats` does (below).
          if position > 0, tokens[position - 1].kind == .dash, !tokens[position - 1].spaceBefore,
            !token.spaceBefore, !nameWords.isEmpty
          {
            if token.text == "cut", let last = nameWords.last, Self.wordsBeforeCut.contains(last),
              position + 1 < tokens.count, tokens[position + 1].kind == .word,
              !tokens[position + 1].traits.contains(.endsName)
            {
              nameWords.append(token.text)
            }
            break
          }
          // "medium to large zucchini", "thick cut bacon": before any food word an ender is
          // only part of the description, and is dropped.
          guard nameWords.contains(where: { !IngredientLexicon.traits($0).isDescriptor }) else {
            break
          }
          // "steel cut oats", "center cut pork chops": a word that makes a product or a cut
          // with `cut` keeps it when a word follows (`cut into` still ends the name).
          if token.text == "cut", let last = nameWords.last, Self.wordsBeforeCut.contains(last),
            position + 1 < tokens.count, tokens[position + 1].kind == .word,
            !tokens[position + 1].traits.contains(.endsName)
          {
            nameWords.append(token.text)
            break
          }
          // "meat from 2 boiled crabs", "flesh from 1 coconut": a part taken from a food names
          // that food; the part goes to the preparation.
          if token.text == "from", position + 1 < tokens.count,
            case let named = nameWords.filter({ IngredientDescriptors.role($0) == nil }),
            named.count == 1, Self.partsTakenFrom.contains(Singularizer.singularize(named[0]))
          {
            takenPart = Singularizer.singularize(named[0])
            leadingPreparation.append((nameWords + ["from"]).joined(separator: " "))
            nameWords.removeAll()
            break
          }
          // "coffee powder dissolved in", "water mixed with": the participle goes too.
          if nameWords.count >= 2, let last = nameWords.last, last.hasSuffix("ed"),
            IngredientDescriptors.isLinkingPreposition(token.text)
          {
            nameWords.removeLast()
          }
          return
        }
        // "hardboiled eggs": a descriptor written as one word takes the spelling the hyphen
        // gives it (`hard-boiled` → `hard boiled`), so the name that holds it is found.
        if token.text != "x" {
          nameWords.append(IngredientDescriptors.spacedForms[token.text] ?? token.text)
        }
      }
      position += 1
    }
  }

  /// Whether `words` are only descriptors, pairs of words that describe together
  /// (`reduced sodium`, `low fat`) or kind-making words: a comma after them does not end the
  /// name (`3 cups reduced-sodium, fat-free chicken broth`).
  static func onlyDescriptors(_ words: [String]) -> Bool {
    var index = 0
    while index < words.count {
      if index + 1 < words.count,
        IngredientDescriptors.isPairDescriptor(words[index], words[index + 1])
      {
        index += 2
        continue
      }
      let word = words[index]
      guard
        IngredientLexicon.traits(word).isDescriptor
          || IngredientLineParser.kindWords.contains(word)
      else { return false }
      index += 1
    }
    return true
  }

  /// Parts a cook takes from a food (`meat from 2 crabs`, `juice from 1 lemon`, `syrup from
  /// the jar of stem ginger`, `trimmings from the wings`), named by the food after `from`.
  static let partsTakenFrom: Set<String> = [
    "meat", "flesh", "pulp", "juice", "syrup", "trimming", "liquid", "fat", "skin", "bone",
    "shell", "carcass",
  ]

  /// Words that make a product or a cut with `cut` after them (`steel cut oats`, `center cut
  /// loin`, `short cut pasta`).
  static let wordsBeforeCut: Set<String> = ["steel", "center", "centre", "short"]

  /// Verbs of a cook's choice after `you` (`vegetables you like`).
  static let choiceVerbs: Set<String> = [
    "want", "like", "prefer", "wish", "choose", "fancy", "have", "enjoy", "love",
  ]

  /// Colour words that name no food on their own (`orange` does).
  static let colours: Set<String> = [
    "red", "white", "pink", "yellow", "green", "blue", "purple", "black", "brown", "golden",
  ]

  /// `berries of choice`, `curry powder of your favourite variety`, `onions of any kind`: a
  /// phrase that leaves the kind to the cook names no food; it goes to the comment.
  private mutating func dropChoicePhrase() {
    // "Any other vegetables you want", "whatever herbs you like": the cook's choice said as a
    // clause after the food.
    if nameWords.count >= 3, nameWords[nameWords.count - 2] == "you",
      Self.choiceVerbs.contains(nameWords[nameWords.count - 1])
    {
      tailComments.append(nameWords.suffix(2).joined(separator: " "))
      nameWords.removeLast(2)
      return
    }
    guard nameWords.count >= 3, let last = nameWords.last, Self.choiceNouns.contains(last),
      let of = nameWords.lastIndex(of: "of"), of > 0,
      nameWords[(of + 1)...].allSatisfy({
        Self.choiceWords.contains($0) || Self.choiceNouns.contains($0)
      })
    else { return }
    tailComments.append(nameWords[of...].joined(separator: " "))
    nameWords.removeSubrange(of...)
  }

  /// Nouns that end a phrase leaving the kind to the cook (`of choice`, `of any variety`).
  private static let choiceNouns: Set<String> = [
    "choice", "choosing", "variety", "varieties", "kind", "kinds", "type", "types", "sort",
    "brand", "liking", "preference",
  ]

  /// Words that may stand between `of` and a ``choiceNouns`` noun (`of your own favourite`).
  private static let choiceWords: Set<String> = [
    "your", "any", "some", "own", "favourite", "favorite", "preferred", "the", "a", "desired",
    "other",
  ]

  /// `garlic cloves`, `thyme sprigs`, `celery stalks`: the count noun after the food is the
  /// unit, not part of the name.
  private mutating func moveTrailingCountNoun() {
    guard nameWords.count >= 2, let last = nameWords.last else { return }
    let before = nameWords[nameWords.count - 2]
    let noun: String
    if let general = Self.trailingCountNouns[last] {
      noun = general
    } else if let (restricted, foods) = Self.restrictedCountNouns[last], foods.contains(before) {
      noun = restricted
    } else {
      return
    }
    guard before != "and" && before != "or" && IngredientDescriptors.role(before) == nil else {
      return
    }
    nameWords.removeLast()
    if unit == nil { unit = noun }
  }

  /// Count nouns that are units only after some foods (`celery ribs`, but `pork ribs`).
  private static let restrictedCountNouns: [String: (String, Set<String>)] = [
    "rib": ("rib", ["celery"]), "ribs": ("rib", ["celery"]),
    "stick": ("stick", ["celery", "rhubarb"]), "sticks": ("stick", ["celery", "rhubarb"]),
    "branch": ("sprig", ["thyme", "rosemary", "tarragon"]),
    "branches": ("sprig", ["thyme", "rosemary", "tarragon"]),
  ]

  private static let trailingCountNouns: [String: String] = [
    "clove": "clove", "cloves": "clove", "sprig": "sprig", "sprigs": "sprig", "bulb": "bulb",
    "bulbs": "bulb", "stalk": "stalk", "stalks": "stalk", "slice": "slice", "slices": "slice",
    "sheet": "sheet", "sheets": "sheet", "wedge": "wedge", "wedges": "wedge", "head": "head",
    "heads": "head", "spear": "spear", "spears": "spear",
  ]

  /// Count units that name a cut of meat, kept in the name after a weight (`1.5kg rack of
  /// lamb` is a rack of lamb, as `2 racks of lamb` is).
  private static let cutCounts: Set<String> = ["rack", "rib"]

  /// Splits what follows the name into preparation and comment clauses.
  private mutating func readTail() {
    var first = true
    // Only a clause right after the comma that ends the name is the name's first clause
    // (`Cumin, ground`); in `mirepoix such as 1 onion, ...` the name ends at `such`.
    var clauseFollowsName = position < tokens.count && tokens[position].kind == .comma
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
        if clauseFollowsName, !first {
          firstClause = tokens[clauseStart..<end].filter { $0.kind == .word }.map(\.text)
          clauseFollowsName = false
          // "green Thai, serrano, or cayenne chiles": a one-word clause before `, or` is an
          // item of a list that runs on to the next clause, where the list's head is.
          if firstClause?.count == 1, end + 1 < tokens.count, tokens[end].kind == .comma,
            tokens[end + 1].kind == .word,
            tokens[end + 1].text == "or" || tokens[end + 1].text == "and"
          {
            var next = end + 1
            while next < tokens.count, tokens[next].kind != .comma, tokens[next].kind != .colon,
              tokens[next].kind != .open
            {
              next += 1
            }
            firstClause! += tokens[(end + 1)..<next].filter { $0.kind == .word }.map(\.text)
          }
        }
        if !first || !lead.traits.contains(.endsName), lead.traits.contains(.beginsPreparation) {
          trailingPreparation.append(
            tokens[clauseStart..<end].filter { $0.kind == .word || $0.kind == .number }
              .map { $0.kind == .word ? $0.text : String(raw($0)) }
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

  /// The text of the alternative that starts with its own amount (`4 short cucumbers`), or `nil`.
  var alternativeText: String? {
    alternativeStart.map { text($0, tokens.count, in: tokens) }
  }

  /// The source text of one token.
  @inline(__always)
  private func raw(_ token: IngredientToken) -> Substring {
    let utf8 = line.utf8
    let start = utf8.index(utf8.startIndex, offsetBy: token.range.lowerBound)
    let end = utf8.index(start, offsetBy: token.range.count)
    return line[start..<end]
  }

  /// The source text of tokens `start..<end`, with single spaces where the line had space.
  private func text(_ start: Int, _ end: Int, in tokens: [IngredientToken]) -> String {
    var result = ""
    for token in tokens[start..<end] {
      if !result.isEmpty && token.spaceBefore { result += " " }
      result += raw(token)
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
