/// A problem with corpus input. Its description always names the file, the line (or JSON path)
/// and the field: `recipes.jsonl:12: ingredients[3].name: expected a string`.
public struct CorpusError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What kind of problem this is; callers decide from it whether to skip or stop.
  public enum Kind: Sendable, Hashable {
    /// One record is malformed; the rest of the file can still be read.
    case badRecord
    /// The whole file can't be read (missing, unreadable, empty, unknown format, invalid UTF-8).
    case badFile
  }

  /// Whether this error spoils one record or the whole file.
  public var kind: Kind
  /// Where it happened.
  public var location: SourceLocation
  /// The field at fault (`ingredients[3].name`), or `nil` when the problem is not one field's.
  public var field: String?
  /// What is wrong, in words a user can act on.
  public var message: String

  /// Creates a corpus error.
  public init(_ kind: Kind, at location: SourceLocation, field: String? = nil, _ message: String) {
    self.kind = kind
    self.location = location
    self.field = field
    self.message = message
  }

  /// `file:line: field: message`.
  public var description: String {
    if let field { return "\(location): \(field): \(message)" }
    return "\(location): \(message)"
  }
}
