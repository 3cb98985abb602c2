import NIOCore

/// How long a client may take and how many may connect: what keeps slow, idle or half-sent
/// requests from holding descriptors forever (the defaults follow nginx's and Apache's spirit,
/// scaled to a local API whose bodies are at most 64 KiB).
public struct ConnectionLimits: Sendable, Hashable {
  /// A connection with no request in progress is closed after this long (keep-alive idle).
  public var idleTimeout: Duration
  /// A request's line and headers must arrive whole within this long of their first byte.
  public var headerTimeout: Duration
  /// A request's body must arrive whole within this long of its headers.
  public var bodyTimeout: Duration
  /// After the last response of a connection the server stops writing, reads and drops what
  /// the client still sends for at most this long so the client sees the response, then closes.
  public var lingerTimeout: Duration
  /// Connections open at once; more wait in the listen backlog until one closes.
  public var maximumConnections: Int

  /// Idle 30 s, headers 10 s, body 30 s, linger 2 s, 512 connections.
  public init(
    idleTimeout: Duration = .seconds(30), headerTimeout: Duration = .seconds(10),
    bodyTimeout: Duration = .seconds(30), lingerTimeout: Duration = .seconds(2),
    maximumConnections: Int = 512
  ) {
    self.idleTimeout = idleTimeout
    self.headerTimeout = headerTimeout
    self.bodyTimeout = bodyTimeout
    self.lingerTimeout = lingerTimeout
    self.maximumConnections = maximumConnections
  }
}

extension TimeAmount {
  init(_ duration: Duration) {
    let (seconds, attoseconds) = duration.components
    self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
  }
}
