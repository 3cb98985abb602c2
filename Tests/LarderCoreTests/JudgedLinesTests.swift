import Foundation
import LarderCore
import LarderTestSupport
import Testing

/// The judged set of real ingredient lines (`Tests/Fixtures/judged-lines/README.md`): every line
/// a cook judged right keeps its name as the index stores it (in its recipe where the shared
/// corpora hold it), so matching never gets worse unnoticed.
/// The rates are reported by `scripts/judged-lines.py`.
@Suite struct JudgedLinesTests {
  let parser: IngredientLineParser

  init() throws {
    parser = IngredientLineParser(vocabulary: try Vocabulary.bundled())
  }

  @Test(arguments: JudgedLine.Part.allCases)
  func linesJudgedRightKeepTheirFood(part: JudgedLine.Part) throws {
    let lines = try JudgedLine.lines(of: part)
    #expect(lines.contains { $0.grade == .right })
    // As the index stores them: in their recipes (when the shared corpora are present).
    #expect(
      Fixtures.sharedCorpora == nil || JudgedLineRecipes.shared != nil,
      "the shared corpora are present but their recipes could not be read")
    let lost = JudgedLine.rightLinesThatLostTheirFood(
      lines, parser: parser, recipes: JudgedLineRecipes.shared)
    #expect(lost.isEmpty, "\(lost.joined(separator: "\n"))")
  }

  @Test(arguments: JudgedLine.Part.allCases)
  func everyLineIsJudgedAndGradedConsistently(part: JudgedLine.Part) throws {
    let lines = try JudgedLine.lines(of: part)
    #expect(Set(lines.map(\.id)).count == lines.count)
    for judged in lines {
      #expect(!judged.expected.isEmpty, "\(judged.id) has no expected name")
      #expect(!judged.file.isEmpty, "\(judged.id) has no source file")
      // The stored grade must agree with the stored names (the script writes both).
      #expect(
        (judged.grade == .right) == (judged.current == judged.expected && judged.expected != "-"),
        "\(judged.id): grade '\(judged.grade.rawValue)' for '\(judged.current)' vs '\(judged.expected)'"
      )
    }
  }

  @Test func partsAreStratifiedBySourceAndDisjoint() throws {
    let development = try JudgedLine.lines(of: .development)
    let heldOut = try JudgedLine.lines(of: .heldOut)
    let fresh = try JudgedLine.lines(of: .fresh)
    let fresh2 = try JudgedLine.lines(of: .fresh2)
    let fresh3 = try JudgedLine.lines(of: .fresh3)
    let fresh4 = try JudgedLine.lines(of: .fresh4)
    let fresh5 = try JudgedLine.lines(of: .fresh5)
    let fresh6 = try JudgedLine.lines(of: .fresh6)
    let fresh7 = try JudgedLine.lines(of: .fresh7)
    let fresh8 = try JudgedLine.lines(of: .fresh8)
    let fresh9 = try JudgedLine.lines(of: .fresh9)
    let fresh10 = try JudgedLine.lines(of: .fresh10)
    let fresh11 = try JudgedLine.lines(of: .fresh11)
    let fresh12 = try JudgedLine.lines(of: .fresh12)
    let fresh13 = try JudgedLine.lines(of: .fresh13)
    let fresh14 = try JudgedLine.lines(of: .fresh14)
    let fresh15 = try JudgedLine.lines(of: .fresh15)
    let fresh16 = try JudgedLine.lines(of: .fresh16)
    let review1 = try JudgedLine.lines(of: .review1)
    #expect(development.count >= 600)
    #expect(heldOut.count >= 250)
    #expect(fresh.count >= 200)
    #expect(fresh2.count >= 200)
    #expect(fresh3.count >= 200)
    #expect(fresh4.count >= 200)
    #expect(fresh5.count >= 200)
    #expect(fresh6.count >= 200)
    #expect(fresh7.count >= 200)
    #expect(fresh8.count >= 200)
    #expect(fresh9.count >= 200)
    #expect(fresh10.count >= 200)
    #expect(fresh11.count >= 200)
    #expect(fresh12.count >= 200)
    #expect(fresh13.count >= 200)
    #expect(fresh14.count >= 200)
    #expect(fresh15.count >= 200)
    #expect(fresh16.count >= 200)
    #expect(review1.count >= 1000)
    let sources = ["scrapers", "based", "bbc", "cookstr", "mealdb"]
    for source in sources {
      for part in [
        development, heldOut, fresh, fresh2, fresh3, fresh4, fresh5, fresh6, fresh7, fresh8,
        fresh9, fresh10, fresh11, fresh12, fresh13, fresh14, fresh15, fresh16, review1,
      ] {
        #expect(part.filter { $0.source == source }.count == part.count / sources.count)
      }
    }
    let parts = [
      development, heldOut, fresh, fresh2, fresh3, fresh4, fresh5, fresh6, fresh7, fresh8,
      fresh9, fresh10, fresh11, fresh12, fresh13, fresh14, fresh15, fresh16, review1,
    ].map {
      Set($0.map { $0.line.lowercased() })
    }
    for first in parts.indices {
      for second in parts.indices where second > first {
        let shared = parts[first].intersection(parts[second])
        #expect(shared.isEmpty, "lines in two parts: \(shared.sorted())")
      }
    }
  }
}

/// The judged lines are exactly what the committed sampling script draws from the corpora, so
/// the set is reproducible and every line's source file is right.
@Suite struct JudgedLinesSamplingTests {
  @Test(.enabled(if: Fixtures.sharedCorpora != nil, "needs ../shared/corpora"))
  func theSamplingScriptReproducesTheFixture() throws {
    let corpora = try #require(Fixtures.sharedCorpora)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3",
      Fixtures.repositoryRoot.appendingPathComponent("scripts/sample-judged-lines.py").path,
      "--corpora", corpora.path, "--review1", "200",
    ]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let sampled = String(decoding: data, as: UTF8.self).split(separator: "\n").dropFirst().map {
      $0.split(separator: "\t", omittingEmptySubsequences: false).dropFirst().joined(
        separator: "\t")
    }
    let fixture = try JudgedLine.Part.allCases.flatMap { try JudgedLine.lines(of: $0) }.map {
      [$0.id, $0.source, $0.file, $0.line].joined(separator: "\t")
    }
    #expect(sampled == fixture)
  }
}
