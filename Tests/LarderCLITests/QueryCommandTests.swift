import Foundation
import LarderTestSupport
import Testing

/// The query commands over the embedded corpus, as a user runs them.
@Suite struct QueryCommandTests {
  let environment: [String: String]

  init() throws {
    let dir = try Fixtures.temporaryDirectory()
    environment = Fixtures.isolatedEnvironment(in: dir)
  }

  func json(_ arguments: [String]) throws -> [String: Any] {
    let run = try CommandRunner.run(arguments + ["--json"], environment: environment)
    #expect(run.status == 0, "\(arguments): \(run.stderr)")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
  }

  @Test func defaultIndexIsBuiltOnceAndAnswersEveryCommand() throws {
    let first = try CommandRunner.run(["info"], environment: environment)
    #expect(first.stderr.contains("Building the default index"))
    let second = try CommandRunner.run(["info"], environment: environment)
    #expect(!second.stderr.contains("Building"))

    let found = try json(["find", "--with", "garlic", "--with", "lemon"])
    #expect((found["count"] as? Int ?? 0) > 0)
    let suggestions = try json(["suggest", "scallion"])["suggestions"] as? [[String: Any]]
    #expect(suggestions?.first?["name"] as? String == "green onion")
    let pantry = try json(["pantry", "--have", "egg", "--have", "flour", "--have", "milk"])
    #expect((pantry["recipes"] as? [Any])?.isEmpty == false)
    let detail = try json(["show", "a-beef-rendang"])["recipe"] as? [String: Any]
    #expect(detail?["title"] as? String == "Beef Rendang")
    let random = try json(["random", "--count", "5", "--seed", "3"])
    #expect((random["recipes"] as? [Any])?.count == 5)
    let search = try json(["search", "coconut"])
    #expect((search["count"] as? Int ?? 0) > 0)
  }

  @Test func errorsAreOneLineAndNonZero() throws {
    let unknown = try CommandRunner.run(
      ["find", "--with", "unobtainium"], environment: environment)
    #expect(unknown.status != 0)
    #expect(unknown.stderr.contains("unknown ingredient"))
    let empty = try CommandRunner.run(["search", "   "], environment: environment)
    #expect(empty.status != 0)
    #expect(empty.stderr.contains("Type a word"))
    let missing = try CommandRunner.run(["show", "nope"], environment: environment)
    #expect(missing.status != 0)
  }

  @Test func parseIngredientPrintsOneJSONLinePerLine() throws {
    let run = try CommandRunner.run(
      ["parse-ingredient"], stdin: "1 ½ cups finely chopped red onions, divided\n2 large eggs\n",
      environment: environment)
    #expect(run.status == 0)
    let lines = run.stdout.split(separator: "\n").map {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    #expect(lines.count == 2)
    #expect(lines[0]?["name"] as? String == "red onion")
    #expect(lines[0]?["unit"] as? String == "cup")
    #expect(lines[0]?["quantity"] as? Double == 1.5)
    #expect(lines[1]?["name"] as? String == "egg")
    #expect(lines[1]?["known"] as? Bool == true)
  }

  @Test func parseIngredientReadsALineInItsRecipe() throws {
    let dir = try Fixtures.temporaryDirectory()
    let corpus = dir.appendingPathComponent("rendang.jsonl")
    try Data(
      (#"{"id":"r1","title":"Rendang","ingredients":[{"line":"1 lb beef"},{"line":"6  Lime"}],"#
        + #""steps":["Add the kaffir lime leaves and simmer."]}"# + "\n").utf8
    ).write(to: corpus)
    let run = try CommandRunner.run(
      ["parse-ingredient", "--corpus", corpus.path], stdin: "r1\t6 Lime\nr1\t1 lb beef\n",
      environment: environment)
    #expect(run.status == 0, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n").map {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    #expect(lines.count == 2)
    #expect(lines[0]?["name"] as? String == "kaffir lime leaf")
    #expect(lines[0]?["quantity"] as? Double == 6)
    #expect(lines[1]?["name"] as? String == "beef")
    // Alone, the same line names the fruit.
    let alone = try CommandRunner.run(
      ["parse-ingredient"], stdin: "6 Lime\n", environment: environment)
    #expect(alone.stdout.contains(#""name":"lime""#))
    let unknown = try CommandRunner.run(
      ["parse-ingredient", "--corpus", corpus.path], stdin: "r1\t2 limes\n",
      environment: environment)
    #expect(unknown.status != 0)
    #expect(unknown.stderr.contains("has no ingredient"))
  }

  @Test func userStateCommandsShareTheFileWithTheServer() throws {
    let created = try json(["profile", "create", "cook"])
    #expect((created["token"] as? String)?.hasPrefix("lt_") == true)
    #expect(
      try CommandRunner.run(
        ["favorites", "add", "a-beef-rendang", "--profile", "cook"], environment: environment
      ).status == 0)
    let favorites =
      try json(["favorites", "list", "--profile", "cook"])["favorites"] as? [[String: Any]]
    #expect(favorites?.first?["recipeId"] as? String == "a-beef-rendang")
    #expect(favorites?.first?["available"] as? Bool == true)
    #expect(
      try CommandRunner.run(
        ["grocery", "add", "flour", "--quantity", "200", "--unit", "g", "--profile", "cook"],
        environment: environment
      ).status == 0)
    #expect(
      try CommandRunner.run(
        ["grocery", "add", "flour", "--quantity", "1", "--unit", "kg", "--profile", "cook"],
        environment: environment
      ).status == 0)
    let grocery = try json(["grocery", "list", "--profile", "cook"])["items"] as? [[String: Any]]
    #expect(grocery?.count == 1)
    #expect(
      try CommandRunner.run(
        ["pantry", "add", "eggs", "--profile", "cook"], environment: environment
      ).status == 0)
    #expect(try json(["pantry", "list", "--profile", "cook"])["pantry"] as? [String] == ["egg"])
    #expect(
      try CommandRunner.run(["profile", "revoke", "cook"], environment: environment).status == 0)
    #expect(
      try CommandRunner.run(["favorites", "list", "--profile", "cook"], environment: environment)
        .status != 0)
  }
}
