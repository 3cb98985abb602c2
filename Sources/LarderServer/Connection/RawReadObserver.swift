import NIOCore

/// The first handler of a connection: tells ``ConnectionGuard`` when bytes arrive, before the
/// HTTP parser has a whole request head (which is when the header timeout starts).
final class RawReadObserver: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer

  private let guardian: ConnectionGuard

  init(_ guardian: ConnectionGuard) { self.guardian = guardian }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guardian.bytesArrived()
    context.fireChannelRead(data)
  }
}
