import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import larder

@Suite struct BatchQueryCommandTests {
  @Test func batchModeAnswersFromAHarnessCorpus() throws {
    let directory = try Fixtures.temporaryDirectory()
    let corpusURL = directory.appendingPathComponent("corpus.jsonl")
    try """
    {"id": 7, "title": "Lime Pie", "category": "Dessert", "area": "American", "ingredients": ["lime", "sugar"]}
    {"id": 9, "title": "Garlic Lime", "category": "Side", "area": "Thai", "ingredients": ["garlic", "lime"]}

    """.write(to: corpusURL, atomically: true, encoding: .utf8)
    let queriesURL = directory.appendingPathComponent("queries.jsonl")
    try """
    {"qid":0,"group":"prefix","type":"prefix","text":"li","k":10}
    {"qid":1,"group":"and2","type":"and","ingredients":["garlic","lime"],"limit":20}
    {"qid":2,"group":"category","type":"category","category":"Dessert","page":0,"limit":20}
    {"qid":3,"group":"pantry5","type":"pantry","ingredients":["lime"],"limit":20}

    """.write(to: queriesURL, atomically: true, encoding: .utf8)
    let answersURL = directory.appendingPathComponent("answers.jsonl")
    let timingURL = directory.appendingPathComponent("timing.json")
    let command = try QueryCommand.parse([
      "--batch", "--harness-corpus", corpusURL.path, "--queries", queriesURL.path, "--answers",
      answersURL.path,
      "--timing", timingURL.path, "--seconds-per-group", "0.01",
    ])
    try command.run()
    let answers = try String(contentsOf: answersURL, encoding: .utf8)
    #expect(
      answers
        == """
        {"qid":0,"r":["lime"]}
        {"qid":1,"r":{"count":1,"ids":[9]}}
        {"qid":2,"r":[7]}
        {"qid":3,"r":[[7,1,1],[9,1,1]]}

        """)
    let timing =
      try JSONSerialization.jsonObject(with: Data(contentsOf: timingURL)) as? [String: Any]
    #expect((timing?["group_order"] as? [String]) == ["prefix", "and2", "category", "pantry5"])
    #expect((timing?["per_query_ns"] as? [[Int]])?.map { $0[0] } == [0, 1, 2, 3])
  }

  @Test func atMostOneSnapshotSourceIsAllowed() throws {
    // No source means the default index; two sources are refused, and so is a missing --batch.
    #expect(try QueryCommand.parse(["--batch"]).source.index == nil)
    #expect(throws: (any Error).self) { try QueryCommand.parse(["--index", "a"]) }
    #expect(throws: (any Error).self) {
      try QueryCommand.parse(["--batch", "--index", "a", "--harness-corpus", "b"])
    }
  }
}
