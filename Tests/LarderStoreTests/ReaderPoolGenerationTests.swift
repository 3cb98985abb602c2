import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderStore

/// A reader pool serves one generation of its file: an index rebuilt in place under it is not
/// read until a new pool opens it (issue 13, item 3).
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

  @Test func keptReadersReadTheOldFileAndExtraOnesAreRefused() throws {
    let url = try Fixtures.temporaryDirectory().appendingPathComponent("index.sqlite")
    let old = Array(SampleRecipes.all.prefix(3))
    try build(old, at: url)
    let pool = try ReaderPool(url: url, size: 2)
    // Before a rebuild an extra reader (all kept ones busy) is of the same generation.
    let extra: Recipe? = try pool.withReader { _ in
      try pool.withReader { _ in try pool.withReader { try $0.recipe(publicID: old[0].id) } }
    }
    #expect(extra == old[0])
    let new = [Recipe(id: "other", title: "Other")]
    try build(new, at: url)
    #expect(try IndexReader(url: url).generation() != pool.generation)
    // The kept readers go on reading the file they were opened on.
    for _ in 0..<5 {
      let seen: (Recipe?, Recipe?, String) = try pool.withReader { outer in
        try pool.withReader { inner in
          (
            try outer.recipe(publicID: old[0].id), try inner.recipe(publicID: "other"),
            try inner.generation()
          )
        }
      }
      #expect(seen.0 == old[0])
      #expect(seen.1 == nil)
      #expect(seen.2 == pool.generation)
    }
    // With both kept readers busy, a third would open the new file: refused, not mixed.
    let third: Result<Void, any Error> = try pool.withReader { _ in
      try pool.withReader { _ in Result { try pool.withReader { _ in } } }
    }
    #expect(throws: IndexOpenError.generationChanged(path: url.path)) { try third.get() }
    // A new pool (a reload) serves the new generation.
    let fresh = try ReaderPool(url: url, size: 2)
    #expect(try fresh.withReader { try $0.recipe(publicID: "other") }?.title == "Other")
  }
}
