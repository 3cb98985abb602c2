import Testing

@testable import LarderCore

@Suite struct RecipeTests {
  @Test func totalMinutesAddsKnownParts() {
    #expect(Recipe(id: "1", title: "A").totalMinutes == nil)
    #expect(Recipe(id: "1", title: "A", prepMinutes: 10).totalMinutes == 10)
    #expect(Recipe(id: "1", title: "A", prepMinutes: 10, cookMinutes: 5).totalMinutes == 15)
  }

  @Test func sourceLocationNamesFileLineAndPath() {
    #expect(SourceLocation(file: "a.jsonl", line: 3).description == "a.jsonl:3")
    #expect(
      SourceLocation(file: "m.json", line: 0, jsonPath: "$.meals[2]").description
        == "m.json: $.meals[2]")
    let error = CorpusError(
      .badRecord, at: SourceLocation(file: "a.jsonl", line: 3), field: "title", "missing")
    #expect(error.description == "a.jsonl:3: title: missing")
  }
}
