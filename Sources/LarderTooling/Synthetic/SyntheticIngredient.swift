import LarderCore

/// One candidate ingredient name of the synthetic vocabulary.
public struct SyntheticIngredient: Sendable, Hashable {
  /// The canonical name: lowercase ASCII words separated by single spaces.
  public let name: String
  /// The food group the name belongs to.
  public let group: SyntheticFoodGroup
  /// The words a title uses for it ("Olive Oil" for "extra virgin olive oil").
  public let titleWord: String
  /// The name's words plus naive singular forms, for category affinity rules.
  let matchWords: Set<String>

  /// Creates an entry; `base` is the food the name is a variant of (its title word).
  init(name: String, group: SyntheticFoodGroup, base: String) {
    self.name = name
    self.group = group
    self.titleWord = Self.titleCased(base)
    var words = Set<String>()
    for word in name.split(separator: " ") {
      words.insert(String(word))
      if let singular = Self.singular(of: word) { words.insert(singular) }
    }
    self.matchWords = words
  }

  /// Whether any of the name's words (or their singulars) is in `words`.
  func mentions(any words: Set<String>) -> Bool {
    !matchWords.isDisjoint(with: words)
  }

  /// "olive oil" → "Olive Oil".
  static func titleCased(_ text: String) -> String {
    text.split(separator: " ").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(
      separator: " ")
  }

  /// A crude singular for matching only ("berries" → "berry", "tomatoes" → "tomato").
  static func singular(of word: Substring) -> String? {
    if word.hasSuffix("ies"), word.count > 4 { return word.dropLast(3) + "y" }
    if word.hasSuffix("oes") || word.hasSuffix("ches") || word.hasSuffix("shes") {
      return String(word.dropLast(2))
    }
    if word.hasSuffix("s"), !word.hasSuffix("ss"), word.count > 3 { return String(word.dropLast()) }
    return nil
  }

  /// A regular English plural of a name's last word ("cherry tomato" → "cherry tomatoes").
  static func plural(of name: String) -> String {
    var words = name.split(separator: " ").map(String.init)
    guard let last = words.last else { return name }
    let vowels: Set<Character> = ["a", "e", "i", "o", "u"]
    let plural: String
    if last.hasSuffix("s") || last.hasSuffix("x") || last.hasSuffix("ch") || last.hasSuffix("sh") {
      plural = last.hasSuffix("s") ? last : last + "es"
    } else if last.hasSuffix("y"), let before = last.dropLast().last, !vowels.contains(before) {
      plural = last.dropLast() + "ies"
    } else if last.hasSuffix("o"), ["tomato", "potato"].contains(last) {
      plural = last + "es"
    } else {
      plural = last + "s"
    }
    words[words.count - 1] = plural
    return words.joined(separator: " ")
  }
}
