import Hummingbird
import HummingbirdCore
import LarderCore

/// Reads and checks query-string parameters, with the API's limits.
struct QueryParameters {
  let parameters: FlatDictionary<Substring, Substring>

  init(_ request: Request) { parameters = request.uri.queryParameters }

  static let maximumTextLength = 200

  /// A text parameter, trimmed; `nil` when absent or blank. Longer than 200 characters: 400.
  func text(_ name: String) throws -> String? {
    guard let value = parameters[Substring(name)] else { return nil }
    // The limit applies to the value as sent, before trimming, as the schema states it.
    guard NameText.length(value) <= Self.maximumTextLength else {
      throw APIError.badRequest(
        "too_long", "`\(name)` is longer than \(Self.maximumTextLength) characters.")
    }
    let text = Self.trimmed(value)
    return text.isEmpty ? nil : text
  }

  /// The raw value, untrimmed (for as-you-type text where a trailing space matters).
  func raw(_ name: String) throws -> String? {
    guard let value = parameters[Substring(name)] else { return nil }
    guard NameText.length(value) <= Self.maximumTextLength else {
      throw APIError.badRequest(
        "too_long", "`\(name)` is longer than \(Self.maximumTextLength) characters.")
    }
    return String(value)
  }

  /// Every value of a repeated parameter, trimmed, at most `limit` of them; a value that is no
  /// name (``NameText``: blank, punctuation only) is a 400, as `openapi.json` says, not
  /// silently dropped.
  func all(_ name: String, limit: Int) throws -> [String] {
    let sent = parameters[values: Substring(name)]
    let values = sent.map(Self.trimmed)
    guard values.count <= limit else {
      throw APIError.badRequest(
        "too_many_values", "At most \(limit) `\(name)` values are allowed (\(values.count) given).")
    }
    for (value, asSent) in zip(values, sent) {
      guard NameText.isName(value) else {
        throw APIError.badRequest(
          "invalid_parameter", "A `\(name)` value has no letter or digit (or is empty).")
      }
      guard NameText.length(asSent) <= Self.maximumTextLength else {
        throw APIError.badRequest(
          "too_long", "A `\(name)` value is longer than \(Self.maximumTextLength) characters.")
      }
    }
    return values
  }

  /// `value` without the blanks around it (`CharacterSet.whitespaces`: space separators and
  /// tab). Most values start and end with a visible ASCII byte and are copied as they are;
  /// others go through Foundation's trimming (which costs more than the rest of a cached
  /// `/v1/recipes` answer).
  static func trimmed(_ value: Substring) -> String {
    if let first = value.utf8.first, let last = value.utf8.last,
      first > 0x20 && first < 0x80 && last > 0x20 && last < 0x80
    {
      return String(value)
    }
    return String(value).trimmingCharacters(in: .whitespaces)
  }

  /// A bounded number (``BoundedNumber``: its type states the range), or `nil` when absent.
  /// Anything but a whole number in range, an empty value included, is a 400 naming the range.
  func number<Number: BoundedNumber>(_ name: String, as type: Number.Type) throws -> Number? {
    guard let value = parameters[Substring(name)] else { return nil }
    do { return try Number(parsing: value) } catch {
      throw APIError.badRequest("invalid_parameter", "`\(name)` \(error).")
    }
  }

  /// `limit`, a ``PageSize`` (1–100), 20 when absent.
  func pageSize() throws -> PageSize {
    try number("limit", as: PageSize.self) ?? .standard
  }

  /// A ``RequestOption`` spelled as its docs write it, or `defaultValue` when absent; any other
  /// value is a 400 listing the spellings.
  func option<Option: RequestOption>(_ name: String, default defaultValue: Option) throws -> Option
  {
    guard let value = parameters[Substring(name)] else { return defaultValue }
    guard let option = Option(token: value) else {
      throw APIError.badRequest(
        "invalid_parameter", "`\(name)` must be one of: \(Option.tokens.joined(separator: ", ")).")
    }
    return option
  }

  /// An offset cursor of the browse and search pages (`o40`), or the first page.
  func offsetCursor() throws -> PageOffset {
    guard let value = parameters["cursor"] else { return .start }
    guard let offset = try? PageOffset(cursor: value) else {
      throw APIError.badRequest("invalid_cursor", "This cursor was not made by this API.")
    }
    return offset
  }
}
