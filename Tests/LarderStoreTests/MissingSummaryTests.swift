import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderStore

/// A page's summaries come one per asked id, or not at all: an id the file has no row for is an
/// ``IndexContentError``, never a shorter page (issue 16: a missing summary is an error tests
/// can see).
@Suite struct MissingSummaryTests {
  @Test func aPageKeepsItsOrderAndRepeats() throws {
    let (recipes, relations) = RandomCorpus.make(seed: 9, recipes: 50)
    let reader = try IndexReader(url: TitleSuggestionTests.index(recipes, relations))
    let ids = [7, 3, 49, 0, 3].map(RecipeID.init)
    #expect(try reader.summaries(of: ids).map(\.recipe) == ids)
    #expect(try reader.summary(of: RecipeID(49)).publicID == recipes[49].id)
    #expect(try reader.summaries(of: []).isEmpty)
  }

  @Test func anIdBeyondTheFileIsAnError() throws {
    let (recipes, relations) = RandomCorpus.make(seed: 9, recipes: 50)
    let url = try TitleSuggestionTests.index(recipes, relations)
    let reader = try IndexReader(url: url)
    #expect(
      throws: IndexContentError.missingRecipes(
        path: url.path, recipes: [500, 501].map(RecipeID.init))
    ) {
      try reader.summaries(of: [500, 3, 501].map(RecipeID.init))
    }
    #expect(throws: IndexContentError.missingRecipes(path: url.path, recipes: [RecipeID(500)])) {
      try reader.summary(of: RecipeID(500))
    }
  }

  /// A real index file whose `recipes` rows were deleted after the build (its snapshot still
  /// names them): the page that would show them fails with the ids, and the rest still reads.
  @Test func rowsDeletedFromARealFileAreNamed() throws {
    let (recipes, relations) = RandomCorpus.make(seed: 11, recipes: 40)
    let url = try TitleSuggestionTests.index(recipes, relations)
    let damage = try Connection(path: url.path, mode: .readWriteCreate)
    try damage.execute("DELETE FROM recipes WHERE rid IN (5, 17)")
    let reader = try IndexReader(url: url)
    let error = #expect(throws: IndexContentError.self) {
      try reader.summaries(of: (0..<40).map { RecipeID($0) })
    }
    #expect(error == .missingRecipes(path: url.path, recipes: [5, 17].map(RecipeID.init)))
    #expect(error?.description.contains("rebuild it with `larder index`") == true)
    #expect(
      try reader.summaries(of: [4, 6, 16, 18].map(RecipeID.init)).map(\.publicID)
        == [4, 6, 16, 18].map {
          recipes[$0].id
        })
  }
}
