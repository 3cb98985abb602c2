import Foundation
import LarderTestSupport
import Testing

/// `larder index` refuses records outside the documented ranges and limits: skipped and named
/// by default, the run stopped under `--strict` with the old index kept (issue 13, items 6–7).
@Suite struct IndexRecordRangeTests {
  @Test func outOfRangeRecordsAreSkippedOrStopAStrictRun() throws {
    let dir = try Fixtures.temporaryDirectory()
    let corpus = dir.appendingPathComponent("c.jsonl")
    let million = Array(repeating: #""salt""#, count: 100_000).joined(separator: ",")
    try Data(
      [
        #"{"id":"good","title":"Good","ingredients":["egg"],"nutrition":{"calories":200}}"#,
        #"{"id":"inf","title":"Bad","ingredients":["egg"],"nutrition":{"calories":Infinity}}"#,
        #"{"id":"neg","title":"Bad","ingredients":["egg"],"servings":-2}"#,
        #"{"id":"huge","title":"Huge","ingredients":[\#(million)]}"#,
      ].joined(separator: "\n").utf8
    ).write(to: corpus)
    let index = dir.appendingPathComponent("i.sqlite").path
    let run = try CommandRunner.run(["index", corpus.path, "--output", index])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("Indexed 1 recipes"))
    #expect(run.stderr.contains("c.jsonl:2: nutrition.calories: inf is not a finite number"))
    #expect(run.stderr.contains("c.jsonl:3: servings: -2 is outside 1 to 10000"))
    #expect(run.stderr.contains("c.jsonl:4: ingredients: 100000 ingredients; at most 500 allowed"))
    #expect(try CommandRunner.run(["show", "good", "--index", index, "--json"]).status == 0)
    #expect(try CommandRunner.run(["show", "inf", "--index", index]).status != 0)

    let before = try Data(contentsOf: URL(fileURLWithPath: index))
    let strict = try CommandRunner.run(["index", corpus.path, "--output", index, "--strict"])
    #expect(strict.status != 0)
    #expect(strict.stderr.contains("c.jsonl:2: nutrition.calories:"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: index)) == before)
  }
}
