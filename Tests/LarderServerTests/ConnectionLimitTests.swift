import Foundation
import LarderServer
import Testing

/// Slow, idle and half-sent requests cannot hold a connection: each timeout closes it, an
/// answer that leaves a body unread ends the connection, and the connection cap holds. Real
/// sockets on loopback with short limits; every wait is bounded.
@Suite struct ConnectionLimitTests {
  /// Limits of `seconds` for the one being tested and 30 s for the others.
  static func limits(
    idle: Int = 30, header: Int = 30, body: Int = 30, maximumConnections: Int = 512
  ) -> ConnectionLimits {
    ConnectionLimits(
      idleTimeout: .seconds(idle), headerTimeout: .seconds(header), bodyTimeout: .seconds(body),
      lingerTimeout: .milliseconds(500), maximumConnections: maximumConnections)
  }

  @Test func anIdleConnectionIsClosed() async throws {
    let server = try await LiveServer.start { $0.limits = Self.limits(idle: 1) }
    let connection = try RawHTTPConnection(port: server.port)
    #expect(await connection.readUntilClosed(limit: .seconds(60)).ending == .closed)
    // After a response, the same idle limit applies.
    let kept = try RawHTTPConnection(port: server.port)
    kept.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    #expect(await kept.readResponse()?.status == 200)
    #expect(await kept.readUntilClosed(limit: .seconds(60)).ending == .closed)
  }

  @Test func headersThatNeverFinishAreCutOff() async throws {
    let server = try await LiveServer.start { $0.limits = Self.limits(header: 1) }
    let connection = try RawHTTPConnection(port: server.port)
    connection.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    #expect(await connection.readUntilClosed(limit: .seconds(60)).ending == .closed)
  }

  @Test func aBodyShorterThanItsContentLengthIsCutOff() async throws {
    let server = try await LiveServer.start { $0.limits = Self.limits(body: 1) }
    let connection = try RawHTTPConnection(port: server.port)
    connection.send(
      "POST /v1/pantry/match HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        + "Content-Length: 100\r\n\r\n{\"have\":[\"egg\"]")
    #expect(await connection.readUntilClosed(limit: .seconds(60)).ending == .closed)
  }

  @Test func aBodyTooLargeEndsTheConnectionWithAJSONAnswer() async throws {
    let server = try await LiveServer.start { $0.limits = Self.limits() }
    for close in [true, false] {
      let connection = try RawHTTPConnection(port: server.port)
      connection.send(
        "POST /v1/pantry/match HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
          + "Content-Length: 10000000\r\n\(close ? "Connection: close\r\n" : "")\r\n")
      connection.send([UInt8](repeating: UInt8(ascii: " "), count: 70_000))
      let reply = await connection.readResponse()
      #expect(reply?.status == 413, "Connection: close sent: \(close)")
      #expect(reply?.errorCode == "body_too_large")
      #expect(reply?.headers["connection"] == "close")
      // The client keeps its end open and never sends the rest; the server still lets go.
      #expect(await connection.readUntilClosed(limit: .seconds(60)).ending == .closed)
    }
  }

  @Test func keepAliveStillServesSeveralRequests() async throws {
    let server = try await LiveServer.start { $0.limits = Self.limits() }
    let connection = try RawHTTPConnection(port: server.port)
    for _ in 0..<3 {
      connection.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
      #expect(await connection.readResponse()?.status == 200)
    }
  }

  @Test func connectionsOverTheCapWaitForAFreeSlot() async throws {
    let server = try await LiveServer.start { $0.limits = Self.limits(maximumConnections: 2) }
    var first: RawHTTPConnection? = try RawHTTPConnection(port: server.port)
    let second = try RawHTTPConnection(port: server.port)
    second.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    #expect(await second.readResponse()?.status == 200)
    let third = try RawHTTPConnection(port: server.port)  // queued in the listen backlog
    third.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    #expect(await third.readResponse(limit: .seconds(1)) == nil)
    _ = first
    first = nil  // closes the socket: a slot frees
    #expect(await third.readResponse()?.status == 200)
  }
}
