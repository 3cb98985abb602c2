import LarderTestSupport
import Testing

@testable import LarderCore

@Suite struct PrefixCandidateTableTests {
  /// Every ASCII text that starts at least `wideRange` suffixes of the ingredient or alias array
  /// is stored, with the plurals of those that are whole words, and no other; a stored list is
  /// the general path's list for that text, so a suggestion reads the same candidates with or
  /// without the table.
  @Test(arguments: RandomCorpus.seeds)
  func storesExactlyTheWideTextsWithTheGeneralPathsCandidates(seed: UInt64) {
    print("seed \(seed)")
    let (recipes, relations) = RandomCorpus.make(seed: seed, recipes: 600, vocabulary: 120)
    let snapshot = RandomCorpus.snapshot(recipes, relations)
    let table = snapshot.prefixCandidateTable
    // Brute force: every prefix of every suffix, counted per array.
    var wide = Set<String>()
    var words = Set<String>()
    for array in [snapshot.ingredientSuffixes, snapshot.aliasSuffixes] {
      var counts: [String: Int] = [:]
      for position in 0..<array.count {
        let suffix = array.suffixBytes(at: position)
        for length in 1...min(suffix.count, SuffixTrie.maxDepth) {
          counts[String(decoding: suffix.prefix(length), as: UTF8.self), default: 0] += 1
          if length == suffix.count || suffix[length] == 0x20 {
            words.insert(String(decoding: suffix.prefix(length), as: UTF8.self))
          }
        }
      }
      for (text, count) in counts
      where count >= PrefixCandidateTable.wideRange && text.utf8.allSatisfy({ $0 < 0x80 }) {
        wide.insert(text)
      }
    }
    var expected = wide
    for text in wide where words.contains(text) {
      for plural in [text + "s", text + "es", String(text.dropLast()) + "ies"]
      where (plural.hasSuffix("ies") ? text.hasSuffix("y") : true)
        && SearchFolding.singularForms(of: plural).contains(text)
      {
        expected.insert(plural)
      }
    }
    #expect(table.textCount == expected.count)
    wide = expected
    #expect(!wide.isEmpty, "the corpus should have wide texts (single letters at least)")
    for text in wide {
      let general = snapshot.prefixCandidates(text, fetch: PrefixCandidateTable.depth * 2 + 4)
      let stored = table.candidates(text, count: PrefixCandidateTable.depth)
      #expect(
        stored.map { $0.map(\.id) } == Array(general.prefix(PrefixCandidateTable.depth)).map(\.id))
      #expect(
        stored.map { $0.map(\.match) }
          == Array(general.prefix(PrefixCandidateTable.depth)).map(\.match))
      #expect(
        stored.map { $0.map(\.alias) }
          == Array(general.prefix(PrefixCandidateTable.depth)).map(\.alias))
    }
    // Narrow texts, deeper requests and other texts fall through to the general path.
    #expect(table.candidates("zzzzzzzz", count: 10) == nil)
    if let text = wide.first {
      #expect(table.candidates(text, count: PrefixCandidateTable.depth + 1) == nil)
    }
  }

  /// A wide whole word's plurals are stored, with the general path's list; a word that only
  /// starts longer words ("carr" of "carrot") gets none.
  @Test func pluralsOfWideWholeWordsAreStored() {
    let line = { (name: String) in IngredientLine(text: name, name: name) }
    let kinds = (0..<40).map { "carrot kind\($0)" }
    let recipes = (["carrot", "baby carrot"] + kinds).enumerated().map { i, name in
      Recipe(id: "\(i)", title: "R\(i)", ingredients: [line(name)])
    }
    let snapshot = RandomCorpus.snapshot(recipes, IngredientRelations())
    let table = snapshot.prefixCandidateTable
    for plural in ["carrots", "carrotes"] {
      let general = snapshot.prefixCandidates(plural, fetch: PrefixCandidateTable.depth * 2 + 4)
      let stored = table.candidates(plural, count: 10)
      #expect(stored != nil, "\(plural)")
      #expect(stored?.map(\.id) == Array(general.prefix(PrefixCandidateTable.depth)).map(\.id))
    }
    #expect(table.candidates("carrs", count: 10) == nil)
    #expect(snapshot.suggest("carrots", limit: 3).first?.value == "carrot")
  }

  /// Suggestions through the table respect exclusions exactly as the general path does.
  @Test(arguments: RandomCorpus.seeds)
  func excludedNamesLeaveTheStoredList(seed: UInt64) {
    print("seed \(seed)")
    let (recipes, relations) = RandomCorpus.make(seed: seed, recipes: 600, vocabulary: 120)
    let snapshot = RandomCorpus.snapshot(recipes, relations)
    let stored = "abcdefghijklmnopqrstuvwxyz".map(String.init).filter {
      snapshot.prefixCandidateTable.candidates($0, count: 1) != nil
    }
    #expect(!stored.isEmpty)
    for letter in stored {
      let all = snapshot.suggest(letter, limit: 6)
      guard let first = all.first else { continue }
      let rest = snapshot.suggest(letter, limit: 5, excluding: [first.value])
      #expect(rest == Array(all.dropFirst().prefix(5)), "\(letter)")
    }
  }
}
