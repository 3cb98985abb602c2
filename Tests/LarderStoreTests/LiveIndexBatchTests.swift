import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderStore

/// Changes of the shared log applied in a batch (one durable transaction, a follower catching
/// up): the same outcomes, recipes and position as applying them one at a time, changes the
/// index already holds skipped, and a batch with a recipe that cannot be indexed writes
/// nothing.
@Suite struct LiveIndexBatchTests {
  /// Two copies of one base: one applies random changes one by one, the other in random
  /// batches; after every batch both hold the same recipes and position (seed printed).
  @Test(arguments: [18, 1_118, 2_018]) func aBatchAnswersAsItsChangesOneByOne(seed: Int) throws {
    print("LiveIndexBatchTests seed \(seed)")
    var random = SplitMix64(seed: UInt64(seed))
    let (pool, relations) = RandomCorpus.make(seed: UInt64(seed), recipes: 60, vocabulary: 30)
    let directory = try Fixtures.temporaryDirectory()
    let base = Array(pool.prefix(30))
    var indexes: [LiveIndex] = []
    for name in ["single", "batched"] {
      let url = directory.appendingPathComponent("\(name).sqlite")
      _ = try IndexWriter.write(
        count: base.count, recipe: { base[$0] }, relations: relations, to: url)
      indexes.append(try LiveIndex(url: url, relations: relations, automaticCompaction: .never))
    }
    let (single, batched) = (indexes[0], indexes[1])

    var seq: Int64 = 0
    var log: [LoggedRecipeChange] = []
    for _ in 0..<12 {
      var batch: [LoggedRecipeChange] = []
      for _ in 0..<Int.random(in: 1...8, using: &random) {
        // Numbers may be skipped (a log's sequence is not dense).
        seq += Int64.random(in: 1...2, using: &random)
        let ids = (0..<Int.random(in: 1...3, using: &random)).map { _ in
          pool[Int.random(in: 0..<pool.count, using: &random)]
        }
        let change: RecipeChange =
          Bool.random(using: &random)
          ? .upsert(
            ids.map { recipe in
              var edited = recipe
              edited.title = "\(recipe.title) (change \(seq))"
              return edited
            })
          // Deletes name ids twice and ids not present too.
          : .delete(ids.map(\.id) + [ids[0].id, "no-such-recipe"])
        batch.append(LoggedRecipeChange(seq: seq, change: change))
      }
      // Sometimes the batch starts with changes the index already holds.
      let replayed = Array(log.suffix(Int.random(in: 0...2, using: &random)))
      var expected: [Int64: RecipeChangeOutcome] = [:]
      for change in batch {
        if let outcome = try single.apply(change) {
          expected[change.seq] = outcome
        } else {
          Issue.record("change \(change.seq) was skipped one by one (seed \(seed))")
        }
      }
      #expect(try batched.apply(replayed + batch) == expected)
      log += batch
      #expect(batched.changeLogPosition == seq)
      #expect(batched.view.recipeCount == single.view.recipeCount)
      for recipe in pool {
        let one = try single.read { try $0.recipe(publicID: recipe.id) }
        let other = try batched.read { try $0.recipe(publicID: recipe.id) }
        #expect(one == other, "recipe \(recipe.id) after change \(seq) (seed \(seed))")
      }
    }
    // A batch of changes it holds already changes nothing.
    #expect(try batched.apply(log).isEmpty)

    // Reopened, the batched index has every change and its position.
    let reopened = try LiveIndex(
      url: directory.appendingPathComponent("batched.sqlite"), relations: relations,
      automaticCompaction: .never)
    #expect(reopened.changeLogPosition == seq)
    #expect(reopened.view.recipeCount == single.view.recipeCount)
  }

  @Test func aBatchWithARecipeThatCannotBeIndexedWritesNothing() throws {
    let (pool, relations) = RandomCorpus.make(seed: 5, recipes: 10, vocabulary: 10)
    let url = try Fixtures.temporaryDirectory().appendingPathComponent("index.sqlite")
    _ = try IndexWriter.write(
      count: 5, recipe: { pool[$0] }, relations: relations, to: url)
    let live = try LiveIndex(url: url, relations: relations, automaticCompaction: .never)
    var nameless = pool[7]
    nameless.id = ""
    let batch = [
      LoggedRecipeChange(seq: 1, change: .upsert([pool[6]])),
      LoggedRecipeChange(seq: 2, change: .upsert([nameless])),
    ]
    #expect(throws: LiveIndexError.self) { try live.apply(batch) }
    #expect(live.changeLogPosition == 0)
    #expect(live.view.recipeCount == 5)
    #expect(try live.read { try $0.recipe(publicID: pool[6].id) } == nil)
  }
}
