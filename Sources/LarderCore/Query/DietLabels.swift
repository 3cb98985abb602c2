/// Whether a recipe suits a diet: derived from its ingredients' food flags.
public enum DietVerdict: String, Sendable, Hashable, Codable {
  /// Every ingredient is known and none rules the diet out.
  case yes
  /// A known ingredient rules the diet out.
  case no
  /// Nothing known rules it out, but some ingredient is not in the vocabulary.
  case unknown
}

/// The derived diet labels of a recipe.
public struct DietLabels: Sendable, Hashable, Codable {
  /// No animal products at all.
  public var vegan: DietVerdict
  /// No meat, poultry, fish or shellfish, nor other slaughter products (gelatin, lard).
  public var vegetarian: DietVerdict
  /// Vegetarian plus fish and shellfish.
  public var pescatarian: DietVerdict
  /// No wheat, barley, rye or products of them.
  public var glutenFree: DietVerdict
  /// No milk products.
  public var dairyFree: DietVerdict
  /// No tree nuts or peanuts.
  public var nutFree: DietVerdict

  enum CodingKeys: String, CodingKey {
    case vegan, vegetarian, pescatarian
    case glutenFree = "gluten-free"
    case dairyFree = "dairy-free"
    case nutFree = "nut-free"
  }

  /// Derives the labels from each ingredient line's flags (`nil` = not in the vocabulary).
  ///
  /// A label is `no` as soon as one known ingredient rules it out, `unknown` when none does but
  /// some ingredient is not in the vocabulary (never `yes` on a guess), else `yes`. Optional
  /// lines count too: a label should hold for the recipe as written.
  public init(ingredientFlags: [FoodFlags?]) {
    let known = ingredientFlags.compactMap { $0 }
    let anyUnknown = known.count < ingredientFlags.count
    func verdict(_ rulesOut: (FoodFlags) -> Bool) -> DietVerdict {
      if known.contains(where: rulesOut) { return .no }
      return anyUnknown ? .unknown : .yes
    }
    let flesh: FoodFlags = [.meat, .poultry, .fish, .shellfish]
    let vegetarianAnimal: FoodFlags = [.dairy, .egg, .honey]
    vegan = verdict { !$0.isDisjoint(with: flesh.union([.animal, .dairy, .egg, .honey])) }
    vegetarian = verdict { flags in
      !flags.isDisjoint(with: flesh)
        || (flags.contains(.animal) && flags.isDisjoint(with: vegetarianAnimal))
    }
    pescatarian = verdict { flags in
      !flags.isDisjoint(with: [.meat, .poultry])
        || (flags.contains(.animal)
          && flags.isDisjoint(with: vegetarianAnimal.union([.fish, .shellfish])))
    }
    glutenFree = verdict { $0.contains(.gluten) }
    dairyFree = verdict { $0.contains(.dairy) }
    nutFree = verdict { !$0.isDisjoint(with: [.treeNut, .peanut]) }
  }

  /// The labels with a `yes` verdict, by their API names (`vegan`, `gluten-free`, ...).
  public var satisfied: [String] {
    [
      ("vegan", vegan), ("vegetarian", vegetarian), ("pescatarian", pescatarian),
      ("gluten-free", glutenFree), ("dairy-free", dairyFree), ("nut-free", nutFree),
    ].filter { $0.1 == .yes }.map(\.0)
  }
}

extension RecipeFilter {
  /// The diet names a filter accepts: `vegan`, `vegetarian`, `pescatarian`, `gluten-free`,
  /// `dairy-free`, `nut-free`.
  public static let dietNames = [
    "vegan", "vegetarian", "pescatarian", "gluten-free", "dairy-free", "nut-free",
  ]

  /// The food flags a diet rules out, for ``excludedFlags``; `nil` for an unknown diet name.
  ///
  /// The filter looks at the flags of the recipe's known ingredients only (the in-memory layer
  /// keeps one flag union per recipe), so it is a "no known conflict" filter; the recipe detail's
  /// labels also say `unknown` where an ingredient is not in the vocabulary.
  public static func excludedFlags(forDiet diet: String) -> FoodFlags? {
    let flesh: FoodFlags = [.meat, .poultry, .fish, .shellfish]
    switch diet {
    case "vegan": return flesh.union([.animal, .dairy, .egg, .honey])
    case "vegetarian": return flesh
    case "pescatarian": return [.meat, .poultry]
    case "gluten-free": return .gluten
    case "dairy-free": return .dairy
    case "nut-free": return [.treeNut, .peanut]
    default: return nil
    }
  }
}
