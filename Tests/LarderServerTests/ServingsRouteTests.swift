import Foundation
import Testing

/// `GET /v1/recipes/{id}?servings=N`: every recipe of the embedded corpus scaled by the server,
/// with kitchen amounts (the page shows these; kitchen rounding lives only in the core).
@Suite struct ServingsRouteTests {
  @Test func scalesTheBeefRendangForFour() async throws {
    let server = try await LiveServer.start()
    let reply = try await server.get("/v1/recipes/a-beef-rendang?servings=4")
    #expect(reply.status == 200)
    let recipe = try #require(reply.json["recipe"] as? [String: Any])
    #expect(recipe["servings"] as? Int == 6)
    let scale = try #require(recipe["scale"] as? [String: Any])
    #expect(scale["servings"] as? Int == 4)
    #expect(abs((scale["factor"] as? Double ?? 0) - 4.0 / 6) < 1e-9)
    let amounts = (recipe["ingredients"] as? [[String: Any]] ?? []).map { $0["amount"] as? String }
    // 1.2 kg beef, 6 shallots, 5 cloves garlic, 1 tsp turmeric, 1 can, 250 ml water, 60 g coconut.
    #expect(amounts[0] == "800 g")
    #expect(amounts[1] == "4")
    #expect(amounts[2] == "3¼ cloves")
    #expect(amounts[7] == "¾ tsp")
    #expect(amounts[10] == "¾ can")
    #expect(amounts[11] == "170 ml")
    #expect(amounts[15] == "40 g")

    let stated = try #require(
      try await server.get("/v1/recipes/a-beef-rendang").json["recipe"] as? [String: Any])
    #expect(stated["scale"] is NSNull)
    let first = try #require((stated["ingredients"] as? [[String: Any]])?.first)
    #expect(first["amount"] as? String == "1.2 kg")

    for bad in ["0", "49", "two", "-1", "4.5"] {
      let refused = try await server.get("/v1/recipes/a-beef-rendang?servings=\(bad)")
      #expect(refused.status == 400 && refused.errorCode == "invalid_parameter", "\(bad)")
    }
  }

  /// Every recipe, doubled: each stated amount doubles, reads without long decimals, and lines
  /// without an amount stay as they are.
  @Test func everyRecipeDoubles() async throws {
    let server = try await LiveServer.start()
    var ids: [String] = []
    let categories = try #require(
      try await server.get("/v1/categories").json["categories"] as? [[String: Any]])
    for category in categories {
      let name = try #require(category["name"] as? String)
      let encoded = name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? name
      let page = try await server.get("/v1/categories/\(encoded)/recipes?limit=100")
      ids += (page.json["recipes"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }
    #expect(ids.count > 300)
    var scaledLines = 0
    for id in ids {
      let stated = try #require(
        try await server.get("/v1/recipes/\(id)").json["recipe"] as? [String: Any])
      let servings = (stated["servings"] as? Int) ?? 1
      guard 2 * servings <= 48 else { continue }
      let doubled = try #require(
        try await server.get("/v1/recipes/\(id)?servings=\(2 * servings)").json["recipe"]
          as? [String: Any])
      let before = stated["ingredients"] as? [[String: Any]] ?? []
      let after = doubled["ingredients"] as? [[String: Any]] ?? []
      #expect(before.count == after.count, "\(id)")
      for (line, scaled) in zip(before, after) {
        guard let quantity = line["quantity"] as? [String: Any],
          let low = quantity["low"] as? Double
        else {
          #expect(scaled["amount"] is NSNull, "\(id): \(line["text"] ?? "")")
          continue
        }
        let scaledLow = (scaled["quantity"] as? [String: Any])?["low"] as? Double ?? 0
        #expect(abs(scaledLow - 2 * low) < 1e-9, "\(id): \(line["text"] ?? "")")
        let amount = scaled["amount"] as? String ?? ""
        #expect(!amount.isEmpty, "\(id): \(line["text"] ?? "")")
        #expect(amount.firstMatch(of: /\d\.\d\d/) == nil, "\(id): \(amount)")
        scaledLines += 1
      }
    }
    #expect(scaledLines > 2_000)
  }
}
