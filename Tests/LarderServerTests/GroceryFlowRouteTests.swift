import Foundation
import LarderCore
import LarderStore
import Testing

/// The grocery list as a shopper uses it, over HTTP: a recipe's staples stay off unless asked
/// for, every entry links back to its recipes, typed text is read like a recipe line, and the
/// entries come grouped by aisle.
@Suite struct GroceryFlowRouteTests {
  /// The names on the list after `body` is posted to a cleared list.
  func namesAfterAdding(_ body: [String: Any], to server: LiveServer) async throws -> [String] {
    _ = try await server.send("DELETE", "/v1/me/grocery?scope=all", token: server.token)
    let reply = try await server.send("POST", "/v1/me/grocery", json: body, token: server.token)
    #expect(reply.status == 201, "\(body): \(reply.json)")
    return (reply.json["items"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
  }

  @Test func staplesAreSkippedUnlessIncluded() async throws {
    let server = try await LiveServer.start()
    // A recipe of the bundled corpus with salt and water among its lines.
    let found = try await server.get("/v1/recipes?with=salt&with=water&match=exact&limit=1")
    let hit = try #require((found.json["recipes"] as? [[String: Any]])?.first)
    let recipeID = try #require(hit["id"] as? String)
    let title = try #require(hit["title"] as? String)

    let skipped = try await namesAfterAdding(["recipeId": recipeID, "only": "all"], to: server)
    #expect(!skipped.isEmpty)
    #expect(!skipped.contains("salt") && !skipped.contains("water"), "\(skipped)")
    let explicit = try await namesAfterAdding(
      ["recipeId": recipeID, "only": "all", "staples": "skip"], to: server)
    #expect(explicit == skipped)
    let included = try await namesAfterAdding(
      ["recipeId": recipeID, "only": "all", "staples": "include"], to: server)
    #expect(included.contains("salt") && included.contains("water"), "\(included)")
    #expect(Set(included).isSuperset(of: skipped))

    // Every entry links back to the recipe it came from, by id and title.
    let list = try await server.get("/v1/me/grocery", token: server.token)
    for item in try #require(list.json["items"] as? [[String: Any]]) {
      let recipes = try #require(item["recipes"] as? [[String: Any]])
      #expect(recipes.map { $0["id"] as? String } == [recipeID])
      #expect(recipes.map { $0["title"] as? String } == [title])
      #expect(item["recipeIds"] as? [String] == [recipeID])
    }

    let refused = try await server.send(
      "POST", "/v1/me/grocery", json: ["recipeId": recipeID, "staples": "yes"],
      token: server.token)
    #expect(refused.status == 400)
    #expect(refused.errorCode == "invalid_body")
  }

  @Test func typedTextIsReadLikeARecipeLine() async throws {
    let server = try await LiveServer.start()
    let reply = try await server.send(
      "POST", "/v1/me/grocery",
      json: ["items": [["name": "2 cups flour"], ["name": "a pinch of salt"], ["name": "Eggs"]]],
      token: server.token)
    #expect(reply.status == 201)
    let items = try #require(reply.json["items"] as? [[String: Any]])
    let byName = Dictionary(
      items.map { ($0["name"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
    #expect(Set(byName.keys) == ["flour", "salt", "egg"], "\(byName.keys)")
    let flour = try #require((byName["flour"]?["amounts"] as? [[String: Any]])?.first)
    #expect(flour["quantity"] as? Double == 2)
    #expect(flour["unit"] as? String == "cup")
    #expect(flour["display"] as? String == "2 cups")
    #expect((byName["salt"]?["amounts"] as? [[String: Any]])?.first?["unit"] as? String == "pinch")

    // A typed amount merges with the same food typed again, as recipe rows do.
    let again = try await server.send(
      "POST", "/v1/me/grocery", json: ["items": [["name": "1 cup all-purpose flour"]]],
      token: server.token)
    let flours = (again.json["items"] as? [[String: Any]] ?? []).filter {
      $0["name"] as? String == "flour"
    }
    #expect(flours.count == 1)
    #expect((flours.first?["amounts"] as? [[String: Any]])?.first?["quantity"] as? Double == 3)

    // With a quantity or unit given apart, the name is only a name.
    let structured = try await server.send(
      "POST", "/v1/me/grocery", json: ["items": [["name": "milk", "quantity": 2, "unit": "l"]]],
      token: server.token)
    let milk = (structured.json["items"] as? [[String: Any]] ?? []).first {
      $0["name"] as? String == "milk"
    }
    #expect((milk?["amounts"] as? [[String: Any]])?.first?["display"] as? String == "2 l")

    let huge = try await server.send(
      "POST", "/v1/me/grocery", json: ["items": [["name": "9000000 g flour"]]], token: server.token)
    #expect(huge.status == 400)
  }

  @Test func entriesComeGroupedByAisle() async throws {
    let server = try await LiveServer.start()
    let reply = try await server.send(
      "POST", "/v1/me/grocery",
      json: [
        "items": [
          ["name": "milk"], ["name": "2 carrots"], ["name": "500 g chicken thighs"],
          ["name": "cheddar"], ["name": "1 onion"], ["name": "glorpberry"],
        ]
      ],
      token: server.token)
    #expect(reply.status == 201)
    let items = try #require(reply.json["items"] as? [[String: Any]])
    let aisles = try #require(reply.json["aisles"] as? [[String: Any]])
    let itemAisles = items.compactMap { $0["aisle"] as? String }
    #expect(itemAisles.count == items.count)
    // The aisles list the entries' aisles in order, each once, with their counts.
    var runs: [(String, Int)] = []
    for aisle in itemAisles {
      if runs.last?.0 == aisle { runs[runs.count - 1].1 += 1 } else { runs.append((aisle, 1)) }
    }
    #expect(aisles.map { $0["name"] as? String } == runs.map(\.0))
    #expect(aisles.map { $0["count"] as? Int } == runs.map(\.1))
    #expect(Set(runs.map(\.0)).count == runs.count, "an aisle appears twice: \(runs)")
    // Shop order: produce, then meat, then dairy; unknown names last; first-added order within.
    #expect(
      items.map { $0["name"] as? String ?? "" } == [
        "carrot", "onion", "chicken thigh", "milk", "cheddar", "glorpberry",
      ])
    #expect(runs.map(\.0) == ["Vegetables", "Meat and poultry", "Dairy and eggs", "Other"])
  }
}
