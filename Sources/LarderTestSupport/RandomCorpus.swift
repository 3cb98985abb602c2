import Foundation
import LarderCore

/// Seeded random corpora for differential tests: skewed ingredient popularity, multi-word
/// names, a small family tree, aliases, flags, categories, areas and times.
public enum RandomCorpus {
  /// Food flag bits used by the random vocabulary.
  public static let meatFlag: UInt16 = 1
  /// Dairy.
  public static let dairyFlag: UInt16 = 2

  /// `count` recipes over a vocabulary of about `vocabulary` names, plus relations.
  public static func make(seed: UInt64, recipes count: Int, vocabulary: Int = 60) -> (
    [Recipe], IngredientRelations
  ) {
    var rng = SplitMix64(seed: seed)
    let heads = [
      "salt", "onion", "garlic", "butter", "olive oil", "cheese", "pepper", "tomato", "egg", "milk",
    ]
    let modifiers = ["red", "green", "black", "sweet", "dry", "fresh", "smoked", "wild"]
    let bases = [
      "onion", "pepper", "bean", "cheese", "tomato", "rice", "chicken", "lime", "oil", "sugar",
      "creme",
    ]
    var names = heads
    while names.count < vocabulary {
      let name =
        "\(modifiers[Int(rng.next() % UInt64(modifiers.count))]) \(bases[Int(rng.next() % UInt64(bases.count))])"
        + (rng.next() % 4 == 0 ? " \(bases[Int(rng.next() % UInt64(bases.count))])" : "")
      if !names.contains(name) { names.append(name) }
    }
    var relations = IngredientRelations()
    for name in names.dropFirst(heads.count) {
      // "smoked cheese" is a kind of "cheese" when that base is a head name.
      if let base = name.split(separator: " ").last.map(String.init), heads.contains(base),
        rng.next() % 2 == 0
      {
        relations.parent[name] = base
      }
    }
    relations.parent["cheddar"] = "cheese"
    relations.parent["aged cheddar"] = "cheddar"
    names.append(contentsOf: ["cheddar", "aged cheddar"])
    relations.aliases["scallion"] = "green onion"
    relations.aliases["spring onion"] = "green onion"
    relations.aliases["aubergine"] = "eggplant"
    relations.flags["chicken"] = meatFlag
    relations.flags["cheese"] = dairyFlag
    relations.flags["cheddar"] = dairyFlag
    relations.flags["milk"] = dairyFlag
    for name in names where name.hasSuffix("chicken") { relations.flags[name] = meatFlag }
    if !names.contains("green onion") { names.append("green onion") }
    let categories = ["Dessert", "Beef", "Vegan", "Seafood", "Pasta", "Crème"]
    let areas = ["Italian", "Mexican", "Thai", "Irish"]
    let words = ["Tart", "Stew", "Crème", "Brûlée", "pie", "Soup", "salad", "Curry", "a", "Zest"]
    var recipes: [Recipe] = []
    for i in 0..<count {
      let n = 1 + Int(rng.next() % 8)
      var lines: [IngredientLine] = []
      for _ in 0..<n {
        // Skewed popularity: squaring a uniform draw favours small indices.
        let u = Double(rng.next() % 10_000) / 10_000
        let name = names[min(Int(u * u * Double(names.count)), names.count - 1)]
        lines.append(IngredientLine(text: "1 \(name)", name: name))
      }
      let title = (0..<(1 + Int(rng.next() % 3))).map { _ in
        words[Int(rng.next() % UInt64(words.count))]
      }
      .joined(separator: " ")
      recipes.append(
        Recipe(
          id: "r\(i * 3 + 1)", title: title,
          category: rng.next() % 10 == 0
            ? nil : categories[Int(rng.next() % UInt64(categories.count))],
          area: rng.next() % 5 == 0 ? nil : areas[Int(rng.next() % UInt64(areas.count))],
          prepMinutes: rng.next() % 4 == 0 ? nil : Int(rng.next() % 90), ingredients: lines,
          image: rng.next() % 2 == 0 ? "https://example.org/\(i).jpg" : nil))
    }
    return (recipes, relations)
  }

  /// A snapshot of `recipes`.
  public static func snapshot(_ recipes: [Recipe], _ relations: IngredientRelations) -> Snapshot {
    var builder = SnapshotBuilder()
    for recipe in recipes { builder.add(recipe) }
    return builder.build(relations: relations)
  }

  /// Fixed seeds plus one from the clock (printed by the tests that use them).
  public static var seeds: [UInt64] {
    [1, 2, 3, 42, 1234, UInt64(Date().timeIntervalSince1970 * 1000) % 1_000_000_007]
  }
}
