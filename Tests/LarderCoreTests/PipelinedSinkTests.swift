import Foundation
import LarderTestSupport
import Testing

@testable import LarderCore

/// A sink that records what it is given, and fails at one id when asked to.
final class RecordingSink: RecipeSink, @unchecked Sendable {
  // Safety: used by one thread at a time (the pipeline's worker, then the test after drain()).
  var received: [(String, RecipeID)] = []
  let failAt: RecipeID?
  struct Failure: Error, Equatable { var id: RecipeID }

  init(failAt: RecipeID? = nil) { self.failAt = failAt }

  func add(_ recipe: Recipe, id: RecipeID) throws {
    if id == failAt { throw Failure(id: id) }
    received.append((recipe.id, id))
  }
}

@Suite struct PipelinedSinkTests {
  static func recipes(_ count: Int) -> [Recipe] {
    (0..<count).map { Recipe(id: "r\($0)", title: "T\($0)") }
  }

  @Test(arguments: [0, 1, PipelinedSink.batchSize, PipelinedSink.batchSize * 40 + 7])
  func everyRecipeArrivesInOrder(count: Int) throws {
    let inner = RecordingSink()
    let pipeline = PipelinedSink(inner)
    for (i, recipe) in Self.recipes(count).enumerated() {
      try pipeline.add(recipe, id: RecipeID(i))
    }
    try pipeline.drain()
    try pipeline.drain()  // a second drain changes nothing
    #expect(inner.received.map(\.0) == Self.recipes(count).map(\.id))
    #expect(inner.received.map(\.1) == (0..<count).map { RecipeID($0) })
  }

  @Test func anInnerErrorStopsTheRun() {
    let inner = RecordingSink(failAt: RecipeID(300))
    let pipeline = PipelinedSink(inner)
    var thrown: (any Error)?
    do {
      for (i, recipe) in Self.recipes(PipelinedSink.batchSize * 40).enumerated() {
        try pipeline.add(recipe, id: RecipeID(i))
      }
      try pipeline.drain()
    } catch {
      thrown = error
    }
    #expect(thrown as? RecordingSink.Failure == RecordingSink.Failure(id: RecipeID(300)))
    #expect(throws: RecordingSink.Failure(id: RecipeID(300))) { try pipeline.drain() }
    #expect(inner.received.count == 300)  // nothing after the failing recipe
  }
}
