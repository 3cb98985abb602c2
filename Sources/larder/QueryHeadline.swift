import LarderCore

/// The words a text listing starts with, saying what was asked as the engine understood it:
/// ingredient names as resolved (`Spring Onions` → green onion), each once, with every filter.
enum QueryHeadline {
  /// `names` resolved through `snapshot` where they resolve, in order, without repeats.
  static func resolved(_ names: [String], in snapshot: Snapshot) -> [String] {
    var out: [String] = []
    for name in names {
      let shown = snapshot.resolveIngredient(name).map { snapshot.ingredientName($0) } ?? name
      if !out.contains(shown) { out.append(shown) }
    }
    return out
  }

  /// `garlic + lemon` (or `garlic` alone).
  static func joined(_ names: [String]) -> String { names.joined(separator: " + ") }

  /// The filters, each as a phrase (`in Beef`, `Italian`, `vegan`, `ready in 30 min`).
  static func filters(category: String?, area: String?, diets: [String], maxMinutes: Int?)
    -> [String]
  {
    var parts: [String] = []
    if let category { parts.append("in \(category)") }
    if let area { parts.append("from \(area) cooking") }
    var seenDiets: [String] = []
    for diet in diets where !seenDiets.contains(diet.lowercased()) {
      seenDiets.append(diet.lowercased())
    }
    parts += seenDiets
    if let maxMinutes { parts.append("ready in \(maxMinutes) min") }
    return parts
  }

  /// `without cream, mushroom` when `names` is not empty.
  static func without(_ names: [String]) -> [String] {
    names.isEmpty ? [] : ["without \(names.joined(separator: ", "))"]
  }

  /// `(exact names)` for exact matching: the family rule is off.
  static func matching(_ matching: IngredientMatching) -> [String] {
    matching == .exact ? ["(exact names, no kinds)"] : []
  }

  /// `phrase` followed by `parts`, separated by semicolons (names inside a part are separated
  /// by commas): `garlic + lemon; without cream, mushroom; in Beef; vegan`.
  static func sentence(_ phrase: String, _ parts: [String]) -> String {
    ([phrase] + parts).joined(separator: "; ")
  }
}
