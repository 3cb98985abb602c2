import Foundation
import Testing

/// Bodies are checked in one layer: 400 for malformed (not JSON, wrong shape, out of range),
/// 422 for well-formed values that name something unknown, 415 without a JSON content type;
/// messages name fields as the API does (`ids[0]`), never Swift internals.
@Suite struct BodyValidationTests {
  /// Sends `text` as the body of `method path` with `contentType`.
  func send(
    _ server: LiveServer, _ method: String, _ path: String, _ text: String,
    contentType: String? = "application/json"
  ) async throws -> LiveServer.Reply {
    var headers = ["Authorization": "Bearer \(server.token)"]
    headers["Content-Type"] = contentType
    return try await server.send(method, path, body: Data(text.utf8), headers: headers)
  }

  var message: (LiveServer.Reply) -> String {
    { (($0.json["error"] as? [String: Any])?["message"] as? String) ?? "" }
  }

  @Test func malformedBodiesAre400WithFieldNames() async throws {
    let server = try await LiveServer.start()
    let cases: [(String, String, String, String)] = [
      (
        "POST", "/v1/me/grocery", #"{"items":[{"name":""}]}"#,
        "`items[0].name` must have a letter or digit."
      ),
      ("POST", "/v1/me/grocery", #"{"items":[]}"#, "`items` must have 1 to 200 entries"),
      (
        "POST", "/v1/me/grocery", #"{"items":[{"name":"flour","quantity":-2,"unit":"g"}]}"#,
        "`items[0].quantity` must be from 0 to 1000000."
      ),
      (
        "POST", "/v1/me/grocery", #"{"items":[{"name":"flour","quantity":"two"}]}"#,
        "`items[0].quantity` must be a number."
      ),
      ("POST", "/v1/me/grocery", #"{}"#, "Give `items` or `recipeId`."),
      ("POST", "/v1/me/grocery", #"{"recipeId":"a-beef-rendang","only":"some"}"#, "`only` must be"),
      (
        "PATCH", "/v1/me/grocery", #"{"ids":[],"checked":true}"#, "`ids` must have 1 to 200 entries"
      ),
      ("PATCH", "/v1/me/grocery", #"{"ids":[1e30],"checked":true}"#, "`ids[0]` is out of range."),
      (
        "PATCH", "/v1/me/grocery", #"{"ids":[99999999999999999999],"checked":true}"#,
        "`ids[0]` is out of range."
      ),
      (
        "PATCH", "/v1/me/grocery", #"{"ids":["1"],"checked":true}"#,
        "`ids[0]` must be a whole number."
      ),
      ("PATCH", "/v1/me/grocery", #"{"ids":[0],"checked":true}"#, "`ids[0]` must be from 1 to"),
      ("PATCH", "/v1/me/grocery", #"{"ids":[1]}"#, "`checked` is required."),
      ("POST", "/v1/me/pantry", #"{"names":["  "]}"#, "`names[0]` must have a letter or digit."),
      (
        "POST", "/v1/me/pantry", #"{"names":["egg","\u000b"]}"#,
        "`names[1]` must have a letter or digit."
      ),
      ("POST", "/v1/me/pantry", #"{"names":["--"]}"#, "`names[0]` must have a letter or digit."),
      ("POST", "/v1/me/pantry", #"{"names":null}"#, "`names` must be an array, not null."),
      ("POST", "/v1/me/favorites", #"{"recipeId":""}"#, "`recipeId` must be 1 to 512 bytes long."),
      ("POST", "/v1/me/favorites", #"[1,2]"#, "The body must be a JSON object."),
      ("POST", "/v1/me/favorites", #"{"recipeId":"#, "The body is not valid JSON."),
      (
        "POST", "/v1/pantry/match", #"{"have":["egg"],"limit":0}"#, "`limit` must be from 1 to 100."
      ),
      (
        "POST", "/v1/pantry/match", #"{"have":["egg"],"maxMissing":-1}"#,
        "`maxMissing` must be from 0 to 200."
      ),
      (
        "PATCH", "/v1/me/grocery", #"{"ids":[1.5],"checked":true}"#,
        "`ids[0]` must be a whole number."
      ),
      ("POST", "/v1/pantry/match", #"{"have":["egg"],"limit":1e30}"#, "`limit` is out of range."),
    ]
    for (method, path, body, expected) in cases {
      let reply = try await send(server, method, path, body)
      #expect(reply.status == 400, "\(method) \(path) \(body)")
      #expect(message(reply).contains(expected), "\(body): \(message(reply))")
      #expect(!message(reply).contains("Index"), "\(body): \(message(reply))")
    }
    // Nothing was added by the refused grocery bodies.
    let list = try await server.get("/v1/me/grocery", token: server.token)
    #expect((list.json["items"] as? [Any])?.isEmpty == true)
  }

  @Test func wellFormedButUnknownIs422() async throws {
    let server = try await LiveServer.start()
    let cases: [(String, String, String, String)] = [
      (
        "POST", "/v1/me/grocery", #"{"items":[{"name":"flour","quantity":2,"unit":"furlong"}]}"#,
        "unknown_unit"
      ),
      ("POST", "/v1/me/grocery", #"{"recipeId":"no-such-recipe"}"#, "recipe_not_found"),
      ("POST", "/v1/me/favorites", #"{"recipeId":"no-such-recipe"}"#, "recipe_not_found"),
      ("PATCH", "/v1/me/grocery", #"{"ids":[123456],"checked":true}"#, "item_not_found"),
      (
        "POST", "/v1/me/pantry/at-home", #"{"recipeId":"nope","ingredient":"salt"}"#,
        "recipe_not_found"
      ),
    ]
    for (method, path, body, code) in cases {
      let reply = try await send(server, method, path, body)
      #expect(reply.status == 422, "\(method) \(path) \(body)")
      #expect(reply.errorCode == code, "\(body)")
    }
  }

  @Test func unitsAreStoredCanonicalAndAbsentAmountsAreNull() async throws {
    let server = try await LiveServer.start()
    let reply = try await send(
      server, "POST", "/v1/me/grocery",
      #"{"items":[{"name":"sugar","quantity":2,"unit":"Tablespoons"},{"name":"milk","quantity":1,"unit":"fl. oz"}]}"#
    )
    #expect(reply.status == 201)
    let items = try #require(reply.json["items"] as? [[String: Any]])
    let units = items.flatMap {
      ($0["amounts"] as? [[String: Any]] ?? []).compactMap { $0["unit"] as? String }
    }
    #expect(Set(units) == ["tbsp", "fl oz"])
    // An item with no amount still has both keys, as null (the documented shape).
    let bare = try await send(server, "POST", "/v1/me/grocery", #"{"items":[{"name":"salt"}]}"#)
    let salt = try #require(
      (bare.json["items"] as? [[String: Any]])?.first { $0["name"] as? String == "salt" })
    let amount = try #require((salt["amounts"] as? [[String: Any]])?.first)
    #expect(amount["quantity"] is NSNull)
    #expect(amount["unit"] is NSNull)
  }

  @Test func jsonBodiesNeedAJSONContentType() async throws {
    let server = try await LiveServer.start()
    for contentType in [
      "text/plain", "application/x-www-form-urlencoded", "application/jsonx", "application/ json",
      ";application/json",
    ] {
      let reply = try await send(
        server, "POST", "/v1/me/pantry", #"{"names":["egg"]}"#, contentType: contentType)
      #expect(reply.status == 415, "\(contentType)")
      #expect(reply.errorCode == "unsupported_media_type")
    }
    // No content type at all (sent raw: URL libraries add one).
    let connection = try RawHTTPConnection(port: server.port)
    connection.send(
      "POST /v1/pantry/match HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 15\r\n\r\n{\"have\":[\"a\"]}"
    )
    #expect(await connection.readResponse()?.status == 415)
    // Any case, parameters, and the optional whitespace around the media type (space or tab).
    for contentType in [
      "Application/JSON; charset=utf-8", "application/json ; charset=utf-8",
      "application/json\t;charset=utf-8", "application/json \t",
    ] {
      let reply = try await send(
        server, "POST", "/v1/me/pantry", #"{"names":["egg"]}"#, contentType: contentType)
      #expect(reply.status == 200, "\(contentType)")
    }
  }
}
