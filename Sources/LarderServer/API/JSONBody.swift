import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Encodes responses as JSON with sorted keys (stable for clients and golden tests).
enum JSONBody {
  static func response(_ data: Data, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:])
    -> Response
  {
    var fields = headers
    fields[.contentType] = "application/json; charset=utf-8"
    return Response(
      status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: data)))
  }

  static func response<T: Encodable>(_ value: T, status: HTTPResponse.Status = .ok) throws
    -> Response
  {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return response(try encoder.encode(value), status: status)
  }
}
