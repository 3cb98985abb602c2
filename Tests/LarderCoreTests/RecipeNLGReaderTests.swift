import Foundation
import LarderTestSupport
import Testing

@testable import LarderCore

@Suite struct RecipeNLGReaderTests {
  @Test func readsRowsWithQuotedMultiLineCells() throws {
    let path = try Fixtures.file(named: "nlg.csv", contents: CorpusSamples.recipeNLG)
    let file = try CorpusFile(path: path)
    #expect(file.format == .recipeNLG)
    let results = try Fixtures.records(in: path)
    #expect(results.count == 5)
    let fudge = try results[0].get()
    #expect(fudge.recipe.id == "www.example.org/fudge")
    #expect(fudge.recipe.title == "Cocoa Fudge")
    #expect(fudge.recipe.source == "www.example.org/fudge")
    #expect(fudge.ingredients.map(\.line) == ["1 c. sugar", "2 Tbsp. cocoa", "1/2 c. milk"])
    #expect(fudge.recipe.steps == ["Boil sugar, cocoa and milk.", "Beat until thick."])
    #expect(fudge.location.line == 2)
    let dip = try results[1].get()
    #expect(dip.recipe.title == "Bean Dip, Hot")
    #expect(dip.ingredients.map(\.line) == ["1 can beans", "1 c. cheese"])
    #expect(dip.location.line == 3)
    let again = try results[2].get()
    #expect(again.recipe.id == "csv-3")  // the link was already used by row 1
    #expect(again.location.line == 5)
    guard case .failure(let broken) = results[3] else {
      Issue.record("row 4 has a malformed ingredients cell")
      return
    }
    #expect(broken.location.line == 6)
    #expect(broken.field == "ingredients")
    #expect(broken.description.hasPrefix("\(path):6: ingredients: expected a JSON list of strings"))
    let noLink = try results[4].get()
    #expect(noLink.recipe.id == "csv-5")
    #expect(noLink.recipe.source == "Recipes1M")
  }

  @Test func headerWithoutIndexColumnAndOtherOrder() throws {
    let text = "NER,ingredients,title\n\"[]\",\"[\"\"salt\"\"]\",Salted Water\n"
    let path = try Fixtures.file(named: "order.csv", contents: text)
    let recipe = try #require(try Fixtures.recipes(in: path).first)
    #expect(recipe.recipe.title == "Salted Water")
    #expect(recipe.recipe.id == "csv-1")
    #expect(recipe.ingredients.map(\.line) == ["salt"])
  }

  @Test func rowErrorsNameTheColumn() throws {
    let text = """
      title,ingredients,directions
      ,"[""salt""]","[]"
      Short Row,"[]"
      Wrong Type,"[1, 2]","[]"
      Bad Directions,"[]","steps"
      Fine,"[]",

      """
    let path = try Fixtures.file(named: "errors.csv", contents: text)
    let results = try Fixtures.records(in: path)
    #expect(results.count == 5)
    let errors = results.compactMap { result -> CorpusError? in
      if case .failure(let error) = result { return error }
      return nil
    }
    #expect(errors.map(\.location.line) == [2, 3, 4, 5])
    #expect(errors.map(\.field) == ["title", nil, "ingredients[0]", "directions"])
    #expect(errors[1].message == "row has 2 fields, the header has 3")
    #expect((try? results[4].get())?.recipe.title == "Fine")
  }

  @Test func invalidUTF8InACellNamesTheColumn() throws {
    var bytes =
      Array("title,ingredients\nGood,\"[]\"\nBad".utf8) + [0xC3, 0x28] + Array(",\"[]\"\n".utf8)
    bytes += Array("Also Good,\"[]\"\n".utf8)
    let path = try Fixtures.file(named: "utf.csv", bytes: bytes)
    let results = try Fixtures.records(in: path)
    #expect(results.count == 3)
    guard case .failure(let error) = results[1] else {
      Issue.record("row 2 has invalid UTF-8")
      return
    }
    #expect(error.location.line == 3)
    #expect(error.field == "title")
    #expect(error.message == "not valid UTF-8")
  }

  @Test func anUnclosedQuoteIsReportedAtItsRow() throws {
    let text = "title,ingredients\nOpen,\"[\n\"\"more\n"
    let path = try Fixtures.file(named: "open.csv", contents: text)
    let errors = try Fixtures.recordErrors(in: path)
    #expect(errors.count == 1)
    #expect(errors.first?.location.line == 2)
    #expect(errors.first?.message.contains("not closed") == true)
  }

  @Test func aRowOverTheSizeLimitIsReportedAndSkipped() throws {
    let huge = String(repeating: "x", count: CorpusFile.maximumRecordBytes + 10)
    let text = "title,ingredients\nFirst,\"[]\"\n\(huge),\"[]\"\nLast,\"[]\"\n"
    let path = try Fixtures.file(named: "huge.csv", contents: text)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let results = try Fixtures.records(in: path)
    #expect(results.count == 3)
    guard case .failure(let error) = results[1] else {
      Issue.record("the long row should fail")
      return
    }
    #expect(error.location.line == 3)
    #expect(error.message.contains("longer than the limit"))
    #expect((try? results[2].get())?.recipe.title == "Last")
  }
}
