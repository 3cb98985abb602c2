import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderStore

/// Builds real index files in a temporary folder and reads them back.
@Suite struct IndexFileTests {
  func build(_ recipes: [Recipe], at url: URL, parts: [String: [UInt8]] = [:]) throws {
    let writer = try IndexWriter(destination: url)
    for (offset, recipe) in recipes.enumerated() { try writer.add(recipe, id: RecipeID(offset)) }
    var summary = IndexingSummary()
    summary.recipes = recipes.count
    try writer.finish(
      .init(summary: summary, parents: SampleRecipes.parents, snapshotParts: { parts }))
  }

  @Test func roundTripsEveryField() throws {
    let dir = try Fixtures.temporaryDirectory()
    let url = dir.appendingPathComponent("index.sqlite")
    try build(SampleRecipes.all, at: url, parts: ["core": [1, 2, 3]])
    let reader = try IndexReader(url: url)
    for (offset, expected) in SampleRecipes.all.enumerated() {
      #expect(try reader.recipe(RecipeID(offset)) == expected)
      #expect(try reader.recipe(publicID: expected.id) == expected)
    }
    #expect(try reader.recipe(publicID: "missing") == nil)
    #expect(try reader.snapshotParts() == ["core": [1, 2, 3]])
  }

  @Test func infoCountsCategoriesAndAreas() throws {
    let dir = try Fixtures.temporaryDirectory()
    let url = dir.appendingPathComponent("index.sqlite")
    try build(SampleRecipes.all, at: url)
    let info = try IndexReader(url: url).info()
    #expect(info.recipes == 5)
    #expect(info.formatVersion == IndexSchema.formatVersion)
    #expect(info.ingredients == Set(SampleRecipes.all.flatMap { $0.ingredients.map(\.name) }).count)
    #expect(info.categories.first == .init(name: "Side", count: 2))
    #expect(info.areas.first == .init(name: "Italian", count: 2))
  }

  @Test func failedBuildLeavesOldIndexAndNoTemporaryFile() throws {
    let dir = try Fixtures.temporaryDirectory()
    let url = dir.appendingPathComponent("index.sqlite")
    try build(Array(SampleRecipes.all.prefix(2)), at: url)
    let before = try Data(contentsOf: url)
    let writer = try IndexWriter(destination: url)
    try writer.add(SampleRecipes.all[0], id: RecipeID(0))
    // A second recipe with the same public id violates the UNIQUE constraint mid-build.
    #expect(throws: SQLiteError.self) { try writer.add(SampleRecipes.all[0], id: RecipeID(1)) }
    writer.abandon()
    #expect(try Data(contentsOf: url) == before)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter {
      $0.contains("building")
    }
    #expect(leftovers.isEmpty)
    #expect(try IndexReader(url: url).info().recipes == 2)
  }

  @Test func staleTemporaryFileOfADeadBuildIsRemoved() throws {
    let dir = try Fixtures.temporaryDirectory()
    let url = dir.appendingPathComponent("index.sqlite")
    // pid 2^31-1 is never a live process here.
    let stale = dir.appendingPathComponent(".index.sqlite.building-2147483647-deadbeef")
    try Data("partial".utf8).write(to: stale)
    try build(SampleRecipes.all, at: url)
    #expect(!FileManager.default.fileExists(atPath: stale.path))
  }

  @Test func openingSomethingElseIsAClearError() throws {
    let dir = try Fixtures.temporaryDirectory()
    let junk = dir.appendingPathComponent("junk.sqlite")
    try Data("not sqlite at all, just text that is long enough".utf8).write(to: junk)
    #expect(throws: IndexOpenError.notAnIndex(junk.path)) { try IndexReader(url: junk) }
    let missing = dir.appendingPathComponent("none.sqlite")
    #expect(throws: IndexOpenError.missing(missing.path)) { try IndexReader(url: missing) }
  }
}
