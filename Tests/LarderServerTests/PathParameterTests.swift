import Foundation
import LarderStore
import Testing

/// Path values arrive percent-encoded; every route decodes them once (multi-word, accented and
/// slash-containing recipe ids, categories, areas, favorites and pantry items).
@Suite struct PathParameterTests {
  /// A server over a small corpus whose ids, categories and areas need encoding in a path.
  func serverWithAwkwardNames() async throws -> LiveServer {
    let server = try await LiveServer.start()
    let lines = [
      #"{"id":"crème brûlée","title":"Crème Brûlée","category":"Side Dish","area":"Côte d'Ivoire","ingredients":["2 eggs","1 cup cream"]}"#,
      #"{"id":"half/half","title":"Half and Half","category":"Salt/Pepper","area":"Côte d'Ivoire","ingredients":["1 cup milk"]}"#,
      #"{"id":"100%","title":"All In","category":"Side Dish","area":"Nowhere","ingredients":["salt"]}"#,
    ]
    let corpus = try temporaryCorpus(lines.joined(separator: "\n") + "\n")
    _ = try IndexBuild(vocabulary: try .bundled()).run(
      paths: [corpus], destination: server.indexURL)
    try await server.holder.reload()
    return server
  }

  @Test func recipeIdsCategoriesAndAreasAreDecoded() async throws {
    let server = try await serverWithAwkwardNames()
    let accented = try await server.get("/v1/recipes/cr%C3%A8me%20br%C3%BBl%C3%A9e")
    #expect(accented.status == 200)
    #expect((accented.json["recipe"] as? [String: Any])?["id"] as? String == "crème brûlée")
    let slashed = try await server.get("/v1/recipes/half%2Fhalf")
    #expect((slashed.json["recipe"] as? [String: Any])?["id"] as? String == "half/half")
    #expect(try await server.get("/v1/recipes/100%25").status == 200)
    // Decoded once: `%2525` is the id "100%25", which does not exist.
    #expect(try await server.get("/v1/recipes/100%2525").status == 404)

    let side = try await server.get("/v1/categories/Side%20Dish/recipes")
    #expect(side.status == 200)
    #expect(side.json["count"] as? Int == 2)
    let saltPepper = try await server.get("/v1/categories/Salt%2FPepper/recipes")
    #expect(saltPepper.json["count"] as? Int == 1)
    let area = try await server.get("/v1/areas/C%C3%B4te%20d'Ivoire/recipes")
    #expect(area.status == 200)
    #expect(area.json["count"] as? Int == 2)
  }

  @Test func favoritesAndPantryItemsRoundTripThroughEncodedPaths() async throws {
    let server = try await serverWithAwkwardNames()
    for id in ["crème brûlée", "half/half", "100%"] {
      #expect(
        try await server.send(
          "POST", "/v1/me/favorites", json: ["recipeId": id], token: server.token
        )
        .status == 201)
    }
    for encoded in ["cr%C3%A8me%20br%C3%BBl%C3%A9e", "half%2Fhalf", "100%25"] {
      let removed = try await server.send(
        "DELETE", "/v1/me/favorites/" + encoded, token: server.token)
      #expect(removed.status == 204, "DELETE /v1/me/favorites/\(encoded)")
    }
    let favorites = try await server.get("/v1/me/favorites", token: server.token)
    #expect((favorites.json["favorites"] as? [Any])?.isEmpty == true)

    // Pantry names must resolve to a food (stored canonical), so the multi-word, accented
    // names are real ones; a slash is decoded too and names an item that is not there.
    let names = ["olive oil", "crème fraîche", "sea salt"]
    #expect(
      try await server.send("POST", "/v1/me/pantry", json: ["names": names], token: server.token)
        .status == 200)
    for encoded in ["olive%20oil", "cr%C3%A8me%20fra%C3%AEche", "sea%20salt"] {
      let removed = try await server.send("DELETE", "/v1/me/pantry/" + encoded, token: server.token)
      #expect(removed.status == 204, "DELETE /v1/me/pantry/\(encoded)")
    }
    let slash = try await server.send(
      "DELETE", "/v1/me/pantry/salt%2Fpepper%20mix", token: server.token)
    #expect(slash.status == 404)
    let message = (slash.json["error"] as? [String: Any])?["message"] as? String
    #expect(message?.contains("salt/pepper mix") == true)
    let pantry = try await server.get("/v1/me/pantry", token: server.token)
    #expect(pantry.json["pantry"] as? [String] == [])
  }

  @Test func brokenEscapesAreA400() async throws {
    let server = try await LiveServer.start()
    // Sent raw: URL libraries would re-encode the stray `%`.
    for path in ["/v1/recipes/%ZZ", "/v1/recipes/%C3", "/v1/categories/a%2/recipes"] {
      let connection = try RawHTTPConnection(port: server.port)
      connection.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
      let reply = await connection.readResponse()
      #expect(reply?.status == 400, "\(path)")
      #expect(reply?.errorCode == "invalid_path", "\(path)")
    }
  }
}
