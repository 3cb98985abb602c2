import Foundation
import LarderCore
import LarderTestSupport
import Testing

/// The wide review lists (`Tests/Fixtures/vocabulary-review/wide*.tsv`): pooled lines a cook read
/// with the parser's answer in view, in the judged set's columns but not a judged part (never a
/// measured rate). A line judged right keeps its food, as in the judged parts.
@Suite struct VocabularyWideReviewTests {
  let parser: IngredientLineParser

  init() throws {
    parser = IngredientLineParser(vocabulary: try Vocabulary.bundled())
  }

  static let folder = Fixtures.repositoryRoot.appendingPathComponent(
    "Tests/Fixtures/vocabulary-review", isDirectory: true)

  /// The wide review lists, by file name.
  static func lists() throws -> [URL] {
    try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
      .filter { $0.lastPathComponent.hasPrefix("wide") && $0.pathExtension == "tsv" }
      .sorted { $0.lastPathComponent < $1.lastPathComponent }
  }

  @Test func linesJudgedRightKeepTheirFood() throws {
    let lists = try Self.lists()
    #expect(!lists.isEmpty)
    for url in lists {
      let lines = try JudgedLine.lines(at: url)
      #expect(Set(lines.map(\.id)).count == lines.count, "\(url.lastPathComponent): an id twice")
      #expect(lines.contains { $0.grade == .right })
      let lost = JudgedLine.rightLinesThatLostTheirFood(lines, parser: parser)
      #expect(lost.isEmpty, "\(lost.joined(separator: "\n"))")
    }
  }
}
