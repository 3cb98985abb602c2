import Foundation
import Testing

/// Every read-only route against a real server on loopback.
@Suite struct EngineRouteTests {
  @Test func suggestAnswersAsTyped() async throws {
    let server = try await LiveServer.start()
    let reply = try await server.get("/v1/suggest?q=gar&limit=5")
    #expect(reply.status == 200)
    let suggestions = try #require(reply.json["suggestions"] as? [[String: Any]])
    #expect(suggestions.count == 5)
    #expect(suggestions.first?["name"] as? String == "garlic")
    #expect(
      suggestions.allSatisfy {
        $0["kind"] as? String == "ingredient" && ($0["recipes"] as? Int ?? 0) > 0
      })
    let excluded = try await server.get("/v1/suggest?q=gar&exclude=garlic")
    let names = (excluded.json["suggestions"] as? [[String: Any]] ?? []).compactMap {
      $0["name"] as? String
    }
    #expect(!names.contains("garlic"))
    #expect(try await server.get("/v1/suggest?q=gar&limit=0").errorCode == "invalid_parameter")
    #expect(try await server.get("/v1/suggest?q=gar&kind=planet").status == 400)
    let long = String(repeating: "a", count: 201)
    #expect(try await server.get("/v1/suggest?q=\(long)").errorCode == "too_long")
  }

  @Test func allOfPagesAndExplainsMatches() async throws {
    let server = try await LiveServer.start()
    let first = try await server.get("/v1/recipes?with=garlic&with=lemon&limit=5")
    #expect(first.status == 200)
    let count = try #require(first.json["count"] as? Int)
    #expect(count > 5)
    let recipes = try #require(first.json["recipes"] as? [[String: Any]])
    #expect(recipes.count == 5)
    for recipe in recipes {
      let matches = try #require(recipe["matches"] as? [[String: Any]])
      #expect(matches.map { $0["ingredient"] as? String } == ["garlic", "lemon"])
      #expect(matches.allSatisfy { !(($0["lines"] as? [Any]) ?? []).isEmpty })
      for key in ["id", "title", "category", "area", "minutes", "image"] {
        #expect(recipe.keys.contains(key))
      }
    }
    var seen = Set(recipes.compactMap { $0["id"] as? String })
    var next = first.json["next"] as? String
    while let cursor = next {
      let page = try await server.get("/v1/recipes?with=garlic&with=lemon&limit=5&cursor=\(cursor)")
      #expect(page.status == 200)
      for recipe in page.json["recipes"] as? [[String: Any]] ?? [] {
        seen.insert(recipe["id"] as! String)
      }
      next = page.json["next"] as? String
    }
    #expect(seen.count == count)
  }

  @Test func allOfErrorsAndRelaxation() async throws {
    let server = try await LiveServer.start()
    let unknown = try await server.get("/v1/recipes?with=garlic&with=garlick")
    #expect(unknown.status == 422)
    #expect(unknown.errorCode == "unknown_ingredient")
    #expect(try await server.get("/v1/recipes").errorCode == "no_ingredients")
    let eleven = (0..<11).map { "with=i\($0)" }.joined(separator: "&")
    #expect(try await server.get("/v1/recipes?\(eleven)").status == 400)
    let thousand = (0..<1000).map { "with=garlic\($0)" }.joined(separator: "&")
    #expect(try await server.get("/v1/recipes?\(thousand)").status == 400)
    #expect(
      try await server.get("/v1/recipes?with=garlic&cursor=zzz").errorCode == "invalid_cursor")
    #expect(try await server.get("/v1/recipes?with=garlic&limit=101").status == 400)
    let none = try await server.get("/v1/recipes?with=garlic&with=lemon&with=chocolate&with=lamb")
    #expect(none.status == 200)
    #expect(none.json["count"] as? Int == 0)
    let relaxation = try #require(none.json["relaxation"] as? [String: Any])
    #expect((relaxation["count"] as? Int ?? 0) > 0)
    #expect((relaxation["with"] as? [String])?.count == 3)
  }

  @Test func searchAndHostileText() async throws {
    let server = try await LiveServer.start()
    let found = try await server.get("/v1/search?q=lamb%20stew")
    #expect(found.status == 200)
    #expect((found.json["count"] as? Int ?? 0) > 0)
    let empty = try await server.get("/v1/search?q=%20%20")
    #expect(empty.status == 400)
    #expect(
      (empty.json["error"] as? [String: Any])?["message"] as? String == "Type a word to search for."
    )
    let hostile = [
      "%22", "lamb%22%20OR%20%22", "NEAR(lamb", "title%3Alamb", "lamb*%5E", "((((", "%FF%FE",
      "%E2%28%A1",
      String(repeating: "x", count: 5000),
    ]
    for text in hostile {
      let reply = try await server.get("/v1/search?q=\(text)")
      #expect([200, 400].contains(reply.status), "q=\(text.prefix(40)) gave \(reply.status)")
      let suggest = try await server.get("/v1/suggest?q=\(text)")
      #expect([200, 400].contains(suggest.status))
      let allOf = try await server.get("/v1/recipes?with=\(text)")
      #expect([200, 400, 422].contains(allOf.status))
    }
  }

  @Test func detailBrowseAndRandom() async throws {
    let server = try await LiveServer.start()
    let detail = try await server.get("/v1/recipes/a-beef-rendang")
    #expect(detail.status == 200)
    let recipe = try #require(detail.json["recipe"] as? [String: Any])
    #expect(recipe["title"] as? String == "Beef Rendang")
    let steps = try #require(recipe["steps"] as? [[String: Any]])
    #expect(steps.contains { !(($0["ingredients"] as? [Int]) ?? []).isEmpty })
    let diets = try #require(recipe["diets"] as? [String: String])
    #expect(diets["vegan"] == "no")
    #expect(try await server.get("/v1/recipes/no-such-recipe").errorCode == "recipe_not_found")

    let categories = try #require(
      try await server.get("/v1/categories").json["categories"] as? [[String: Any]])
    #expect(categories.count == 14)
    let beef = try await server.get("/v1/categories/Beef/recipes?limit=100")
    let titles = (beef.json["recipes"] as? [[String: Any]] ?? []).compactMap {
      $0["title"] as? String
    }
    #expect(titles.count == beef.json["count"] as? Int)
    #expect(titles == titles.sorted { $0.lowercased() < $1.lowercased() } || titles.count > 1)
    #expect(try await server.get("/v1/categories/Nope/recipes").errorCode == "category_not_found")
    let areas = try #require(try await server.get("/v1/areas").json["areas"] as? [[String: Any]])
    #expect(areas.count >= 25)
    #expect(try await server.get("/v1/areas/Greek/recipes").status == 200)

    let random = try await server.get("/v1/random?count=20&seed=7")
    #expect((random.json["recipes"] as? [Any])?.count == 20)
    let again = try await server.get("/v1/random?count=20&seed=7")
    #expect(random.body == again.body)
    #expect(try await server.get("/v1/random?count=0").status == 400)
  }

  @Test func pantryMatchAndBodyLimits() async throws {
    let server = try await LiveServer.start()
    let reply = try await server.send(
      "POST", "/v1/pantry/match",
      json: ["have": ["egg", "flour", "milk", "butter", "sugar"], "limit": 5])
    #expect(reply.status == 200)
    let recipes = try #require(reply.json["recipes"] as? [[String: Any]])
    #expect(recipes.count == 5)
    let missing = recipes.map { ($0["missing"] as? [String] ?? []).count }
    #expect(missing == missing.sorted())
    #expect(reply.json["buyOneThing"] is [Any])
    #expect(
      try await server.send("POST", "/v1/pantry/match", body: Data("{not json".utf8)).errorCode
        == "invalid_json")
    #expect(try await server.send("POST", "/v1/pantry/match", json: ["have": "egg"]).status == 400)
    #expect(try await server.send("POST", "/v1/pantry/match", json: ["limit": 5]).status == 400)
    let tooMany = (0..<201).map { "item\($0)" }
    #expect(
      try await server.send("POST", "/v1/pantry/match", json: ["have": tooMany]).status == 400)
    let huge = Data(("{\"have\": [\"" + String(repeating: "a", count: 70_000) + "\"]}").utf8)
    #expect(try await server.send("POST", "/v1/pantry/match", body: huge).status == 413)
  }

  @Test func unknownRoutesAndMethodsAreJSON() async throws {
    let server = try await LiveServer.start()
    let missing = try await server.get("/v2/nothing")
    #expect(missing.status == 404)
    #expect(missing.errorCode == "not_found")
    let wrongMethod = try await server.send("DELETE", "/v1/categories")
    #expect(wrongMethod.status == 405)
    #expect(wrongMethod.headers["allow"] == "GET, HEAD")
  }

  @Test func pageOpenAPIAndHealth() async throws {
    let server = try await LiveServer.start()
    let page = try await server.get("/")
    #expect(page.status == 200)
    #expect(page.headers["content-type"]?.hasPrefix("text/html") == true)
    let etag = try #require(page.headers["etag"])
    #expect(try await server.get("/", headers: ["If-None-Match": etag]).status == 304)
    let openapi = try await server.get("/openapi.json")
    #expect(openapi.status == 200)
    #expect(openapi.json["openapi"] != nil)
    #expect(try await server.get("/healthz").json["recipes"] as? Int == 315)
  }

  @Test func corsAllowsConfiguredOriginOnly() async throws {
    let server = try await LiveServer.start(allowedOrigins: ["http://app.example"])
    let allowed = try await server.get("/v1/categories", headers: ["Origin": "http://app.example"])
    #expect(allowed.status == 200)
    #expect(allowed.headers["access-control-allow-origin"] == "http://app.example")
    let other = try await server.get("/v1/categories", headers: ["Origin": "http://evil.example"])
    #expect(other.status == 403)
    #expect(other.headers["access-control-allow-origin"] == nil)
  }
}
