import Foundation
import LarderTestSupport
import Testing

@testable import LarderCore

/// Every per-record error reads `file:line: field: what is wrong`, with the JSON path for
/// whole-file documents.
@Suite struct CorpusErrorPathTests {
  @Test func jsonlErrorsNameLineAndNestedField() throws {
    let text = #"{"id":"a","title":"A","ingredients":[{"name":"x"},{"line":"y","optional":"yes"}]}"#
    let path = try Fixtures.file(named: "a.jsonl", contents: text)
    let error = try #require(try Fixtures.recordErrors(in: path).first)
    #expect(
      error.description
        == "\(path):1: ingredients[1].optional: expected true or false, found a string")
    #expect(error.jsonPath == nil)
  }

  @Test func documentErrorsNameTheJSONPath() throws {
    let text =
      "[\n{\"idMeal\": \"1\", \"strMeal\": \"A\", \"ingredients\": [{\"ingredient\": 3}]}\n]"
    let path = try Fixtures.file(named: "m.json", contents: text)
    let error = try #require(try Fixtures.recordErrors(in: path).first)
    #expect(error.location == SourceLocation(file: path, line: 2, jsonPath: "$[0]"))
    #expect(error.field == "ingredients[0].ingredient")
    #expect(error.jsonPath == "$[0].ingredients[0].ingredient")
    #expect(
      error.description
        == "\(path):2: $[0]: ingredients[0].ingredient: expected a string, found a number")
  }

  @Test func jsonPathJoinsIndexFieldsWithoutADot() {
    let location = SourceLocation(file: "f.json", line: 0, jsonPath: "$.meals[2]")
    #expect(CorpusError(.badRecord, at: location, field: "[0]", "x").jsonPath == "$.meals[2][0]")
    #expect(CorpusError(.badRecord, at: location, "x").jsonPath == "$.meals[2]")
  }

  @Test func csvErrorsNameLineAndColumn() throws {
    let text = "title,ingredients\nA,\"[\"\"ok\"\"]\"\nB,\"{}\"\n"
    let path = try Fixtures.file(named: "c.csv", contents: text)
    let error = try #require(try Fixtures.recordErrors(in: path).first)
    #expect(
      error.description
        == "\(path):3: ingredients: expected a JSON list of strings, found an object")
  }

  @Test func syntaxErrorsNameTheColumn() throws {
    let path = try Fixtures.file(
      named: "s.jsonl", contents: #"{"id":"a","title":"A","ingredients":[1 2]}"#)
    let error = try #require(try Fixtures.recordErrors(in: path).first)
    #expect(
      error.description == "\(path):1: invalid JSON at column 40: expected ',' or ']' in a list")
  }
}

@Suite struct CorpusFileErrorTests {
  @Test func aJSONLDDocumentThatDoesNotParseIsABadFile() throws {
    let text =
      "[\n  {\"@type\": \"Recipe\", \"name\": \"A\"},\n  {\"@type\": \"Recipe\" \"name\": \"B\"}\n]"
    let path = try Fixtures.file(named: "broken.json", contents: text)
    let file = try CorpusFile(path: path)
    #expect(file.format == .schemaOrg)
    #expect {
      try file.forEachRecord { _ in .continue }
    } throws: { error in
      guard let error = error as? CorpusError else { return false }
      return error.kind == .badFile && error.location.line == 3
        && error.message.contains("invalid JSON")
    }
  }

  @Test func aCSVWithoutAnIngredientsColumnIsABadFile() throws {
    let path = try Fixtures.file(named: "plain.csv", contents: "title,notes\nSoup,hot\n")
    #expect(throws: CorpusError.self) { try CorpusFile(path: path) }  // not detected as RecipeNLG
    let forced = try CorpusFile(path: path, format: .recipeNLG)
    #expect {
      try forced.forEachRecord { _ in .continue }
    } throws: { error in
      (error as? CorpusError)?.description
        == "\(path):1: ingredients: the CSV header has no ingredients column"
    }
  }

  @Test func errorsThrownByTheCallerPassThrough() throws {
    struct Halt: Error {}
    let path = try Fixtures.file(named: "sample.jsonl", contents: CorpusSamples.larderJSONL)
    #expect(throws: Halt.self) { try CorpusFile(path: path).forEachRecord { _ in throw Halt() } }
  }
}
