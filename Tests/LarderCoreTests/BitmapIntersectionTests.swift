import LarderTestSupport
import Testing

@testable import LarderCore

/// All-of queries over dense lists AND bitmap words (`Intersection.intersectBitmaps`) instead of
/// probing the smallest list: the same ids as probing, as a set intersection and as the oracle.
@Suite struct BitmapIntersectionTests {
  @Test(arguments: RandomCorpus.seeds)
  func andingWordsFindsWhatProbingFinds(seed: UInt64) {
    print("seed \(seed)")
    var rng = SplitMix64(seed: seed)
    let recipeCount = 5_000 + Int(rng.next() % 300)
    let words = (recipeCount + 63) >> 6
    for round in 0..<40 {
      let k = 2 + round % 3
      let sets: [[UInt32]] = (0..<k).map { _ in
        let density = 1 + rng.next() % 90
        return (0..<UInt32(recipeCount)).filter { _ in rng.next() % 100 < density }
      }
      let bitmaps: [[UInt64]] = sets.map { set in
        var bits = [UInt64](repeating: 0, count: words)
        for id in set { bits[Int(id >> 6)] |= 1 << UInt64(id & 63) }
        return bits
      }
      let expected = sets.dropFirst().reduce(Set(sets[0])) { $0.intersection($1) }.sorted()
      let out = UnsafeMutablePointer<UInt32>.allocate(capacity: recipeCount)
      let spare = UnsafeMutablePointer<UInt32>.allocate(capacity: recipeCount)
      defer {
        out.deallocate()
        spare.deallocate()
      }
      let (anded, probed) = withPinned(sets, bitmaps) { operands in
        (
          Array(Intersection.intersectBitmaps(operands, words: words, into: out)),
          Array(Intersection.intersect(operands, a: spare, b: out))
        )
      }
      #expect(anded == expected, "seed \(seed) round \(round)")
      #expect(probed == expected, "seed \(seed) round \(round)")
    }
  }

  @Test(arguments: RandomCorpus.seeds)
  func denseQueriesMatchTheOracle(seed: UInt64) throws {
    print("seed \(seed)")
    // A small vocabulary over many recipes: the common names and the cheese family are dense.
    let (recipes, relations) = RandomCorpus.make(seed: seed, recipes: 6000, vocabulary: 12)
    let snapshot = RandomCorpus.snapshot(recipes, relations)
    let oracle = Oracle(recipes, relations)
    let names = ["salt", "onion", "garlic", "butter", "cheese", "olive oil"]
    var dense = 0
    for (i, first) in names.enumerated() {
      for second in names[(i + 1)...] {
        for filter in [RecipeFilter.none, RecipeFilter(category: "Dessert", maxMinutes: 60)] {
          let query = [first, second]
          let ids = query.map { snapshot.resolveIngredient($0)! }
          if ids.allSatisfy({ !snapshot.hasChildren($0) && snapshot.postings.hasBitmap($0) }) {
            dense += 1
          }
          let expected = oracle.allOf(query, filter: filter)
          let result = try snapshot.allOf(
            AllOfQuery(query, filter: filter, page: PageRequest(limit: 50)))
          #expect(result.total == expected.count, "\(query) \(filter)")
          #expect(result.hits.map { $0.recipe.index } == Array(expected.prefix(50)))
        }
      }
    }
    #expect(dense > 0)
  }

  /// Runs `body` with operands over `sets` and `bitmaps`, sorted smallest list first.
  private func withPinned<Result>(
    _ sets: [[UInt32]], _ bitmaps: [[UInt64]],
    _ body: (UnsafeBufferPointer<IntersectionOperand>) -> Result
  ) -> Result {
    let order = sets.indices.sorted { sets[$0].count < sets[$1].count }
    let lists = order.map { sets[$0] }
    let bits = order.map { bitmaps[$0] }
    let listPointers = lists.map { list in
      let p = UnsafeMutablePointer<UInt32>.allocate(capacity: max(list.count, 1))
      p.initialize(from: list, count: list.count)
      return (p, list.count)
    }
    let bitPointers = bits.map { words in
      let p = UnsafeMutablePointer<UInt64>.allocate(capacity: words.count)
      p.initialize(from: words, count: words.count)
      return p
    }
    defer {
      for (p, _) in listPointers { p.deallocate() }
      for p in bitPointers { p.deallocate() }
    }
    let operands = zip(listPointers, bitPointers).map { list, words in
      IntersectionOperand(
        list: UnsafeBufferPointer(start: list.0, count: list.1), bitmap: UnsafePointer(words))
    }
    return operands.withUnsafeBufferPointer(body)
  }
}
