import Foundation
import HTTPTypes
import Hummingbird
import LarderCore
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

  /// A `200` (or `status`) JSON response with `bytes` as its body (for the hand-written hot paths).
  static func response(bytes: [UInt8], status: HTTPResponse.Status = .ok) -> Response {
    Response(
      status: status, headers: [.contentType: "application/json; charset=utf-8"],
      body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
  }

  /// Appends `value` in decimal to `out`, as `JSONEncoder` writes an `Int` (numbers this short
  /// are small strings: no allocation).
  static func appendInteger(_ value: Int, to out: inout [UInt8]) {
    out.append(contentsOf: String(value).utf8)
  }

  /// Appends `string` as a JSON string literal (``JSONStringLiteral``), or `null` when it is
  /// `nil`, to `out`.
  static func appendQuotedOrNull(_ string: String?, to out: inout [UInt8]) {
    if let string {
      JSONStringLiteral.append(string, to: &out)
    } else {
      out.append(contentsOf: "null".utf8)
    }
  }
}
