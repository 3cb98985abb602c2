import Foundation
import HTTPTypes
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// One per connection, between the HTTP codec and the request handling: enforces the
/// ``ConnectionLimits`` timeouts, closes the connection cleanly after a response that leaves a
/// request body unread or ends the connection, strips bodies from answers to `HEAD`, and gives
/// every bodyless error answer of the framework (a parse error's 400, a 500) the API's JSON body.
///
/// Phases: waiting for a request (idle, then reading its head once bytes arrive), reading its
/// body, handling it (no timeout: the work is ours), closing (after the last response).
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPRequestPart
  typealias InboundOut = HTTPRequestPart
  typealias OutboundIn = HTTPResponsePart
  typealias OutboundOut = HTTPResponsePart

  private enum Phase {
    case idle
    case readingHead
    case readingBody
    case handling
    case closing
  }

  private let limits: ConnectionLimits
  private var phase = Phase.idle
  private var timer: Scheduled<Void>?
  private var context: ChannelHandlerContext?
  /// Methods of requests read but not yet answered, oldest first (HEAD answers carry no body).
  private var pendingMethods: [HTTPRequest.Method] = []
  /// Whether the connection ends after the response being written.
  private var closeAfterResponse = false
  /// The parser's refusal, for the JSON body of the framework's bodyless 400.
  private var parserError: HTTPParserError?
  /// A bodyless error head held back until `.end` shows it has no body.
  private var heldErrorHead: HTTPResponse?
  /// Whether the response being written answers a `HEAD`.
  private var answeringHead = false

  init(limits: ConnectionLimits) { self.limits = limits }

  func handlerAdded(context: ChannelHandlerContext) {
    self.context = context
    if context.channel.isActive { wait(.idle) }
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    timer?.cancel()
    self.context = nil
  }

  func channelActive(context: ChannelHandlerContext) {
    wait(.idle)
    context.fireChannelActive()
  }

  /// Called by ``RawReadObserver`` for every read from the socket, before parsing.
  func bytesArrived() {
    if phase == .idle { wait(.readingHead) }
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head(let request):
      pendingMethods.append(request.method)
      if request.headerFields[.connection]?.lowercased() == "close" { closeAfterResponse = true }
      wait(.readingBody)
    case .body:
      break
    case .end:
      if phase == .readingBody { wait(.handling) }
    }
    context.fireChannelRead(data)
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    if let error = error as? HTTPParserError {
      parserError = error
      closeAfterResponse = true
    }
    context.fireErrorCaught(error)
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    // The client finished sending after our last response: nothing more to wait for.
    if case ChannelEvent.inputClosed = event, phase == .closing || phase == .idle {
      context.close(promise: nil)
    }
    context.fireUserInboundEventTriggered(event)
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    guard phase != .closing else {
      promise?.fail(ChannelError.ioOnClosedChannel)  // a second answer after the last one
      return
    }
    switch unwrapOutboundIn(data) {
    case .head(var response):
      answeringHead = pendingMethods.first == .head
      if phase == .readingBody || phase == .readingHead {
        // Answered before the body was read (413, 401, ...): reading the rest could take
        // forever, so this is the connection's last response.
        closeAfterResponse = true
      }
      if closeAfterResponse { response.headerFields[.connection] = "close" }
      if response.status.code >= 400, response.headerFields[.contentType] == nil {
        heldErrorHead = response
        promise?.succeed()
        return
      }
      context.write(wrapOutboundOut(.head(response)), promise: promise)
    case .body(let bytes):
      if let held = heldErrorHead {
        heldErrorHead = nil
        context.write(wrapOutboundOut(.head(held)), promise: nil)
      }
      if answeringHead {
        promise?.succeed()
      } else {
        context.write(wrapOutboundOut(.body(bytes)), promise: promise)
      }
    case .end(let trailers):
      if let held = heldErrorHead {
        heldErrorHead = nil
        writeJSONError(for: held, context: context)
      }
      if !pendingMethods.isEmpty { pendingMethods.removeFirst() }
      answeringHead = false
      context.writeAndFlush(wrapOutboundOut(.end(trailers)), promise: promise)
      responseEnded(context: context)
    }
  }

  /// Writes the API's JSON error in place of a bodyless error answer `held`.
  private func writeJSONError(for held: HTTPResponse, context: ChannelHandlerContext) {
    let error =
      parserError.map(EdgeErrors.apiError(for:)) ?? EdgeErrors.apiError(forBodyless: held.status)
    var response = held
    response.status = error.status
    response.headerFields[.contentType] = "application/json; charset=utf-8"
    let body = error.json
    response.headerFields[.contentLength] = String(body.count)
    context.write(wrapOutboundOut(.head(response)), promise: nil)
    if !answeringHead {
      context.write(wrapOutboundOut(.body(ByteBuffer(bytes: body))), promise: nil)
    }
  }

  private func responseEnded(context: ChannelHandlerContext) {
    if closeAfterResponse {
      // Stop writing, drop what the client still sends for a moment so it reads the answer
      // (closing with unread input would reset the connection), then close.
      wait(.closing)
      context.close(mode: .output, promise: nil)
    } else if pendingMethods.isEmpty {
      wait(.idle)
    } else {
      wait(.handling)  // a pipelined request was read meanwhile
    }
  }

  /// Enters `phase` and arms its timeout (none while handling: that work is ours).
  private func wait(_ next: Phase) {
    phase = next
    timer?.cancel()
    timer = nil
    let limit: Duration? =
      switch next {
      case .idle: limits.idleTimeout
      case .readingHead: limits.headerTimeout
      case .readingBody: limits.bodyTimeout
      case .handling: nil
      case .closing: limits.lingerTimeout
      }
    guard let limit, let context else { return }
    timer = context.eventLoop.assumeIsolatedUnsafeUnchecked().scheduleTask(in: TimeAmount(limit)) {
      [self] in
      timer = nil
      context.close(promise: nil)
    }
  }
}
