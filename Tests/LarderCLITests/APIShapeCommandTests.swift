import Foundation
import LarderTestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One API shape: `larder COMMAND --json` prints the body `larder serve` answers for the same
/// query, over the same default index and user-state file (a real server on loopback).
@Suite struct APIShapeCommandTests {
  /// A `larder serve` on a free loopback port with its own cache and data folders.
  final class Served {
    let environment: [String: String]
    let started: CommandRunner.Started
    let url: String
    let token: String

    init() throws {
      let dir = try Fixtures.temporaryDirectory()
      environment = Fixtures.isolatedEnvironment(in: dir)
      started = try CommandRunner.start(["serve", "--port", "0"], environment: environment)
      var text = ""
      let deadline = Date().addingTimeInterval(120)
      // A fresh data folder: the server prints its URL, then the new profile's token line.
      while Date() < deadline, text.firstMatch(of: /keep it\): lt_[A-Za-z0-9_-]+\n/) == nil {
        let data = started.output.fileHandleForReading.availableData
        if data.isEmpty { break }
        text += String(decoding: data, as: UTF8.self)
      }
      url = String(try #require(text.firstMatch(of: /http:\/\/127\.0\.0\.1:[0-9]+/)).output)
      token = String(try #require(text.firstMatch(of: /keep it\): (lt_[A-Za-z0-9_-]+)/)).output.1)
    }

    deinit {
      started.process.terminate()
      started.process.waitUntilExit()
    }

    /// The parsed body of `method path` (with `body` as JSON), with the profile's token.
    func http(_ method: String, _ path: String, body: Any? = nil) async throws -> NSObject {
      var request = URLRequest(url: URL(string: url + path)!)
      request.httpMethod = method
      request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
      if let body {
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
      }
      let (data, response) = try await URLSession.shared.data(for: request)
      let status = (response as? HTTPURLResponse)?.statusCode ?? 0
      #expect((200..<300).contains(status), "\(method) \(path): \(status)")
      return try #require(try JSONSerialization.jsonObject(with: data) as? NSObject)
    }

    /// The parsed standard output of `larder arguments... --json`.
    func cli(_ arguments: [String]) throws -> NSObject {
      let outcome = try CommandRunner.run(arguments + ["--json"], environment: environment)
      #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
      return try #require(
        try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? NSObject)
    }
  }

  /// Whether `cli` and `http` are the same JSON value; says where they differ first.
  func expectSame(
    _ cli: NSObject, _ http: NSObject, _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(
      cli.isEqual(http),
      "\(what): CLI \(String(describing: cli).prefix(600)) HTTP \(String(describing: http).prefix(600))",
      sourceLocation: sourceLocation)
  }

  @Test func cliJSONIsTheHTTPBody() async throws {
    let served = try Served()
    let id = "a-beef-rendang"
    let pairs: [([String], String)] = [
      (["show", id], "/v1/recipes/\(id)"),
      (["show", id, "--servings", "4"], "/v1/recipes/\(id)?servings=4"),
      (["search", "lamb stew", "--limit", "5"], "/v1/search?q=lamb%20stew&limit=5"),
      (
        ["search", "chicken", "--category", "Chicken", "--max-minutes", "60", "--limit", "3"],
        "/v1/search?q=chicken&category=Chicken&maxMinutes=60&limit=3"
      ),
      (
        ["search", "chicken", "--diet", "dairy-free", "--max-minutes", "60", "--limit", "5"],
        "/v1/search?q=chicken&diet=dairy-free&maxMinutes=60&limit=5"
      ),
      (["categories"], "/v1/categories"),
      (["categories", "Beef", "--limit", "4"], "/v1/categories/Beef/recipes?limit=4"),
      (["areas"], "/v1/areas"),
      (["areas", "Italian", "--limit", "4"], "/v1/areas/Italian/recipes?limit=4"),
      (["suggest", "red o"], "/v1/suggest?q=red%20o"),
      (
        ["suggest", "chick", "--kind", "all", "--limit", "12"],
        "/v1/suggest?q=chick&kind=all&limit=12"
      ),
      (["suggest", "beef", "--kind", "recipe"], "/v1/suggest?q=beef&kind=recipe"),
      (
        ["find", "--with", "garlic", "--with", "lemon", "--limit", "5"],
        "/v1/recipes?with=garlic&with=lemon&limit=5"
      ),
      (
        [
          "find", "--with", "onion", "--diet", "vegetarian", "--sort", "time", "--exact", "--limit",
          "3",
        ],
        "/v1/recipes?with=onion&diet=vegetarian&sort=time&match=exact&limit=3"
      ),
      (["random", "--count", "3", "--seed", "7"], "/v1/random?count=3&seed=7"),
    ]
    for (arguments, path) in pairs {
      expectSame(try served.cli(arguments), try await served.http("GET", path), "\(arguments)")
    }
    expectSame(
      try served.cli(
        [
          "pantry", "--have", "egg", "--have", "flour", "--have", "milk", "--max-missing", "2",
          "--limit", "5",
        ]),
      try await served.http(
        "POST", "/v1/pantry/match",
        body: ["have": ["egg", "flour", "milk"], "maxMissing": 2, "limit": 5]),
      "pantry match")
  }

  /// Favorites, grocery list and pantry: the CLI's `--json` and the server's body for the same
  /// stored state, written through both faces (two processes on one user-state file), so each
  /// face also reads what the other wrote.
  @Test func userStateCLIJSONIsTheHTTPBody() async throws {
    let served = try Served()
    func compareAll(_ when: String) async throws {
      expectSame(
        try served.cli(["favorites"]), try await served.http("GET", "/v1/me/favorites"),
        "favorites \(when)")
      expectSame(
        try served.cli(["grocery"]), try await served.http("GET", "/v1/me/grocery"),
        "grocery \(when)")
      expectSame(
        try served.cli(["pantry", "list"]), try await served.http("GET", "/v1/me/pantry"),
        "pantry \(when)")
    }
    try await compareAll("when empty")

    // Written by the server, read by both.
    _ = try await served.http("POST", "/v1/me/favorites", body: ["recipeId": "a-beef-rendang"])
    _ = try await served.http("POST", "/v1/me/pantry", body: ["names": ["egg", "whole milk"]])
    _ = try await served.http(
      "POST", "/v1/me/grocery", body: ["recipeId": "a-beef-rendang", "staples": "include"])
    _ = try await served.http("POST", "/v1/me/grocery", body: ["items": [["name": "2 cups flour"]]])
    let favorites = try await served.http("GET", "/v1/me/favorites")
    let card = try #require(((favorites as? NSDictionary)?["favorites"] as? [NSDictionary])?.first)
    #expect(card["recipeId"] as? String == "a-beef-rendang")
    #expect(card["category"] as? String == "Beef")
    #expect(card["available"] as? Bool == true)
    let pantry = try #require(
      (try served.cli(["pantry", "list"]) as? NSDictionary)?["pantry"] as? [String])
    #expect(pantry.contains("egg") && pantry.contains("whole milk"), "CLI sees \(pantry)")
    try await compareAll("after server writes")

    // Written by the CLI, read by both (the server's read connection sees another process's
    // commits).
    for arguments in [
      ["favorites", "add", "a-chicken-adobo"], ["pantry", "add", "lemon"],
      ["grocery", "add", "3 lemons"], ["grocery", "check", "1"],
    ] {
      let outcome = try CommandRunner.run(arguments, environment: served.environment)
      #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
    }
    let after = try await served.http("GET", "/v1/me/pantry")
    #expect(((after as? NSDictionary)?["pantry"] as? [String])?.contains("lemon") == true)
    try await compareAll("after CLI writes")
  }
}
