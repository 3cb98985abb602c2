import Testing

@testable import LarderCore

/// One-edit repairs of a misspelt word against the vocabulary's words.
@Suite struct SpellingRepairTests {
  let vocabulary: Vocabulary

  init() throws {
    vocabulary = try Vocabulary(
      tsv: "bay leaf\t\t\t\ncinnamon\t\t\t\nwhite wine\t\t\t\nkale\t\t\t\nbroccoli\t\t\t\n"
        + "salmon\t\t\t\nsaimin\t\t\t\nshallot\t\t\t\n",
      file: "test.tsv")
  }

  @Test func oneEditOfEachKind() {
    #expect(SpellingRepair.repairs(of: "cinnamom", in: vocabulary) == [["cinnamon"]])  // changed
    #expect(SpellingRepair.repairs(of: "broccli", in: vocabulary) == [["broccoli"]])  // dropped
    // added
    #expect(SpellingRepair.repairs(of: "cinnamonn", in: vocabulary).contains(["cinnamon"]))
    #expect(SpellingRepair.repairs(of: "cinanmon", in: vocabulary) == [["cinnamon"]])  // swapped
  }

  @Test func wordsRunTogetherAreSplit() {
    #expect(SpellingRepair.repairs(of: "bayleaves", in: vocabulary) == [["bay", "leaves"]])
  }

  @Test func everyCandidateIsListed() {
    // "salmin" is one edit from both "salmon" and "saimin": the parser decides by the food.
    #expect(SpellingRepair.repairs(of: "salmin", in: vocabulary) == [["saimin"], ["salmon"]])
  }

  @Test func shortWordsGetNoChangedLetter() {
    // "whine" could be "white" with one letter changed; at five letters only "wine" is offered.
    #expect(SpellingRepair.repairs(of: "whine", in: vocabulary) == [["wine"]])
  }

  @Test func kitchenWordsAndAdjectivesAreNotRepaired() {
    #expect(SpellingRepair.repairs(of: "shallow", in: vocabulary).isEmpty)  // a dish
    #expect(SpellingRepair.repairs(of: "shallo", in: vocabulary) == [["shallot"]])
    #expect(SpellingRepair.repairs(of: "kaley", in: vocabulary).isEmpty)
  }

  /// The repairs skip edits that cannot reach a vocabulary word; over the bundled vocabulary
  /// they must equal trying every edit, on seeded slips of its own words and their plurals.
  @Test func skippedEditsNeverHoldARepair() throws {
    let bundled = try Vocabulary.bundled()
    let seed: UInt64 = 1426
    print("skippedEditsNeverHoldARepair seed \(seed)")
    var generator = SeededSlips(seed: seed)
    // A seeded draw of 400 of its words keeps the every-edit reference quick.
    var words = Set(
      bundled.entries.flatMap { entry in
        ([entry.name] + entry.aliases).flatMap { TextFolding.words($0).map(String.init) }
      }
    ).sorted().filter { $0.utf8.count >= 4 }
    words.shuffle(using: &generator.generator)
    var tried = 0
    for word in words.prefix(400) {
      for slip in [word + "s", word + "es", generator.slip(of: word), generator.slip(of: word)] {
        tried += 1
        #expect(
          SpellingRepair.repairs(of: slip, in: bundled) == Self.everyEdit(of: slip, in: bundled),
          "\(slip)")
      }
    }
    #expect(tried == 1_600)
  }

  /// The repairs as first written: every one-letter edit of the word is tried.
  static func everyEdit(of word: String, in vocabulary: Vocabulary) -> [[String]] {
    let letters = Array(word.utf8)
    guard letters.count >= SpellingRepair.minimumLength,
      letters.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }),
      !vocabulary.hasWord(word), !vocabulary.hasWord(Singularizer.singularize(word)),
      !SpellingRepair.notMisspelt.contains(Singularizer.singularize(word))
    else { return [] }
    var found: Set<[String]> = []
    func consider(_ bytes: [UInt8]) {
      let candidate = String(decoding: bytes, as: UTF8.self)
      if candidate.utf8.count >= 4, IngredientLexicon.traits(candidate).isEmpty,
        vocabulary.hasWord(Singularizer.singularize(candidate))
      {
        found.insert([candidate])
      }
    }
    let alphabet = Array(UInt8(ascii: "a")...UInt8(ascii: "z"))
    for i in letters.indices.dropFirst() {
      var deleted = letters
      deleted.remove(at: i)
      if i < letters.count - 1 || letters[i] != UInt8(ascii: "y") { consider(deleted) }
      if i + 1 < letters.count, letters[i] != letters[i + 1] {
        var swapped = letters
        swapped.swapAt(i, i + 1)
        consider(swapped)
      }
      guard letters.count >= SpellingRepair.minimumLengthToChange else { continue }
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

  @Test func shortKnownAndForeignWordsAreNotRepaired() {
    #expect(SpellingRepair.repairs(of: "kalr", in: vocabulary).isEmpty)
    #expect(SpellingRepair.repairs(of: "kale", in: vocabulary).isEmpty)
    #expect(SpellingRepair.repairs(of: "crème", in: vocabulary).isEmpty)
    #expect(SpellingRepair.repairs(of: "gremolata", in: vocabulary).isEmpty)
  }
}

/// One-letter slips of a word (a letter dropped, doubled, changed or two swapped, never the
/// first), drawn from a seeded generator so a failure can be replayed.
struct SeededSlips {
  var generator: SplitMix64

  init(seed: UInt64) { generator = SplitMix64(seed: seed) }

  mutating func slip(of word: String) -> String {
    var letters = Array(word.utf8)
    guard letters.count > 2 else { return word }
    let position = 1 + Int(generator.next() % UInt64(letters.count - 1))
    switch generator.next() % 4 {
    case 0: letters.remove(at: position)
    case 1: letters.insert(letters[position], at: position)
    case 2: letters[position] = UInt8(ascii: "a") + UInt8(generator.next() % 26)
    default:
      if position + 1 < letters.count { letters.swapAt(position, position + 1) }
    }
    return String(decoding: letters, as: UTF8.self)
  }
}
