import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A bare TCP connection to a loopback server, for requests no HTTP client library would send
/// (broken request lines, lying `Content-Length`, slow or idle clients). Every read is bounded
/// by a receive timeout, so a server that never answers fails the test instead of hanging it.
/// Reads block a Dispatch thread, never one of Swift concurrency's few threads, which the
/// server in the same process needs to answer.
final class RawHTTPConnection: @unchecked Sendable {
  // Safety: `socket` never changes; one test uses a connection from one task at a time, so
  // `unread` is never touched by two threads at once.
  private let socket: Int32
  /// Bytes received but not yet returned as a response.
  private var unread: [UInt8] = []

  /// Connects to `127.0.0.1:port`.
  init(port: Int) throws {
    socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw POSIXError(.EMFILE) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(socket)
      throw POSIXError(.ECONNREFUSED)
    }
  }

  deinit { close(socket) }

  /// Sends `text` as bytes (ignoring a peer that already closed).
  func send(_ text: String) { send(Array(text.utf8)) }

  /// Sends `bytes`.
  func send(_ bytes: [UInt8]) {
    var sent = 0
    while sent < bytes.count {
      let written = bytes[sent...].withUnsafeBytes {
        Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if written <= 0 { return }
      sent += written
    }
  }

  /// How reading ended.
  enum Ending: Equatable {
    /// The server closed the connection.
    case closed
    /// Nothing more arrived within the time limit; the connection is still open.
    case timedOut
  }

  /// Reads until the server closes the connection or `limit` passes; returns the bytes read
  /// and how reading ended.
  func readUntilClosed(limit: Duration) async -> (bytes: [UInt8], ending: Ending) {
    await offThePool { self.blockingReadUntilClosed(limit: limit) }
  }

  /// Reads one response: the head, then `Content-Length` bytes of body (none after `HEAD`).
  /// `nil` when the server closed or went quiet before a whole response arrived. The default
  /// limit is generous: a full parallel test run can keep the in-process server waiting.
  func readResponse(limit: Duration = .seconds(60), bodyless: Bool = false) async -> RawResponse? {
    await offThePool { self.blockingReadResponse(limit: limit, bodyless: bodyless) }
  }

  private func offThePool<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    // A thread of its own, not Dispatch's global queue: tests that block global-queue threads
    // (the kill -9 tests wait on processes) could otherwise starve this read for minutes.
    await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: body()) }.start()
    }
  }

  private func blockingReadUntilClosed(limit: Duration) -> (bytes: [UInt8], ending: Ending) {
    let deadline = ContinuousClock.now + limit
    var out: [UInt8] = []
    while true {
      switch receive(before: deadline) {
      case .bytes(let bytes): out += bytes
      case .closed: return (out, .closed)
      case .timedOut: return (out, .timedOut)
      }
    }
  }

  private func blockingReadResponse(limit: Duration, bodyless: Bool) -> RawResponse? {
    let deadline = ContinuousClock.now + limit
    while true {
      if let response = RawResponse(parsing: unread, bodyless: bodyless) {
        unread.removeFirst(response.length)  // a pipelined response may follow
        return response
      }
      guard case .bytes(let bytes) = receive(before: deadline) else { return nil }
      unread += bytes
    }
  }

  private enum Received {
    case bytes([UInt8])
    case closed
    case timedOut
  }

  /// One `recv`, waiting at most until `deadline`.
  private func receive(before deadline: ContinuousClock.Instant) -> Received {
    let left = deadline - ContinuousClock.now
    guard left > .zero else { return .timedOut }
    var waitFor = timeval(
      tv_sec: Int(left.components.seconds),
      tv_usec: max(1, Int(left.components.attoseconds / 1_000_000_000_000)))
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &waitFor, socklen_t(MemoryLayout<timeval>.size))
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
    if count > 0 { return .bytes(Array(buffer[0..<count])) }
    if count < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
      return ContinuousClock.now < deadline ? .bytes([]) : .timedOut
    }
    return .closed
  }
}

/// A parsed HTTP/1.1 response.
struct RawResponse: Sendable {
  let status: Int
  /// Header names lowercased.
  let headers: [String: String]
  let body: Data
  /// How many bytes the response took.
  let length: Int

  /// Parses a whole response from `bytes`; `nil` while it is incomplete.
  init?(parsing bytes: [UInt8], bodyless: Bool) {
    guard
      let end = bytes.indices.dropLast(3).first(where: { bytes[$0..<$0 + 4] == [13, 10, 13, 10] })
    else { return nil }
    let head = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
    guard let statusLine = head.first, statusLine.split(separator: " ").count >= 2,
      let status = Int(statusLine.split(separator: " ")[1])
    else { return nil }
    var headers: [String: String] = [:]
    for line in head.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    let length = bodyless ? 0 : Int(headers["content-length"] ?? "0") ?? 0
    let bodyStart = end + 4
    guard bytes.count >= bodyStart + length else { return nil }
    self.status = status
    self.headers = headers
    self.body = Data(bytes[bodyStart..<bodyStart + length])
    self.length = bodyStart + length
  }

  /// `error.code` of a JSON error body.
  var errorCode: String? {
    let json = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
    return (json?["error"] as? [String: Any])?["code"] as? String
  }
}
