import Hummingbird
import LarderStore

/// Bearer tokens: `Authorization: Bearer TOKEN` names a profile.
enum Authentication {
  /// Tokens are 46 characters; anything much longer is not one of ours.
  static let maximumTokenLength = 256

  /// The live profile the request's token names, `nil` when there is no token.
  /// - Throws: ``APIError/unauthorized`` for a malformed, unknown or revoked token.
  static func profile(_ request: Request, users: any UserStateStore) async throws
    -> UserStore.Profile?
  {
    guard let header = request.headers[.authorization] else { return nil }
    let parts = header.split(separator: " ", maxSplits: 1)
    guard parts.count == 2, parts[0].lowercased() == "bearer",
      parts[1].utf8.count <= maximumTokenLength
    else {
      throw APIError.unauthorized
    }
    let token = String(parts[1])
    guard let profile = try await users.profile(forToken: token) else {
      throw APIError.unauthorized
    }
    return profile
  }
}
