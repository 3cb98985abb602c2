import Foundation
import Hummingbird
import NIOCore

/// Reads JSON request bodies with the API's 64 KiB limit and clear errors.
enum RequestBody {
  static let maximumBytes = 64 * 1024

  static func decode<T: Decodable>(_ request: Request, context: LarderRequestContext) async throws
    -> T
  {
    let buffer: ByteBuffer
    do {
      buffer = try await request.body.collect(upTo: maximumBytes)
    } catch is NIOTooManyBytesError {
      throw APIError.bodyTooLarge
    }
    guard buffer.readableBytes > 0 else {
      throw APIError(
        status: .badRequest, code: "invalid_body", message: "The request needs a JSON body.")
    }
    do {
      return try JSONDecoder().decode(T.self, from: Data(buffer.readableBytesView))
    } catch DecodingError.dataCorrupted {
      throw APIError(
        status: .badRequest, code: "invalid_json", message: "The body is not valid JSON.")
    } catch let DecodingError.typeMismatch(_, context) {
      throw APIError(
        status: .unprocessableContent, code: "invalid_body",
        message: "Wrong type at `\(context.codingPath.map(\.stringValue).joined(separator: "."))`.")
    } catch let DecodingError.keyNotFound(key, _) {
      throw APIError(
        status: .unprocessableContent, code: "invalid_body",
        message: "`\(key.stringValue)` is required.")
    } catch {
      throw APIError(
        status: .unprocessableContent, code: "invalid_body",
        message: "The body does not have the expected shape.")
    }
  }
}
