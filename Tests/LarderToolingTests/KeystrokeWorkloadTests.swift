import LarderTestSupport
import Testing

@testable import LarderCore
@testable import LarderTooling

@Suite struct KeystrokeWorkloadTests {
  @Test(arguments: RandomCorpus.seeds)
  func slipsAreOneEditAfterTheFirstLetter(seed: UInt64) {
    print("seed \(seed)")
    let (recipes, relations) = RandomCorpus.make(seed: seed, recipes: 200, vocabulary: 50)
    let snapshot = RandomCorpus.snapshot(recipes, relations)
    for choice in KeystrokeWorkload.NameChoice.allCases {
      let spelled = KeystrokeWorkload(snapshot: snapshot, count: 60, choice: choice, seed: seed)
      let slipped = KeystrokeWorkload(
        snapshot: snapshot, count: 60, choice: choice, typing: .oneTypo, seed: seed)
      #expect(spelled.names.count == 60 && slipped.names.count == 60)
      for (name, typed) in zip(spelled.names, slipped.names) {
        #expect(snapshot.ingredientID(name) != nil)
        if name.count < 3 {
          #expect(typed == name)
          continue
        }
        #expect(typed.first == name.first, "\(name) → \(typed)")
        #expect(editDistance(Array(name.utf8), Array(typed.utf8)) == 1, "\(name) → \(typed)")
      }
      let expected = slipped.names.flatMap { name in
        (1...max(name.count, 1)).map { String(name.prefix($0)) }
      }
      #expect(slipped.keystrokes == expected)
    }
  }

  /// Plain Levenshtein distance.
  func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    var previous = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      var current = [i] + [Int](repeating: 0, count: b.count)
      for j in 1...max(b.count, 1) where !b.isEmpty {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
