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

  /// Appends `string` as a JSON string literal to `out` (for the hand-written hot paths).
  static func appendQuoted(_ string: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    for byte in string.utf8 {
      switch byte {
      case UInt8(ascii: "\""): out.append(contentsOf: [92, 34])
      case UInt8(ascii: "\\"): out.append(contentsOf: [92, 92])
      case 0..<0x20:
        out.append(contentsOf: Array("\\u00".utf8))
        let hex = Array("0123456789abcdef".utf8)
        out.append(hex[Int(byte >> 4)])
        out.append(hex[Int(byte & 15)])
      default: out.append(byte)
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}
