import LarderTestSupport
import Testing

@testable import LarderCore

@Suite struct WordSuffixArrayTests {
  @Test(arguments: RandomCorpus.seeds)
  func entriesAreSortedAndTopKMatchesBruteForce(seed: UInt64) {
    print("seed \(seed)")
    let (recipes, relations) = RandomCorpus.make(seed: seed, recipes: 400, vocabulary: 80)
    let snapshot = RandomCorpus.snapshot(recipes, relations)
    let array = snapshot.ingredientSuffixes
    func suffix(_ p: Int) -> [UInt8] {
      Array(array.strings[array.stringIndex(at: p)].utf8.dropFirst(array.wordOffset(at: p)))
    }
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
