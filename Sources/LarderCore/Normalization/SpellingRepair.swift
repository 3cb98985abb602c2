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
    guard word.utf8.count >= minimumLength, !vocabulary.hasWord(word),
      word.utf8.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }), IngredientLexicon.traits(word).isEmpty
    else { return false }
    let wordSingular = singular(of: word)
    return !vocabulary.hasWord(wordSingular) && !notMisspelt.contains(wordSingular)
  }

  /// The singular of a word of at least four letters: the word itself unless it ends in `s`,
  /// the one case ``Singularizer`` changes, so most words skip its rules.
  @inline(__always)
  private static func singular(of word: String) -> String {
    word.utf8.last == UInt8(ascii: "s") ? Singularizer.singularize(word) : word
  }

  /// The replacements for `word` (each one or two words), every one made of vocabulary words.
  ///
  /// Only edits that can reach a vocabulary word are tried: an edit at position `i` keeps the
  /// word's first `i` letters, and a candidate's singular keeps all but at most its last three
  /// letters (``Singularizer``: `leaves` → `leaf`), so once the word's start is no key word's
  /// start (``Vocabulary/longestKeyWordStart(of:)``), edits after it are tried only for
  /// candidates short enough to be changed in the letters the singular rewrites.
  ///
  /// - Complexity: O(26 · n) hash lookups for a word of n letters, at most.
  static func repairs(of word: String, in vocabulary: Vocabulary) -> [[String]] {
    let letters = Array(word.utf8)
    guard letters.count >= minimumLength, letters.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }),
      !vocabulary.hasWord(word), case let wordSingular = singular(of: word),
      !vocabulary.hasWord(wordSingular), !notMisspelt.contains(wordSingular)
    else { return [] }
    if let known = vocabulary.spellingRepairs.repairs(of: word) { return known }
    let found = editRepairs(of: letters, in: vocabulary)
    vocabulary.spellingRepairs.store(found, for: word)
    return found
  }

  /// The repairs of a word of at least ``minimumLength`` plain letters that no vocabulary
  /// word is: every edit that can reach a vocabulary word, then splits in two.
  private static func editRepairs(of letters: [UInt8], in vocabulary: Vocabulary) -> [[String]] {
    var found: Set<[String]> = []
    func consider(_ bytes: [UInt8]) {
      let candidate = String(decoding: bytes, as: UTF8.self)
      // Its own singular unless it ends in `s` (as ``singular(of:)``, read from the bytes).
      let candidateSingular =
        bytes.last == UInt8(ascii: "s") ? Singularizer.singularize(candidate) : candidate
      // A repair into a descriptor or unit is no food (`grater` is no `grated`).
      if bytes.count >= 4, vocabulary.hasWord(candidateSingular),
        IngredientLexicon.traits(candidate).isEmpty
      {
        found.insert([candidate])
      }
    }
    // Whether a candidate of `length` letters that keeps the word's first `position` letters
    // can be a vocabulary word or a plural of one; one that does not end in `s` is its own
    // singular, so it must start a key word up to its edit.
    let known = vocabulary.longestKeyWordStart(of: letters)
    func reachable(_ position: Int, length: Int, last: UInt8) -> Bool {
      position <= known || (last == UInt8(ascii: "s") && length - 3 <= known)
    }
    let count = letters.count
    let final = letters[count - 1]
    let alphabet = Array(UInt8(ascii: "a")...UInt8(ascii: "z"))
    // The first letter is never edited (people rarely slip there, and `fingers` is no
    // `ginger`); a changed letter needs a longer word (`kashk` is no `kasha`).
    for i in 1..<count {
      // `salty`, `herby`, `nutty` are adjectives of a food, not the food misspelt.
      if (i < count - 1 || letters[i] != UInt8(ascii: "y"))
        && reachable(i, length: count - 1, last: i == count - 1 ? letters[count - 2] : final)
      {
        var deleted = letters
        deleted.remove(at: i)
        consider(deleted)
      }
      if i + 1 < count, letters[i] != letters[i + 1],
        reachable(i, length: count, last: i + 1 == count - 1 ? letters[i] : final)
      {
        var swapped = letters
        swapped.swapAt(i, i + 1)
        consider(swapped)
      }
      guard count >= minimumLengthToChange else { continue }
      // At the last letter only an `s` can make a plural; elsewhere the last letter stays.
      let lastLetters = i == count - 1 ? [UInt8(ascii: "s")] : [final]
      guard lastLetters.contains(where: { reachable(i, length: count, last: $0) }) else { continue }
      var changed = letters
      for letter in alphabet where letter != letters[i] {
        changed[i] = letter
        consider(changed)
      }
    }
    for i in 1...count
    where reachable(i, length: count + 1, last: i == count ? UInt8(ascii: "s") : final) {
      var inserted = letters
      inserted.insert(alphabet[0], at: i)
      for letter in alphabet {
        inserted[i] = letter
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
