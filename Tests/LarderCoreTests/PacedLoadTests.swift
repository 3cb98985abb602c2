import LarderTestSupport
import Testing

@testable import LarderCore

/// A server's reload decodes its snapshot paced (``LoadPacer``) and takes the replaced
/// snapshot's suggestion indexes when the ingredient tables are the same: both must load what
/// an unpaced load of the same bytes loads.
@Suite struct PacedLoadTests {
  /// Pauses at every checkpoint, for no time: the most pauses the decode's loops can make.
  static let everyCheckpoint = LoadPacing(work: .zero, pause: .zero)

  private static func decode(
    _ bytes: [UInt8], pacer: LoadPacer? = nil, previous: Snapshot? = nil
  ) throws -> Snapshot {
    try bytes.withUnsafeBytes {
      try Snapshot(serializedBytes: $0, pacer: pacer, reusingSuggestionIndexesOf: previous)
    }
  }

  /// Every part a load makes, the suggestion indexes included, and some answers.
  private static func expectSame(_ loaded: Snapshot, _ expected: Snapshot) {
    #expect(loaded.serialized() == expected.serialized())
    #expect(loaded.ingredientTrie == expected.ingredientTrie)
    #expect(loaded.aliasTrie == expected.aliasTrie)
    #expect(loaded.prefixCandidateTable == expected.prefixCandidateTable)
    for text in ["c", "ch", "chedar", "sal", "on", "tomatoes"] {
      #expect(loaded.suggest(text, limit: 8) == expected.suggest(text, limit: 8))
    }
  }

  @Test(arguments: RandomCorpus.seeds)
  func aPacedLoadLoadsWhatAnUnpacedOneDoes(seed: UInt64) throws {
    print("seed \(seed)")
    let (recipes, relations) = RandomCorpus.make(seed: seed, recipes: 2500, vocabulary: 40)
    let bytes = RandomCorpus.snapshot(recipes, relations).serialized()
    let pacer = LoadPacer(Self.everyCheckpoint)
    let paced = try Self.decode(bytes, pacer: pacer)
    #expect(pacer.pauses > 0)
    Self.expectSame(paced, try Snapshot(serialized: bytes))
  }

  @Test(arguments: RandomCorpus.seeds)
  func aRebuildWithTheSameIngredientTablesTakesTheSuggestionIndexes(seed: UInt64) throws {
    print("seed \(seed)")
    let (recipes, relations) = RandomCorpus.make(seed: seed, recipes: 2500, vocabulary: 40)
    let previous = try Snapshot(serialized: RandomCorpus.snapshot(recipes, relations).serialized())
    // The same recipes in another order: other dense ids and postings, the same names,
    // counts and aliases.
    let rebuilt = RandomCorpus.snapshot(Array(recipes.reversed()), relations).serialized()
    let loaded = try Self.decode(
      rebuilt, pacer: LoadPacer(Self.everyCheckpoint), previous: previous)
    Self.expectSame(loaded, try Snapshot(serialized: rebuilt))
    // Taken, not made again: the same arrays.
    #expect(Self.sameStorage(loaded.ingredientTrie.labels, previous.ingredientTrie.labels))
    #expect(Self.sameStorage(loaded.aliasTrie.labels, previous.aliasTrie.labels))
  }

  @Test func aRebuildWithOtherIngredientTablesMakesItsOwnSuggestionIndexes() throws {
    let (recipes, relations) = RandomCorpus.make(seed: 3, recipes: 2500, vocabulary: 40)
    let previous = try Snapshot(serialized: RandomCorpus.snapshot(recipes, relations).serialized())
    // A recipe fewer: some ingredient's count differs.
    let rebuilt = RandomCorpus.snapshot(Array(recipes.dropFirst()), relations).serialized()
    let loaded = try Self.decode(rebuilt, previous: previous)
    Self.expectSame(loaded, try Snapshot(serialized: rebuilt))
    #expect(!Self.sameStorage(loaded.ingredientTrie.labels, previous.ingredientTrie.labels))
  }

  @Test func damagedBytesAreRejectedPacedToo() {
    let (recipes, relations) = RandomCorpus.make(seed: 11, recipes: 100)
    var bytes = RandomCorpus.snapshot(recipes, relations).serialized()
    bytes[bytes.count / 2] ^= 0x40
    #expect(throws: SnapshotError.self) {
      try Self.decode(bytes, pacer: LoadPacer(Self.everyCheckpoint))
    }
  }

  @Test func thePacerPausesOnceItsBudgetIsSpentAndNotBefore() {
    let pacer = LoadPacer(LoadPacing(work: .milliseconds(1), pause: .microseconds(1)))
    let clock = ContinuousClock()
    // The pacer's work began before `start`: once 2 ms have passed its budget is spent,
    // however the thread was scheduled meanwhile.
    func spin() {
      let start = clock.now
      while clock.now - start < .milliseconds(2) {}
    }
    spin()
    pacer.checkpoint()
    #expect(pacer.pauses == 1)
    // Steps read the clock every `stride` of them.
    spin()
    for _ in 0..<LoadPacer.stride { pacer.step() }
    #expect(pacer.pauses == 2)
    let patient = LoadPacer(LoadPacing(work: .seconds(3_600), pause: .seconds(1)))
    for _ in 0..<10_000 { patient.step() }
    patient.checkpoint()
    #expect(patient.pauses == 0)
  }

  private static func sameStorage(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { a.baseAddress == $0.baseAddress } }
  }
}
