import Foundation
import LarderCore
import LarderStore
import Testing

/// The family rule over HTTP: a pantry item covers its family in `POST /v1/pantry/match` and in
/// the grocery list's "add missing", and says so; `match: exact` turns it off.
@Suite struct PantryFamilyRouteTests {
  @Test func aPantryItemCoversItsFamilyInMatchAndGrocery() async throws {
    let server = try await LiveServer.start()
    func match(_ mode: String) async throws -> [[String: Any]] {
      let reply = try await server.send(
        "POST", "/v1/pantry/match",
        json: ["have": ["milk"], "must": ["whole milk"], "staples": false, "match": mode])
      #expect(reply.status == 200)
      return try #require(reply.json["recipes"] as? [[String: Any]])
    }
    let family = try await match("family")
    let hit = try #require(family.first)
    #expect((hit["used"] as? [String])?.contains("whole milk") == true)
    let notes = (hit["familyMatches"] as? [[String: Any]] ?? []).compactMap {
      $0["note"] as? String
    }
    #expect(notes.contains("whole milk: you have milk"))
    for exactHit in try await match("exact") {
      #expect((exactHit["missing"] as? [String])?.contains("whole milk") == true)
      #expect((exactHit["familyMatches"] as? [Any])?.isEmpty == true)
    }
    #expect(
      try await server.send(
        "POST", "/v1/pantry/match", json: ["have": ["milk"], "match": "loose"]
      ).status == 400)

    let recipeID = try #require(hit["id"] as? String)
    #expect(
      try await server.send("POST", "/v1/me/pantry", json: ["names": ["milk"]], token: server.token)
        .status == 200)
    func groceryNames(_ mode: String) async throws -> [String] {
      _ = try await server.send("DELETE", "/v1/me/grocery?scope=all", token: server.token)
      let reply = try await server.send(
        "POST", "/v1/me/grocery", json: ["recipeId": recipeID, "match": mode], token: server.token)
      #expect(reply.status == 201)
      return (reply.json["items"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }
    #expect(try await groceryNames("family").contains("whole milk") == false)
    #expect(try await groceryNames("exact").contains("whole milk") == true)
  }

  /// The recipe page's per-line coverage agrees with the match: with milk in the pantry, a
  /// "whole milk" line is covered and says by what; other lines are not; unknown ids are 404.
  @Test func coverageOfARecipeFollowsTheFamilyRule() async throws {
    let server = try await LiveServer.start()
    let match = try await server.send(
      "POST", "/v1/pantry/match",
      json: ["have": ["milk"], "must": ["whole milk"], "staples": false])
    let hit = try #require((match.json["recipes"] as? [[String: Any]])?.first)
    let recipeID = try #require(hit["id"] as? String)
    func lines() async throws -> [[String: Any]] {
      let reply = try await server.get("/v1/me/pantry/coverage/\(recipeID)", token: server.token)
      #expect(reply.status == 200)
      #expect(reply.json["recipeId"] as? String == recipeID)
      return try #require(reply.json["lines"] as? [[String: Any]])
    }
    let before = try await lines()
    #expect(!before.isEmpty)
    #expect(before.allSatisfy { $0["covered"] as? Bool == false && $0["note"] == nil })
    _ = try await server.send(
      "POST", "/v1/me/pantry", json: ["names": ["milk"]], token: server.token)
    let after = try await lines()
    let wholeMilk = try #require(after.first { $0["name"] as? String == "whole milk" })
    #expect(wholeMilk["covered"] as? Bool == true)
    #expect(wholeMilk["have"] as? String == "milk")
    #expect(wholeMilk["note"] as? String == "whole milk: you have milk")
    let uncovered = after.filter { $0["covered"] as? Bool == false }.compactMap {
      $0["name"] as? String
    }
    let missing = (hit["missing"] as? [String] ?? [])
    #expect(Set(uncovered) == Set(missing), "the same lines the match calls missing")
    #expect(after.map { $0["position"] as? Int } == Array(0..<after.count))
    #expect(
      try await server.get("/v1/me/pantry/coverage/no-such-recipe", token: server.token).status
        == 404)
    #expect(try await server.get("/v1/me/pantry/coverage/\(recipeID)").status == 401)
  }

  /// "Recipes with milk" is one set whether all-of or the pantry asks, in each mode.
  @Test func allOfAndPantryCountTheSameRecipes() async throws {
    let server = try await LiveServer.start()
    var counts: [String: Int] = [:]
    for mode in ["family", "exact"] {
      let allOf = try await server.get("/v1/recipes?with=milk&match=\(mode)")
      #expect(allOf.status == 200)
      let pantry = try await server.send(
        "POST", "/v1/pantry/match", json: ["have": ["milk"], "staples": false, "match": mode])
      #expect(pantry.status == 200)
      let count = try #require(allOf.json["count"] as? Int)
      #expect(pantry.json["count"] as? Int == count, "\(mode)")
      counts[mode] = count
    }
    // The bundled corpus has whole milk lines, so the family is larger than milk alone.
    #expect(counts["family", default: 0] > counts["exact", default: 0])
    #expect(try await server.get("/v1/recipes?with=milk&match=loose").status == 400)
  }

  /// The bodies' `match` is documented with the core's spellings (and null, meaning absent).
  @Test func bodyMatchEnumsAreTheCoreSpellings() async throws {
    let server = try await LiveServer.start()
    let document = try await server.get("/openapi.json").json
    let schemas = try #require(
      (document["components"] as? [String: Any])?["schemas"] as? [String: [String: Any]])
    for schema in ["PantryMatchRequest", "GroceryAddRecipe"] {
      let match = (schemas[schema]?["properties"] as? [String: Any])?["match"] as? [String: Any]
      let spellings = (match?["enum"] as? [Any] ?? []).compactMap { $0 as? String }
      #expect(spellings == IngredientMatching.tokens, "\(schema)")
    }
  }
}
