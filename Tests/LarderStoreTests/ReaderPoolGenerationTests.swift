import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderStore

/// A reader pool serves one generation of its file: an index rebuilt in place under it is not
/// read until a new pool opens it (issue 13, item 3); it never lends more readers than it keeps
/// (issue 16).
@Suite struct ReaderPoolGenerationTests {
  func build(_ recipes: [Recipe], at url: URL) throws {
    let writer = try IndexWriter(destination: url)
    for (offset, recipe) in recipes.enumerated() { try writer.add(recipe, id: RecipeID(offset)) }
    var summary = IndexingSummary()
    summary.recipes = recipes.count
    try writer.finish(.init(summary: summary, parents: [:], snapshotParts: { [:] }))
  }

  @Test func everyBuildHasItsOwnGeneration() throws {
    let url = try Fixtures.temporaryDirectory().appendingPathComponent("index.sqlite")
    try build(SampleRecipes.all, at: url)
    let first = try IndexReader(url: url).generation()
    try build(SampleRecipes.all, at: url)
    let second = try IndexReader(url: url).generation()
    #expect(!first.isEmpty)
    #expect(first != second)
  }

  @Test func readersReadTheGenerationThePoolOpened() async throws {
    let url = try Fixtures.temporaryDirectory().appendingPathComponent("index.sqlite")
    let old = Array(SampleRecipes.all.prefix(3))
    try build(old, at: url)
    let pool = try await ReaderPool.open(url: url, size: 2)
    #expect(try await pool.read { try $0.recipe(publicID: old[0].id) } == old[0])
    let new = [Recipe(id: "other", title: "Other")]
    try build(new, at: url)
    #expect(try IndexReader(url: url).generation() != pool.generation)
    // More reads at once than readers: each is served by a kept reader, which goes on reading
    // the file it was opened on; none opens the new file.
    let seen = try await withThrowingTaskGroup(of: (Recipe?, Recipe?, String).self) { group in
      for _ in 0..<8 {
        group.addTask {
          try await pool.read { reader in
            (
              try reader.recipe(publicID: old[0].id), try reader.recipe(publicID: "other"),
              try reader.generation()
            )
          }
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(seen.count == 8)
    for answer in seen {
      #expect(answer.0 == old[0])
      #expect(answer.1 == nil)
      #expect(answer.2 == pool.generation)
    }
    // A new pool (a reload) serves the new generation.
    let fresh = try await ReaderPool.open(url: url, size: 2)
    #expect(try await fresh.read { try $0.recipe(publicID: "other") }?.title == "Other")
  }

  @Test func noMoreReadsRunAtOnceThanThePoolHasReaders() async throws {
    let url = try Fixtures.temporaryDirectory().appendingPathComponent("index.sqlite")
    try build(Array(SampleRecipes.all.prefix(3)), at: url)
    let pool = try await ReaderPool.open(url: url, size: 2)
    let running = Locked((now: 0, most: 0))
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<12 {
        group.addTask {
          try await pool.read { reader in
            running.withLock {
              $0.now += 1
              $0.most = max($0.most, $0.now)
            }
            defer { running.withLock { $0.now -= 1 } }
            _ = try reader.generation()
            // Holds the reader a while so that the twelve reads overlap.
            Thread.sleep(forTimeInterval: 0.01)
          }
        }
      }
      try await group.waitForAll()
    }
    let most = running.withLock { $0.most }
    #expect(most >= 1)
    #expect(most <= 2)
  }
}
