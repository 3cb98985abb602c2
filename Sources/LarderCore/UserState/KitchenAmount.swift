/// An amount as a cook reads it on a scaled recipe: `1⅓ cups`, `340 ml`, `1½` onions,
/// `2 cloves`. The grocery list's rules (``ShoppingAmount``: metric in shop steps, US measures in
/// the fractions measuring cups and spoons have, within one system), except that counts round to
/// the nearest quarter under ten rather than up to a whole one. The one place these rules live:
/// the API serves scaled amounts (`GET /v1/recipes/{id}?servings=N`) and the page shows them.
public enum KitchenAmount {
  /// The text for `quantity` of `unit`, or `nil` without a quantity.
  public static func text(quantity: Double?, unit: String?) -> String? {
    ShoppingAmount.text(quantity: quantity, unit: unit, counts: .nearestQuarter)
  }

  /// The text of `quantity` (a range as `1½–2 cups`), or `nil` without one.
  public static func text(_ quantity: Quantity?, unit: String?) -> String? {
    guard let quantity, let low = text(quantity: quantity.low, unit: unit) else { return nil }
    guard let high = quantity.high, let highText = text(quantity: high, unit: unit),
      highText != low
    else { return low }
    // "1½–2 cups": the unit once, after the range, when both ends use it.
    let lowAmount = low.split(separator: " ", maxSplits: 1)
    let highAmount = highText.split(separator: " ", maxSplits: 1)
    if lowAmount.count == 2, highAmount.count == 2,
      lowAmount[1] == highAmount[1]
        || ShoppingAmount.plural(String(lowAmount[1])) == highAmount[1]
    {
      return "\(lowAmount[0])–\(highText)"
    }
    return "\(low)–\(highText)"
  }
}
