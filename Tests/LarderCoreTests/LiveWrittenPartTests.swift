import LarderTestSupport
import Testing

@testable import LarderCore

/// A view's merge structures derived from the view before it (the written recipes it kept
/// copied from that view's written recipes' snapshot, only the others read back), or made
/// ahead from records (an opening index's), are the structures a view builds from every
/// written recipe read whole: the written recipes' snapshot byte for byte, their places,
/// versions and titles, and the deletion marks and masked counts. Checked after each of a
/// seeded random sequence of upserts, replacements and deletions, with views whose
/// predecessor built its structures and views whose predecessor did not (a chain of
/// inherited parts), and with only the derived views' reads counted.
@Suite struct LiveWrittenPartTests {
  /// Counts the recipes read through it.
  private final class CountingSource: WrittenRecipeSource, @unchecked Sendable {
    // Safety: the tests read from one thread.
    var table: WrittenRecipeTable
    var read = 0
    init(_ table: WrittenRecipeTable) { self.table = table }
    func recipes(_ versions: [Int64]) throws -> [Recipe] {
      read += versions.count
      return try table.recipes(versions)
    }
  }

  private func expectSame(_ got: LiveSegment, _ expected: LiveSegment, _ context: String) {
    #expect(got.live.serialized() == expected.live.serialized(), "\(context)")
    #expect(got.livePlaces == expected.livePlaces, "\(context)")
    #expect(got.written.versions == expected.written.versions, "\(context)")
    #expect(got.liveTitles == expected.liveTitles, "\(context)")
    #expect(got.liveFoldedTitles == expected.liveFoldedTitles, "\(context)")
    #expect(got.masked == expected.masked, "\(context)")
    #expect(got.maskedCounts == expected.maskedCounts, "\(context)")
    #expect(got.maskedCategoryCounts == expected.maskedCategoryCounts, "\(context)")
    #expect(got.maskedAreaCounts == expected.maskedAreaCounts, "\(context)")
  }

  @Test(arguments: RandomCorpus.seeds)
  func derivedAndPreparedStructuresEqualRebuiltOnes(seed: UInt64) throws {
    print("seed \(seed)")
    let (pool, relations) = RandomCorpus.make(seed: seed, recipes: 260, vocabulary: 45)
    let prepared = PreparedRelations(relations)
    let baseRecipes = Array(pool.prefix(110))
    let base = LiveBase.built(baseRecipes, relations)
    var order = LiveRecipeOrder(basePublicIDs: baseRecipes.map(\.id))
    let source = CountingSource(WrittenRecipeTable())
    var rng = SplitMix64(seed: seed &+ 23)
    var spare = Array(pool.dropFirst(110))
    var ids = baseRecipes.map(\.id)
    var previous: LiveView?
    // Recipes written since the last view that built its structures: at most what a derived
    // build reads back.
    var sinceBuilt = 0
    for step in 0..<80 {
      var changed = 1
      switch rng.next() % 5 {
      case 0 where !spare.isEmpty, 1 where !spare.isEmpty:  // new recipes, one or a few
        changed = 1 + Int(rng.next() % 3)
        for _ in 0..<min(changed, spare.count) {
          let recipe = spare.removeFirst()
          order.upsert(source.table.store(recipe))
          ids.append(recipe.id)
        }
      case 2, 3:  // a replacement (of a base or a written recipe)
        guard !ids.isEmpty else { continue }
        var next = pool[Int(rng.next() % UInt64(pool.count))]
        next.id = ids[Int(rng.next() % UInt64(ids.count))]
        order.upsert(source.table.store(next))
      default:  // a deletion
        guard !ids.isEmpty else { continue }
        order.delete(ids.remove(at: Int(rng.next() % UInt64(ids.count))))
      }
      let context = "seed \(seed) step \(step)"
      let rebuilt = LiveView(
        base: base, order: order, preparedRelations: prepared, recipes: source.table,
        following: nil)
      let derived = LiveView(
        base: base, order: order, preparedRelations: prepared, recipes: source, following: previous)
      sinceBuilt += changed
      source.read = 0
      // Some views are never queried: the next one inherits their predecessor's part.
      if rng.next() % 3 != 0 {
        expectSame(derived.segment, rebuilt.segment, context)
        if previous != nil {
          #expect(source.read <= sinceBuilt, "\(context): read \(source.read)")
        }
        sinceBuilt = 0
      }
      let ahead = LiveView(
        base: base, order: order, preparedRelations: prepared, recipes: source.table,
        written: try LiveWrittenRecipes(order: order, relations: prepared, recipes: source.table))
      expectSame(ahead.segment, rebuilt.segment, context)
      previous = derived
    }
  }

  /// A view over another base (a compaction's) does not take the previous view's part: its
  /// written recipes' places are of the other base.
  @Test func aViewOverAnotherBaseBuildsItsOwn() throws {
    let (pool, relations) = RandomCorpus.make(seed: 5, recipes: 40, vocabulary: 20)
    let prepared = PreparedRelations(relations)
    let first = LiveBase.built(Array(pool.prefix(20)), relations)
    let second = LiveBase.built(Array(pool.prefix(25)), relations)
    var table = WrittenRecipeTable()
    var order = LiveRecipeOrder(basePublicIDs: first.publicIDs)
    order.upsert(table.store(pool[30]))
    let old = LiveView(
      base: first, order: order, preparedRelations: prepared, recipes: table, following: nil)
    _ = old.segment
    var next = LiveRecipeOrder(basePublicIDs: second.publicIDs)
    next.upsert(table.store(pool[31]))
    let view = LiveView(
      base: second, order: next, preparedRelations: prepared, recipes: table, following: old)
    let rebuilt = LiveView(
      base: second, order: next, preparedRelations: prepared, recipes: table, following: nil)
    expectSame(view.segment, rebuilt.segment, "other base")
    #expect(view.segment.livePlaces == [25])
  }
}
