import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderStore

/// The live segment's storage: its binary recipe records (every field back bit for bit, a
/// damaged record refused, the JSON records of older segments still read), and which base a
/// segment takes for its own stopped compaction (its own id, not only its base generation).
@Suite struct LiveSegmentFileTests {
  /// A recipe with every field set, unusual values included.
  static let full = Recipe(
    id: "r-ü 1", title: "Crème brûlée — “best”", category: "Dessert", area: "French",
    tags: ["", "Sweet", "🍮"], summary: "Rich.\nTwo lines.", servings: -3, prepMinutes: 0,
    cookMinutes: Int(Int32.max) * 4,
    ingredients: [
      IngredientLine(
        text: "1 1/2 cups cream", quantity: Quantity(1.5), unit: "cup", name: "heavy cream",
        preparation: "cold", comment: "or milk", isOptional: false),
      IngredientLine(
        text: "2-3 eggs", quantity: Quantity(2, to: 3), name: "egg", isOptional: true),
      IngredientLine(text: "sugar", quantity: Quantity(-0.0, to: .infinity), name: "sugar"),
      IngredientLine(text: "", unit: "", name: "x", preparation: "", comment: ""),
    ],
    steps: ["Heat.", "", "Bake at 150 °C."],
    nutrition: Nutrition(calories: 420.25, fatGrams: 0, sodiumMilligrams: 1e-300),
    diets: ["vegetarian"], source: "https://example.org/r?a=1&b=2", image: "")

  @Test func recordsRoundTripEveryField() throws {
    let (pool, _) = RandomCorpus.make(seed: 41, recipes: 30, vocabulary: 20)
    let empty = Recipe(id: "e", title: "")
    let noNutrition = Recipe(id: "n", title: "t", nutrition: Nutrition())
    for recipe in pool + [Self.full, empty, noNutrition] {
      let record = SegmentRecipeCoding.encode(recipe)
      #expect(record.first == SegmentRecipeCoding.binaryTag)
      #expect(try SegmentRecipeCoding.decode(record) == recipe)
    }
    // Doubles come back bit for bit (the sign of zero included).
    let back = try SegmentRecipeCoding.decode(SegmentRecipeCoding.encode(Self.full))
    #expect(back.ingredients[2].quantity?.low.sign == .minus)
  }

  /// What a snapshot build reads of a record (``SegmentRecipeCoding/indexedFields(_:)``) is
  /// the recipe's id, title, category, area, times and line names, the rest stepped over; a
  /// record cut inside them is refused.
  @Test func indexedFieldsAreTheFieldsABuildReads() throws {
    let (pool, _) = RandomCorpus.make(seed: 43, recipes: 30, vocabulary: 20)
    for recipe in pool + [Self.full, Recipe(id: "e", title: "")] {
      let record = SegmentRecipeCoding.encode(recipe)
      let fields = try SegmentRecipeCoding.indexedFields(record)
      var expected = Recipe(
        id: recipe.id, title: recipe.title, category: recipe.category, area: recipe.area,
        prepMinutes: recipe.prepMinutes, cookMinutes: recipe.cookMinutes)
      expected.ingredients = recipe.ingredients.map { IngredientLine(text: "", name: $0.name) }
      #expect(fields == expected)
    }
    // Cut inside the fields it reads (the id and title come first).
    let record = SegmentRecipeCoding.encode(Self.full)
    for length in 1..<6 {
      #expect(throws: SegmentRecordDamaged.self) {
        try SegmentRecipeCoding.indexedFields(Array(record.prefix(length)))
      }
    }
  }

  @Test func aDamagedRecordIsRefusedNeverTrapped() throws {
    let record = SegmentRecipeCoding.encode(Self.full)
    // Every shorter record, and the record with a byte more, is refused.
    for length in 0..<record.count {
      let cut = Array(record.prefix(length))
      #expect(throws: (any Error).self) { try SegmentRecipeCoding.decode(cut) }
    }
    #expect(throws: SegmentRecordDamaged.self) { try SegmentRecipeCoding.decode(record + [0]) }
    // A length past the end, and a runaway varint.
    #expect(throws: SegmentRecordDamaged.self) {
      try SegmentRecipeCoding.decode([SegmentRecipeCoding.binaryTag, 0xFF, 0xFF, 0x7F])
    }
    #expect(throws: SegmentRecordDamaged.self) {
      try SegmentRecipeCoding.decode(
        [SegmentRecipeCoding.binaryTag] + Array(repeating: 0x80, count: 12))
    }
    // Whatever a flipped byte gives, decoding answers or throws.
    var rng = SplitMix64(seed: 5)
    print("seed 5")
    for _ in 0..<2_000 {
      var damaged = record
      damaged[1 + Int(rng.next() % UInt64(damaged.count - 1))] = UInt8(
        truncatingIfNeeded: rng.next())
      _ = try? SegmentRecipeCoding.decode(damaged)
    }
  }

  @Test func jsonRecordsOfOlderSegmentsAreStillRead() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    // JSON has no infinity: the full recipe with a finite range.
    var recipe = Self.full
    recipe.ingredients[2].quantity = Quantity(2, to: 4)
    let json = Array(try encoder.encode(recipe))
    #expect(json.first == UInt8(ascii: "{"))
    #expect(try SegmentRecipeCoding.decode(json) == recipe)
  }

  /// A segment written with JSON records (version 1) opens with its writes, and new writes
  /// beside them are binary.
  @Test func aVersionOneSegmentOpensWithItsWrites() throws {
    let (pool, relations) = RandomCorpus.make(seed: 42, recipes: 24, vocabulary: 20)
    let directory = try Fixtures.temporaryDirectory()
    let url = directory.appendingPathComponent("index.sqlite")
    let base = Array(pool.prefix(20))
    let generation = try IndexWriter.write(
      count: base.count, recipe: { base[$0] }, relations: relations, to: url)
    do {
      // The segment as version 1 wrote it.
      let segment = try Connection(
        path: LiveSegmentFile.url(forIndex: url).path, mode: .readWriteCreate)
      try segment.execute(
        """
        PRAGMA journal_mode = WAL;
        CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
        CREATE TABLE operations(
            seq INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL CHECK (kind IN ('upsert', 'delete')),
            id TEXT NOT NULL, recipe BLOB);
        PRAGMA user_version = 1;
        """)
      try segment.statement("INSERT INTO meta(key, value) VALUES ('base_generation', ?1)").run([
        .text(generation)
      ])
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      try segment.statement("INSERT INTO operations(kind, id, recipe) VALUES ('upsert', ?1, ?2)")
        .run([.text(pool[20].id), .blob(Array(try encoder.encode(pool[20])))])
      try segment.statement("INSERT INTO operations(kind, id, recipe) VALUES ('delete', ?1, NULL)")
        .run([.text(base[0].id)])
    }
    var live = try LiveIndex(url: url, relations: relations, automaticCompaction: .never)
    #expect(live.view.recipeCount == 20)
    #expect(try live.read { try $0.recipe(publicID: pool[20].id) } == pool[20])
    try live.upsert([pool[21]])
    live = try LiveIndex(url: url, relations: relations, automaticCompaction: .never)
    #expect(try live.read { try $0.recipe(publicID: pool[21].id) } == pool[21])
    #expect(live.view.recipeCount == 21)
  }

  /// A compacted file copied from another replica (built on the same original base) is not
  /// taken for this segment's own stopped compaction: this segment is of another base then,
  /// and emptied, rather than mixed with the file (its writes after the other replica's
  /// `compacted_through` kept).
  @Test func aCompactedFileOfAnotherSegmentIsNotThisSegmentsCompaction() throws {
    let (pool, relations) = RandomCorpus.make(seed: 43, recipes: 40, vocabulary: 20)
    let directory = try Fixtures.temporaryDirectory()
    let a = directory.appendingPathComponent("a.sqlite")
    let b = directory.appendingPathComponent("b.sqlite")
    let base = Array(pool.prefix(20))
    let original = try IndexWriter.write(
      count: base.count, recipe: { base[$0] }, relations: relations, to: a)
    try FileManager.default.copyItem(at: a, to: b)

    // Replica a writes one recipe and compacts; replica b writes two over the same base.
    var replicaA: LiveIndex? = try LiveIndex(
      url: a, relations: relations, automaticCompaction: .never)
    try replicaA?.upsert([pool[20]])
    try replicaA?.compact()
    replicaA = nil
    var replicaB: LiveIndex? = try LiveIndex(
      url: b, relations: relations, automaticCompaction: .never)
    try replicaB?.upsert([pool[30]])
    try replicaB?.upsert([pool[31]])
    replicaB = nil

    // The decision itself: a's compaction names a's segment, not b's.
    let compacted = try IndexReader(url: a)
    #expect(try compacted.metadata("compacted_from") == original)
    let idA = try LiveSegmentFile(indexURL: a).segmentID()
    let idB = try LiveSegmentFile(indexURL: b).segmentID()
    #expect(!idA.isEmpty && idA != idB)
    #expect(
      try LiveSegmentFile.compactedThrough(by: compacted, segmentBase: original, segmentID: idA)
        == 1)
    #expect(
      try LiveSegmentFile.compactedThrough(by: compacted, segmentBase: original, segmentID: idB)
        == nil)

    // a's file shipped over b's index, b's segment left beside it: b serves a's file alone.
    try FileManager.default.removeItem(at: b)
    try FileManager.default.copyItem(at: a, to: b)
    #expect(try LiveSegmentStatus.pendingWrites(forIndex: b) == 0)
    let shipped = try LiveIndex(url: b, relations: relations, automaticCompaction: .never)
    #expect(shipped.view.recipeCount == 21)
    #expect(try shipped.read { try $0.recipe(publicID: pool[31].id) } == nil)
    #expect(try shipped.read { try $0.recipe(publicID: pool[20].id) } == pool[20])
    #expect(shipped.segmentSize.written == 0 && shipped.segmentSize.deleted == 0)

    // A base compacted before segments had ids is taken by its `compacted_from` alone.
    let old = directory.appendingPathComponent("old.sqlite")
    _ = try IndexWriter.write(
      count: base.count, recipe: { base[$0] }, relations: relations, to: old,
      metadata: ["compacted_from": original, "compacted_through": "5"])
    #expect(
      try LiveSegmentFile.compactedThrough(
        by: IndexReader(url: old), segmentBase: original, segmentID: idB) == 5)
  }
}
