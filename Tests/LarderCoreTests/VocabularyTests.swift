import Foundation
import Testing

@testable import LarderCore

@Suite struct VocabularyTests {
  @Test func surfaceFormsResolveToCanonicalEntries() throws {
    let vocabulary = try TestVocabulary.make()
    #expect(vocabulary.canonicalName(for: "scallion") == "green onion")
    #expect(vocabulary.canonicalName(for: "Spring Onions") == "green onion")
    #expect(vocabulary.canonicalName(for: "spring onion") == "green onion")
    #expect(vocabulary.canonicalName(for: "butternut pumpkins") == "butternut squash")
    #expect(vocabulary.canonicalName(for: "Crème Fraîche") == "creme fraiche")
    #expect(vocabulary.canonicalName(for: "tomatoes") == "tomato")
    #expect(vocabulary.canonicalName(for: "rocket") == nil)
    #expect(vocabulary.count == 28)
  }

  @Test func hierarchy() throws {
    let vocabulary = try TestVocabulary.make()
    #expect(vocabulary.parent(of: "cheddar") == "cheese")
    #expect(vocabulary.parent(of: "cheese") == nil)
    #expect(vocabulary.ancestors(of: "aged cheddar") == ["cheddar", "cheese"])
    #expect(vocabulary.children(of: "onion") == ["red onion", "green onion"])
    #expect(vocabulary.descendants(of: "cheese") == ["cheddar", "aged cheddar"])
    #expect(vocabulary.children(of: "garlic") == [])
  }

  @Test func flags() throws {
    let vocabulary = try TestVocabulary.make()
    #expect(vocabulary.flags(of: "cheddar") == [.dairy, .animal])
    #expect(vocabulary.flags(of: "chicken").contains(.poultry))
    #expect(vocabulary.flags(of: "onion") == [])
    #expect(FoodFlags(name: "treenut") == .treeNut)
    #expect(FoodFlags([.dairy, .egg]).names == ["dairy", "egg"])
  }

  @Test func surfaceFormsListNamesAndAliases() throws {
    let forms = try TestVocabulary.make().surfaceForms
    let scallion = try #require(forms.first { $0.text == "scallion" })
    #expect(scallion.display == "green onion (scallion)")
    #expect(scallion.isAlias)
    let onion = try #require(forms.first { $0.text == "onion" })
    #expect(onion.display == "onion")
    #expect(forms.map(\.text) == forms.map(\.text).sorted())
  }

  @Test func parentMayBeDefinedLaterOrInAnotherFile() throws {
    let vocabulary = try Vocabulary(sources: [
      ("cheddar\tcheese\tdairy,animal\t\n", "a.tsv"),
      ("cheese\t\tdairy,animal\t\n", "b.tsv"),
    ])
    #expect(vocabulary.parent(of: "cheddar") == "cheese")
  }

  @Test func loadsFilesInOrder() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = folder.appendingPathComponent("a.tsv")
    let second = folder.appendingPathComponent("b.tsv")
    try "onion\t\t\t\n".write(to: first, atomically: true, encoding: .utf8)
    try "red onion\tonion\t\t\n".write(to: second, atomically: true, encoding: .utf8)
    let vocabulary = try Vocabulary(files: [first, second])
    #expect(vocabulary.entries.map(\.name) == ["onion", "red onion"])
    let bundled = try Vocabulary.bundled(folder: folder)
    #expect(bundled.entries.map(\.name) == ["onion", "red onion"])
  }

  @Test func errorsNameFileAndLine() {
    expectError(.malformedLine, "x.tsv:2:", "onion\t\t\t\na\tb\tc\td\te\n")
    expectError(.malformedLine, "x.tsv:1:", "Onion\t\t\t\n")
    expectError(.unknownParent, "x.tsv:1:", "cheddar\tchese\t\t\n")
    expectError(.duplicateName, "x.tsv:2:", "onion\t\t\t\nshallot\t\t\tonions\n")
    expectError(.duplicateName, "x.tsv:2:", "onion\t\t\t\nonion\t\t\t\n")
    expectError(.badFlag, "x.tsv:1:", "onion\t\tvegetable\t\n")
    expectError(.unknownParent, "x.tsv:1:", "a\tb\t\t\nb\ta\t\t\n")
  }

  @Test func commentsAndBlankLinesAreSkipped() throws {
    let vocabulary = try Vocabulary(tsv: "# comment\n\nonion\t\t\t\n\r\n", file: "x.tsv")
    #expect(vocabulary.count == 1)
  }

  @Test func unreadableFileIsAnError() {
    let missing = URL(fileURLWithPath: "/nonexistent/larder/vocabulary.tsv")
    #expect(throws: VocabularyError.self) { try Vocabulary(files: [missing]) }
  }

  private func expectError(_ kind: VocabularyError.Kind, _ prefix: String, _ tsv: String) {
    do {
      _ = try Vocabulary(tsv: tsv, file: "x.tsv")
      Issue.record("expected \(kind) for \(tsv.debugDescription)")
    } catch {
      #expect(error.kind == kind)
      #expect(error.description.hasPrefix(prefix), "\(error.description)")
    }
  }

  private func makeTemporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "larder-vocab-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
