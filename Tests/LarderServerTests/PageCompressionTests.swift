import Foundation
import Testing

/// The page's files go gzip-compressed to a client that accepts gzip, as they are to one that
/// does not, each representation with its own `ETag` and `Vary: Accept-Encoding`.
@Suite struct PageCompressionTests {
  /// `bytes` decompressed by the system's `gzip`, a decoder that is not ours.
  func gunzip(_ bytes: Data) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/gzip")
    process.arguments = ["-dc"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(bytes)
    try input.fileHandleForWriting.close()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return out
  }

  func get(_ path: String, _ server: LiveServer, headers: [String] = []) async throws
    -> RawResponse
  {
    let connection = try RawHTTPConnection(port: server.port)
    connection.send(
      "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        + headers.map { "\($0)\r\n" }.joined() + "\r\n")
    return try #require(await connection.readResponse())
  }

  @Test func everyPageFileIsServedGzippedToClientsThatAcceptIt() async throws {
    let server = try await LiveServer.start()
    let index = try await get("/", server)
    let html = String(decoding: index.body, as: UTF8.self)
    let assets = html.matches(of: /\/assets\/[a-z-]+\.(?:js|css)/).map { String($0.output) }
    #expect(assets.count > 20)
    var identityBytes = 0
    var gzipBytes = 0
    for path in ["/", "/openapi.json"] + Set(assets).sorted() {
      let plain = try await get(path, server)
      #expect(plain.status == 200)
      #expect(plain.headers["content-encoding"] == nil, "\(path)")
      #expect(plain.headers["vary"] == "Accept-Encoding")
      let packed = try await get(path, server, headers: ["Accept-Encoding: gzip, deflate, br"])
      #expect(packed.status == 200)
      #expect(packed.headers["content-encoding"] == "gzip", "\(path)")
      #expect(packed.headers["content-type"] == plain.headers["content-type"])
      #expect(packed.headers["etag"] != plain.headers["etag"])
      #expect(try gunzip(packed.body) == plain.body, "\(path)")
      #expect(packed.body.count < plain.body.count)
      identityBytes += plain.body.count
      gzipBytes += packed.body.count

      // Each representation is revalidated by its own tag.
      let etag = try #require(packed.headers["etag"])
      let revalidated = try await get(
        path, server, headers: ["Accept-Encoding: gzip", "If-None-Match: \(etag)"])
      #expect(revalidated.status == 304)
      let other = try await get(path, server, headers: ["If-None-Match: \(etag)"])
      #expect(other.status == 200 && other.body == plain.body)
    }
    print("page files: \(identityBytes) bytes plain, \(gzipBytes) gzipped")
    #expect(gzipBytes * 3 < identityBytes)
  }

  @Test func gzipRefusedOrNotOfferedIsPlain() async throws {
    let server = try await LiveServer.start()
    for header in [
      "Accept-Encoding: gzip;q=0", "Accept-Encoding: br", "Accept-Encoding: identity",
      "Accept-Encoding: *;q=0", "Accept-Encoding: gzip; q=0.0, br",
    ] {
      let reply = try await get("/assets/app.js", server, headers: [header])
      #expect(reply.status == 200)
      #expect(reply.headers["content-encoding"] == nil, "\(header)")
    }
    for header in ["Accept-Encoding: GZIP;q=0.5", "Accept-Encoding: *", "Accept-Encoding: x-gzip"] {
      let reply = try await get("/assets/app.js", server, headers: [header])
      #expect(reply.headers["content-encoding"] == "gzip", "\(header)")
    }
  }
}
