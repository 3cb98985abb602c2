import LarderTestSupport
import Testing

@testable import LarderCore

@Suite struct SnapshotSerializationTests {
  @Test(arguments: RandomCorpus.seeds)
  func roundTripKeepsEveryAnswer(seed: UInt64) throws {
    print("seed \(seed)")
    let (recipes, relations) = RandomCorpus.make(seed: seed, recipes: 2500, vocabulary: 40)
    let original = RandomCorpus.snapshot(recipes, relations)
    let bytes = original.serialized()
    let loaded = try Snapshot(serialized: bytes)
    #expect(loaded.serialized() == bytes)
    #expect(loaded.postings == original.postings)
    #expect(loaded.ingredientSuffixes == original.ingredientSuffixes)
    #expect(loaded.aliasSuffixes == original.aliasSuffixes)
    #expect(loaded.categorySuffixes == original.categorySuffixes)
    let query = AllOfQuery(["cheese", "salt"], order: .title, page: PageRequest(limit: 50))
    #expect(try loaded.allOf(query) == original.allOf(query))
    #expect(loaded.suggest("chedar", limit: 5) == original.suggest("chedar", limit: 5))
    #expect(loaded.recipes(inCategory: "Dessert") == original.recipes(inCategory: "Dessert"))
    let pantry = PantryQuery(have: ["onion", "garlic", "butter"], staples: .assumed(["salt"]))
    #expect(
      try PantryMatcher(snapshot: loaded).match(pantry)
        == PantryMatcher(snapshot: original).match(pantry))
  }

  @Test func emptySnapshotRoundTrips() throws {
    let empty = SnapshotBuilder().build()
    let loaded = try Snapshot(serialized: empty.serialized())
    #expect(loaded.recipeCount == 0)
    #expect(loaded.suggest("a", limit: 5).isEmpty)
  }

  @Test func damagedBytesAreRejected() {
    let (recipes, relations) = RandomCorpus.make(seed: 11, recipes: 100)
    let bytes = RandomCorpus.snapshot(recipes, relations).serialized()
    var flipped = bytes
    flipped[bytes.count / 2] ^= 0x40
    #expect(throws: SnapshotError.self) { try Snapshot(serialized: flipped) }
    #expect(throws: SnapshotError.self) {
      try Snapshot(serialized: Array(bytes.prefix(bytes.count - 9)))
    }
    #expect(throws: SnapshotError.self) {
      try Snapshot(serialized: Array("not a snapshot at all, really".utf8))
    }
    var version = bytes
    version[8] = 99
    #expect(throws: SnapshotError.self) { try Snapshot(serialized: version) }
  }
}
