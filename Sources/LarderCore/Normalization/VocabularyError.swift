/// A problem in a vocabulary file. Its description names the file and the 1-based line:
/// `dairy.tsv:12: unknown parent "chese" of "cheddar"`.
public struct VocabularyError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What kind of problem this is.
  public enum Kind: Sendable, Hashable {
    /// A line that is not four tab-separated columns, or has an empty name.
    case malformedLine
    /// A parent that is not itself an entry (or a chain of parents that loops).
    case unknownParent
    /// A name or alias that another entry already uses (after folding and singularizing).
    case duplicateName
    /// A flag that is not one of ``FoodFlags/named``.
    case badFlag
    /// The file or folder can't be read.
    case unreadable
  }

  /// The kind of problem.
  public var kind: Kind
  /// The file as given.
  public var file: String
  /// The 1-based line, or 0 for a whole-file problem.
  public var line: Int
  /// What is wrong, in words a user can act on.
  public var message: String

  /// Creates a vocabulary error.
  public init(_ kind: Kind, file: String, line: Int, _ message: String) {
    self.kind = kind
    self.file = file
    self.line = line
    self.message = message
  }

  /// `file:line: message`, or `file: message` for a whole-file problem.
  public var description: String {
    line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)"
  }
}
