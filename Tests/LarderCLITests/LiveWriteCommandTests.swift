import Foundation
import LarderTestSupport
import Testing

/// `larder add`, `larder remove` and `larder compact` on real files, and every read command
/// answering over the index and its live segment as a full build of the same final corpus.
@Suite struct LiveWriteCommandTests {
  /// The embedded corpus's three files.
  static let corpus = Fixtures.repositoryRoot.appendingPathComponent("Data/recipes")
  static let meat = corpus.appendingPathComponent("a-meat-and-seafood.jsonl")
  static let breakfast = corpus.appendingPathComponent("b-breakfast-dessert-sides.jsonl")
  static let vegetarian = corpus.appendingPathComponent("c-vegetarian-and-more.jsonl")

  static func lines(_ url: URL) throws -> [String] {
    try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
  }

  static func id(of line: String) throws -> String {
    let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    return try #require(object?["id"] as? String)
  }

  @discardableResult
  static func larder(_ arguments: [String], status: Int32 = 0) throws -> CommandRunner.Outcome {
    let run = try CommandRunner.run(arguments)
    #expect(run.status == status, "larder \(arguments.joined(separator: " ")): \(run.stderr)")
    return run
  }

  /// The read commands whose `--json` answers must be equal over a live index and a full build.
  static let reads: [[String]] = [
    ["find", "--with", "garlic", "--limit", "100", "--json"],
    ["find", "--with", "onion", "--with", "butter", "--sort", "ingredients", "--json"],
    ["find", "--with", "quince", "--json"],
    [
      "pantry", "--have", "egg", "--have", "flour", "--have", "milk", "--max-missing", "3",
      "--limit", "50", "--json",
    ],
    ["suggest", "gar", "--json"], ["suggest", "qui", "--json"],
    ["suggest", "pan", "--kind", "all", "--limit", "20", "--json"],
    ["suggest", "quince", "--kind", "recipe", "--json"],
    ["categories", "--json"], ["areas", "--json"],
    ["categories", "Dessert", "--limit", "100", "--json"],
    ["areas", "British", "--limit", "100", "--json"],
    ["random", "--count", "20", "--seed", "7", "--json"],
    ["show", "test-quince-tart", "--json"], ["show", "b-buttermilk-pancakes", "--json"],
  ]

  @Test func writesAnswerEveryReadCommandAsAFullBuildOfTheFinalCorpus() throws {
    let dir = try Fixtures.temporaryDirectory()
    let index = dir.appendingPathComponent("live.sqlite").path
    try Self.larder(["index", Self.meat.path, Self.breakfast.path, "--output", index, "--quiet"])

    // A replacement of the first breakfast recipe (new title, ingredients, category, area),
    // a new recipe, and a malformed record, then the whole vegetarian file.
    let breakfast = try Self.lines(Self.breakfast)
    let replaced = try Self.id(of: breakfast[0])
    let replacement =
      #"{"id": "\#(replaced)", "title": "Quince Pancakes", "category": "Dessert", "area": "British", "ingredients": [{"line": "2 quinces, grated"}, {"line": "200 g plain flour"}, {"line": "2 eggs"}, {"line": "300 ml milk"}], "steps": ["Mix.", "Fry."]}"#
    let added =
      #"{"id": "test-quince-tart", "title": "Quince Tart", "category": "Dessert", "area": "British", "prepMinutes": 20, "cookMinutes": 40, "ingredients": [{"line": "3 quinces, peeled"}, {"line": "200 g plain flour"}, {"line": "100 g butter"}], "steps": ["Poach the quinces in syrup.", "Bake the tart."]}"#
    let writes = dir.appendingPathComponent("writes.jsonl")
    try Data(
      [replacement, #"{"id": "no-title", "ingredients": []}"#, added].joined(separator: "\n").utf8
    )
    .write(to: writes)
    let add = try Self.larder(["add", writes.path, "--index", index])
    #expect(add.stdout.contains("Added 1 and replaced 1 recipe(s)"))
    #expect(add.stderr.contains("writes.jsonl:2: title:"))
    try Self.larder(["add", Self.vegetarian.path, "--index", index, "--json"])

    // One base recipe and one written one removed, and an unknown id.
    let meat = try Self.lines(Self.meat)
    let removedBase = try Self.id(of: meat[3])
    let vegetarian = try Self.lines(Self.vegetarian)
    let removedWritten = try Self.id(of: vegetarian[5])
    let remove = try Self.larder(
      ["remove", removedBase, "no-such-recipe", removedWritten, "--index", index], status: 1)
    #expect(remove.stdout.contains("Removed 2 recipe(s)"))
    #expect(remove.stderr.contains("not found: no-such-recipe"))

    // The same final corpus, built whole: recipes in place, replaced in place, new ones last
    // in write order, removed ones gone.
    let final =
      meat.filter { try! Self.id(of: $0) != removedBase }
      + [replacement] + breakfast.dropFirst() + [added]
      + vegetarian.filter { try! Self.id(of: $0) != removedWritten }
    let finalCorpus = dir.appendingPathComponent("final.jsonl")
    try Data(final.joined(separator: "\n").utf8).write(to: finalCorpus)
    let full = dir.appendingPathComponent("full.sqlite").path
    try Self.larder(["index", finalCorpus.path, "--output", full, "--quiet"])

    for read in Self.reads {
      let live = try Self.larder(read + ["--index", index])
      let built = try Self.larder(read + ["--index", full])
      #expect(live.stdout == built.stdout, "larder \(read.joined(separator: " "))")
    }
    // Text search finds written recipes and no removed or replaced text.
    let search = try Self.larder(["search", "quince", "--limit", "50", "--json", "--index", index])
    #expect(search.stdout.contains("test-quince-tart"))
    #expect(search.stdout.contains(replaced))
    let gone = try Self.larder(["show", removedBase, "--index", index], status: 1)
    #expect(gone.stderr.contains("no recipe with id"))

    // Compaction folds the segment in: same answers, nothing left to fold.
    let compact = try Self.larder(["compact", "--index", index, "--json"])
    #expect(compact.stdout.contains("\"recipes\" : \(final.count)"))
    for read in Self.reads.filter({ ["find", "suggest", "random"].contains($0[0]) }) {
      let live = try Self.larder(read + ["--index", index])
      let built = try Self.larder(read + ["--index", full])
      #expect(live.stdout == built.stdout, "after compact: larder \(read.joined(separator: " "))")
    }
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path)
      .filter { $0.hasPrefix("live.sqlite") }.sorted()
    #expect(leftovers == ["live.sqlite", "live.sqlite-live"])
  }

  @Test func strictAddWritesNothingWhenARecordIsBad() throws {
    let dir = try Fixtures.temporaryDirectory()
    let index = dir.appendingPathComponent("i.sqlite").path
    try Self.larder(["index", Self.meat.path, "--output", index, "--quiet"])
    let writes = dir.appendingPathComponent("w.jsonl")
    try Data(
      """
      {"id": "s-1", "title": "Fine", "ingredients": [{"line": "2 eggs"}]}
      {"id": "s-2", "title": "Bad", "prepMinutes": -5, "ingredients": [{"line": "salt"}]}

      """.utf8
    ).write(to: writes)
    let strict = try Self.larder(["add", writes.path, "--index", index, "--strict"], status: 1)
    #expect(strict.stderr.contains("w.jsonl:2"))
    #expect(strict.stderr.contains("nothing was written"))
    try Self.larder(["show", "s-1", "--index", index], status: 1)
    // Without --strict the good one is written and the bad one named.
    let skip = try Self.larder(["add", writes.path, "--index", index])
    #expect(skip.stderr.contains("w.jsonl:2"))
    try Self.larder(["show", "s-1", "--index", index])
    // A file with no good record writes nothing and fails.
    let bad = dir.appendingPathComponent("bad.jsonl")
    try Data(#"{"id": "x"}"#.utf8).write(to: bad)
    try Self.larder(["add", bad.path, "--index", index], status: 1)
  }

  @Test func removeReportsUnknownIdsAndIgnoreMissingExitsZero() throws {
    let dir = try Fixtures.temporaryDirectory()
    let index = dir.appendingPathComponent("i.sqlite").path
    try Self.larder(["index", Self.meat.path, "--output", index, "--quiet"])
    let ids = try Self.lines(Self.meat).prefix(2).map(Self.id(of:))
    let json = try Self.larder(
      ["remove", ids[0], "nope", "--index", index, "--ignore-missing", "--json"])
    let answer = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: [String]])
    #expect(answer == ["removed": [ids[0]], "missing": ["nope"]])
    // Removed ids are unknown the second time; the exit status says so.
    try Self.larder(["remove", ids[0], "--index", index], status: 1)
    try Self.larder(["remove", ids[1], "--index", index])
    try Self.larder(["show", ids[1], "--index", index], status: 1)
  }

  @Test func rebuildingAnIndexWithWritesNeedsDiscardWrites() throws {
    let dir = try Fixtures.temporaryDirectory()
    let index = dir.appendingPathComponent("i.sqlite").path
    try Self.larder(["index", Self.meat.path, "--output", index, "--quiet"])
    try Self.larder(["add", Self.vegetarian.path, "--index", index, "--quiet"], status: 64)
    try Self.larder(["add", Self.vegetarian.path, "--index", index])
    let vegetarianID = try Self.id(of: try Self.lines(Self.vegetarian)[0])
    let refused = try Self.larder(["index", Self.meat.path, "--output", index], status: 1)
    #expect(refused.stderr.contains("--discard-writes"))
    #expect(refused.stderr.contains("larder compact --index"))
    try Self.larder(["show", vegetarianID, "--index", index])
    let forced = try Self.larder(
      ["index", Self.meat.path, "--output", index, "--discard-writes", "--quiet"])
    #expect(forced.stderr.contains("Dropping 105 write(s)"))
    try Self.larder(["show", vegetarianID, "--index", index], status: 1)
    // The emptied segment takes writes again over the new base.
    try Self.larder(["add", Self.vegetarian.path, "--index", index])
    try Self.larder(["show", vegetarianID, "--index", index])
  }

  @Test(.enabled(if: Fixtures.sharedCorpora != nil, "needs ../shared/corpora"))
  func addReadsTheMealDBDumpOverAJSONLIndex() throws {
    let corpora = try #require(Fixtures.sharedCorpora)
    let mealdb = corpora.appendingPathComponent(
      "themealdb/utilityrod_all_meals_552_apiformat.json")
    let dir = try Fixtures.temporaryDirectory()
    let index = dir.appendingPathComponent("i.sqlite").path
    try Self.larder(["index", Self.meat.path, "--output", index, "--quiet"])
    let add = try Self.larder(["add", mealdb.path, "--index", index, "--json"])
    let summary = try #require(
      try JSONSerialization.jsonObject(with: Data(add.stdout.utf8)) as? [String: Any])
    #expect(summary["added"] as? Int == 552)
    let full = dir.appendingPathComponent("full.sqlite").path
    try Self.larder(["index", Self.meat.path, mealdb.path, "--output", full, "--quiet"])
    for read in Self.reads.prefix(13) {
      let live = try Self.larder(read + ["--index", index])
      let built = try Self.larder(read + ["--index", full])
      #expect(live.stdout == built.stdout, "larder \(read.joined(separator: " "))")
    }
  }
}
