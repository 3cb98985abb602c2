/// Typed access to one JSON object's fields, turning every wrong type into a per-record
/// ``CorpusError`` that names the field path (`ingredients[3].name`).
struct JSONRecordFields {
  /// The object read.
  let object: JSONObject
  /// Where the record starts.
  let location: SourceLocation
  /// The field path of `object` itself ("" for the record, `ingredients[3]` for an element).
  let path: String

  /// Creates a field reader for `object` at `path` ("" for the record itself).
  init(_ object: JSONObject, at location: SourceLocation, path: String = "") {
    self.object = object
    self.location = location
    self.path = path
  }

  /// The path of the member `key` ("name" or "ingredients[3].name").
  func path(of key: String) -> String {
    path.isEmpty ? key : "\(path).\(key)"
  }

  /// A per-record error about the member `key`.
  func error(_ key: String, _ message: String) -> CorpusError {
    CorpusError(.badRecord, at: location, field: path(of: key), message)
  }

  /// A per-record error about an element of the member `key`.
  func error(_ key: String, index: Int, _ message: String) -> CorpusError {
    CorpusError(.badRecord, at: location, field: "\(path(of: key))[\(index)]", message)
  }

  /// The member `key` as a string; `nil` when absent or `null`.
  func string(_ key: String) throws(CorpusError) -> String? {
    switch object[key] {
    case nil, .null?: return nil
    case .string(let text)?: return text
    case let other?: throw error(key, "expected a string, found \(other.typeName)")
    }
  }

  /// The member `key` as a non-empty string; absent, `null` or blank is an error.
  func requiredString(_ key: String) throws(CorpusError) -> String {
    guard let text = try string(key) else { throw error(key, "missing") }
    guard text.contains(where: { !$0.isWhitespace }) else { throw error(key, "is empty") }
    return text
  }

  /// The member `key` as an identifier: a string, or a number written as its decimal text.
  func identifier(_ key: String) throws(CorpusError) -> String {
    switch object[key] {
    case nil, .null?: throw error(key, "missing")
    case .string(let text)?:
      guard !text.isEmpty else { throw error(key, "is empty") }
      return text
    case .integer(let number)?: return String(number)
    case .double(let number)?:
      if number.rounded() == number, abs(number) < 1e18 { return String(Int64(number)) }
      return String(number)
    case let other?: throw error(key, "expected a string or a number, found \(other.typeName)")
    }
  }

  /// The member `key` as a whole number; a number with a fraction is an error.
  func integer(_ key: String) throws(CorpusError) -> Int? {
    switch object[key] {
    case nil, .null?: return nil
    case .integer(let number)?: return Int(number)
    case .double(let number)?:
      guard number.rounded() == number, abs(number) < 1e15 else {
        throw error(key, "expected a whole number, found \(number)")
      }
      return Int(number)
    case let other?: throw error(key, "expected a whole number, found \(other.typeName)")
    }
  }

  /// The member `key` as a number.
  func number(_ key: String) throws(CorpusError) -> Double? {
    switch object[key] {
    case nil, .null?: return nil
    case let value?:
      guard let number = value.doubleValue else {
        throw error(key, "expected a number, found \(value.typeName)")
      }
      return number
    }
  }

  /// The member `key` as a boolean.
  func bool(_ key: String) throws(CorpusError) -> Bool? {
    switch object[key] {
    case nil, .null?: return nil
    case .bool(let flag)?: return flag
    case let other?: throw error(key, "expected true or false, found \(other.typeName)")
    }
  }

  /// The member `key` as a list of strings; `[]` when absent or `null`.
  func strings(_ key: String) throws(CorpusError) -> [String] {
    switch object[key] {
    case nil, .null?: return []
    case .array(let elements)?:
      var result: [String] = []
      result.reserveCapacity(elements.count)
      for (index, element) in elements.enumerated() {
        guard case .string(let text) = element else {
          throw error(key, index: index, "expected a string, found \(element.typeName)")
        }
        result.append(text)
      }
      return result
    case let other?: throw error(key, "expected a list of strings, found \(other.typeName)")
    }
  }

  /// The member `key` as an object reader; `nil` when absent or `null`.
  func object(_ key: String) throws(CorpusError) -> JSONRecordFields? {
    switch object[key] {
    case nil, .null?: return nil
    case .object(let nested)?: return JSONRecordFields(nested, at: location, path: path(of: key))
    case let other?: throw error(key, "expected an object, found \(other.typeName)")
    }
  }
}
