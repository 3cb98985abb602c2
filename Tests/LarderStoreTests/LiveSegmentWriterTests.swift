import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderStore

/// The write-only face (`larder add`, `larder remove`): the same outcomes as a ``LiveIndex``
/// given the same writes, writes a ``LiveIndex`` opened afterwards holds, no compaction, and
/// the threshold it reports.
@Suite struct LiveSegmentWriterTests {
  /// Two copies of one base: random upserts (new, replacing, re-adding deleted ids) and
  /// deletes through a writer (reopened now and then) and through a live index; after every
  /// write both report the same outcomes and counts, and a live index opened over the
  /// writer's file answers every recipe as the other (seed printed).
  @Test(arguments: [17, 1_017]) func writesAnswerAsALiveIndexDoes(seed: Int) throws {
    print("LiveSegmentWriterTests seed \(seed)")
    var random = SplitMix64(seed: UInt64(seed))
    let (pool, relations) = RandomCorpus.make(seed: UInt64(seed), recipes: 60, vocabulary: 30)
    let directory = try Fixtures.temporaryDirectory()
    let base = Array(pool.prefix(30))
    var urls: [URL] = []
    for name in ["writer", "live"] {
      let url = directory.appendingPathComponent("\(name).sqlite")
      _ = try IndexWriter.write(
        count: base.count, recipe: { base[$0] }, relations: relations, to: url)
      urls.append(url)
    }
    let generation = try IndexReader(url: urls[0]).generation()
    var writer = try LiveSegmentWriter(url: urls[0])
    let live = try LiveIndex(url: urls[1], relations: relations, automaticCompaction: .never)
    for step in 0..<20 {
      let picked = (0..<Int.random(in: 1...4, using: &random)).map { _ in
        pool[Int.random(in: 0..<pool.count, using: &random)]
      }
      if Bool.random(using: &random) {
        let edited = picked.map { recipe in
          var edited = recipe
          edited.title = "\(recipe.title) (step \(step))"
          return edited
        }
        #expect(try writer.upsert(edited) == live.upsert(edited), "step \(step), seed \(seed)")
      } else {
        let ids = picked.map(\.id) + ["no-such-recipe"]
        #expect(try writer.delete(ids: ids) == live.delete(ids: ids), "step \(step), seed \(seed)")
      }
      #expect(writer.recipeCount == live.recipeCount, "step \(step), seed \(seed)")
      #expect(writer.segmentSize == live.segmentSize, "step \(step), seed \(seed)")
      // A later command opens the segment again: it replays what the earlier ones wrote.
      if step % 5 == 4 { writer = try LiveSegmentWriter(url: urls[0]) }
    }
    // The writer never compacts: the base is the one built.
    #expect(try IndexReader(url: urls[0]).generation() == generation)
    let reopened = try LiveIndex(url: urls[0], relations: relations, automaticCompaction: .never)
    #expect(reopened.view.recipeCount == live.view.recipeCount)
    for recipe in pool {
      let written = try reopened.read { try $0.recipe(publicID: recipe.id) }
      let expected = try live.read { try $0.recipe(publicID: recipe.id) }
      #expect(written == expected, "recipe \(recipe.id) (seed \(seed))")
    }
  }

  /// The threshold is reported once the segment has reached it, and only then.
  @Test func reportsTheCompactionThresholdOncePassed() throws {
    let (pool, relations) = RandomCorpus.make(seed: 5, recipes: 20, vocabulary: 20)
    let url = try Fixtures.temporaryDirectory().appendingPathComponent("i.sqlite")
    let base = Array(pool.prefix(10))
    _ = try IndexWriter.write(
      count: base.count, recipe: { base[$0] }, relations: relations, to: url)
    let writer = try LiveSegmentWriter(url: url)
    let rule = AutomaticCompaction(minimumPlaces: 3, baseFraction: 0)
    try writer.upsert(Array(pool[10..<12]))
    #expect(writer.compactionThreshold(passedUnder: rule) == nil)
    #expect(writer.compactionThreshold(passedUnder: .never) == nil)
    try writer.delete(ids: [pool[0].id])
    #expect(writer.compactionThreshold(passedUnder: rule) == 3)
    #expect(writer.compactionThreshold(passedUnder: .standard) == nil)
  }
}
