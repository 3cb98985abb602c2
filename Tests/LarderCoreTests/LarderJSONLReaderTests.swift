import Foundation
import LarderTestSupport
import Testing

@testable import LarderCore

@Suite struct LarderJSONLReaderTests {
  @Test func readsEveryFieldOfAFullRecord() throws {
    let path = try Fixtures.file(named: "sample.jsonl", contents: CorpusSamples.larderJSONL)
    let recipes = try Fixtures.recipes(in: path)
    #expect(recipes.map(\.recipe.id) == ["pea-soup", "42", "plain"])
    let soup = try #require(recipes.first)
    #expect(soup.recipe.title == "Garden Pea Soup")
    #expect(soup.recipe.category == "Starter")
    #expect(soup.recipe.area == "British")
    #expect(soup.recipe.tags == ["Soup", "Quick"])
    #expect(soup.recipe.summary == "A bright green soup.")
    #expect(soup.recipe.servings == 4)
    #expect(soup.recipe.totalMinutes == 25)
    #expect(soup.recipe.steps.count == 2)
    #expect(soup.recipe.nutrition?.calories == 180)
    #expect(soup.recipe.nutrition?.proteinGrams == 9.5)
    #expect(soup.recipe.nutrition?.sodiumMilligrams == 300)
    #expect(soup.recipe.nutrition?.fatGrams == nil)
    #expect(soup.recipe.diets == ["vegan"])
    #expect(soup.recipe.source == "Larder kitchen")
    #expect(soup.recipe.image == "https://example.org/pea.jpg")
    #expect(soup.recipe.ingredients.isEmpty)
    #expect(soup.location == SourceLocation(file: path, line: 1))
    #expect(soup.ingredients[0] == SourceIngredient(line: "500 g frozen peas"))
    #expect(
      soup.ingredients[1]
        == SourceIngredient(
          line: "1 onion, chopped", name: "onion", quantity: Quantity(1), preparation: "chopped"))
    #expect(
      soup.ingredients[2]
        == SourceIngredient(
          name: "mint", quantity: Quantity(2, to: 3), unit: "sprig", isOptional: true))
  }

  @Test func readsNumericIdsPlainStringIngredientsAndEscapes() throws {
    let path = try Fixtures.file(named: "sample.jsonl", contents: CorpusSamples.larderJSONL)
    let toast = try #require(try Fixtures.recipes(in: path).first { $0.recipe.id == "42" })
    #expect(toast.recipe.title == "Toast & Jam 🍓")
    #expect(toast.ingredients.map(\.name) == ["bread", "strawberry jam", "butter"])
    #expect(toast.ingredients.allSatisfy { $0.line == nil })
    #expect(toast.location.line == 2)
  }

  @Test func skipsBlankLinesButCountsThemInLineNumbers() throws {
    let path = try Fixtures.file(named: "sample.jsonl", contents: CorpusSamples.larderJSONL)
    let plain = try #require(try Fixtures.recipes(in: path).last)
    #expect(plain.recipe.id == "plain")
    #expect(plain.location.line == 4)
    #expect(plain.ingredients.isEmpty)
  }

  @Test func largeIntegerIdKeepsItsDigits() throws {
    let path = try Fixtures.file(
      named: "big.jsonl",
      contents: #"{"id": 123456789012345678, "title": "Big", "ingredients": []}"#)
    #expect(try Fixtures.recipes(in: path).first?.recipe.id == "123456789012345678")
  }

  @Test func reportsEachBadRecordAndGoesOn() throws {
    let lines = [
      #"{"title": "No id", "ingredients": []}"#,
      #"{"id": "a", "ingredients": []}"#,
      #"{"id": "b", "title": "T", "ingredients": ["x", "y", "z", {"name": 5}]}"#,
      #"{"id": "c", "title": "T", "ingredients": [{"unit": "g"}]}"#,
      #"{"id": "d", "title": "T", "ingredients": [{"name": "x", "quantity": [1]}]}"#,
      #"{"id": "e", "title": "T", "ingredients": "salt"}"#,
      #"{"id": "f", "title": "T", "ingredients": [], "servings": 2.5}"#,
      #"{"id": "g", "title": "T", "ingredients": [], "tags": ["ok", 3]}"#,
      #"{"id": "h", "title": "T", "ingredients": [], "nutrition": {"calories": "lots"}}"#,
      #"{"id": "i", "title": "T"}"#,
      #"["not", "an", "object"]"#,
      #"{"id": "j", "title": "T", "ingredients": [] "tags": []}"#,
      #"{"id": "ok", "title": "Fine", "ingredients": ["salt"]}"#,
    ]
    let path = try Fixtures.file(named: "bad.jsonl", contents: lines.joined(separator: "\n"))
    let results = try Fixtures.records(in: path)
    #expect(results.count == lines.count)
    let messages = results.map { result -> String in
      switch result {
      case .success(let record): return "ok \(record.recipe.id)"
      case .failure(let error): return error.description
      }
    }
    #expect(messages[0] == "\(path):1: id: missing")
    #expect(messages[1] == "\(path):2: title: missing")
    #expect(messages[2] == "\(path):3: ingredients[3].name: expected a string, found a number")
    #expect(messages[3] == "\(path):4: ingredients[0]: needs a non-empty \"line\" or \"name\"")
    #expect(
      messages[4].hasPrefix(
        "\(path):5: ingredients[0].quantity: expected a number or a [low, high]"))
    #expect(messages[5] == "\(path):6: ingredients: expected a list, found a string")
    #expect(messages[6] == "\(path):7: servings: expected a whole number, found 2.5")
    #expect(messages[7] == "\(path):8: tags[1]: expected a string, found a number")
    #expect(messages[8] == "\(path):9: nutrition.calories: expected a number, found a string")
    #expect(messages[9] == "\(path):10: ingredients: missing")
    #expect(messages[10] == "\(path):11: expected a JSON object, found a list")
    #expect(messages[11].hasPrefix("\(path):12: invalid JSON at column"))
    #expect(messages[12] == "ok ok")
    for case .failure(let error) in results { #expect(error.kind == .badRecord) }
  }

  @Test func invalidUTF8InALaterLineIsThatLinesError() throws {
    var bytes = Array(#"{"id":"a","title":"A","ingredients":[]}"#.utf8) + [0x0A]
    bytes +=
      Array(#"{"id":"b","title":"B"#.utf8) + [0xFF, 0xFE] + Array(#"","ingredients":[]}"#.utf8) + [
        0x0A
      ]
    bytes += Array(#"{"id":"c","title":"C","ingredients":[]}"#.utf8)
    let path = try Fixtures.file(named: "utf.jsonl", bytes: bytes)
    let results = try Fixtures.records(in: path)
    #expect(results.count == 3)
    guard case .failure(let error) = results[1] else {
      Issue.record("line 2 should fail")
      return
    }
    #expect(error.location.line == 2)
    #expect(error.message.contains("UTF-8"))
    #expect((try? results[2].get())?.recipe.id == "c")
  }

  @Test func aLineOverTenMegabytesIsReportedAndSkipped() throws {
    let padding = String(repeating: "a", count: CorpusFile.maximumRecordBytes + 1000)
    let text =
      #"{"id":"a","title":"A","ingredients":[]}"# + "\n"
      + #"{"id":"huge","title":""# + padding + #"","ingredients":[]}"# + "\n"
      + #"{"id":"c","title":"C","ingredients":[]}"#
    let path = try Fixtures.file(named: "huge.jsonl", contents: text)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let results = try Fixtures.records(in: path)
    #expect(results.count == 3)
    guard case .failure(let error) = results[1] else {
      Issue.record("the long line should fail")
      return
    }
    #expect(error.location.line == 2)
    #expect(error.message.contains("longer than the 10 MB limit"))
    #expect((try? results[2].get())?.recipe.id == "c")
    #expect((try? results[2].get())?.location.line == 3)
  }

  @Test func stopEndsTheWalk() throws {
    let path = try Fixtures.file(named: "sample.jsonl", contents: CorpusSamples.larderJSONL)
    var seen = 0
    try CorpusFile(path: path).forEachRecord { _ in
      seen += 1
      return .stop
    }
    #expect(seen == 1)
  }

  @Test func progressReachesTheFileSize() throws {
    let path = try Fixtures.file(named: "sample.jsonl", contents: CorpusSamples.larderJSONL)
    let file = try CorpusFile(path: path)
    var last = CorpusFile.Progress(bytesRead: 0, totalBytes: 0)
    try file.forEachRecordWithProgress({ _, progress in
      #expect(progress.bytesRead >= last.bytesRead)
      last = progress
      return .continue
    })
    #expect(last.totalBytes == file.byteCount)
    #expect(last.bytesRead > 0)
    #expect(last.bytesRead <= file.byteCount + 1)
  }

  @Test func readsManyLinesAcrossChunkBoundaries() throws {
    // Enough lines to span several 1 MB chunks, so lines are cut at chunk edges.
    let count = 30_000
    var text = ""
    for number in 1...count {
      text +=
        #"{"id": \#(number), "title": "Recipe number \#(number) with a longer title", "ingredients": ["salt", "item \#(number)"]}"#
        + "\n"
    }
    let path = try Fixtures.file(named: "many.jsonl", contents: text)
    let recipes = try Fixtures.recipes(in: path)
    #expect(recipes.count == count)
    #expect(recipes.map(\.recipe.id) == (1...count).map(String.init))
    #expect(recipes.last?.ingredients.last?.name == "item \(count)")
    #expect(recipes.last?.location.line == count)
  }

  @Test(.enabled(if: Fixtures.sharedPeersData != nil))
  func readsTheHarnessTenThousandCorpus() throws {
    let gz = try #require(Fixtures.sharedPeersData).appendingPathComponent("corpus-10k.jsonl.gz")
    let path = try Fixtures.gunzip(gz)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let file = try CorpusFile(path: path)
    #expect(file.format == .larderJSONL)
    let results = try Fixtures.records(in: path)
    #expect(results.count == 10_000)
    let recipes = results.compactMap { try? $0.get() }
    #expect(recipes.count == 10_000)
    #expect(recipes.first?.recipe.id == "1")
    #expect(
      recipes.allSatisfy { !$0.ingredients.isEmpty && $0.ingredients.allSatisfy { $0.name != nil } }
    )
  }
}
