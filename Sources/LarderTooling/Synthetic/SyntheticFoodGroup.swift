import LarderCore

/// The food group of a synthetic ingredient name: which modifiers and forms it takes, how common
/// its group is, and which categories want or refuse it.
public enum SyntheticFoodGroup: String, Sendable, Hashable, CaseIterable, Codable {
  /// Seasonings, herbs, produce, and animal foods.
  case spice, herb, vegetable, fruit, meat, poultry, seafood, dairy, cheese, egg
  /// Staples, pantry goods and drinks (`fat` covers oils, `sauce` condiments).
  case grain, pasta, legume, nut, fat, sauce, sweet, baking, liquid, alcohol

  /// The two-letter code used in ``SyntheticWordLists``.
  init?(code: Substring) {
    switch code {
    case "sp": self = .spice
    case "hb": self = .herb
    case "vg": self = .vegetable
    case "fr": self = .fruit
    case "mt": self = .meat
    case "po": self = .poultry
    case "sf": self = .seafood
    case "da": self = .dairy
    case "ch": self = .cheese
    case "eg": self = .egg
    case "gr": self = .grain
    case "pa": self = .pasta
    case "le": self = .legume
    case "nu": self = .nut
    case "fa": self = .fat
    case "sa": self = .sauce
    case "sw": self = .sweet
    case "ba": self = .baking
    case "li": self = .liquid
    case "al": self = .alcohol
    default: return nil
    }
  }

  /// Relative popularity of the group's combinatorial names (vegetables and spices are
  /// everywhere, alcohol and pasta shapes less so).
  var popularityWeight: Double {
    switch self {
    case .vegetable: 1.4
    case .spice, .dairy: 1.3
    case .herb, .poultry: 1.2
    case .meat, .grain: 1.1
    case .fruit, .cheese, .fat, .sauce, .sweet, .baking, .liquid, .egg: 1.0
    case .seafood: 0.9
    case .pasta, .legume, .nut: 0.8
    case .alcohol: 0.6
    }
  }

  /// Whether names of this group get a plural variant ("carrot" and "carrots").
  var isCountable: Bool {
    switch self {
    case .vegetable, .fruit, .nut, .legume, .seafood: true
    default: false
    }
  }

  /// Whether the group is animal flesh (meat, poultry, fish and shellfish).
  var isFlesh: Bool {
    self == .meat || self == .poultry || self == .seafood
  }

  /// Whether the group is an animal product other than flesh.
  var isAnimalProduct: Bool {
    self == .dairy || self == .cheese || self == .egg
  }
}
