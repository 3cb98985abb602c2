import Foundation
import LarderTestSupport
import Testing

/// What the CLI says: a usage error prints the subcommand's own usage, a domain error (an
/// unknown ingredient, recipe, category or profile) only its message; an empty list says so;
/// a listing's first line says the query as understood.
@Suite struct CommandMessageTests {
  let environment: [String: String]

  init() throws {
    let dir = try Fixtures.temporaryDirectory()
    environment = Fixtures.isolatedEnvironment(in: dir)
  }

  func run(_ arguments: [String]) throws -> CommandRunner.Outcome {
    try CommandRunner.run(arguments, environment: environment)
  }

  @Test func usageErrorsPrintTheSubcommandsUsage() throws {
    for (arguments, usage) in [
      (["find"], "Usage: larder find "),
      (["find", "--with", "garlic", "--diet", "carnivore"], "Usage: larder find "),
      (["find", "--with", "garlic", "--cursor", "nonsense"], "Usage: larder find "),
      (["pantry", "match"], "Usage: larder pantry match "),
      (["pantry"], "Usage: larder pantry match "),
      (["search", "  "], "Usage: larder search "),
      (["grocery", "add", "flour", "--unit", "furlong"], "Usage: larder grocery add "),
      (["find", "--with", "garlic", "--limit", "0"], "Usage: larder find "),
    ] {
      let outcome = try run(arguments)
      #expect(outcome.status != 0, "\(arguments)")
      #expect(outcome.stderr.contains(usage), "\(arguments): \(outcome.stderr)")
      #expect(!outcome.stderr.contains("<subcommand>"), "\(arguments): \(outcome.stderr)")
    }
  }

  @Test func domainErrorsPrintNoUsage() throws {
    #expect(try run(["profile", "create", "default"]).status == 0)
    for (arguments, message) in [
      (["find", "--with", "garlic", "--with", "glorpberry"], "unknown ingredient \"glorpberry\""),
      (["pantry", "--have", "glorpberry"], "unknown ingredient \"glorpberry\""),
      (["show", "no-such-recipe"], "no recipe with id \"no-such-recipe\""),
      (["categories", "Nope"], "no category named \"Nope\""),
      (["areas", "Atlantis"], "no area named \"Atlantis\""),
      (["favorites", "--profile", "nobody"], "no live profile named \"nobody\""),
      (["favorites", "add", "no-such-recipe"], "no recipe with id \"no-such-recipe\""),
      (["pantry", "add", "glorpberry"], "unknown ingredient \"glorpberry\""),
      (["pantry", "remove", "saffron"], "\"saffron\" is not in the pantry"),
      (["grocery", "add-recipe", "no-such-recipe"], "no recipe with id \"no-such-recipe\""),
      (["pantry", "--profile", "default"], "the pantry of \"default\" is empty"),
      (["profile", "create", "default"], "exists"),
    ] {
      let outcome = try run(arguments)
      #expect(outcome.status == 1, "\(arguments)")
      #expect(outcome.stderr.contains("Error: "), "\(arguments): \(outcome.stderr)")
      #expect(outcome.stderr.contains(message), "\(arguments): \(outcome.stderr)")
      #expect(!outcome.stderr.contains("Usage:"), "\(arguments): \(outcome.stderr)")
    }
  }

  @Test func emptyListsSaySo() throws {
    #expect(try run(["profile", "list"]).stdout.contains("No profiles yet"))
    #expect(try run(["profile", "create", "default"]).status == 0)
    for (arguments, message) in [
      (["favorites"], "No favorites yet"),
      (["grocery"], "The grocery list is empty"),
      (["pantry", "list"], "The pantry is empty"),
      (["suggest", "zzqx"], "No suggestions for \"zzqx\"."),
      (["search", "zzqxv"], "No recipe matches \"zzqxv\"."),
      (["random", "--category", "NoSuchCategory"], "No recipes in NoSuchCategory."),
    ] {
      let outcome = try run(arguments)
      #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
      #expect(outcome.stdout.contains(message), "\(arguments): \(outcome.stdout)")
    }
  }

  /// The first line says the query as the engine understood it: names resolved and once each,
  /// every filter.
  @Test func headlinesDescribeTheRealQuery() throws {
    func headline(_ arguments: [String]) throws -> String {
      let outcome = try run(arguments)
      #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
      return String(outcome.stdout.split(separator: "\n").first ?? "")
    }
    let found = try headline([
      "find", "--with", "Garlic", "--with", "garlic", "--with", "spring onions", "--without",
      "double cream", "--max-minutes", "90", "--diet", "vegetarian",
    ])
    #expect(found.contains("garlic + green onion"), "\(found)")
    #expect(found.components(separatedBy: "garlic").count == 2, "garlic once: \(found)")
    #expect(
      found.contains("without double cream") || found.contains("without heavy cream"), "\(found)")
    #expect(found.contains("vegetarian") && found.contains("ready in 90 min"), "\(found)")
    #expect(!found.contains("spring onions"), "\(found)")

    let exact = try headline(["find", "--with", "milk", "--exact", "--category", "Dessert"])
    #expect(exact.contains("milk; in Dessert; (exact names"), "\(exact)")

    let searched = try headline([
      "search", "lamb stew", "--area", "British", "--max-minutes", "200",
    ])
    #expect(
      searched.contains("\"lamb stew\"; from British cooking; ready in 200 min"), "\(searched)")

    let pantry = try headline([
      "pantry", "--have", "Eggs", "--have", "flour", "--have", "egg", "--must", "spring onion",
      "--max-missing", "3", "--no-staples",
    ])
    #expect(pantry.contains("what you have: egg, flour;"), "\(pantry)")
    #expect(
      pantry.contains("using green onion") && pantry.contains("at most 3 missing"), "\(pantry)")
    #expect(pantry.contains("staples not counted as at hand"), "\(pantry)")

    let browsed = try headline(["categories", "Beef", "--limit", "2"])
    #expect(browsed.hasSuffix("recipe(s) in Beef."), "\(browsed)")
  }
}
