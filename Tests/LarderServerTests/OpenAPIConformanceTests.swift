import Foundation
import LarderCore
import LarderStore
import Logging
import Testing

@testable import LarderServer

/// `openapi.json` and the server agree: the same routes and methods, and the places where
/// schemathesis found them apart (empty cursors and list values, the at-home route's methods).
@Suite struct OpenAPIConformanceTests {
  @Test func everyRouteIsDocumentedWithItsMethods() async throws {
    let server = try await LiveServer.start()
    let document = try #require(
      try await server.get("/openapi.json").json["paths"] as? [String: Any])
    var documented: Set<String> = []
    for (path, operations) in document {
      for method in (operations as? [String: Any] ?? [:]).keys {
        documented.insert("\(method.uppercased()) \(path)")
      }
    }
    let served = Set(
      Self.routeTable(of: server).map { route in
        // `:name` in the router is `{name}` in the document; the asset route's is `{path}`.
        let documentedPath = route.path.split(separator: "/", omittingEmptySubsequences: false)
          .map {
            $0 == ":file" ? "{path}" : $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0)
          }.joined(separator: "/")
        return "\(route.method.rawValue) \(documentedPath)"
      })
    #expect(served == documented)
  }

  /// The route table of the server `server` runs.
  static func routeTable(of server: LiveServer) -> [APIRoute] {
    LarderHTTPServer(
      holder: server.holder, users: server.users,
      configuration: .init(host: "127.0.0.1", port: 0, allowedOrigins: []),
      logger: Logger(label: "route-table")
    ).routeTable
  }

  /// The router answers every route of the table (the table is what it was built from): no
  /// entry ends in the router's own 404 or in a 405.
  @Test func theRouterAnswersEveryRouteOfTheTable() async throws {
    let server = try await LiveServer.start()
    for route in Self.routeTable(of: server) {
      let path = route.path.split(separator: "/", omittingEmptySubsequences: false).map {
        $0 == ":file" ? "app.js" : $0.hasPrefix(":") ? "x" : String($0)
      }.joined(separator: "/")
      let reply = try await server.send(
        route.method.rawValue, path, body: route.method == .get ? nil : Data("{}".utf8),
        token: server.adminToken)
      let message = (reply.json["error"] as? [String: Any])?["message"] as? String ?? ""
      #expect(reply.status != 405, "\(route.method) \(path)")
      #expect(!message.hasPrefix("There is nothing at /v1"), "\(route.method) \(path): \(message)")
    }
  }

  @Test func theAtHomeRouteAdvertisesItsOwnMethods() async throws {
    let server = try await LiveServer.start()
    for method in ["OPTIONS", "DELETE", "GET"] {
      let reply = try await server.send(method, "/v1/me/pantry/at-home", token: server.token)
      #expect(reply.status == 405, "\(method)")
      #expect(reply.headers["allow"] == "POST", "\(method)")
    }
    let named = try await server.send("PATCH", "/v1/me/pantry/eggs", token: server.token)
    #expect(named.headers["allow"] == "DELETE")
  }

  @Test func emptyCursorsAndListValuesAre400() async throws {
    let server = try await LiveServer.start()
    for path in [
      "/v1/recipes?with=garlic&cursor=", "/v1/search?q=lamb&cursor=",
      "/v1/categories/Beef/recipes?cursor=",
    ] {
      let reply = try await server.get(path)
      #expect(reply.status == 400, "\(path)")
      #expect(reply.errorCode == "invalid_cursor", "\(path)")
    }
    for path in [
      "/v1/recipes?with=", "/v1/recipes?with=garlic&with=%20", "/v1/recipes?with=garlic&without=",
      "/v1/suggest?q=ga&exclude=",
    ] {
      let reply = try await server.get(path)
      #expect(reply.status == 400, "\(path)")
      #expect(reply.errorCode == "invalid_parameter", "\(path)")
    }
    // Names need a letter, digit or other non-ASCII character; search text likewise, and text
    // with such a character but no searchable word finds nothing.
    #expect(try await server.get("/v1/recipes?with=--").errorCode == "invalid_parameter")
    #expect(try await server.get("/v1/search?q=%21%21").errorCode == "empty_query")
    let nothing = try await server.get("/v1/search?q=%C2%BF")
    #expect(nothing.status == 200)
    #expect(nothing.json["count"] as? Int == 0)
    let tooMany = (0...50).map { "exclude=x\($0)" }.joined(separator: "&")
    #expect(try await server.get("/v1/suggest?q=ga&" + tooMany).errorCode == "too_many_values")
  }
}

extension OpenAPIConformanceTests {
  /// `maxLength` counts code points, as JSON Schema does: combining marks count, and the limit
  /// applies to the value as sent (spaces a trim would remove included).
  @Test func lengthLimitsCountCodePointsAsSent() async throws {
    let server = try await LiveServer.start()
    let encode = { (text: String) in
      text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }
    // 70 letters with two combining marks each: 70 characters to Swift, 210 code points.
    let marked = String(repeating: "o\u{301}\u{302}", count: 70)
    let padded = String(repeating: "a", count: 199) + "  "
    for parameter in ["search?q=", "suggest?q=", "recipes?with="] {
      for text in [marked, padded] {
        let reply = try await server.get("/v1/\(parameter)\(encode(text))")
        #expect(reply.status == 400, "\(parameter) \(text.unicodeScalars.count) code points")
        #expect(reply.errorCode == "too_long", "\(parameter)")
      }
    }
    let fits = String(repeating: "o\u{301}", count: 100)
    #expect(try await server.get("/v1/search?q=\(encode(fits))").status == 200)
  }
}

extension OpenAPIConformanceTests {
  /// The document's enums for the option parameters are the core's spellings, which the CLI
  /// and the server both parse with; a value outside them is a 400 that lists them.
  @Test func optionEnumsAreTheCoreSpellings() async throws {
    let server = try await LiveServer.start()
    let paths = try #require(
      try await server.get("/openapi.json").json["paths"] as? [String: [String: Any]])
    func documented(_ path: String, _ method: String, _ name: String) -> [String]? {
      let operation = paths[path]?[method] as? [String: Any]
      let parameters = operation?["parameters"] as? [[String: Any]] ?? []
      let parameter = parameters.first { $0["name"] as? String == name }
      return (parameter?["schema"] as? [String: Any])?["enum"] as? [String]
    }
    #expect(documented("/v1/suggest", "get", "kind") == SuggestionKinds.tokens)
    #expect(documented("/v1/recipes", "get", "sort") == ResultOrder.tokens)
    #expect(documented("/v1/recipes", "get", "match") == IngredientMatching.tokens)
    #expect(documented("/v1/me/grocery", "delete", "scope") == GroceryClearScope.tokens)
    let refused = try await server.get("/v1/suggest?q=to&kind=recipes")
    #expect(refused.status == 400)
    let message = (refused.json["error"] as? [String: Any])?["message"] as? String
    #expect(message?.contains(SuggestionKinds.tokens.joined(separator: ", ")) == true)
  }
}

/// The name rule of the server and the pattern of the document are one rule.
@Suite struct NameTextTests {
  @Test func theServerRuleMatchesTheDocumentedPattern() throws {
    let pattern = try Regex(NameText.pattern)
    var samples = ["", " ", "\t\n", "--", "!!", "_", "\u{0B}", "\u{85}", "\u{A0}", "\u{3000}", "¿"]
    samples += ["a", "Z9", " egg ", "ÿ", "crème", "겥", "\u{1F600}", "x!", "7"]
    for sample in samples {
      #expect(
        NameText.isName(sample)
          == sample.unicodeScalars.contains { scalar in
            (try? pattern.firstMatch(in: String(Character(scalar)))) != nil
          }, "\(sample.unicodeScalars.map { String($0.value, radix: 16) })")
    }
    #expect(!NameText.isName(" \u{3000}--"))
    #expect(NameText.isName("¿"))  // outside ASCII: a name character
  }
}
