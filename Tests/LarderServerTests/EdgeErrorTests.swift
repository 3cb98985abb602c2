import Foundation
import Testing

/// What the HTTP parser and the router refuse is answered in the API's JSON error shape, and
/// HEAD answers wherever GET does.
@Suite struct EdgeErrorTests {
  /// Sends `request` raw on a fresh connection and reads one response.
  func exchange(_ server: LiveServer, _ request: String, bodyless: Bool = false) async throws
    -> RawResponse?
  {
    let connection = try RawHTTPConnection(port: server.port)
    connection.send(request)
    return await connection.readResponse(bodyless: bodyless)
  }

  @Test func parserRefusalsAreJSON() async throws {
    let server = try await LiveServer.start()
    let longPath = "/v1/recipes/" + String(repeating: "a", count: 40_000)
    let cases: [(request: String, status: Int, code: String)] = [
      ("GET /a b HTTP/1.1\r\n\r\n", 400, "invalid_request"),
      ("GARBAGE\r\n\r\n", 501, "method_not_implemented"),
      ("GET /healthz HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n", 400, "invalid_request"),
      ("FROB /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 501, "method_not_implemented"),
      ("GET \(longPath) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 431, "headers_too_large"),
      (
        "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: \(String(repeating: "b", count: 40_000))\r\n\r\n",
        431, "headers_too_large"
      ),
      (
        "POST /v1/pantry/match HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: abc\r\n\r\n", 400,
        "invalid_content_length"
      ),
      (
        "POST /v1/pantry/match HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n"
          + "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400, "invalid_request"
      ),
      (
        "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header: x\r\n\r\n", 400,
        "invalid_request"
      ),
    ]
    for (request, status, code) in cases {
      let reply = try await exchange(server, request)
      let line = String(request.prefix(60))
      #expect(reply?.status == status, "\(line)")
      #expect(reply?.errorCode == code, "\(line)")
      #expect(reply?.headers["content-type"]?.hasPrefix("application/json") == true, "\(line)")
      #expect(reply?.headers["connection"] == "close", "\(line)")
    }
  }

  @Test func aBrokenChunkedBodyIsA400() async throws {
    let server = try await LiveServer.start()
    let reply = try await exchange(
      server,
      "POST /v1/pantry/match HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        + "Transfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n")
    #expect(reply?.status == 400)
    #expect(reply?.errorCode == "invalid_transfer_encoding")
  }

  @Test func headAnswersWhereGetDoes() async throws {
    let server = try await LiveServer.start()
    for path in ["/healthz", "/v1/recipes/a-beef-rendang", "/v1/categories", "/", "/openapi.json"] {
      let get = try await exchange(server, "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
      let connection = try RawHTTPConnection(port: server.port)
      // Two HEADs on one connection: a body sent after the first would corrupt the second.
      connection.send(
        "HEAD \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nHEAD \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
      )
      for _ in 0..<2 {
        let head = await connection.readResponse(bodyless: true)
        #expect(head?.status == 200, "HEAD \(path)")
        #expect(head?.headers["content-length"] == get?.headers["content-length"], "HEAD \(path)")
        #expect(head?.body.isEmpty == true)
      }
    }
    // Errors to HEAD carry the length of the JSON error but no body.
    let connection = try RawHTTPConnection(port: server.port)
    connection.send(
      "HEAD /nowhere HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nHEAD /v1/me/grocery HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        + "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    #expect(await connection.readResponse(bodyless: true)?.status == 404)
    #expect(await connection.readResponse(bodyless: true)?.status == 401)
    #expect(await connection.readResponse()?.status == 200)
  }

  @Test func wrongMethodsAre405WithAllow() async throws {
    let server = try await LiveServer.start()
    let reply = try await exchange(server, "PUT /v1/recipes HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    #expect(reply?.status == 405)
    #expect(reply?.errorCode == "method_not_allowed")
    #expect(reply?.headers["allow"] == "GET, HEAD, POST")
  }
}
