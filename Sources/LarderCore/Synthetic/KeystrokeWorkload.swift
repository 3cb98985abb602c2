/// A seeded typing workload for suggestion benchmarks: names a user types, and every prefix of
/// each, in typing order (what a front end sends on every keystroke).
///
/// Names come from the snapshot's own ingredients, so the workload fits any index: drawn in
/// proportion to recipe counts (people type what they cook with: salt and onion far more often
/// than a name used once) or uniformly over the names in use (the long tail, where a prefix soon
/// has few completions and the typo pass runs).
public struct KeystrokeWorkload: Sendable, Hashable {
  /// How typed names are drawn.
  public enum NameChoice: String, Sendable, Hashable, CaseIterable {
    /// In proportion to each ingredient's recipe count.
    case byRecipeCount = "by-recipe-count"
    /// Uniformly over ingredients used by at least one recipe.
    case uniform
  }

  /// The typed names, in order.
  public let names: [String]
  /// Every prefix of every name (1 character up to the whole name), names in order.
  public let keystrokes: [String]

  /// Draws `count` names from `snapshot` with `seed`.
  /// - Complexity: O(I + count · L) for I ingredients and names of L characters.
  public init(snapshot: Snapshot, count: Int, choice: NameChoice, seed: UInt64) {
    let used = (0..<snapshot.ingredientCount).filter { snapshot.ingredientRecipeCounts[$0] > 0 }
    var generator = SplitMix64(seed: seed)
    var names: [String] = []
    if !used.isEmpty {
      switch choice {
      case .byRecipeCount:
        let table = AliasTable(
          weights: used.map { Double(snapshot.ingredientRecipeCounts[$0]) })
        for _ in 0..<count {
          names.append(snapshot.ingredientName(IngredientID(used[table.sample(using: &generator)])))
        }
      case .uniform:
        for _ in 0..<count {
          let pick = used[generator.nextIndex(below: used.count)]
          names.append(snapshot.ingredientName(IngredientID(pick)))
        }
      }
    }
    self.names = names
    self.keystrokes = names.flatMap { name in
      (1...max(name.count, 1)).map { String(name.prefix($0)) }
    }
  }
}
