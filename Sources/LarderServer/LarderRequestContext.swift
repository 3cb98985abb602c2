import Hummingbird
import LarderStore
import NIOCore

/// The request context: Hummingbird's core storage plus the profile the request's bearer token
/// names, which ``TokenMiddleware`` resolves once for every route.
public struct LarderRequestContext: RequestContext {
  public var coreContext: CoreRequestContextStorage
  /// The live profile of the request's token; `nil` when the request sent no token (a token
  /// that names no live profile never gets this far: it is a 401 on every route).
  var profile: UserStore.Profile?
  /// Set when a token was sent but the user-state store (PostgreSQL) could not be asked:
  /// routes that need the profile answer 503 with it; engine routes answer as without a token.
  var userStateUnavailable: UserStateUnavailable?

  public init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
  }

  /// Bodies larger than the API's limit are refused before they are read whole.
  public var maxUploadSize: Int { RequestBody.maximumBytes }
}

extension RequestContext {
  /// A path parameter, percent-decoded (the router matches the raw path, so `olive%20oil`
  /// arrives encoded): the one place every route reads its path values.
  /// - Throws: 400 `invalid_path` for a broken escape or bytes that are not UTF-8.
  func pathParameter(_ name: String) throws -> String {
    guard let decoded = Self.percentDecoded(try parameters.require(name)) else {
      throw APIError.badRequest(
        "invalid_path", "The path segment for `\(name)` is not valid percent-encoded UTF-8.")
    }
    return decoded
  }

  /// `text` with every `%XX` replaced by its byte; `nil` for a `%` without two hex digits or
  /// bytes that are not UTF-8 (Foundation's decoder lets some of those through).
  static func percentDecoded(_ text: String) -> String? {
    guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
    func hex(_ byte: UInt8) -> UInt8? {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
      default: nil
      }
    }
    var bytes: [UInt8] = []
    var iterator = text.utf8.makeIterator()
    while let byte = iterator.next() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard let high = iterator.next().flatMap(hex), let low = iterator.next().flatMap(hex) else {
        return nil
      }
      bytes.append(high << 4 | low)
    }
    return String(validating: bytes, as: UTF8.self)
  }
}
