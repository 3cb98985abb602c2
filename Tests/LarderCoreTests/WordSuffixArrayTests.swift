import LarderTestSupport
import Testing

@testable import LarderCore

@Suite struct WordSuffixArrayTests {
  @Test func plainPrefixLeavesOutNamesInNoRecipe() {
    // "lamb breast" is only a vocabulary parent here: the harness semantics list names by
    // document frequency, so a name in no recipe never appears.
    let line = { (name: String) in IngredientLine(text: name, name: name) }
    let recipes = [
      Recipe(id: "1", title: "A", ingredients: [line("chicken breast"), line("salt")])
    ]
    let relations = IngredientRelations(parent: ["chicken breast": "lamb breast"])
    let snapshot = RandomCorpus.snapshot(recipes, relations)
    #expect(
      snapshot.plainPrefix("breast", k: 10).map { snapshot.ingredientName($0) } == [
        "chicken breast"
      ])
  }

  @Test func firstWordsOnlyIndexesWholeStrings() {
    var table = StringTable()
    for name in ["spring onion", "onion salt", "green onion"] { table.append(name) }
    let every = WordSuffixArray(strings: table, ranks: [0, 1, 2], order: .byRank)
    let first = WordSuffixArray(
      strings: table, ranks: [0, 1, 2], order: .byRank, words: .firstOnly)
    #expect(every.count == 6)
    #expect(first.count == 3)
    #expect((0..<first.count).allSatisfy { first.wordOffset(at: $0) == 0 })
    var found: [UInt32] = []
    var key = "onion"
    key.withUTF8 { first.top(10, prefix: $0, into: &found) }
    #expect(found == [1])  // "onion salt" only: the others have "onion" as a later word
    #expect(SuffixTrie(first).typoRanges(for: Array("onoin".utf8), maxEdits: 1).isEmpty)
    #expect(SuffixTrie(first).typoRanges(for: Array("onin".utf8), maxEdits: 1).count == 1)
  }

  /// The ingredient suffix array of a seeded random corpus, and each position's suffix bytes.
  static func ingredientSuffixes(seed: UInt64) -> (WordSuffixArray, [[UInt8]]) {
    print("seed \(seed)")
    let (recipes, relations) = RandomCorpus.make(seed: seed, recipes: 300, vocabulary: 60)
    let array = RandomCorpus.snapshot(recipes, relations).ingredientSuffixes
    let suffixes = (0..<array.count).map { array.suffixBytes(at: $0) }
    return (array, suffixes)
  }

  /// Prefix ranges against a filter over every suffix, for keys shorter than, equal to and
  /// longer than the 8 packed bytes the search compares first, and keys that fall between
  /// entries (a last byte nudged up or down).
  @Test(arguments: RandomCorpus.seeds)
  func prefixRangesMatchAFilterOverEverySuffix(seed: UInt64) {
    let (array, suffixes) = Self.ingredientSuffixes(seed: seed)
    var keys = Set<[UInt8]>()
    for suffix in suffixes {
      for length in 1...suffix.count {
        let key = Array(suffix.prefix(length))
        keys.insert(key)
        keys.insert(Array(key.dropLast()) + [key.last! &+ 1])
        keys.insert(Array(key.dropLast()) + [key.last! &- 1])
      }
    }
    for key in keys {
      let range = key.withUnsafeBufferPointer { array.range(of: $0) }
      let expected = suffixes.indices.filter { suffixes[$0].starts(with: key) }
      #expect(
        Array(range) == expected || (expected.isEmpty && range.isEmpty),
        "\(String(decoding: key, as: UTF8.self))")
    }
  }

  @Test(arguments: RandomCorpus.seeds)
  func wordRangesHoldExactlyTheSuffixesWhereTheWordIsWhole(seed: UInt64) {
    let (array, suffixes) = Self.ingredientSuffixes(seed: seed)
    var words = Set<[UInt8]>()
    for suffix in suffixes {
      for length in 1...suffix.count { words.insert(Array(suffix.prefix(length))) }
    }
    for word in words {
      let range = word.withUnsafeBufferPointer { array.range(ofWord: $0) }
      let expected = suffixes.indices.filter { p in
        suffixes[p] == word || suffixes[p].starts(with: word + [0x20])
      }
      #expect(Array(range) == expected, "\(String(decoding: word, as: UTF8.self))")
    }
  }

  @Test(arguments: RandomCorpus.seeds)
  func entriesAreSortedAndTopKMatchesBruteForce(seed: UInt64) {
    print("seed \(seed)")
    let (recipes, relations) = RandomCorpus.make(seed: seed, recipes: 400, vocabulary: 80)
    let snapshot = RandomCorpus.snapshot(recipes, relations)
    let array = snapshot.ingredientSuffixes
    func suffix(_ p: Int) -> [UInt8] { array.suffixBytes(at: p) }
    for p in 1..<array.count {
      let a = suffix(p - 1)
      let b = suffix(p)
      #expect(
        a.lexicographicallyPrecedes(b)
          || (a == b && array.stringIndex(at: p - 1) < array.stringIndex(at: p)))
    }
    let oracle = Oracle(recipes, relations)
    var prefixes = Set<String>()
    for id in 0..<snapshot.ingredientCount {
      let name = snapshot.ingredientName(IngredientID(id))
      for length in 1...min(name.count, 6) { prefixes.insert(String(name.prefix(length))) }
      if let space = name.firstIndex(of: " ") {
        prefixes.insert(String(name[name.index(after: space)...].prefix(3)))
      }
    }
    for prefix in prefixes.sorted() {
      for k in [1, 3, 10] {
        let got = snapshot.plainPrefix(prefix, k: k).map { snapshot.ingredientName($0) }
        // Vocabulary-only names (count 0) are not in the oracle's list, and rank last in the snapshot.
        let expected = oracle.plainPrefix(prefix, k: k)
        #expect(Array(got.prefix(expected.count)) == expected, "prefix \(prefix) k \(k)")
      }
    }
    #expect(snapshot.plainPrefix("zzz", k: 10).isEmpty)
  }
}

@Suite struct TypoMatchTests {
  /// The trie-walk typo search finds exactly what a per-suffix edit distance finds among the
  /// suffixes that start with the key's first byte.
  @Test(arguments: RandomCorpus.seeds)
  func typoWalkMatchesPerSuffixDistance(seed: UInt64) {
    print("seed \(seed)")
    let (recipes, relations) = RandomCorpus.make(seed: seed, recipes: 300, vocabulary: 90)
    let snapshot = RandomCorpus.snapshot(recipes, relations)
    let array = snapshot.ingredientSuffixes
    let trie = SuffixTrie(array)
    var rng = SplitMix64(seed: seed)
    let alphabet = Array("abcdeilnoprst ".utf8)
    for round in 0..<150 {
      var key: [UInt8]
      if round % 2 == 0 {
        let name = Array(array.strings[Int(rng.next() % UInt64(array.strings.count))].utf8)
        key = Array(name.prefix(2 + Int(rng.next() % UInt64(max(name.count - 1, 1)))))
        for _ in 0..<Int(rng.next() % 3) where !key.isEmpty {
          key[Int(rng.next() % UInt64(key.count))] =
            alphabet[Int(rng.next() % UInt64(alphabet.count))]
        }
      } else {
        key = (0..<(1 + Int(rng.next() % 9))).map { _ in
          alphabet[Int(rng.next() % UInt64(alphabet.count))]
        }
      }
      for maxEdits in 0...SuffixTrie.maxEditsSupported {
        var expected: [Int: Int] = [:]
        for position in 0..<array.count {
          let s = array.stringIndex(at: position)
          let suffix = array.suffixBytes(at: position)
          guard suffix.first == key.first else { continue }
          let d = Snapshot.prefixEditDistance(key, suffix)
          if d <= maxEdits { expected[s] = min(expected[s] ?? .max, d) }
        }
        var got: [Int: Int] = [:]
        for (positions, d) in trie.typoRanges(for: key, maxEdits: maxEdits) {
          for position in positions {
            let s = array.stringIndex(at: position)
            got[s] = min(got[s] ?? .max, d)
          }
        }
        #expect(got == expected, "key \(String(decoding: key, as: UTF8.self)) max \(maxEdits)")
      }
    }
  }

  /// Trie invariants: every node's subtree lies inside its parent's, its suffix range is the
  /// suffixes that start with its path, and the depth-1 nodes chain through subtree ends.
  @Test(arguments: RandomCorpus.seeds)
  func trieNodesCoverExactlyTheirSuffixes(seed: UInt64) {
    print("seed \(seed)")
    let (recipes, relations) = RandomCorpus.make(seed: seed, recipes: 200, vocabulary: 60)
    let array = RandomCorpus.snapshot(recipes, relations).ingredientSuffixes
    let trie = SuffixTrie(array)
    var path: [UInt8] = []
    for v in 0..<trie.nodeCount {
      let depth = Int(trie.depths[v])
      #expect(depth >= 1 && depth <= path.count + 1)
      path = Array(path.prefix(depth - 1)) + [trie.labels[v]]
      let end = Int(trie.subtreeEnds[v])
      #expect(end > v && end <= trie.nodeCount)
      for w in (v + 1)..<end { #expect(Int(trie.depths[w]) > depth) }
      if end < trie.nodeCount { #expect(Int(trie.depths[end]) <= depth) }
      let positions = Int(trie.firstPositions[v])..<Int(trie.firstPositions[end])
      var bytes = path
      let expected = bytes.withUnsafeMutableBufferPointer {
        array.range(of: UnsafeBufferPointer($0))
      }
      #expect(positions == expected)
    }
  }
}
