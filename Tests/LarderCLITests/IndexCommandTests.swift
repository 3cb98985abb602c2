import Foundation
import LarderTestSupport
import Testing

/// `larder index` and `larder info` as a user runs them.
@Suite struct IndexCommandTests {
  @Test(.enabled(if: Fixtures.sharedCorpora != nil, "needs ../shared/corpora"))
  func indexesTheMealDBDumpWithAll14Categories() throws {
    let corpora = try #require(Fixtures.sharedCorpora)
    let dir = try Fixtures.temporaryDirectory()
    let index = dir.appendingPathComponent("mealdb.sqlite").path
    let file = corpora.appendingPathComponent("themealdb/utilityrod_all_meals_552_apiformat.json")
      .path
    let run = try CommandRunner.run(["index", file, "--output", index, "--quiet"])
    #expect(run.status == 0, "\(run.stderr)")
    let info = try CommandRunner.run(["info", "--index", index, "--json"])
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any])
    #expect(json["recipes"] as? Int == 552)
    #expect((json["categories"] as? [Any])?.count == 14)
    #expect(json["skipped"] as? Int == 0)
    for key in ["ingredients", "areas", "formatVersion", "sources"] { #expect(json[key] != nil) }
  }

  @Test func badRecordsAreSkippedAndNamedOrFailUnderStrict() throws {
    let dir = try Fixtures.temporaryDirectory()
    let corpus = dir.appendingPathComponent("mixed.jsonl")
    try Data(
      """
      {"id":"1","title":"Good","ingredients":[{"line":"2 eggs"}]}
      {"id":"2","ingredients":[]}
      {"id":"3","title":"Also good","ingredients":["salt"]}
      {"id":"1","title":"Duplicate","ingredients":[]}

      """.utf8
    ).write(to: corpus)
    let index = dir.appendingPathComponent("index.sqlite").path
    let run = try CommandRunner.run(["index", corpus.path, "--output", index])
    #expect(run.status == 0)
    #expect(run.stdout.contains("Indexed 2 recipes"))
    #expect(run.stderr.contains("mixed.jsonl:2: title:"))
    #expect(run.stderr.contains("mixed.jsonl:4: id: duplicate"))
    let strict = try CommandRunner.run([
      "index", corpus.path, "--output", dir.appendingPathComponent("s.sqlite").path, "--strict",
    ])
    #expect(strict.status != 0)
    #expect(strict.stderr.contains("mixed.jsonl:2"))
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("s.sqlite").path))
  }

  @Test(arguments: ["empty", "binary", "unknown", "missing"])
  func unreadableInputsFailWithOneClearLine(kind: String) throws {
    let dir = try Fixtures.temporaryDirectory()
    let file = dir.appendingPathComponent("input.json")
    switch kind {
    case "empty": try Data().write(to: file)
    case "binary": try Data([0xFF, 0xFE, 0x00, 0x41, 0x80, 0x81]).write(to: file)
    case "unknown": try Data("{\"hello\": \"world\"}".utf8).write(to: file)
    default: break
    }
    let index = dir.appendingPathComponent("index.sqlite")
    let run = try CommandRunner.run(["index", file.path, "--output", index.path])
    #expect(run.status != 0)
    #expect(run.stderr.contains("input.json"))
    #expect(!run.stderr.contains("Fatal error"))
    #expect(!FileManager.default.fileExists(atPath: index.path))
  }

  @Test func killedBuildLeavesTheOldIndexIntact() throws {
    let dir = try Fixtures.temporaryDirectory()
    let index = dir.appendingPathComponent("index.sqlite")
    let small = dir.appendingPathComponent("small.jsonl")
    try Data("{\"id\":\"1\",\"title\":\"One\",\"ingredients\":[\"salt\"]}\n".utf8).write(to: small)
    #expect(try CommandRunner.run(["index", small.path, "--output", index.path]).status == 0)
    let before = try Data(contentsOf: index)
    // A corpus large enough that the build is still running when it is killed.
    let big = dir.appendingPathComponent("big.jsonl")
    var text = ""
    for i in 0..<200_000 {
      text +=
        "{\"id\":\"r\(i)\",\"title\":\"Recipe \(i)\",\"ingredients\":[\"salt\",\"onion\",\"garlic \(i % 97)\"]}\n"
    }
    try Data(text.utf8).write(to: big)
    let started = try CommandRunner.start(["index", big.path, "--output", index.path])
    // Wait until the build's temporary file exists, then kill -9.
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
      let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
      if names.contains(where: { $0.contains(".building-") }) { break }
      usleep(20_000)
    }
    kill(started.process.processIdentifier, SIGKILL)
    started.process.waitUntilExit()
    #expect(try Data(contentsOf: index) == before)
    let info = try CommandRunner.run(["info", "--index", index.path, "--json"])
    #expect(info.stdout.contains("\"recipes\" : 1"))
    // The next build removes the dead build's temporary file.
    #expect(try CommandRunner.run(["index", small.path, "--output", index.path]).status == 0)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter {
      $0.contains(".building-")
    }
    #expect(leftovers.isEmpty)
  }
}
