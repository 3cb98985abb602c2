import Foundation
import LarderStore
import Testing

/// The `/v1/me` routes against a real server: tokens, isolation, favorites, grocery, pantry.
@Suite struct UserRouteTests {
  @Test func tokensAreRequiredAndChecked() async throws {
    let server = try await LiveServer.start()
    #expect(try await server.get("/v1/me/favorites").status == 401)
    #expect(try await server.get("/v1/me/favorites", token: "lt_wrong").status == 401)
    #expect(
      try await server.get("/v1/me/favorites", headers: ["Authorization": "Basic abc"]).status
        == 401)
    #expect(
      try await server.get("/v1/me", token: server.token).json["profile"] as? [String: String] == [
        "name": "alice"
      ])
    try await server.users.write { _ = try $0.revokeProfile(name: "alice") }
    #expect(try await server.get("/v1/me", token: server.token).status == 401)
  }

  @Test func profilesNeverSeeEachOthersData() async throws {
    let server = try await LiveServer.start()
    let bob = try await server.users.write { try $0.createProfile(name: "bob").token }
    #expect(
      try await server.send(
        "POST", "/v1/me/favorites", json: ["recipeId": "a-beef-rendang"], token: server.token
      ).status == 201)
    #expect(
      try await server.send("POST", "/v1/me/pantry", json: ["names": ["eggs"]], token: server.token)
        .status == 200)
    let bobs = try await server.get("/v1/me/favorites", token: bob)
    #expect((bobs.json["favorites"] as? [Any])?.isEmpty == true)
    #expect((try await server.get("/v1/me/pantry", token: bob).json["pantry"] as? [String]) == [])
    let alices = try await server.get("/v1/me/pantry", token: server.token)
    #expect(alices.json["pantry"] as? [String] == ["egg"])
  }

  @Test func favoritesLifecycle() async throws {
    let server = try await LiveServer.start()
    let added = try await server.send(
      "POST", "/v1/me/favorites", json: ["recipeId": "a-beef-rendang"], token: server.token)
    #expect(added.status == 201)
    #expect(
      try await server.send(
        "POST", "/v1/me/favorites", json: ["recipeId": "nope"], token: server.token
      ).status == 422)
    #expect(
      try await server.send("POST", "/v1/me/favorites", json: ["id": "x"], token: server.token)
        .status == 400)
    let list = try await server.get("/v1/me/favorites", token: server.token)
    let favorites = try #require(list.json["favorites"] as? [[String: Any]])
    #expect(favorites.count == 1)
    #expect(favorites[0]["title"] as? String == "Beef Rendang")
    #expect(favorites[0]["available"] as? Bool == true)
    // What a recipe card shows: the same fields the recipe's own summary has.
    let detail = try #require(
      try await server.get("/v1/recipes/a-beef-rendang").json["recipe"] as? [String: Any])
    for key in ["category", "area", "minutes"] {
      #expect("\(favorites[0][key] ?? "absent")" == "\(detail[key] ?? "absent")", "\(key)")
    }
    #expect(favorites[0]["category"] as? String == "Beef")
    #expect(favorites[0].keys.contains("image"))
    #expect(
      try await server.send("DELETE", "/v1/me/favorites/a-beef-rendang", token: server.token).status
        == 204)
    #expect(
      try await server.send("DELETE", "/v1/me/favorites/a-beef-rendang", token: server.token).status
        == 404)
  }

  @Test func groceryMergesAcrossRecipes() async throws {
    let server = try await LiveServer.start()
    let items: [[String: Any]] = [
      ["name": "flour", "quantity": 200, "unit": "g"],
      ["name": "flour", "quantity": 1, "unit": "kg"],
      ["name": "flour", "quantity": 2, "unit": "cup"],
      ["name": "milk", "quantity": 1, "unit": "cup"],
      ["name": "milk", "quantity": 2, "unit": "tbsp"],
    ]
    let reply = try await server.send(
      "POST", "/v1/me/grocery", json: ["items": items], token: server.token)
    #expect(reply.status == 201)
    let entries = try #require(reply.json["items"] as? [[String: Any]])
    #expect(entries.map { $0["name"] as? String } == ["flour", "milk"])
    let flour = try #require(entries[0]["amounts"] as? [[String: Any]])
    #expect(flour.count == 2)  // mass and volume do not convert into each other
    #expect(flour[0]["unit"] as? String == "kg")
    #expect(abs((flour[0]["quantity"] as? Double ?? 0) - 1.2) < 1e-9)
    let milk = try #require(entries[1]["amounts"] as? [[String: Any]])
    #expect(milk.count == 1)
    #expect(abs((milk[0]["quantity"] as? Double ?? 0) - 1.125) < 1e-6)
    let ids = try #require(entries[0]["itemIds"] as? [Int])
    let checked = try await server.send(
      "PATCH", "/v1/me/grocery", json: ["ids": ids, "checked": true], token: server.token)
    #expect((checked.json["items"] as? [[String: Any]])?.first?["checked"] as? Bool == true)
    #expect(
      try await server.send("DELETE", "/v1/me/grocery?scope=checked", token: server.token).status
        == 204)
    let left = try await server.get("/v1/me/grocery", token: server.token)
    #expect((left.json["items"] as? [[String: Any]])?.map { $0["name"] as? String } == ["milk"])
    let recipe = try await server.send(
      "POST", "/v1/me/grocery", json: ["recipeId": "a-beef-rendang", "only": "missing"],
      token: server.token)
    let firstAdd = try #require(recipe.json["items"] as? [[String: Any]])
    #expect(firstAdd.count > 5)
    // Adding the same recipe again does not double anything: its rows are replaced.
    let again = try await server.send(
      "POST", "/v1/me/grocery", json: ["recipeId": "a-beef-rendang"], token: server.token)
    let secondAdd = try #require(again.json["items"] as? [[String: Any]])
    #expect(secondAdd.count == firstAdd.count)
    func amounts(_ items: [[String: Any]]) -> [String] {
      items.map {
        "\($0["name"] ?? "") \(($0["amounts"] as? [[String: Any]])?.map { "\($0["display"] ?? "")" } ?? [])"
      }
    }
    #expect(amounts(secondAdd) == amounts(firstAdd))
    #expect(
      try await server.send(
        "POST", "/v1/me/grocery", json: ["recipeId": "a-beef-rendang", "only": "some"],
        token: server.token
      ).errorCode == "invalid_body")
    #expect(
      try await server.send("DELETE", "/v1/me/grocery/999999", token: server.token).status == 404)
  }

  @Test func atHomeEarnsOnePointPerRecipeAndIngredient() async throws {
    let server = try await LiveServer.start()
    let body = ["recipeId": "a-beef-rendang", "ingredient": "garlic"]
    let first = try await server.send(
      "POST", "/v1/me/pantry/at-home", json: body, token: server.token)
    #expect(first.json["pointEarned"] as? Bool == true)
    #expect(first.json["points"] as? Int == 1)
    #expect((first.json["pantry"] as? [String])?.contains("garlic") == true)
    let again = try await server.send(
      "POST", "/v1/me/pantry/at-home", json: body, token: server.token)
    #expect(again.json["pointEarned"] as? Bool == false)
    #expect(again.json["points"] as? Int == 1)
    let other = ["recipeId": "a-beef-rendang", "ingredient": "chocolate"]
    #expect(
      try await server.send("POST", "/v1/me/pantry/at-home", json: other, token: server.token)
        .status == 422)
    #expect(try await server.get("/v1/me/points", token: server.token).json["points"] as? Int == 1)
    let match = try await server.send(
      "POST", "/v1/pantry/match", json: ["limit": 3], token: server.token)
    #expect(match.status == 200)  // `have` omitted: the profile's pantry is used
  }

  @Test func reloadSwapsToARebuiltIndexAndKeepsUserData() async throws {
    let server = try await LiveServer.start()
    #expect(
      try await server.send(
        "POST", "/v1/me/favorites", json: ["recipeId": "a-beef-rendang"], token: server.token
      ).status == 201)
    // Rebuild the served file from a one-recipe corpus, then reload.
    let corpus = try temporaryCorpus(
      "{\"id\":\"only\",\"title\":\"Only Recipe\",\"ingredients\":[\"salt\"]}\n")
    _ = try LarderStore.IndexBuild(vocabulary: try .bundled()).run(
      paths: [corpus], destination: server.indexURL)
    let reload = try await server.send(
      "POST", "/v1/admin/reload", body: nil, token: server.adminToken)
    #expect(reload.status == 200)
    #expect(try await server.get("/healthz").json["recipes"] as? Int == 1)
    let favorites =
      try await server.get("/v1/me/favorites", token: server.token).json["favorites"]
      as? [[String: Any]]
    #expect(favorites?.first?["recipeId"] as? String == "a-beef-rendang")
    #expect(favorites?.first?["available"] as? Bool == false)
  }
}

/// Writes `text` to a temporary corpus file and returns its path.
func temporaryCorpus(_ text: String) throws -> String {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(
    "larder-\(UUID().uuidString).jsonl")
  try Data(text.utf8).write(to: url)
  return url.path
}
