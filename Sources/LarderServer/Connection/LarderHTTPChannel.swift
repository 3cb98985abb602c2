import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// HTTP/1.1 connections as Hummingbird's `HTTP1Channel` sets them up, with Larder's edge
/// around them: a ``RawReadObserver`` first (header timeout) and a ``ConnectionGuard`` after
/// the codec (timeouts, clean closes, JSON bodies on the framework's own error answers), and
/// tighter header limits than the framework's 80 KiB.
struct LarderHTTPChannel: ServerChildChannel, HTTPChannelHandler {
  typealias Value = NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>

  /// The request line and headers together, at most (nginx allows 4 × 8 KiB).
  static let maximumHeaderBytes = 32 * 1024
  /// Header fields per request, at most.
  static let maximumHeaderCount = 100

  let responder: HTTPChannelHandler.Responder
  let limits: ConnectionLimits

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    channel.eventLoop.makeCompletedFuture {
      let guardian = ConnectionGuard(limits: limits)
      var decoderLimits = NIOHTTPDecoderLimitConfiguration()
      decoderLimits.maxHeaderFieldSize = Self.maximumHeaderBytes
      decoderLimits.maxHeaderListSize = Self.maximumHeaderBytes
      decoderLimits.maxHeaderFieldCount = Self.maximumHeaderCount
      let pipeline = channel.pipeline.syncOperations
      try pipeline.addHandler(RawReadObserver(guardian))
      try pipeline.configureHTTPServerPipeline(
        withPipeliningAssistance: false, withErrorHandling: false,
        withOutboundHeaderValidation: false, withEncoderConfiguration: .init(),
        withDecoderLimitConfiguration: decoderLimits)
      try pipeline.addHandler(HTTP1ToHTTPServerCodec(secure: false))
      try pipeline.addHandler(guardian)
      // Hummingbird's own state handler (no idle timeout: the guard keeps time) lets graceful
      // shutdown close idle connections and finish busy ones.
      try pipeline.addHandler(HTTPConnectionStateHandler(idleTimeout: nil, logger: logger))
      return try NIOAsyncChannel(
        wrappingChannelSynchronously: channel,
        configuration: .init(isOutboundHalfClosureEnabled: true))
    }
  }

  func handle(value asyncChannel: Value, logger: Logger) async {
    await handleHTTP(asyncChannel: asyncChannel, logger: logger)
  }
}
