import Foundation
import LarderCore
import LarderStore
import LarderTestSupport
import Testing

/// The write routes over a real server on loopback: `PUT /v1/recipes/{id}`, `DELETE
/// /v1/recipes/{id}`, `POST /v1/recipes` (issue 17). Who may write, what each answers, all or
/// nothing for many, and read-your-writes: a request sent after a write's answer sees the write
/// on every engine route, while other clients read at the same time.
@Suite struct RecipeWriteRouteTests {
  /// A Larder JSONL record of our own (the embedded corpus has no quince and no "Preserves").
  static func record(
    _ id: String, title: String, category: String = "Preserves", area: String = "Testland",
    lines: [String] = ["4 quinces, peeled and sliced", "200 g sugar", "1 lemon, juiced"]
  ) -> [String: Any] {
    [
      "id": id, "title": title, "category": category, "area": area,
      "ingredients": lines.map { ["line": $0] },
      "steps": ["Simmer the \(title.lowercased()) slowly until it sets."],
    ]
  }

  static func json(_ object: Any) throws -> Data {
    try JSONSerialization.data(withJSONObject: object)
  }

  @Test func writesNeedAnAdminToken() async throws {
    let server = try await LiveServer.start()
    let body = try Self.json(Self.record("w-quince-jam", title: "Quince Jam"))
    let writes: [(String, String, Data?)] = [
      ("PUT", "/v1/recipes/w-quince-jam", body), ("DELETE", "/v1/recipes/a-beef-rendang", nil),
      ("POST", "/v1/recipes", try Self.json([Self.record("w-quince-jam", title: "Quince Jam")])),
    ]
    for (method, path, data) in writes {
      let anonymous = try await server.send(method, path, body: data)
      #expect(anonymous.status == 401, "\(method) \(path)")
      #expect(anonymous.errorCode == "unauthorized")
      let user = try await server.send(method, path, body: data, token: server.token)
      #expect(user.status == 403, "\(method) \(path)")
      #expect(user.errorCode == "admin_only")
    }
    // Nothing was written.
    #expect(try await server.get("/v1/recipes/w-quince-jam").status == 404)
    #expect(try await server.get("/v1/recipes/a-beef-rendang").status == 200)
  }

  /// The ids of `/v1/recipes?with=beef` in index order (the order "first N" answers follow).
  func beefOrder(_ server: LiveServer) async throws -> [String] {
    let reply = try await server.get("/v1/recipes?with=beef&limit=100")
    #expect(reply.status == 200)
    let recipes = reply.json["recipes"] as? [[String: Any]] ?? []
    #expect(recipes.count == reply.json["count"] as? Int, "one page holds every beef recipe")
    return recipes.compactMap { $0["id"] as? String }
  }

  @Test func putAddsNewRecipesLastAndReplacesInPlace() async throws {
    let server = try await LiveServer.start()
    let before = try await beefOrder(server)
    let rendang = try #require(before.firstIndex(of: "a-beef-rendang"))

    // A replacement keeps its place in the recipe order.
    var replaced = Self.record(
      "a-beef-rendang", title: "Rendang for a Crowd", category: "Beef", area: "Malaysian",
      lines: ["2 kg beef chuck", "2 cans coconut milk", "10 shallots"])
    let replace = try await server.send(
      "PUT", "/v1/recipes/a-beef-rendang", body: try Self.json(replaced), token: server.adminToken)
    #expect(replace.status == 200)
    #expect(
      (replace.json["results"] as? [[String: Any]])?.first?["result"] as? String == "replaced")
    let afterReplace = try await beefOrder(server)
    #expect(afterReplace == before)
    #expect(afterReplace[rendang] == "a-beef-rendang")
    let detail = try await server.get("/v1/recipes/a-beef-rendang")
    #expect((detail.json["recipe"] as? [String: Any])?["title"] as? String == "Rendang for a Crowd")

    // A new recipe goes after every recipe there.
    let added = try await server.send(
      "PUT", "/v1/recipes/w-beef-jam",
      body: try Self.json(
        Self.record(
          "w-beef-jam", title: "Beef Jam", category: "Beef", lines: ["500 g beef mince", "1 onion"]
        )), token: server.adminToken)
    #expect(added.status == 201)
    #expect(added.json["recipes"] as? Int == (replace.json["recipes"] as? Int ?? -1) + 1)
    #expect(try await beefOrder(server) == before + ["w-beef-jam"])

    // Replaced again (without beef this time): it leaves the beef answers, keeping its place
    // in the order.
    replaced["ingredients"] = [["line": "1 kg lamb shoulder"]]
    #expect(
      try await server.send(
        "PUT", "/v1/recipes/a-beef-rendang", body: try Self.json(replaced),
        token: server.adminToken
      ).status == 200)
    #expect(
      try await beefOrder(server) == before.filter { $0 != "a-beef-rendang" } + ["w-beef-jam"])

    // A percent-encoded id is the decoded id; the body must name the same id.
    var spaced = Self.record("w quince paste", title: "Quince Paste")
    #expect(
      try await server.send(
        "PUT", "/v1/recipes/w%20quince%20paste", body: try Self.json(spaced),
        token: server.adminToken
      ).status == 201)
    #expect(try await server.get("/v1/recipes/w%20quince%20paste").status == 200)
    spaced["id"] = "another-id"
    let mismatch = try await server.send(
      "PUT", "/v1/recipes/w%20quince%20paste", body: try Self.json(spaced), token: server.adminToken
    )
    #expect(mismatch.status == 422)
    #expect(mismatch.errorCode == "id_mismatch")
  }

  @Test func badBodiesAreJSONErrorsAndWriteNothing() async throws {
    let server = try await LiveServer.start()
    let admin = server.adminToken
    // A record outside the corpus ranges names its field.
    var bad = Self.record("w-bad", title: "Bad Servings")
    bad["servings"] = -3
    let range = try await server.send(
      "PUT", "/v1/recipes/w-bad", body: try Self.json(bad), token: admin)
    #expect(range.status == 400)
    #expect(range.errorCode == "invalid_recipe")
    let rangeMessage = (range.json["error"] as? [String: Any])?["message"] as? String ?? ""
    #expect(rangeMessage.contains("body:1: servings"), "\(rangeMessage)")
    // Not JSON, not an object, no title, the wrong media type, too large.
    for text in ["{", "[1]", #"{"id": "w-bad"}"#] {
      let reply = try await server.send(
        "PUT", "/v1/recipes/w-bad", body: Data(text.utf8), token: admin)
      #expect(reply.status == 400, "\(text)")
      #expect(reply.errorCode == "invalid_recipe", "\(text)")
    }
    let plain = try await server.send(
      "PUT", "/v1/recipes/w-bad", body: try Self.json(Self.record("w-bad", title: "T")),
      token: admin, headers: ["Content-Type": "text/plain"])
    #expect(plain.status == 415)
    #expect(plain.errorCode == "unsupported_media_type")
    var huge = Self.record("w-bad", title: "Huge")
    huge["summary"] = String(repeating: "quince ", count: 12_000)
    let large = try await server.send(
      "PUT", "/v1/recipes/w-bad", body: try Self.json(huge), token: admin)
    #expect(large.status == 413)
    #expect(large.errorCode == "body_too_large")
    #expect(try await server.get("/v1/recipes/w-bad").status == 404)
    // DELETE of an unknown id: a JSON 404, and nothing else changes.
    let count = try await server.get("/healthz").json["recipes"] as? Int
    let missing = try await server.send("DELETE", "/v1/recipes/no-such-recipe", token: admin)
    #expect(missing.status == 404)
    #expect(missing.errorCode == "recipe_not_found")
    #expect(missing.headers["content-type"]?.hasPrefix("application/json") == true)
    #expect(try await server.get("/healthz").json["recipes"] as? Int == count)
    let deleted = try await server.send("DELETE", "/v1/recipes/a-beef-rendang", token: admin)
    #expect(deleted.status == 204)
    #expect(try await server.get("/healthz").json["recipes"] as? Int == (count ?? 0) - 1)
    #expect(try await server.get("/v1/recipes/a-beef-rendang").status == 404)
    #expect(
      try await server.send("DELETE", "/v1/recipes/a-beef-rendang", token: admin).status == 404)
  }

  @Test func postIsAllOrNothingAsNDJSONAndAsAnArray() async throws {
    let server = try await LiveServer.start()
    let admin = server.adminToken
    let ndjson = ["Content-Type": "application/x-ndjson"]
    let first = Self.record("w-quince-jam", title: "Quince Jam")
    let second = Self.record("w-quince-cheese", title: "Quince Cheese")
    var bad = Self.record("w-quince-bad", title: "Bad Quince")
    bad["ingredients"] = [["line": "1 quince"], ["line": 7]]
    let count = try await server.get("/healthz").json["recipes"] as? Int ?? 0

    // One bad record among good ones (NDJSON, third line): nothing is written, the error names
    // the line and the field.
    let lines = try [first, second, bad].map { String(decoding: try Self.json($0), as: UTF8.self) }
    let refused = try await server.send(
      "POST", "/v1/recipes", body: Data((lines.joined(separator: "\n") + "\n").utf8), token: admin,
      headers: ndjson)
    #expect(refused.status == 400)
    #expect(refused.errorCode == "invalid_recipe")
    let message = (refused.json["error"] as? [String: Any])?["message"] as? String ?? ""
    #expect(message.contains("body:3: ingredients[1]"), "\(message)")
    // The same as a JSON array: the element's path.
    let refusedArray = try await server.send(
      "POST", "/v1/recipes", body: try Self.json([first, bad, second]), token: admin)
    #expect(refusedArray.status == 400)
    let arrayMessage = (refusedArray.json["error"] as? [String: Any])?["message"] as? String ?? ""
    #expect(
      arrayMessage.contains("$[1]") && arrayMessage.contains("ingredients"), "\(arrayMessage)")
    // An id sent twice is refused too: well-formed records that cannot be applied together.
    let twice = try await server.send(
      "POST", "/v1/recipes", body: try Self.json([first, first]), token: admin)
    #expect(twice.status == 422)
    #expect((twice.json["error"] as? [String: Any])?["code"] as? String == "duplicate_id")
    for id in ["w-quince-jam", "w-quince-cheese", "w-quince-bad"] {
      #expect(try await server.get("/v1/recipes/\(id)").status == 404, "\(id)")
    }
    #expect(try await server.get("/healthz").json["recipes"] as? Int == count)

    // Good bodies: NDJSON (blank lines skipped), then a JSON array replacing one and adding one.
    let good = try await server.send(
      "POST", "/v1/recipes", body: Data((lines[0] + "\n\n" + lines[1]).utf8), token: admin,
      headers: ndjson)
    #expect(good.status == 200)
    let results = good.json["results"] as? [[String: Any]] ?? []
    #expect(results.map { $0["id"] as? String } == ["w-quince-jam", "w-quince-cheese"])
    #expect(results.allSatisfy { $0["result"] as? String == "added" })
    #expect(good.json["recipes"] as? Int == count + 2)
    let array = try await server.send(
      "POST", "/v1/recipes",
      body: try Self.json([
        Self.record("w-quince-jam", title: "Quince Jelly"),
        Self.record("w-membrillo", title: "Membrillo"),
      ]),
      token: admin)
    #expect(array.status == 200)
    #expect(
      (array.json["results"] as? [[String: Any]] ?? []).map { $0["result"] as? String }
        == ["replaced", "added"])
    #expect(array.json["recipes"] as? Int == count + 3)
    let jelly = try await server.get("/v1/recipes/w-quince-jam")
    #expect((jelly.json["recipe"] as? [String: Any])?["title"] as? String == "Quince Jelly")
    // An empty body, and a body of blank lines, hold no recipe.
    for text in ["\n\n", "[]"] {
      let reply = try await server.send(
        "POST", "/v1/recipes", body: Data(text.utf8), token: admin, headers: ndjson)
      #expect(reply.status == 400, "\(text.debugDescription)")
    }
  }

  /// What each engine route says about the written recipe `id` (a quince preserve of category
  /// Preserves, area Testland): `true` where the answer shows it.
  func sightings(of id: String, title: String, on server: LiveServer) async throws -> [String: Bool]
  {
    func body(_ path: String) async throws -> String {
      let reply = try await server.get(path)
      return String(decoding: reply.body, as: UTF8.self)
    }
    func contains(_ path: String, _ text: String) async throws -> Bool {
      try await body(path).contains(text)
    }
    let word = title.split(separator: " ").last.map(String.init) ?? title
    let pantry = try await server.send(
      "POST", "/v1/pantry/match", json: ["have": ["quince", "lemon"], "maxMissing": 1])
    let categories = try await server.get("/v1/categories").json["categories"] as? [[String: Any]]
    let areas = try await server.get("/v1/areas").json["areas"] as? [[String: Any]]
    return [
      "suggest ingredient": try await contains("/v1/suggest?q=quin", #""name":"quince""#),
      "suggest recipe": try await contains(
        "/v1/suggest?q=\(word.lowercased())&kind=recipe", "\"\(id)\""),
      "suggest category": try await contains("/v1/suggest?q=preser&kind=category", "Preserves"),
      "find": try await contains("/v1/recipes?with=quince", "\"\(id)\""),
      "find all-of": try await contains("/v1/recipes?with=quince&with=lemon", "\"\(id)\""),
      "pantry": String(decoding: pantry.body, as: UTF8.self).contains("\"\(id)\""),
      "categories": categories?.contains { $0["name"] as? String == "Preserves" } ?? false,
      "areas": areas?.contains { $0["name"] as? String == "Testland" } ?? false,
      "browse category": try await contains("/v1/categories/Preserves/recipes", "\"\(id)\""),
      "browse area": try await contains("/v1/areas/Testland/recipes", "\"\(id)\""),
      "search": try await contains("/v1/search?q=\(word.lowercased())", "\"\(id)\""),
      "detail": try await server.get("/v1/recipes/\(id)").status == 200,
      "random": try await contains("/v1/random?category=Preserves&count=5", "\"\(id)\""),
    ]
  }

  @Test func everyRouteSeesAWriteOnceItIsAcknowledged() async throws {
    let server = try await LiveServer.start()
    let admin = server.adminToken
    // Other clients read all the while (every read in parallel with the writes and checks).
    let stop = Locked(false)
    let readers = (0..<4).map { n in
      Task {
        var answered = 0
        let paths = [
          "/v1/suggest?q=qu", "/v1/recipes?with=lemon", "/v1/search?q=jam", "/v1/random",
        ]
        while !stop.withLock({ $0 }) {
          let reply = try await server.get(paths[(answered + n) % paths.count])
          #expect(reply.status == 200)
          answered += 1
        }
        return answered
      }
    }
    var rounds = 0
    for round in 0..<3 {
      let id = "w-quince-\(round)"
      let title = "Quince Marmalade\(round)"
      // Cached answers made before the write must not be served after it.
      #expect(try await sightings(of: id, title: title, on: server).filter(\.value).isEmpty)
      let put = try await server.send(
        "PUT", "/v1/recipes/\(id)", body: try Self.json(Self.record(id, title: title)), token: admin
      )
      #expect(put.status == 201)
      let seen = try await sightings(of: id, title: title, on: server)
      #expect(
        seen.filter { !$0.value }.isEmpty,
        "round \(round): not seen on \(seen.filter { !$0.value }.keys.sorted())")
      // The category counts say it too.
      let categories = try await server.get("/v1/categories").json["categories"] as? [[String: Any]]
      #expect(categories?.first { $0["name"] as? String == "Preserves" }?["count"] as? Int == 1)
      #expect(try await server.send("DELETE", "/v1/recipes/\(id)", token: admin).status == 204)
      let gone = try await sightings(of: id, title: title, on: server)
      #expect(
        gone.filter(\.value).isEmpty,
        "round \(round): still seen on \(gone.filter(\.value).keys.sorted())")
      rounds += 1
    }
    stop.withLock { $0 = true }
    var answered = 0
    for reader in readers { answered += try await reader.value }
    #expect(rounds == 3)
    #expect(answered > 0)
  }

  @Test func anAcknowledgedWriteIsOnDisk() async throws {
    let server = try await LiveServer.start()
    let put = try await server.send(
      "PUT", "/v1/recipes/w-quince-jam",
      body: try Self.json(Self.record("w-quince-jam", title: "Quince Jam")),
      token: server.adminToken)
    #expect(put.status == 201)
    #expect(
      try await server.send("DELETE", "/v1/recipes/a-beef-rendang", token: server.adminToken).status
        == 204)
    // Another opening of the same files (as after a restart) finds both writes in the segment.
    let reopened = try LiveIndex(
      url: server.indexURL, relations: IngredientRelations(vocabulary: try Vocabulary.bundled()),
      automaticCompaction: .never)
    #expect(try reopened.read { try $0.recipe(publicID: "w-quince-jam")?.title } == "Quince Jam")
    #expect(try reopened.read { try $0.recipe(publicID: "a-beef-rendang") } == nil)
    // A reload serves the writes too.
    #expect(
      try await server.send("POST", "/v1/admin/reload", token: server.adminToken).status == 200)
    #expect(try await server.get("/v1/recipes/w-quince-jam").status == 200)
    #expect(try await server.get("/v1/recipes/a-beef-rendang").status == 404)
  }
}
