import Foundation
import LarderTestSupport
import Testing

@testable import LarderCore

@Suite struct FormatDetectionTests {
  @Test(arguments: [
    (CorpusSamples.larderJSONL, CorpusFormat.larderJSONL),
    (CorpusSamples.mealDBAPI, .theMealDB),
    (CorpusSamples.mealDBFolded, .theMealDB),
    (CorpusSamples.schemaOrgGraph, .schemaOrg),
    (CorpusSamples.schemaOrgArray, .schemaOrg),
    (CorpusSamples.schemaOrgLines, .schemaOrg),
    (CorpusSamples.recipeNLG, .recipeNLG),
  ])
  func detectsByContentWhateverTheExtension(text: String, format: CorpusFormat) throws {
    // A misleading extension: detection reads the bytes, not the name.
    let path = try Fixtures.file(named: "corpus.txt", contents: text)
    #expect(try CorpusFile(path: path).format == format)
  }

  @Test func detectsLayouts() {
    func detect(_ text: String) -> (CorpusFormat, CorpusLayout)? {
      CorpusFormatDetector.detect(ArraySlice(Array(text.utf8)))
    }
    #expect(detect(CorpusSamples.schemaOrgLines)?.1 == .lines)
    #expect(detect(CorpusSamples.schemaOrgGraph)?.1 == .document)
    #expect(detect(CorpusSamples.mealDBAPI)?.1 == .document)
    #expect(detect(#"{"meals":[{"idMeal":"1","strMeal":"One line"}]}"#)! == (.theMealDB, .document))
    #expect(
      detect("\n\n  " + #"{"id":1,"title":"Indented","ingredients":[]}"#)! == (.larderJSONL, .lines)
    )
    #expect(detect("TITLE, Ingredients ,directions\n")?.0 == .recipeNLG)
  }

  @Test func skipsAByteOrderMark() throws {
    let bytes: [UInt8] =
      [0xEF, 0xBB, 0xBF] + Array(#"{"id":"bom","title":"BOM","ingredients":[]}"#.utf8)
    let path = try Fixtures.file(named: "bom.jsonl", bytes: bytes)
    #expect(try CorpusFile(path: path).format == .larderJSONL)
    #expect(try Fixtures.recipes(in: path).map(\.recipe.id) == ["bom"])
  }

  @Test func aGivenFormatOverridesDetection() throws {
    let path = try Fixtures.file(
      named: "ld.jsonl", contents: #"{"name":"Bare","recipeIngredient":["egg"]}"#)
    // recipeIngredient alone marks JSON-LD; forcing Larder JSONL then fails the record.
    #expect(try CorpusFile(path: path).format == .schemaOrg)
    let forced = try CorpusFile(path: path, format: .larderJSONL)
    #expect(forced.format == .larderJSONL)
    let errors = try Fixtures.recordErrors(in: path, format: .larderJSONL)
    #expect(errors.first?.field == "id")
  }

  @Test func badFiles() throws {
    func badFileMessage(_ path: String) -> String? {
      do {
        _ = try CorpusFile(path: path)
        return nil
      } catch let error as CorpusError {
        #expect(error.kind == .badFile)
        #expect(error.location.file == path)
        return error.message
      } catch {
        return "\(error)"
      }
    }
    let directory = try Fixtures.temporaryDirectory()
    #expect(
      badFileMessage(directory.appendingPathComponent("missing.jsonl").path) == "no such file")
    #expect(badFileMessage(directory.path) == "is a directory, not a file")
    #expect(
      badFileMessage(try Fixtures.file(named: "empty.jsonl", contents: "")) == "the file is empty")
    #expect(
      badFileMessage(try Fixtures.file(named: "blank.jsonl", contents: " \n\n\t "))
        == "the file is empty")
    #expect(
      badFileMessage(try Fixtures.file(named: "notes.txt", contents: "just some notes\n"))?
        .hasPrefix("unknown corpus format") == true)
    #expect(
      badFileMessage(try Fixtures.file(named: "obj.json", contents: #"{"hello": "world"}"#))?
        .hasPrefix("unknown corpus format") == true)
    #expect(
      badFileMessage(try Fixtures.file(named: "nums.json", contents: "[1, 2, 3]"))?.hasPrefix(
        "unknown corpus format") == true)
    let gzip: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03]
    #expect(
      badFileMessage(try Fixtures.file(named: "c.jsonl.gz", bytes: gzip))
        == "the file is gzip-compressed; decompress it first (gunzip)")
    let utf16: [UInt8] = [0xFF, 0xFE] + Array(#"{"id":"1"}"#.utf8).flatMap { [$0, 0] }
    #expect(
      badFileMessage(try Fixtures.file(named: "utf16.jsonl", bytes: utf16))?.hasPrefix(
        "not UTF-8 text") == true)
    let latin1: [UInt8] =
      Array(#"{"id":"1","title":"Cr"#.utf8) + [0xE8] + Array(#"me","ingredients":[]}"#.utf8)
    #expect(
      badFileMessage(try Fixtures.file(named: "latin1.jsonl", bytes: latin1))?.hasPrefix(
        "not UTF-8 text") == true)
  }

  @Test func anUnreadableFileIsABadFile() throws {
    let path = try Fixtures.file(
      named: "locked.jsonl", contents: #"{"id":"1","title":"T","ingredients":[]}"#)
    try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: path)
    defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path) }
    if FileManager.default.isReadableFile(atPath: path) {
      // Running as root: permissions do not stop reading, so check a path that can't be opened as a file.
      #expect(throws: CorpusError.self) { try CorpusFile(path: "/proc/self/mem") }
    } else {
      #expect(throws: CorpusError.self) { try CorpusFile(path: path) }
    }
  }
}
