import Foundation

/// Reads the loosely typed values of schema.org recipes: yields, nutrition amounts, diets,
/// free-text times.
enum SchemaOrgValues {
  /// The first number in `text`: "4 servings" → 4, "6-8" → 6, "1,200 mg" → 1200, "1,5 g" → 1.5,
  /// "½ cup" → 0.5. A comma followed by exactly three digits is a thousands separator; any other
  /// comma is a decimal point (European style).
  static func firstNumber(in text: String) -> Double? {
    let characters = Array(text)
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if let fraction = vulgarFractions[character] { return fraction }
      guard character.isASCII, character.isNumber else {
        index += 1
        continue
      }
      var digits = ""
      while index < characters.count {
        let current = characters[index]
        if current.isASCII, current.isNumber {
          digits.append(current)
        } else if current == "," || current == "." {
          let following = characters[(index + 1)...].prefix { $0.isASCII && $0.isNumber }
          guard !following.isEmpty else { break }
          let isThousands =
            current == "," && following.count == 3 && !digits.contains(".")
          digits.append(isThousands ? "" : ".")
          if digits.filter({ $0 == "." }).count > 1 { break }
        } else {
          break
        }
        index += 1
      }
      if digits.hasSuffix(".") { digits.removeLast() }
      if let value = Double(digits) {
        if index < characters.count, let fraction = vulgarFractions[characters[index]] {
          return value + fraction  // "1½"
        }
        return value
      }
      index += 1
    }
    return nil
  }

  private static let vulgarFractions: [Character: Double] = [
    "½": 0.5, "¼": 0.25, "¾": 0.75, "⅓": 1.0 / 3, "⅔": 2.0 / 3, "⅛": 0.125,
  ]

  /// What a nutrition amount measures, to convert the stated unit.
  enum Measure {
    /// Energy, in kilocalories (kJ converted).
    case energy
    /// A mass in grams (mg converted).
    case grams
    /// A mass in milligrams (g converted).
    case milligrams
  }

  /// A nutrition amount: "240 kcal", "240 calories", "1004 kJ", "12 g", "1,200 mg", 12.
  static func amount(_ value: JSONValue?, measure: Measure) -> Double? {
    switch value {
    case nil, .null?: return nil
    case .integer(let number)?: return Double(number)
    case .double(let number)?: return number
    case .string(let text)?:
      guard let number = firstNumber(in: text) else { return nil }
      let unit = text.lowercased().filter { $0.isLetter }
      switch measure {
      case .energy:
        return unit.hasPrefix("kj") || unit.hasPrefix("kilojoule") ? number / 4.184 : number
      case .grams:
        return unit.hasPrefix("mg") || unit.hasPrefix("milligram") ? number / 1000 : number
      case .milligrams:
        if unit.hasPrefix("mg") || unit.hasPrefix("milligram") { return number }
        if unit.hasPrefix("g") || unit.hasPrefix("gram") { return number * 1000 }
        return number
      }
    case .array(let elements)?: return amount(elements.first, measure: measure)
    default: return nil
    }
  }

  /// A Larder diet label for a schema.org `RestrictedDiet` ("https://schema.org/VeganDiet",
  /// "VeganDiet", "Vegan Diet"), or `nil` for diets Larder has no label for (halal, low-salt).
  static func diet(_ text: String) -> String? {
    let last = text.split(whereSeparator: { $0 == "/" || $0 == ":" || $0 == "#" }).last ?? ""
    let key = last.lowercased().filter { $0.isLetter }
    let base = key.hasSuffix("diet") ? String(key.dropLast(4)) : key
    return dietLabels[base]
  }

  private static let dietLabels: [String: String] = [
    "vegan": "vegan", "vegetarian": "vegetarian", "glutenfree": "gluten-free",
    "dairyfree": "dairy-free", "pescatarian": "pescatarian", "nutfree": "nut-free",
  ]

  /// `value` rounded to a whole number, saturating at `Int.min`/`Int.max` (so an absurd source
  /// value reaches ``RecordValidation`` as out of range instead of trapping); `nil` for NaN.
  static func wholeNumber(_ value: Double) -> Int? {
    if value.isNaN { return nil }
    if value >= 9.2e18 { return Int.max }
    if value <= -9.2e18 { return Int.min }
    return Int(value.rounded())
  }

  /// Minutes in a time that is not ISO 8601: a bare number (minutes), "45 minutes",
  /// "1 hour 30 mins", "1h30", "2 hrs".
  static func minutes(inFreeText text: String) -> Int? {
    let lowered = text.lowercased()
    var total = 0.0
    var found = false
    var number = ""
    var index = lowered.startIndex
    while index <= lowered.endIndex {
      let character: Character? = index < lowered.endIndex ? lowered[index] : nil
      if let character, character.isASCII, character.isNumber || character == "." {
        number.append(character)
      } else if !number.isEmpty {
        let value = Double(number) ?? 0
        number = ""
        let rest = lowered[index...].drop { $0 == " " }
        if rest.hasPrefix("h") {
          total += value * 60
        } else if rest.hasPrefix("d") {
          total += value * 1440
        } else if rest.hasPrefix("s") {
          total += value / 60
        } else {
          total += value  // minutes, or a bare number
        }
        found = true
      }
      if index == lowered.endIndex { break }
      index = lowered.index(after: index)
    }
    return found ? wholeNumber(total) : nil
  }
}
