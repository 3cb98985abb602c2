import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderStore

@Suite struct TextSearchTests {
  let reader: IndexReader

  init() throws {
    let url = try Fixtures.temporaryDirectory().appendingPathComponent("index.sqlite")
    let writer = try IndexWriter(destination: url)
    for (offset, recipe) in SampleRecipes.all.enumerated() {
      try writer.add(recipe, id: RecipeID(offset))
    }
    try writer.finish(.init(summary: IndexingSummary(), parents: [:], snapshotParts: { [:] }))
    reader = try IndexReader(url: url)
  }

  @Test func titleMatchesRankFirst() throws {
    let result = try reader.search(TextSearchRequest(text: "lemon"))
    #expect(result.count == 2)
    #expect(Set(result.hits.map(\.id)) == ["r1", "r4"])
    #expect(result.hits.allSatisfy { hit in hit.snippet.contains { $0.match } })
  }

  @Test func lastWordIsAPrefix() throws {
    #expect(try reader.search(TextSearchRequest(text: "toma")).count == 2)
    #expect(try reader.search(TextSearchRequest(text: "toma ")).count == 0)
  }

  @Test func filtersApply() throws {
    #expect(
      try reader.search(TextSearchRequest(text: "lemon", area: "Indian")).hits.map(\.id) == ["r4"])
    #expect(
      try reader.search(TextSearchRequest(text: "lemon", maxMinutes: 30)).hits.map(\.id) == ["r4"])
    #expect(try reader.search(TextSearchRequest(text: "lemon", category: "Pasta")).count == 0)
  }

  @Test func emptyTextIsRefused() {
    for text in ["", "   ", "\"*()", "--"] {
      #expect(throws: TextSearchError.emptyQuery) {
        try reader.search(TextSearchRequest(text: text))
      }
    }
  }

  @Test(arguments: [
    "lemon\"", "\"lemon", "lemon*", "lemon OR tomato", "NEAR(lemon tomato)", "title:lemon",
    "(lemon",
    "lemon)", "lemon AND", "NOT lemon", "^lemon", "lemon + -", "'; DROP TABLE recipes; --",
  ])
  func operatorsInUserTextAreJustWords(text: String) throws {
    // Never an SQL error, and the same answer as the bare words typed without the operators.
    let query = FTSQuery(text)
    let plain = query.words.joined(separator: " ") + (query.lastWordIsPrefix ? "" : " ")
    let result = try reader.search(TextSearchRequest(text: text))
    #expect(result == (try reader.search(TextSearchRequest(text: plain))))
    #expect(result.count <= 2)  // "lemon OR tomato" must not become a union of 4 recipes
    #expect(try reader.info().recipes == 5)
  }

  @Test func expressionQuotesEveryWord() {
    #expect(FTSQuery("corn bread").expression == "\"corn\" \"bread\"*")
    #expect(FTSQuery("crème \"brûlée\" ").expression == "\"crème\" \"brûlée\"")
    #expect(FTSQuery("").isEmpty)
  }
}
