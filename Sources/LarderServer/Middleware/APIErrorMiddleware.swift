import Hummingbird
import Logging

/// Turns every thrown error into the API's JSON error shape, answers 405 for a known path with
/// the wrong method (the router alone would say 404), and keeps internals out of responses.
struct APIErrorMiddleware: RouterMiddleware {
  typealias Context = LarderRequestContext

  /// Path patterns and their methods, to tell 405 from 404.
  let routes: RouteTable

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws
    -> Response
  {
    do {
      return try await next(request, context)
    } catch let error as HTTPError where error.status == .notFound {
      let allowed = routes.methods(for: request.uri.path)
      if !allowed.isEmpty {
        var response = try APIError(
          status: .methodNotAllowed, code: "method_not_allowed",
          message:
            "\(request.method.rawValue) is not allowed here; use \(allowed.joined(separator: ", "))."
        )
        .response(from: request, context: context)
        response.headers[.allow] = allowed.joined(separator: ", ")
        return response
      }
      return try APIError.notFound("not_found", "There is nothing at \(request.uri.path).")
        .response(from: request, context: context)
    } catch {
      let answer = APIError.from(error)
      if answer.status == .internalServerError {
        context.logger.error("request failed", metadata: ["error": "\(String(reflecting: error))"])
      }
      return try answer.response(from: request, context: context)
    }
  }
}

/// The server's path patterns (`/v1/recipes/:id`) with their methods.
struct RouteTable: Sendable {
  private var entries: [(segments: [Substring], method: String)] = []

  mutating func add(_ method: String, _ path: String) {
    entries.append((path.split(separator: "/"), method))
  }

  /// The methods registered for the pattern the router would pick for `path` (empty when no
  /// pattern matches). Like the router's trie, a literal segment beats a parameter at the first
  /// place they differ: `/v1/me/pantry/at-home` is the at-home route, not `:name`.
  func methods(for path: String) -> [String] {
    let parts = path.split(separator: "/")
    var best: [Bool] = []
    var out: [String] = []
    for entry in entries where entry.segments.count == parts.count {
      let matches = zip(entry.segments, parts).allSatisfy { pattern, part in
        pattern.hasPrefix(":") || pattern == part
      }
      guard matches else { continue }
      let literals = entry.segments.map { !$0.hasPrefix(":") }
      if out.isEmpty || Self.isMoreSpecific(literals, than: best) {
        best = literals
        out = [entry.method]
      } else if literals == best, !out.contains(entry.method) {
        out.append(entry.method)
      }
    }
    // HEAD answers wherever GET does (the router generates it).
    if let get = out.firstIndex(of: "GET") { out.insert("HEAD", at: get + 1) }
    return out
  }

  /// Whether `pattern` has a literal where `other` has a parameter, at their first difference.
  private static func isMoreSpecific(_ pattern: [Bool], than other: [Bool]) -> Bool {
    guard let first = zip(pattern, other).first(where: { $0 != $1 }) else { return false }
    return first.0
  }
}
