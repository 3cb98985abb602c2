import LarderTestSupport
import Testing

@testable import LarderCore

@Suite struct PrefixCandidateTableTests {
  /// Every ASCII text that starts at least `wideRange` suffixes of the ingredient or alias array
  /// is stored, and no other; a stored list is the general path's list for that text, so a
  /// suggestion reads the same candidates with or without the table.
  @Test(arguments: RandomCorpus.seeds)
  func storesExactlyTheWideTextsWithTheGeneralPathsCandidates(seed: UInt64) {
    print("seed \(seed)")
    let (recipes, relations) = RandomCorpus.make(seed: seed, recipes: 600, vocabulary: 120)
    let snapshot = RandomCorpus.snapshot(recipes, relations)
    let table = snapshot.prefixCandidateTable
    // Brute force: every prefix of every suffix, counted per array.
    var wide = Set<String>()
    for array in [snapshot.ingredientSuffixes, snapshot.aliasSuffixes] {
      var counts: [String: Int] = [:]
      for position in 0..<array.count {
        let suffix = Array(
          array.strings[array.stringIndex(at: position)].utf8.dropFirst(
            array.wordOffset(at: position)))
        for length in 1...min(suffix.count, SuffixTrie.maxDepth) {
          counts[String(decoding: suffix.prefix(length), as: UTF8.self), default: 0] += 1
        }
      }
      for (text, count) in counts
      where count >= PrefixCandidateTable.wideRange && text.utf8.allSatisfy({ $0 < 0x80 }) {
        wide.insert(text)
      }
    }
    #expect(table.textCount == wide.count)
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
