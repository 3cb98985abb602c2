import Foundation
import LarderStore
import Testing

/// Who may do what: admin routes need an admin profile's token, a present but unknown token is
/// a 401 on every route, and requests naming a foreign `Host` (DNS rebinding) are refused.
@Suite struct AccessControlTests {
  @Test func reloadNeedsAnAdminToken() async throws {
    let server = try await LiveServer.start()
    let anonymous = try await server.send("POST", "/v1/admin/reload")
    #expect(anonymous.status == 401)
    #expect(anonymous.errorCode == "unauthorized")
    let user = try await server.send("POST", "/v1/admin/reload", token: server.token)
    #expect(user.status == 403)
    #expect(user.errorCode == "admin_only")
    let admin = try await server.send("POST", "/v1/admin/reload", token: server.adminToken)
    #expect(admin.status == 200)
    #expect(admin.json["reloaded"] as? Bool == true)
    try await server.users.write { _ = try $0.revokeProfile(name: "root") }
    #expect(
      try await server.send("POST", "/v1/admin/reload", token: server.adminToken).status == 401)
  }

  @Test func anUnknownTokenIsA401OnEveryRoute() async throws {
    let server = try await LiveServer.start()
    let routes: [(String, String, Any?)] = [
      ("GET", "/v1/suggest?q=gar", nil), ("GET", "/v1/recipes?with=garlic", nil),
      ("GET", "/v1/search?q=lamb", nil), ("GET", "/v1/recipes/a-beef-rendang", nil),
      ("GET", "/v1/categories", nil), ("GET", "/v1/areas/Indian/recipes", nil),
      ("GET", "/v1/random", nil), ("POST", "/v1/pantry/match", ["have": ["egg"]]),
      ("GET", "/healthz", nil), ("GET", "/v1/me", nil), ("POST", "/v1/admin/reload", nil),
    ]
    for (method, path, json) in routes {
      for header in ["Bearer lt_not-a-token", "Basic YWxpY2U6eA==", "Bearer"] {
        let reply = try await server.send(
          method, path, body: try json.map { try JSONSerialization.data(withJSONObject: $0) },
          headers: ["Authorization": header])
        #expect(reply.status == 401, "\(method) \(path) with \(header)")
        #expect(reply.errorCode == "unauthorized")
      }
      // Without a token the public routes answer as before.
      if !path.hasPrefix("/v1/me"), !path.hasPrefix("/v1/admin") {
        let open = try await server.send(
          method, path, body: try json.map { try JSONSerialization.data(withJSONObject: $0) })
        #expect(open.status == 200, "\(method) \(path) without a token")
      }
    }
  }

  func exchange(_ server: LiveServer, host: String, path: String = "/healthz") async throws
    -> RawResponse?
  {
    let connection = try RawHTTPConnection(port: server.port)
    connection.send("GET \(path) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
    return await connection.readResponse()
  }

  @Test func foreignHostNamesAreRefused() async throws {
    let server = try await LiveServer.start { $0.allowedHosts = ["larder.lan"] }
    for host in [
      "127.0.0.1:\(server.port)", "localhost:\(server.port)", "LOCALHOST", "[::1]:\(server.port)",
      "larder.lan", "larder.lan.:80", "10.0.0.7",
    ] {
      #expect(try await exchange(server, host: host)?.status == 200, "Host: \(host)")
    }
    for host in [
      "evil.example", "evil.example:\(server.port)", "localhost.evil.example", "127.0.0.1.nip.io",
    ] {
      let reply = try await exchange(server, host: host)
      #expect(reply?.status == 421, "Host: \(host)")
      #expect(reply?.errorCode == "host_not_allowed")
    }
    // The rebinding attack of the issue: an admin route under a foreign name.
    let connection = try RawHTTPConnection(port: server.port)
    connection.send(
      "POST /v1/admin/reload HTTP/1.1\r\nHost: evil.example\r\nOrigin: http://evil.example\r\n"
        + "Authorization: Bearer \(server.adminToken)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
    )
    #expect(await connection.readResponse()?.status == 421)
  }
}
