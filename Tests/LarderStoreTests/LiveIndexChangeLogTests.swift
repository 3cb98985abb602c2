import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderStore

/// A live index applying the shared recipe change log (issue 18): each change applies once,
/// in order, its position committed with its writes; the position survives a reopening and a
/// compaction (the new base carries it, so a copy of the index file alone starts from it),
/// and a base rebuilt by `larder index` starts from the beginning of the log.
@Suite struct LiveIndexChangeLogTests {
  @Test func changesApplyOnceAndThePositionTravelsWithTheIndex() throws {
    let (pool, relations) = RandomCorpus.make(seed: 18, recipes: 30, vocabulary: 30)
    let directory = try Fixtures.temporaryDirectory()
    let url = directory.appendingPathComponent("index.sqlite")
    let base = Array(pool.prefix(20))
    _ = try IndexWriter.write(
      count: base.count, recipe: { base[$0] }, relations: relations, to: url)
    var live = try LiveIndex(url: url, relations: relations, automaticCompaction: .never)
    #expect(live.changeLogPosition == 0)

    var replaced = base[3]
    replaced.title = "Replaced by change 3"
    let add = LoggedRecipeChange(seq: 2, change: .upsert([pool[25], replaced]))
    #expect(try live.apply(add) == .upserted([.added, .replaced]))
    #expect(live.changeLogPosition == 2)
    // The same change again, or an older one, changes nothing.
    #expect(try live.apply(add) == nil)
    #expect(
      try live.apply(LoggedRecipeChange(seq: 1, change: .delete([base[0].id]))) == nil)
    #expect(live.view.recipeCount == 21)
    // A delete that finds nothing still moves the position (numbers may be skipped).
    let none = LoggedRecipeChange(seq: 5, change: .delete(["no-such-recipe"]))
    #expect(
      try live.apply(none) == .deleted(LiveDeletion(deleted: [], missing: ["no-such-recipe"])))
    #expect(live.changeLogPosition == 5)
    let gone = LoggedRecipeChange(seq: 6, change: .delete([base[0].id]))
    #expect(
      try live.apply(gone) == .deleted(LiveDeletion(deleted: [base[0].id], missing: [])))

    // Reopened: the position and the writes are there, and replaying the log changes nothing.
    live = try LiveIndex(url: url, relations: relations, automaticCompaction: .never)
    #expect(live.changeLogPosition == 6)
    for change in [add, none, gone] { #expect(try live.apply(change) == nil) }
    #expect(live.view.recipeCount == 20)
    #expect(try live.read { try $0.recipe(publicID: base[3].id)?.title } == "Replaced by change 3")

    // A local write (no log) leaves the position; a compaction writes it into the new base.
    try live.upsert([pool[26]])
    try live.compact()
    #expect(try IndexReader(url: url).metadata("change_log_through") == "6")
    try live.apply(LoggedRecipeChange(seq: 7, change: .upsert([pool[27]])))
    live = try LiveIndex(url: url, relations: relations, automaticCompaction: .never)
    #expect(live.changeLogPosition == 7)

    // The index file alone (shipped to a new replica without its segment) starts at the
    // position its compaction recorded, and reads change 7 again from the log.
    let copy = directory.appendingPathComponent("copy.sqlite")
    try FileManager.default.copyItem(at: url, to: copy)
    var shipped = try LiveIndex(url: copy, relations: relations, automaticCompaction: .never)
    #expect(shipped.changeLogPosition == 6)
    #expect(
      try shipped.apply(LoggedRecipeChange(seq: 7, change: .upsert([pool[27]])))
        == .upserted([.added]))
    shipped = try LiveIndex(url: copy, relations: relations, automaticCompaction: .never)
    #expect(shipped.view.recipeCount == live.view.recipeCount)

    // A base rebuilt by `larder index` holds none of the log: its segment starts from 0.
    _ = try IndexWriter.write(
      count: base.count, recipe: { base[$0] }, relations: relations, to: url)
    live = try LiveIndex(url: url, relations: relations, automaticCompaction: .never)
    #expect(live.changeLogPosition == 0)
    #expect(live.view.recipeCount == 20)
  }

  @Test func aChangeRoundTripsThroughItsJSON() throws {
    let (pool, _) = RandomCorpus.make(seed: 7, recipes: 3, vocabulary: 10)
    for change in [RecipeChange.upsert(pool), .delete(["a", "b c"]), .upsert([]), .delete([])] {
      #expect(try RecipeChange(json: change.json()) == change)
    }
    #expect(throws: DecodingError.self) { try RecipeChange(json: #"{"op": "rename"}"#) }
    #expect(throws: DecodingError.self) { try RecipeChange(json: #"{"op": "delete"}"#) }
  }
}
