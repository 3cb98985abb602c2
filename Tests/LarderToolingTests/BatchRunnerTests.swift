import Foundation
import LarderTestSupport
import Testing

@testable import LarderCore
@testable import LarderTooling

@Suite struct BatchRunnerTests {
  @Test func formatsAnswersLikeTheReference() throws {
    let line = { (name: String) in IngredientLine(text: name, name: name) }
    let recipes = [
      Recipe(id: "10", title: "B", category: "Dessert", ingredients: [line("sugar"), line("egg")]),
      Recipe(id: "12", title: "A", category: "Dessert", ingredients: [line("sugar")]),
    ]
    let runner = BatchRunner(
      snapshot: RandomCorpus.snapshot(recipes, .none), publicIDs: recipes.map(\.id))
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
    let runner = BatchRunner(snapshot: builder.build(), publicIDs: recipes.map(\.id))
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

@Suite struct BatchRunnerLimitTests {
  /// The C reference answers at most 64 results and the first 8 AND ingredients; so does the runner.
  @Test func capsFollowTheReference() throws {
    let recipes = (0..<100).map { i in
      Recipe(
        id: "\(i + 1)", title: "T\(i)", category: "Dessert",
        ingredients: (0..<10).map { IngredientLine(text: "x", name: "item \($0 + i % 3)") })
    }
    let runner = BatchRunner(
      snapshot: RandomCorpus.snapshot(recipes, .none), publicIDs: recipes.map(\.id))
    let answers = try [
      #"{"qid":1,"type":"and","ingredients":["item 0","item 1","item 2","item 3","item 4","item 5","item 6","item 7","nope"],"limit":100}"#,
      #"{"qid":2,"type":"category","category":"Dessert","page":0,"limit":100}"#,
      #"{"qid":3,"type":"pantry","ingredients":["item 1"],"limit":100}"#,
    ].map { runner.answer(try HarnessQuery(line: $0)) }
    guard case .counted(let count, let first) = answers[0], case .page(let page) = answers[1],
      case .pantry(let hits) = answers[2]
    else {
      Issue.record("unexpected answer kinds")
      return
    }
    #expect(count == 34)  // recipes 0, 3, 6, ... have items 0...9; "nope" is the 9th name, dropped
    #expect(first.count == 34)
    #expect(page.count == 64)
    #expect(hits.count == 64)
  }
}
