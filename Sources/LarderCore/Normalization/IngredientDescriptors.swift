/// Words in an ingredient phrase that describe the food without changing what it is
/// (`fresh`, `finely chopped`, `large`), and the words that end the name part of a line
/// (`to taste`, `for garnish`, `such as ...`).
///
/// A phrase is first looked up with its descriptors (so a vocabulary may still list
/// `ground beef` or `dried apricot`), and only then without them.
enum IngredientDescriptors {
  /// What a descriptor word is.
  enum Role: UInt8 {
    /// Kept in the preparation (`chopped`, `fresh`, `finely`).
    case preparation
    /// Dropped: sizes and fillers (`large`, `good`, `some`).
    case dropped
  }

  /// The role of a folded word, or `nil` when the word may be part of a food's name.
  @inline(__always)
  static func role(_ word: String) -> Role? { words[word] }

  /// The spaced spelling of a descriptor written as one word (`hardboiled` → `hard boiled`),
  /// the spelling a hyphen gives it and names hold (`hard boiled egg`).
  static let spacedForms: [String: String] = Dictionary(
    words.keys.filter { $0.contains(" ") }.map { ($0.replacingOccurrences(of: " ", with: ""), $0) },
    uniquingKeysWith: { first, _ in first })

  /// Whether two consecutive folded words form a descriptor (`free range`, `low fat`).
  @inline(__always)
  static func isPairDescriptor(_ first: String, _ second: String) -> Bool {
    switch first {
    case "free": return second == "range"
    case "low", "reduced", "no":
      return second == "fat" || second == "sodium" || second == "salt" || second == "sugar"
    case "fat", "sugar", "gluten": return second == "free"
    case "room": return second == "temperature" || second == "temp"
    case "good", "best", "high", "top": return second == "quality"
    case "skin", "bone": return second == "on" || second == "in"
    case "store", "shop": return second == "bought"
    case "ready": return second == "made"
    // "black oil-cured olives": how the olives were cured, between the colour and the food.
    case "oil", "salt", "brine": return second == "cured"
    case "extra": return second == "large" || second == "fine"
    default: return false
    }
  }

  /// Prepositions that link a participle to what follows (`dissolved in`, `mixed with`).
  @inline(__always)
  static func isLinkingPreposition(_ word: String) -> Bool {
    word == "in" || word == "with" || word == "into" || word == "from" || word == "to"
  }

  /// Words that end the name part: what follows is a comment (`to taste`, `for frying`).
  static let nameEnders: Set<String> = [
    "to", "for", "plus", "such", "eg", "if", "at", "preferably", "divided", "according", "with",
    "in", "as", "optional", "optionally", "into", "ie", "see", "about", "approx",
    "approximately", "depending", "per", "without", "from", "only", "made", "including", "like",
    "on",
    "reserved", "which", "that", "cut",
  ]

  /// Words that begin a preparation clause after a comma (`cut`, `thawed`), besides the
  /// preparation descriptors.
  static let preparationVerbs: Set<String> = [
    "cut", "torn", "tear", "broken", "separated", "removed", "discarded", "squeezed", "reserved",
    "thawed", "defrosted", "soaked", "roasted", "toasted", "blanched", "cooled", "chilled",
    "mixed", "combined", "dissolved", "warmed", "heated", "whisked", "lightly", "left", "kept",
    "patted", "washed", "scrubbed", "cleaned", "picked",
  ]

  /// Descriptor words and their roles.
  static let words: [String: Role] = {
    var table: [String: Role] = [:]
    for word in [
      "fresh", "freshly", "chopped", "finely", "roughly", "coarsely", "thinly", "thickly",
      "diced", "minced", "sliced", "grated", "shredded", "organic", "peeled", "unpeeled",
      "crushed", "ground", "beaten", "whisked", "softened", "melted", "cubed", "halved",
      "quartered", "trimmed", "torn", "julienned", "cooked", "uncooked", "raw", "dried",
      "frozen", "thawed", "defrosted", "canned", "tinned", "bottled", "jarred", "packed",
      "firmly", "lightly", "loosely", "sifted", "skinned", "skinless", "boneless", "boned",
      "deboned", "cleaned", "washed", "rinsed", "drained", "pitted", "stoned", "seeded",
      "deseeded", "cored", "hulled", "shelled", "deveined", "zested", "squeezed", "chilled",
      "cold", "warm", "lukewarm", "hot", "boiling", "unsalted", "toasted", "roasted",
      "blanched", "steamed", "ripe", "unripe", "overripe", "unwaxed", "live", "leftover",
      "prepared", "snipped", "mashed", "pureed", "crumbled", "flaked", "cracked", "smashed",
      "bruised", "scrubbed", "soaked", "cut", "split", "optional", "room", "temperature",
      "separated", "readymade", "softboiled", "precooked", "prewashed", "homemade", "chargrilled",
      "pasteurised", "pasteurized", "undrained", "vacuumpacked", "iced", "strained", "slivered",
      "shaved", "dryroasted", "panfried", "ovenroasted", "slowroasted", "pantoasted",
      "tightly", "combined",
      "cooled", "warmed", "sieved", "poached", "boiled", "hardboiled", "deboned", "skinned",
      "shredded", "chopped",
      // Written with a hyphen (`hard-boiled`), the reader keeps them as one descriptor in
      // their folded spelling: a name such as `hard boiled egg` still holds them.
      "hard boiled", "soft boiled", "ready made", "vacuum packed", "dry roasted", "pan fried",
      "oven roasted", "slow roasted", "pan toasted",
    ] {
      table[word] = .preparation
    }
    for word in [
      "large", "small", "medium", "big", "jumbo", "huge", "little", "mini", "extra", "good",
      "quality", "best", "some", "few", "more", "plenty", "several", "about", "approx",
      "approximately", "generous", "heaped", "heaping", "level", "rounded", "scant", "sized",
      "size", "the", "a", "an", "additional", "each", "very", "well", "miniature", "tiny", "larger",
      "smaller", "handful", "any",
      "your", "favorite",
      "favourite", "whole", "thick", "thin",
      // Where a food comes from, not what it is ("Bosc USA pears").
      "usa", "imported",
    ] {
      table[word] = .dropped
    }
    return table
  }()
}
