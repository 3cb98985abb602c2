import Foundation
import LarderTestSupport
import Testing

@testable import LarderCore

@Suite struct BatchRunnerTests {
  @Test func formatsAnswersLikeTheReference() throws {
    let line = { (name: String) in IngredientLine(text: name, name: name) }
    let recipes = [
      Recipe(id: "10", title: "B", category: "Dessert", ingredients: [line("sugar"), line("egg")]),
      Recipe(id: "12", title: "A", category: "Dessert", ingredients: [line("sugar")]),
    ]
    let runner = BatchRunner(snapshot: RandomCorpus.snapshot(recipes, .none))
    let queries = try [
      #"{"qid":0,"group":"prefix","type":"prefix","text":"s","k":10}"#,
      #"{"qid":1,"group":"and2","type":"and","ingredients":["sugar","egg"],"mix":"cc","limit":20}"#,
      #"{"qid":2,"group":"category","type":"category","category":"Dessert","page":0,"limit":20}"#,
      #"{"qid":3,"group":"pantry5","type":"pantry","ingredients":["sugar"],"limit":20}"#,
    ].map { try HarnessQuery(line: $0) }
    let result = runner.run(queries, timing: .none)
    #expect(
      result.answerLines == [
        #"{"qid":0,"r":["sugar"]}"#, #"{"qid":1,"r":{"count":1,"ids":[10]}}"#,
        #"{"qid":2,"r":[12,10]}"#,
        #"{"qid":3,"r":[[12,1,0],[10,1,1]]}"#,
      ])
    #expect(throws: BatchRunner.LineError.self) { try HarnessQuery(line: "{\"qid\":1}") }
  }

  /// The whole harness query set at 10k against the brute-force oracle (skipped without `../shared/peers`).
  @Test(.enabled(if: HarnessCorpus.peersDirectory != nil))
  func harnessQueriesMatchTheOracle() throws {
    let data = HarnessCorpus.peersDirectory!.appendingPathComponent("data")
    let recipes = try HarnessCorpus.recipes(
      fromJSONL: HarnessCorpus.text(of: data.appendingPathComponent("corpus-10k.jsonl.gz")))
    var builder = SnapshotBuilder()
    for r in recipes { builder.add(r) }
    let runner = BatchRunner(snapshot: builder.build())
    let queries = try HarnessCorpus.queries(data.appendingPathComponent("queries-10k.jsonl.gz"))
    #expect(queries.count == 4200)
    let oracle = Oracle(recipes)
    // Every 15th query keeps the brute force quick in debug builds.
    let sample = queries.enumerated().filter { $0.offset % 15 == 0 }.map(\.element)
    let answers = runner.run(sample, timing: .none).answerLines
    for (query, line) in zip(sample, answers) {
      let expected: String
      switch query.kind {
      case .prefix(let text, let k):
        expected =
          "[" + oracle.plainPrefix(text, k: k).map { "\"\($0)\"" }.joined(separator: ",") + "]"
      case .allOf(let names, let limit):
        let (count, first) = oracle.exactAllOf(names, limit: limit)
        expected =
          "{\"count\":\(count),\"ids\":[" + first.map { recipes[$0].id }.joined(separator: ",")
          + "]}"
      case .category(let name, let page, let limit):
        expected =
          "["
          + oracle.categoryPage(name, page: page, limit: limit).map { recipes[$0].id }.joined(
            separator: ",") + "]"
      case .pantry(let names, let limit):
        expected =
          "["
          + oracle.exactPantry(names, limit: limit).map {
            "[\(recipes[$0.recipe].id),\($0.used),\($0.missing)]"
          }
          .joined(separator: ",") + "]"
      }
      #expect(line == "{\"qid\":\(query.qid),\"r\":\(expected)}")
    }
  }
}
