import Foundation
import Hummingbird
import NIOCore

/// A JSON request body of the API: decoded, then checked against its documented limits by
/// ``check()``. Together with ``RequestBody/decode(_:context:)`` this is the one validation
/// layer for bodies: 400 for malformed (not JSON, wrong shape or type, out of range), 422 for
/// well-formed values naming something unknown; messages name fields as the API does
/// (`items[0].quantity`).
protocol CheckedBody: Decodable {
  /// Throws an ``APIError`` for a value outside its documented range.
  func check() throws
}

/// Reads JSON request bodies with the API's 64 KiB limit and clear errors.
enum RequestBody {
  static let maximumBytes = 64 * 1024

  /// Reads, decodes and checks the body.
  /// - Throws: 415 without `Content-Type: application/json`, 413 over 64 KiB, 400/422 as above.
  static func decode<T: CheckedBody>(_ request: Request, context: some RequestContext)
    async throws -> T
  {
    guard isJSON(request.headers[.contentType]) else {
      throw APIError(
        status: .unsupportedMediaType, code: "unsupported_media_type",
        message: "Send the body as JSON, with `Content-Type: application/json`.")
    }
    let buffer = try await bytes(
      of: request, upTo: maximumBytes, whenEmpty: "The request needs a JSON body.")
    let body: T
    do {
      body = try JSONDecoder().decode(T.self, from: Data(buffer.readableBytesView))
    } catch let error as DecodingError {
      throw apiError(for: error)
    }
    try body.check()
    return body
  }

  /// The body, at most `limit` bytes.
  /// - Throws: 413 `body_too_large` over `limit`, 400 `invalid_body` (saying `whenEmpty`) for
  ///   an empty body.
  static func bytes(of request: Request, upTo limit: Int, whenEmpty: String) async throws
    -> ByteBuffer
  {
    let buffer: ByteBuffer
    do {
      buffer = try await request.body.collect(upTo: limit)
    } catch is NIOTooManyBytesError {
      throw APIError(
        status: .contentTooLarge, code: "body_too_large",
        message: "The request body is over \(limit / 1024) KiB.")
    }
    guard buffer.readableBytes > 0 else { throw APIError.badRequest("invalid_body", whenEmpty) }
    return buffer
  }

  /// A `Content-Type` value's media type, lowercased, without parameters (`application/json`
  /// for `Application/JSON; charset=utf-8`), or nil without the header.
  static func mediaType(_ contentType: String?) -> String? {
    // HTTP's optional whitespace (space, tab) trimmed by hand: Foundation's
    // `trimmingCharacters(in:)` was 1.3 % of a replica's CPU per user-state write (issue 18).
    contentType.map { value in
      let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
      var type = value.utf8.prefix { $0 != UInt8(ascii: ";") }
      while let first = type.first, isSpace(first) { type.removeFirst() }
      while let last = type.last, isSpace(last) { type.removeLast() }
      return String(decoding: type, as: UTF8.self).lowercased()
    }
  }

  /// Whether a `Content-Type` value is JSON (`application/json`, any parameters).
  static func isJSON(_ contentType: String?) -> Bool {
    mediaType(contentType) == "application/json"
  }

  /// The 400 for a body the decoder refused, naming the field in the API's words.
  static func apiError(for error: DecodingError) -> APIError {
    switch error {
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      return .badRequest("invalid_json", "The body is not valid JSON.")
    case .dataCorrupted(let context):
      return .badRequest("invalid_body", "`\(fieldName(context.codingPath))` is out of range.")
    case .typeMismatch(let type, let context) where context.codingPath.isEmpty:
      _ = type
      return .badRequest("invalid_body", "The body must be a JSON object.")
    case .typeMismatch(let type, let context):
      return .badRequest(
        "invalid_body", "`\(fieldName(context.codingPath))` must be \(kindName(type)).")
    case .valueNotFound(let type, let context):
      return .badRequest(
        "invalid_body", "`\(fieldName(context.codingPath))` must be \(kindName(type)), not null.")
    case .keyNotFound(let key, let context):
      return .badRequest(
        "invalid_body", "`\(fieldName(context.codingPath + [key]))` is required.")
    @unknown default:
      return .badRequest("invalid_body", "The body does not have the expected shape.")
    }
  }

  /// `items[0].quantity` for a decoder's coding path.
  static func fieldName(_ path: [any CodingKey]) -> String {
    var out = ""
    for key in path {
      if let index = key.intValue {
        out += "[\(index)]"
      } else {
        out += out.isEmpty ? key.stringValue : "." + key.stringValue
      }
    }
    return out
  }

  /// What a JSON value of `type` is called in messages.
  static func kindName(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: "a string"
    case is Bool.Type: "true or false"
    case is Int.Type, is Int64.Type: "a whole number"
    case is Double.Type: "a number"
    case is [Any].Type: "an array"
    default: type is any Collection.Type ? "an array" : "an object"
    }
  }
}

/// The checks bodies share, each throwing a 400 that names the field.
enum BodyCheck {
  /// Names: a letter or digit (``NameText``), at most `maximumLength` characters.
  static func text(_ value: String, _ field: String, maximumLength: Int = 200) throws {
    guard NameText.isName(value) else {
      throw APIError.badRequest("invalid_body", "`\(field)` must have a letter or digit.")
    }
    guard NameText.length(value) <= maximumLength else {
      throw APIError.badRequest(
        "invalid_body", "`\(field)` is longer than \(maximumLength) characters.")
    }
  }

  /// A list with a count in `counts`, each element checked by `element`.
  static func list<T>(
    _ values: [T], _ field: String, counts: ClosedRange<Int>,
    element: (T, String) throws -> Void = { _, _ in }
  ) throws {
    guard counts.contains(values.count) else {
      throw APIError.badRequest(
        "invalid_body",
        "`\(field)` must have \(counts.lowerBound) to \(counts.upperBound) entries (\(values.count) given)."
      )
    }
    for (index, value) in values.enumerated() { try element(value, "\(field)[\(index)]") }
  }

  /// A whole number in `range`.
  static func number<T: BinaryInteger>(_ value: T, _ field: String, in range: ClosedRange<T>)
    throws
  {
    guard range.contains(value) else {
      throw APIError.badRequest(
        "invalid_body", "`\(field)` must be from \(range.lowerBound) to \(range.upperBound).")
    }
  }
}

/// A whole number in a body. Foundation's decoder reports `1.5` or `1e30` for an integer field
/// as "not valid JSON" with no field; this names the field and says what is wrong.
struct WholeNumber<Value: FixedWidthInteger & Decodable & Sendable>: Decodable, Sendable {
  let value: Value

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let value = try? container.decode(Value.self) {
      self.value = value
      return
    }
    let field = RequestBody.fieldName(decoder.codingPath)
    guard let number = try? container.decode(Double.self) else {
      // Not a number at all: let the decoder say what it is.
      self.value = try container.decode(Value.self)
      return
    }
    throw APIError.badRequest(
      "invalid_body",
      number.rounded() == number
        ? "`\(field)` is out of range." : "`\(field)` must be a whole number.")
  }
}
