/// Repairs of one misspelt word of an ingredient line against the words of the vocabulary:
/// one letter dropped, added, changed or two swapped (`cinnamom` → `cinnamon`, `broccli` →
/// `broccoli`, `gerkin` → `gherkin`, `whine` → `wine`), or two words run together (`bayleaves`
/// → `bay leaves`).
///
/// The parser asks only for a phrase that names no food, and keeps a repair only when exactly
/// one food results (``IngredientLineParser``), so a rare word is never forced onto a food.
enum SpellingRepair {
  /// Words shorter than this are never repaired: one edit turns too many short words into
  /// other foods (`kale`, `kafe`).
  static let minimumLength = 5

  /// Words shorter than this get no changed letter, only one dropped, added or swapped.
  static let minimumLengthToChange = 6

  /// Kitchen words that are no food and sit one edit from one (`whisk`, `shallow` dish,
  /// `plate`): never repaired.
  static let notMisspelt: Set<String> = [
    "whisk", "plate", "platter", "shallow", "grater", "sifter", "masher", "skewer", "ramekin",
    "mould", "tray", "bowl", "dish", "board", "knife", "ladle", "blender", "processor", "mixer",
    "parchment", "string", "twine", "toothpick", "thermometer", "sieve", "colander", "spatula",
    "steamer", "grill", "griddle", "oven", "cutter", "piping", "nozzle", "glass", "glasses",
  ]

  /// Whether `word` may be a misspelling worth repairing: long enough, plain letters, no
  /// vocabulary word and no kitchen word.
  ///
  /// - Complexity: O(n) for a word of n letters, plus two hash lookups.
  static func isCandidate(_ word: String, in vocabulary: Vocabulary) -> Bool {
    // Cheapest first: most words of a line are vocabulary words, one hash lookup away.
    word.utf8.count >= minimumLength && !vocabulary.hasWord(word)
      && word.utf8.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A })
      && IngredientLexicon.traits(word).isEmpty
      && !vocabulary.hasWord(Singularizer.singularize(word))
      && !notMisspelt.contains(Singularizer.singularize(word))
  }

  /// The replacements for `word` (each one or two words), every one made of vocabulary words.
  ///
  /// - Complexity: O(26 · n) hash lookups for a word of n letters.
  static func repairs(of word: String, in vocabulary: Vocabulary) -> [[String]] {
    let letters = Array(word.utf8)
    guard letters.count >= minimumLength, letters.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }),
      !vocabulary.hasWord(word), !vocabulary.hasWord(Singularizer.singularize(word)),
      !notMisspelt.contains(Singularizer.singularize(word))
    else { return [] }
    var found: Set<[String]> = []
    func consider(_ bytes: [UInt8]) {
      let candidate = String(decoding: bytes, as: UTF8.self)
      // A repair into a descriptor or unit is no food (`grater` is no `grated`).
      if candidate.utf8.count >= 4, IngredientLexicon.traits(candidate).isEmpty,
        vocabulary.hasWord(Singularizer.singularize(candidate))
      {
        found.insert([candidate])
      }
    }
    let alphabet = Array(UInt8(ascii: "a")...UInt8(ascii: "z"))
    // The first letter is never edited (people rarely slip there, and `fingers` is no
    // `ginger`); a changed letter needs a longer word (`kashk` is no `kasha`).
    for i in letters.indices.dropFirst() {
      var deleted = letters
      deleted.remove(at: i)
      // `salty`, `herby`, `nutty` are adjectives of a food, not the food misspelt.
      if i < letters.count - 1 || letters[i] != UInt8(ascii: "y") { consider(deleted) }
      if i + 1 < letters.count, letters[i] != letters[i + 1] {
        var swapped = letters
        swapped.swapAt(i, i + 1)
        consider(swapped)
      }
      guard letters.count >= minimumLengthToChange else { continue }
      for letter in alphabet where letter != letters[i] {
        var changed = letters
        changed[i] = letter
        consider(changed)
      }
    }
    for i in 1...letters.count {
      for letter in alphabet {
        var inserted = letters
        inserted.insert(letter, at: i)
        consider(inserted)
      }
    }
    // "bayleaves": two vocabulary words run together, each of at least three letters.
    if letters.count >= 6 {
      for split in 3...(letters.count - 3) {
        let first = String(decoding: letters[..<split], as: UTF8.self)
        let second = String(decoding: letters[split...], as: UTF8.self)
        if vocabulary.hasWord(first), vocabulary.hasWord(Singularizer.singularize(second)) {
          found.insert([first, second])
        }
      }
    }
    return found.sorted { $0.joined(separator: " ") < $1.joined(separator: " ") }
  }
}
