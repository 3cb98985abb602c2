import Hummingbird
import LarderStore

/// The context of a route that needs a profile: made from the request context only when the
/// request's token named a live profile (``TokenMiddleware``), so a handler in this group has
/// its profile, never an optional one. Without a token the group answers 401.
public struct ProfileContext: ChildRequestContext {
  public var coreContext: CoreRequestContextStorage
  /// The profile of the request's token.
  let profile: UserStore.Profile

  /// - Throws: ``APIError/unauthorized`` when the request sent no token.
  public init(context: LarderRequestContext) throws {
    if let unavailable = context.userStateUnavailable { throw unavailable }
    guard let profile = context.profile else { throw APIError.unauthorized }
    coreContext = context.coreContext
    self.profile = profile
  }

  /// Bodies larger than the API's limit are refused before they are read whole.
  public var maxUploadSize: Int { RequestBody.maximumBytes }
}

/// The context of an admin route: a ``ProfileContext`` whose profile has the admin role.
public struct AdminContext: ChildRequestContext {
  public var coreContext: CoreRequestContextStorage
  /// The admin profile of the request's token.
  let profile: UserStore.Profile

  /// - Throws: 401 without a token, 403 `admin_only` for a profile that is not an admin.
  public init(context: LarderRequestContext) throws {
    let user = try ProfileContext(context: context)
    guard user.profile.role == .admin else {
      throw APIError(
        status: .forbidden, code: "admin_only",
        message:
          "This needs the token of an admin profile (`larder profile create NAME --role admin`).")
    }
    coreContext = context.coreContext
    profile = user.profile
  }

  /// Bodies larger than the API's limit are refused before they are read whole.
  public var maxUploadSize: Int { RequestBody.maximumBytes }
}
