import Hummingbird
import NIOCore

/// The request context: Hummingbird's core storage plus the client's address, which the admin
/// routes check (loopback clients only).
public struct LarderRequestContext: RequestContext, RemoteAddressRequestContext {
  public var coreContext: CoreRequestContextStorage
  /// The client's socket address.
  public let remoteAddress: SocketAddress?

  public init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    remoteAddress = source.channel.remoteAddress
  }

  /// Bodies larger than the API's limit are refused before they are read whole.
  public var maxUploadSize: Int { RequestBody.maximumBytes }

  /// Whether the client connected from the loopback interface.
  var isLoopbackClient: Bool {
    switch remoteAddress {
    case .v4(let address)?: return address.host.hasPrefix("127.")
    case .v6(let address)?: return address.host == "::1" || address.host.hasPrefix("::ffff:127.")
    default: return false
    }
  }
}
