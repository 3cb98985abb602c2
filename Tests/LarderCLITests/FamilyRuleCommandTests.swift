import Foundation
import LarderTestSupport
import Testing

/// The family rule through the CLI on the bundled corpus and vocabulary: `find`, `pantry` and
/// `grocery add-recipe` agree in family mode and with `--exact` (Data/README.md, "The family
/// rule").
@Suite struct FamilyRuleCommandTests {
  let environment: [String: String]

  init() throws {
    let dir = try Fixtures.temporaryDirectory()
    environment = Fixtures.isolatedEnvironment(in: dir)
  }

  func json(_ arguments: [String]) throws -> [String: Any] {
    let outcome = try CommandRunner.run(arguments + ["--json"], environment: environment)
    #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
  }

  /// "Recipes with a tin of chopped tomatoes that a pantry holding tomato can use" is the same
  /// set as `find --with tomato --with "canned chopped tomato"`, in each mode.
  @Test func pantryAndFindCountTheSameRecipes() throws {
    for mode in [[], ["--exact"]] {
      let found = try json(["find", "--with", "tomato", "--with", "canned chopped tomato"] + mode)
      let pantry = try json(
        ["pantry", "--have", "tomato", "--must", "canned chopped tomato", "--no-staples"] + mode)
      let count = try #require(found["count"] as? Int)
      #expect(pantry["count"] as? Int == count, "\(mode)")
      if mode.isEmpty {
        #expect(count > 0)
        let hit = try #require((pantry["recipes"] as? [[String: Any]])?.first)
        let notes = (hit["familyMatches"] as? [[String: Any]] ?? []).compactMap {
          $0["note"] as? String
        }
        #expect(notes.contains("canned chopped tomato: you have tomato"), "\(hit)")
      }
    }
  }

  @Test func theMatchSaysWhichItemCoversALine() throws {
    let arguments = ["pantry", "--have", "milk", "--must", "whole milk", "--no-staples"]
    let family = try CommandRunner.run(arguments, environment: environment)
    #expect(family.status == 0, "\(family.stderr)")
    #expect(family.stdout.contains("whole milk: you have milk"), "\(family.stdout)")
    let exact = try CommandRunner.run(arguments + ["--exact"], environment: environment)
    #expect(exact.status == 0, "\(exact.stderr)")
    #expect(!exact.stdout.contains("you have milk"), "\(exact.stdout)")
  }

  @Test func addMissingLeavesOffWhatThePantryCoversUnlessExact() throws {
    let found = try json(["find", "--with", "whole milk", "--limit", "1"])
    let recipe = try #require((found["recipes"] as? [[String: Any]])?.first?["id"] as? String)
    for command in [["profile", "create", "sam"], ["pantry", "add", "milk", "--profile", "sam"]] {
      let outcome = try CommandRunner.run(command, environment: environment)
      #expect(outcome.status == 0, "\(command): \(outcome.stderr)")
    }
    func groceryNames(_ mode: [String]) throws -> [String] {
      let cleared = try CommandRunner.run(
        ["grocery", "clear", "--all", "--profile", "sam"], environment: environment)
      #expect(cleared.status == 0, "\(cleared.stderr)")
      let added = try CommandRunner.run(
        ["grocery", "add-recipe", recipe, "--profile", "sam"] + mode, environment: environment)
      #expect(added.status == 0, "\(added.stderr)")
      let list = try json(["grocery", "list", "--profile", "sam"])
      return (list["items"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }
    #expect(try groceryNames([]).contains("whole milk") == false)
    #expect(try groceryNames(["--exact"]).contains("whole milk"))
  }
}
