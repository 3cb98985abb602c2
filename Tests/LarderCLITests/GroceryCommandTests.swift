import Foundation
import LarderTestSupport
import Testing

/// `larder grocery add` checks amounts and units as the API does.
@Suite struct GroceryCommandTests {
  @Test func amountsAndUnitsAreChecked() throws {
    let data = try Fixtures.temporaryDirectory().path
    #expect(
      try CommandRunner.run(["profile", "create", "default", "--user-data", data]).status == 0)
    for (arguments, message) in [
      (["--quantity=-1"], "--quantity must be from 0 to 1000000"),
      (["--quantity", "inf"], "--quantity must be from 0 to 1000000"),
      (["--unit", "furlong"], "is not a unit Larder knows"),
    ] {
      let result = try CommandRunner.run(
        ["grocery", "add", "flour", "--user-data", data] + arguments)
      #expect(result.status != 0, "\(arguments)")
      #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
    }
    let added = try CommandRunner.run(
      ["grocery", "add", "sugar", "--quantity", "2", "--unit", "Tablespoons", "--user-data", data])
    #expect(added.status == 0)
    let list = try CommandRunner.run(["grocery", "list", "--json", "--user-data", data])
    #expect(list.stdout.contains("\"tbsp\""))
    #expect(!list.stdout.contains("flour"))
  }
}

/// The grocery flow through the CLI on the bundled corpus: staples skipped unless included,
/// typed text read like a recipe line, the list grouped by aisle with links to its recipes.
@Suite struct GroceryFlowCommandTests {
  let environment: [String: String]

  init() throws {
    let dir = try Fixtures.temporaryDirectory()
    environment = Fixtures.isolatedEnvironment(in: dir)
  }

  func run(_ arguments: [String]) throws -> CommandRunner.Outcome {
    let outcome = try CommandRunner.run(arguments, environment: environment)
    #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
    return outcome
  }

  func json(_ arguments: [String]) throws -> [String: Any] {
    try #require(
      try JSONSerialization.jsonObject(with: Data(try run(arguments + ["--json"]).stdout.utf8))
        as? [String: Any])
  }

  func names() throws -> [String] {
    (try json(["grocery", "list"])["items"] as? [[String: Any]] ?? []).compactMap {
      $0["name"] as? String
    }
  }

  @Test func staplesTypedTextAndAisles() throws {
    _ = try run(["profile", "create", "default"])
    #expect(
      try run(["grocery"]).stdout.contains("The grocery list is empty"),
      "an empty list says so")
    // A recipe with salt and water.
    let found = try json(["find", "--with", "salt", "--with", "water", "--exact", "--limit", "1"])
    let hit = try #require((found["recipes"] as? [[String: Any]])?.first)
    let id = try #require(hit["id"] as? String)
    let title = try #require(hit["title"] as? String)

    _ = try run(["grocery", "add-recipe", id, "--all"])
    let skipped = try names()
    #expect(!skipped.isEmpty && !skipped.contains("salt") && !skipped.contains("water"))
    _ = try run(["grocery", "add-recipe", id, "--all", "--staples", "include"])
    let included = try names()
    #expect(included.contains("salt") && included.contains("water"), "\(included)")
    let refused = try CommandRunner.run(
      ["grocery", "add-recipe", id, "--staples", "maybe"], environment: environment)
    #expect(refused.status != 0)
    #expect(refused.stderr.contains("skip") && refused.stderr.contains("include"))

    _ = try run(["grocery", "clear", "--all"])
    #expect(try run(["grocery", "add", "2 cups flour"]).stdout.contains("Added flour (2 cups)."))
    _ = try run(["grocery", "add", "3 carrots"])
    _ = try run(["grocery", "add-recipe", id, "--all"])
    let list = try json(["grocery", "list"])
    let items = try #require(list["items"] as? [[String: Any]])
    let carrot = try #require(items.first { $0["name"] as? String == "carrot" })
    #expect((carrot["amounts"] as? [[String: Any]])?.first?["quantity"] as? Double ?? 0 >= 3)
    let linked = try #require(items.first { ($0["recipeIds"] as? [String]) == [id] })
    #expect((linked["recipes"] as? [[String: Any]])?.first?["title"] as? String == title)

    // The text listing: one heading per aisle, in the order of the JSON's `aisles`.
    let text = try run(["grocery", "list"]).stdout
    let headings = text.split(separator: "\n").filter { !$0.hasPrefix(" ") && $0.hasSuffix(":") }
    let aisles = (list["aisles"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    #expect(headings.map { String($0.dropLast()) } == aisles)
    #expect(aisles.first == "Vegetables", "\(aisles)")
    #expect(text.contains("(for \(title))"))
  }
}
