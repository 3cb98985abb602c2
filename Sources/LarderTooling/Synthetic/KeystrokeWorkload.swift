import LarderCore

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

  /// How names are typed.
  public enum Typing: String, Sendable, Hashable, CaseIterable {
    /// Letter for letter as spelled.
    case asSpelled = "as spelled"
    /// With one slip after the first letter (a letter replaced, added or left out, at a
    /// random position, equally likely): from there on the text usually starts no name, so
    /// the later keystrokes run the typo pass.
    case oneTypo = "one typo"
  }

  /// The typed names, in order (as typed: with the slip under ``Typing/oneTypo``).
  public let names: [String]
  /// Every prefix of every name (1 character up to the whole name), names in order.
  public let keystrokes: [String]

  /// Draws `count` names from `snapshot` with `seed`; both ways of typing draw the same names.
  /// - Complexity: O(I + count · L) for I ingredients and names of L characters.
  public init(
    snapshot: Snapshot, count: Int, choice: NameChoice, typing: Typing = .asSpelled,
    seed: UInt64
  ) {
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
    if typing == .oneTypo {
      var slips = SplitMix64(seed: seed ^ 0x7970_6f73)  // apart from the names' draws
      names = names.map { Self.misspelled($0, using: &slips) }
    }
    self.names = names
    self.keystrokes = names.flatMap { name in
      (1...max(name.count, 1)).map { String(name.prefix($0)) }
    }
  }

  /// `name` with one slip after its first letter: a letter replaced by another, a letter added,
  /// or a letter left out (names of one or two letters stay as they are).
  static func misspelled(_ name: String, using generator: inout SplitMix64) -> String {
    var letters = Array(name)
    if letters.count < 3 { return name }
    let letter = { (g: inout SplitMix64) in
      Character(UnicodeScalar(0x61 + UInt8(g.nextIndex(below: 26))))
    }
    let position = 1 + generator.nextIndex(below: letters.count - 1)
    switch generator.nextIndex(below: 3) {
    case 0:
      var replacement = letter(&generator)
      while replacement == letters[position] { replacement = letter(&generator) }
      letters[position] = replacement
    case 1: letters.insert(letter(&generator), at: position)
    default: letters.remove(at: position)
    }
    return String(letters)
  }
}
