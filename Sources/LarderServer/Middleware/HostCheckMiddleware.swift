import Hummingbird

/// Refuses requests whose `Host` names a host this server was not told about, before anything
/// runs: a DNS-rebinding page (`Host: evil.example`) reaches the loopback port under its own
/// name, so a name check is what tells it from a real client. IP literals are always accepted
/// (rebinding needs a name), as are `localhost`, the bound address and the `--allow-host` names.
struct HostCheckMiddleware: RouterMiddleware {
  typealias Context = LarderRequestContext

  /// Lowercased names accepted besides IP literals; `*` accepts any.
  let names: Set<String>

  /// Accepts `localhost`, `boundHost` and `allowedHosts`.
  init(boundHost: String, allowedHosts: [String]) {
    names = Set((["localhost", boundHost] + allowedHosts).map { $0.lowercased() })
  }

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    if let authority = request.head.authority, !accepts(authority: authority) {
      throw APIError(
        status: .misdirectedRequest, code: "host_not_allowed",
        message:
          "This server does not answer for the host in `Host`; start it with `--allow-host NAME` to allow a name."
      )
    }
    return try await next(request, context)
  }

  /// Whether `authority` (`name`, `name:port`, `[v6]:port`) names an accepted host.
  func accepts(authority: String) -> Bool {
    if names.contains("*") || authority.hasPrefix("[") { return true }
    var host = Substring(authority)
    if let colon = host.lastIndex(of: ":"), host[host.index(after: colon)...].allSatisfy(\.isNumber)
    {
      host = host[..<colon]
    }
    if host.hasSuffix(".") { host = host.dropLast() }  // the fully qualified spelling
    return Self.isIPv4Literal(host) || names.contains(host.lowercased())
  }

  /// Four dot-separated decimal numbers of at most three digits (`127.0.0.1`).
  static func isIPv4Literal(_ host: Substring) -> Bool {
    let parts = host.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4
      && parts.allSatisfy { part in
        (1...3).contains(part.count) && part.allSatisfy { $0.isASCII && $0.isNumber }
          && Int(part)! <= 255
      }
  }
}
