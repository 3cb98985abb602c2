import Foundation

/// A grocery amount as a shopper reads it: `1⅓ cups`, `340 ml`, `1.5 kg`, `2 cans`, `3`, never
/// `336.58824000000004 ml` or `3.33 tbsp`.
///
/// The amount stays in the measuring system it was merged in (``UnitConversion/displayUnit(for:)``
/// keeps metric and US apart) and moves to the unit of that system a shop label uses:
/// - metric mass and volume: grams or millilitres rounded to 1 under 20, to 5 under 100, to 10
///   under 1,000, then kilograms or litres to one decimal (`1.5 kg`);
/// - US volume: cups from ¼ cup, tablespoons from 1 tbsp, else teaspoons, in the fractions
///   measuring cups and spoons have (⅛ ¼ ⅓ ½ ⅔ ¾ for cups, ½ for tablespoons, ¼ for teaspoons);
/// - US mass: pounds from 1 lb in quarters, else ounces in halves;
/// - counts (no unit, `can`, `clove`, `bunch`...): rounded up to whole ones, since a shop sells
///   no third of an egg or half a can, with the unit in the plural past one (`piece` is dropped:
///   `5`, not `5 piece`).
public enum ShoppingAmount {
  /// How an amount without a measure (eggs, cans, cloves) is rounded.
  public enum CountRounding: Sendable, Hashable {
    /// Up to whole ones: a shop sells no third of an egg (the grocery list).
    case upToWhole
    /// To the nearest quarter under ten, whole ones from ten: a cook can use half an onion
    /// (``KitchenAmount``, scaled recipes).
    case nearestQuarter
  }

  /// The text for `quantity` of `unit`, or `nil` when there is no quantity ("salt").
  public static func text(quantity: Double?, unit: String?) -> String? {
    text(quantity: quantity, unit: unit, counts: .upToWhole)
  }

  /// The text for `quantity` of `unit` with counts rounded as `counts` says, or `nil` when
  /// there is no quantity. Measures (mass and volume) round the same either way.
  public static func text(quantity: Double?, unit: String?, counts: CountRounding) -> String? {
    guard let quantity, quantity.isFinite, quantity > 0 else { return nil }
    guard let unit, let dimension = UnitConversion.dimension(of: unit) else {
      switch counts {
      case .upToWhole: return count(quantity, unit: unit)
      case .nearestQuarter: return kitchenCount(quantity, unit: unit)
      }
    }
    let isMetric = UnitConversion.isMetric(unit)
    switch (dimension, isMetric) {
    case (.mass, true):
      return metric(UnitConversion.convert(quantity, from: unit, to: "g")!, small: "g", large: "kg")
    case (.volume, true):
      return metric(
        UnitConversion.convert(quantity, from: unit, to: "ml")!, small: "ml", large: "l")
    case (.volume, false):
      return usVolume(UnitConversion.convert(quantity, from: unit, to: "tsp")!)
    case (.mass, false):
      return usMass(UnitConversion.convert(quantity, from: unit, to: "oz")!)
    }
  }

  /// Grams or millilitres in shop steps; a thousand or more in the large unit.
  static func metric(_ base: Double, small: String, large: String) -> String {
    if base >= 995 {
      let tenths = (base / 100).rounded()
      return "\(decimal(tenths / 10)) \(large)"
    }
    let step: Double = base < 20 ? 1 : base < 100 ? 5 : 10
    let rounded = max((base / step).rounded() * step, base < 1 ? 0 : 1)
    if rounded == 0 { return "\(decimal((base * 10).rounded() / 10)) \(small)" }
    return "\(decimal(rounded)) \(small)"
  }

  /// Cups, tablespoons or teaspoons (given in teaspoons), in measuring fractions.
  static func usVolume(_ teaspoons: Double) -> String {
    let cups = teaspoons / 48
    if cups >= 0.25 - slack {
      let text = fraction(cups, steps: [0, 1 / 8, 1 / 4, 1 / 3, 1 / 2, 2 / 3, 3 / 4, 1])
      return "\(text) \(cups > 1 + slack ? "cups" : "cup")"
    }
    let tablespoons = teaspoons / 3
    if tablespoons >= 1 - slack {
      return "\(fraction(tablespoons, steps: [0, 1 / 2, 1])) tbsp"
    }
    return "\(fraction(max(teaspoons, 0.125), steps: [0, 1 / 8, 1 / 4, 1 / 2, 3 / 4, 1])) tsp"
  }

  /// How far below a unit's threshold an amount may fall and still be written in it: a
  /// conversion through millilitres leaves 1 tbsp at 2.99999 tsp, which is 1 tbsp, not 3 tsp.
  static let slack = 1e-4

  /// Pounds in quarters from one pound, else ounces in halves (given in ounces).
  static func usMass(_ ounces: Double) -> String {
    if ounces >= 16 - slack {
      return "\(fraction(ounces / 16, steps: [0, 1 / 4, 1 / 2, 3 / 4, 1])) lb"
    }
    return "\(fraction(max(ounces, 0.5), steps: [0, 1 / 2, 1])) oz"
  }

  /// Whole ones, rounded up, with the unit in the plural past one.
  static func count(_ quantity: Double, unit: String?) -> String {
    // A float sum such as 0.1 + 0.2 lands a hair above the whole number it means.
    let whole = max(Int((quantity - 1e-6).rounded(.up)), 1)
    guard let unit, unit != "piece" else { return "\(whole)" }
    return "\(whole) \(whole > 1 ? plural(unit) : unit)"
  }

  /// Quarters under ten ("1½", "¼"), whole ones from ten, with the unit in the plural past one.
  static func kitchenCount(_ quantity: Double, unit: String?) -> String {
    let amount =
      quantity >= 10
      ? String(Int(quantity.rounded())) : fraction(quantity, steps: [0, 1 / 4, 1 / 2, 3 / 4, 1])
    guard let unit, unit != "piece" else { return amount }
    return "\(amount) \(quantity > 1 + 1e-9 ? plural(unit) : unit)"
  }

  /// `value` as a whole number and the nearest of `steps` (fractions of one, ascending from 0 to
  /// 1), written with the Unicode vulgar fractions a recipe card uses: `1⅓`, `½`, `2`.
  static func fraction(_ value: Double, steps: [Double]) -> String {
    var whole = value.rounded(.down)
    let rest = value - whole
    var best = steps[0]
    for step in steps where abs(step - rest) < abs(best - rest) { best = step }
    if best == 1 {
      whole += 1
      best = 0
    }
    if best == 0 && whole == 0 { best = steps.first { $0 > 0 } ?? 0 }
    let glyph = glyphs.first { abs($0.value - best) < 1e-9 }?.glyph ?? ""
    if whole == 0 { return glyph }
    return "\(Int(whole))\(glyph)"
  }

  /// `value` without a trailing `.0`.
  static func decimal(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
  }

  /// The plural of a count unit as shops write it.
  static func plural(_ unit: String) -> String {
    if let irregular = irregularPlurals[unit] { return irregular }
    if unit.hasSuffix("ch") || unit.hasSuffix("sh") || unit.hasSuffix("s") || unit.hasSuffix("x") {
      return unit + "es"
    }
    return unit + "s"
  }

  private static let irregularPlurals = ["leaf": "leaves", "loaf": "loaves", "dash": "dashes"]

  private static let glyphs: [(value: Double, glyph: String)] = [
    (1 / 8, "⅛"), (1 / 4, "¼"), (1 / 3, "⅓"), (1 / 2, "½"), (2 / 3, "⅔"), (3 / 4, "¾"),
  ]
}
