import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderStore

@Suite struct SQLOnlyQueryTests {
  let reader: IndexReader

  init() throws {
    let url = try Fixtures.temporaryDirectory().appendingPathComponent("index.sqlite")
    let writer = try IndexWriter(destination: url)
    for (offset, recipe) in SampleRecipes.all.enumerated() {
      try writer.add(recipe, id: RecipeID(offset))
    }
    try writer.finish(
      .init(summary: IndexingSummary(), parents: SampleRecipes.parents, snapshotParts: { [:] }))
    reader = try IndexReader(url: url)
  }

  @Test func exactAllOf() throws {
    #expect(
      try reader.sqlAllOf(["garlic", "lemon"], matching: .exact, limit: 20) == (
        1, [0].map(RecipeID.init)
      ))
    #expect(
      try reader.sqlAllOf(["garlic"], matching: .exact, limit: 1) == (2, [0].map(RecipeID.init)))
    #expect(
      try reader.sqlAllOf(["tomato"], matching: .exact, limit: 20) == (1, [1].map(RecipeID.init)))
    #expect(try reader.sqlAllOf(["garlic", "'; DROP"], matching: .exact, limit: 20) == (0, []))
  }

  @Test func familyAllOfIncludesDescendants() throws {
    #expect(
      try reader.sqlAllOf(["tomato"], matching: .family, limit: 20) == (
        2, [1, 2].map(RecipeID.init)
      ))
    #expect(
      try reader.sqlAllOf(["cheese", "egg"], matching: .family, limit: 20) == (
        1, [4].map(RecipeID.init)
      ))
    #expect(
      try reader.sqlAllOf(["rice", "lemon"], matching: .family, limit: 20) == (
        1, [3].map(RecipeID.init)
      ))
  }

  @Test func pantryRanksByMissingThenUsed() throws {
    let hits = try reader.sqlPantry(["lemon", "garlic", "egg"], limit: 20)
    #expect(hits.map(\.id.index) == [0, 3, 4, 1])
    #expect(hits.map(\.used) == [2, 1, 1, 1])
    #expect(hits.map(\.missing) == [1, 2, 2, 3])
  }
}
