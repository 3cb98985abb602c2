/// A parsed JSON value, as the corpus readers see it.
///
/// Integers that fit in `Int64` without a fraction or exponent stay exact (`.integer`), so a
/// numeric id such as `12345678901` reads back as the same decimal text.
enum JSONValue: Sendable, Hashable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number written without fraction or exponent that fits in `Int64`.
  case integer(Int64)
  /// Any other number.
  case double(Double)
  /// A string, escapes decoded.
  case string(String)
  /// An array, in order.
  case array([JSONValue])
  /// An object, members in source order.
  case object(JSONObject)

  /// The JSON type name used in error messages ("expected a string, found a number").
  var typeName: String {
    switch self {
    case .null: return "null"
    case .bool: return "a boolean"
    case .integer, .double: return "a number"
    case .string: return "a string"
    case .array: return "a list"
    case .object: return "an object"
    }
  }

  /// The string, when this is one.
  var stringValue: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// The number as a `Double`, when this is one.
  var doubleValue: Double? {
    switch self {
    case .integer(let value): return Double(value)
    case .double(let value): return value
    default: return nil
    }
  }

  /// The object, when this is one.
  var objectValue: JSONObject? {
    if case .object(let object) = self { return object }
    return nil
  }

  /// The elements, when this is an array.
  var arrayValue: [JSONValue]? {
    if case .array(let elements) = self { return elements }
    return nil
  }
}

/// A JSON object: its members in source order.
///
/// - Complexity: lookup is a linear scan, O(members); recipe objects have a few dozen keys at
///   most, where a scan beats hashing every key on construction.
struct JSONObject: Sendable, Hashable {
  /// One `"key": value` member.
  struct Member: Sendable, Hashable {
    /// The member's key.
    var key: String
    /// The member's value.
    var value: JSONValue
  }

  /// The members in source order (a repeated key keeps every occurrence; lookup finds the last).
  var members: [Member]

  /// Creates an object from members in order.
  init(_ members: [Member] = []) {
    self.members = members
  }

  /// The value of the last member named `key`, or `nil` when there is none.
  subscript(key: String) -> JSONValue? {
    var index = members.count
    while index > 0 {
      index -= 1
      if members[index].key == key { return members[index].value }
    }
    return nil
  }

  /// Whether a member named `key` exists.
  func contains(_ key: String) -> Bool {
    members.contains { $0.key == key }
  }
}
