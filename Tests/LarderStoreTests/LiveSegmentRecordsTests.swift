import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderStore

/// A live index keeps its written recipes in the segment file and only their ids, titles and
/// versions in memory (``LiveSegmentRecords``): a view reads the versions it was made with,
/// whatever was written or compacted since, and a record it cannot read is an error, never a
/// wrong answer nor a trap.
@Suite struct LiveSegmentRecordsTests {
  /// A base of 30 recipes of a seeded corpus, its live index, and the corpus.
  private func makeIndex(seed: UInt64) throws -> (LiveIndex, [Recipe], URL) {
    let (pool, relations) = RandomCorpus.make(seed: seed, recipes: 60, vocabulary: 20)
    let base = Array(pool.prefix(30))
    let url = try Fixtures.temporaryDirectory().appendingPathComponent("index.sqlite")
    _ = try IndexWriter.write(
      count: base.count, recipe: { base[$0] }, relations: relations, to: url)
    let live = try LiveIndex(url: url, relations: relations, automaticCompaction: .never)
    return (live, pool, url)
  }

  @Test func aViewShowsTheTextItWasMadeWithAfterAReplacement() throws {
    let (live, pool, _) = try makeIndex(seed: 31)
    let first = pool[40]
    try live.upsert([first])
    var second = pool[41]
    second.id = first.id
    let before = try live.read { access in
      // The replacement commits while this read holds its view (a nested read would wait
      // for this one's reader: the index has one).
      try live.upsert([second])
      return try access.recipe(publicID: first.id)
    }
    let after = try live.read { try $0.recipe(publicID: first.id) }
    #expect(before == first)
    #expect(after == second)
    // Summaries and line texts of the written recipe come from the same record.
    let summaries = try live.read { access in
      try access.summaries(of: [access.view.recipeID(publicID: first.id)!])
    }
    #expect(summaries.map(\.title) == [second.title])
    #expect(summaries.map(\.category) == [second.category])
  }

  @Test func aViewMadeBeforeACompactionStillReadsItsWrittenRecipes() throws {
    let (live, pool, _) = try makeIndex(seed: 32)
    try live.upsert(Array(pool[40..<50]))
    let texts = try live.read { access in
      try live.compact()
      // This view is over the old base: its written recipes' rows are kept by the
      // compaction's rebase and go at the next one.
      return try (40..<50).map { try access.recipe(publicID: pool[$0].id) }
    }
    #expect(texts == Array(pool[40..<50]))
    // After the compaction the recipes are base recipes, read from the new base file.
    #expect(try live.read { try $0.recipe(publicID: pool[45].id) } == pool[45])
    #expect(live.segmentSize.written == 0)
    // A second compaction purges the rows the first dropped; new writes stay readable.
    var replaced = pool[51]
    replaced.id = pool[45].id
    try live.upsert([replaced])
    try live.compact()
    try live.upsert([pool[52]])
    #expect(try live.read { try $0.recipe(publicID: pool[52].id) } == pool[52])
    #expect(try live.read { try $0.recipe(publicID: pool[45].id) } == replaced)
  }

  @Test func aRecordMissingFromTheFileIsAnErrorNotAnAnswer() throws {
    let (live, pool, url) = try makeIndex(seed: 33)
    try live.upsert(Array(pool[40..<45]))
    // The rows go behind the index's back (a damaged or truncated segment file).
    let segment = try Connection(
      path: LiveSegmentFile.url(forIndex: url).path, mode: .readWriteCreate)
    try segment.execute("DELETE FROM operations")
    #expect(throws: WrittenRecipeMissing.self) {
      try live.read { try $0.recipe(publicID: pool[42].id) }
    }
    // A merged query needs the written recipes for its merge structures: the read throws
    // instead of answering without them.
    let name = pool[42].ingredients[0].name
    #expect(throws: WrittenRecipeMissing.self) {
      try live.read { try $0.view.merged.allOf(AllOfQuery([name], matching: .exact)) }
    }
    // Reads that need no written recipe still answer.
    #expect(try live.read { $0.view.recipeCount } == 35)
  }
}
