import Foundation
import LarderTestSupport
import Testing

@testable import LarderCore

@Suite struct DataDirectoryTests {
  @Test func searchFindsTheNearestDataFolderAbove() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "larder-data-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let vocabulary = root.appendingPathComponent("Data/vocabulary")
    let deep = root.appendingPathComponent("Sources/LarderCore/Defaults")
    try FileManager.default.createDirectory(at: vocabulary, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
    let found = DataDirectory.search(upFrom: deep)
    #expect(
      found?.standardizedFileURL.path
        == root.appendingPathComponent("Data").standardizedFileURL.path)
  }

  @Test func searchFailsWithoutAVocabularyFolder() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "larder-data-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("Data"), withIntermediateDirectories: true)
    // Only the temporary tree is searched up to the file system root; none of it has Data/vocabulary
    // unless the machine's root does, which the test does not assume.
    let found = DataDirectory.search(upFrom: root)
    #expect(found?.path != root.appendingPathComponent("Data").path)
  }

  @Test func emptyVocabularyFolderIsAClearError() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "larder-data-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    #expect(throws: DataDirectory.NotFound.self) { try DataDirectory.vocabularyFiles(in: root) }
    #expect(throws: DataDirectory.NotFound.self) {
      try DataDirectory.vocabularyFiles(in: root.appendingPathComponent("missing"))
    }
  }

  @Test func staplesSkipCommentsAndDuplicates() {
    let staples = StapleList(text: "# staples\nwater\n\nSalt\nsalt\n  black pepper  \n")
    #expect(staples.names == ["water", "salt", "black pepper"])
    #expect(staples.contains("Black Pepper"))
    #expect(!staples.contains("saffron"))
  }

  @Test func staplesResolveThroughTheVocabulary() throws {
    let staples = StapleList(text: "plain flour\nflour\npepper\nrose water\n")
    let resolved = staples.resolved(with: try TestVocabulary.make())
    #expect(resolved.names == ["flour", "black pepper", "rose water"])
  }

  @Test func bundledStaplesAreReadable() throws {
    // The repository's own Data/staples.txt: every line a folded name, no duplicates.
    let url = Fixtures.repositoryRoot.appendingPathComponent("Data/staples.txt")
    let staples = StapleList(text: try String(contentsOf: url, encoding: .utf8))
    #expect(staples.names.contains("salt"))
    #expect(staples.names.allSatisfy { TextFolding.fold($0) == $0 })
    #expect(Set(staples.names).count == staples.names.count)
  }
}
