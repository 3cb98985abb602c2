import HTTPTypes
import NIOHTTP1

/// The API errors for what goes wrong before a request reaches a route: requests the HTTP
/// parser refuses, and any error answer that would otherwise leave the server without a body.
/// Every error a client sees is the documented JSON shape.
enum EdgeErrors {
  /// The answer to a request the parser refused.
  static func apiError(for error: HTTPParserError) -> APIError {
    switch error {
    case .headerOverflow:
      APIError(
        status: .requestHeaderFieldsTooLarge, code: "headers_too_large",
        message:
          "The request line and headers are over \(LarderHTTPChannel.maximumHeaderBytes / 1024) KiB or \(LarderHTTPChannel.maximumHeaderCount) fields."
      )
    case .invalidMethod:
      APIError(
        status: .notImplemented, code: "method_not_implemented",
        message: "This server answers GET, HEAD, POST, PATCH, DELETE and OPTIONS.")
    case .invalidContentLength, .unexpectedContentLength:
      .badRequest(
        "invalid_content_length",
        "`Content-Length` is not one whole number, or comes with `Transfer-Encoding`.")
    case .invalidChunkSize:
      .badRequest(
        "invalid_transfer_encoding", "The body is not valid for its `Transfer-Encoding`.")
    case .invalidURL, .invalidPath, .invalidQueryString, .invalidFragment, .invalidHost,
      .invalidPort:
      .badRequest("invalid_request_line", "The request line's target is not a valid URL.")
    default:
      .badRequest("invalid_request", "The request is not valid HTTP/1.1.")
    }
  }

  /// The answer for an error status that came without a body (from the server framework).
  static func apiError(forBodyless status: HTTPResponse.Status) -> APIError {
    switch status {
    case .badRequest: .badRequest("invalid_request", "The request is not valid HTTP/1.1.")
    case .contentTooLarge: .bodyTooLarge
    case .internalServerError: APIError.internalFailure
    default:
      APIError(
        status: status, code: status.code < 500 ? "invalid_request" : "internal_error",
        message: status.reasonPhrase)
    }
  }
}
