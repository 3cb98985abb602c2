import Foundation
import LarderCore

/// The ranked candidate ingredient names of the synthetic corpus: index 0 is the most popular.
///
/// Built from ``SyntheticWordLists``: the hand-ordered head first, then combinatorial
/// "modifier + base + form" names ("extra virgin olive oil", "green bell pepper", "mango
/// slices") ordered by a seeded score (common bases and short names first), then brand-like
/// names ("velorina mushroom") until ``candidateCount`` names exist. Depends only on the seed,
/// never on the corpus size, so every corpus size shares one vocabulary.
///
/// - Complexity: build O(candidateCount) time and memory (≈ 0.2 s in release); lookup by rank O(1).
public struct SyntheticVocabulary: Sendable {
  /// How many candidate names the vocabulary holds.
  public static let candidateCount = 22_000

  /// The candidates, most popular first.
  public let ingredients: [SyntheticIngredient]

  /// Builds the vocabulary for `seed`.
  public init(seed: UInt64) {
    var generator = SplitMix64(seed: seed ^ 0x766F_6361_6275_6C61, stream: .max)
    var seen = Set<String>()
    var ranked: [SyntheticIngredient] = []
    ranked.reserveCapacity(Self.candidateCount)

    let descriptors = Self.modifierWords()
    for item in SyntheticWordLists.head.split(separator: ",") {
      let parts = item.split(separator: ":")
      let name = Self.canonical(parts[0])
      guard parts.count == 2, let group = SyntheticFoodGroup(code: Self.trimmed(parts[1])),
        seen.insert(name).inserted
      else { continue }
      let kept = name.split(separator: " ").filter { !descriptors.contains(String($0)) }
      let base = kept.isEmpty ? name : kept.joined(separator: " ")
      ranked.append(SyntheticIngredient(name: name, group: group, base: base))
    }

    let modifiers = Self.perGroup(SyntheticWordLists.modifiers)
    let forms = Self.perGroup(SyntheticWordLists.forms)
    var scored: [(score: Double, ingredient: SyntheticIngredient)] = []
    var plainBases: [(name: String, group: SyntheticFoodGroup)] = []
    for line in SyntheticWordLists.bases.split(separator: "\n") {
      let header = line.split(separator: ":", maxSplits: 1)
      let spec = header[0].split(separator: " ")
      guard header.count == 2, spec.count == 2, let group = SyntheticFoodGroup(code: spec[0]),
        let tier = Int(spec[1])
      else { continue }
      let tierWeight = [1.0, 0.25, 0.06][tier - 1] * group.popularityWeight
      for rawName in header[1].split(separator: ",") {
        let base = Self.canonical(rawName)
        plainBases.append((base, group))
        var names = [base]
        if group.isCountable, !base.hasSuffix("s"), !Self.uncountable.contains(base) {
          names.append(SyntheticIngredient.plural(of: base))
        }
        for name in names where seen.insert(name).inserted {
          let noise = exp(0.6 * generator.nextGaussian())
          scored.append(
            (3 * tierWeight * noise, SyntheticIngredient(name: name, group: group, base: name)))
        }
        let groupModifiers = modifiers[group] ?? []
        let groupForms = forms[group] ?? []
        let variantTarget = Int(
          Double([110, 55, 28][tier - 1]) * (0.6 + 0.8 * generator.nextUnit()))
        var made = 0
        var attempts = 0
        while made < variantTarget, attempts < variantTarget * 6 {
          attempts += 1
          let stem = names[generator.nextIndex(below: names.count)]
          let shape = generator.nextUnit()
          let variant: String
          let shapeWeight: Double
          if shape < 0.40 {
            variant = Self.pick(groupModifiers, &generator) + " " + stem
            shapeWeight = 0.5
          } else if shape < 0.65 {
            let first = Self.pick(groupModifiers, &generator)
            let second = Self.pick(groupModifiers, &generator)
            variant = first + " " + second + " " + stem
            shapeWeight = 0.15
          } else if shape < 0.87 {
            variant = base + " " + Self.pick(groupForms, &generator)
            shapeWeight = 0.3
          } else {
            variant =
              Self.pick(groupModifiers, &generator) + " " + base + " "
              + Self.pick(groupForms, &generator)
            shapeWeight = 0.1
          }
          guard Self.hasDistinctWords(variant), seen.insert(variant).inserted else { continue }
          made += 1
          let noise = exp(0.9 * generator.nextGaussian())
          let titleBase = shape < 0.65 ? stem : base
          scored.append(
            (
              tierWeight * shapeWeight * noise,
              SyntheticIngredient(name: variant, group: group, base: titleBase)
            ))
        }
      }
    }
    scored.sort {
      $0.score != $1.score ? $0.score > $1.score : $0.ingredient.name < $1.ingredient.name
    }
    ranked.append(
      contentsOf: scored.lazy.map(\.ingredient).prefix(Self.candidateCount - ranked.count))

    // The long tail: brand-like names, each a rare spelling of a plain base.
    let syllables = SyntheticWordLists.brandSyllables
    let allModifiers = modifiers.values.flatMap { $0 }
    while ranked.count < Self.candidateCount {
      var brand = ""
      for _ in 0..<(2 + generator.nextIndex(below: 2)) { brand += Self.pick(syllables, &generator) }
      let (base, group) = plainBases[generator.nextIndex(below: plainBases.count)]
      var name = brand + " " + base
      if generator.nextUnit() < 0.3 {
        name = brand + " " + Self.pick(allModifiers, &generator) + " " + base
      }
      guard Self.hasDistinctWords(name), seen.insert(name).inserted else { continue }
      ranked.append(SyntheticIngredient(name: name, group: group, base: base))
    }
    ingredients = ranked
  }

  /// Every word that can appear as a modifier, to find a head name's base ("fresh basil" → "basil").
  private static func modifierWords() -> Set<String> {
    var words = Set<String>()
    for list in perGroup(SyntheticWordLists.modifiers).values {
      for modifier in list { words.formUnion(modifier.split(separator: " ").map(String.init)) }
    }
    return words
  }

  /// Parses `group: a|b|c` lines.
  private static func perGroup(_ text: String) -> [SyntheticFoodGroup: [String]] {
    var result: [SyntheticFoodGroup: [String]] = [:]
    for line in text.split(separator: "\n") {
      let parts = line.split(separator: ":", maxSplits: 1)
      guard parts.count == 2, let group = SyntheticFoodGroup(code: trimmed(parts[0])) else {
        continue
      }
      result[group] = parts[1].split(separator: "|").map { canonical($0) }
    }
    return result
  }

  /// A uniformly chosen element.
  private static func pick(_ items: [String], _ generator: inout SplitMix64) -> String {
    items[generator.nextIndex(below: items.count)]
  }

  /// Lowercase words separated by single spaces.
  private static func canonical(_ text: Substring) -> String {
    text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
  }

  private static func trimmed(_ text: Substring) -> Substring {
    let start = text.firstIndex(where: { $0 != " " && $0 != "\n" }) ?? text.endIndex
    let end =
      text.lastIndex(where: { $0 != " " && $0 != "\n" }).map { text.index(after: $0) } ?? start
    return text[start..<end]
  }

  /// No word twice ("smoked smoked salmon") and at most one colour ("red green lentils").
  private static func hasDistinctWords(_ name: String) -> Bool {
    let words = name.split(separator: " ")
    return Set(words).count == words.count && words.filter { colours.contains($0) }.count < 2
  }

  /// Foods named in the singular only ("spinach", not "spinaches").
  private static let uncountable: Set<String> = [
    "spinach", "corn", "kale", "celery", "garlic", "broccoli", "broccolini", "cauliflower",
    "lettuce",
    "asparagus", "arugula", "okra", "bok choy", "chard", "squash", "butternut squash", "fennel",
    "watercress", "samphire", "romanesco", "salsify", "mizuna", "cassava", "taro", "rhubarb",
    "coconut",
    "pineapple", "watermelon", "cantaloupe", "melon", "tofu", "tempeh", "seitan", "edamame",
    "salmon",
    "tuna", "cod", "haddock", "halibut", "trout", "tilapia", "white fish", "smoked salmon",
    "monkfish",
    "sea bass", "sea bream", "snapper", "swordfish", "catfish", "pollock", "squid", "octopus",
    "eel",
    "herring", "mackerel", "shrimp", "flaxseed", "cashew", "urad dal", "chana dal",
  ]

  private static let colours: Set<Substring> = [
    "red", "green", "yellow", "white", "black", "purple", "golden", "brown", "dark", "light",
  ]
}
