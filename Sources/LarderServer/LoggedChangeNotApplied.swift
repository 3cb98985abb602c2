import Foundation

/// A change of the shared recipe change log that this replica's index cannot apply: its JSON
/// is not a change this Larder reads (written by a newer Larder, or damaged), a recipe in it
/// is refused, or the live segment cannot be written (a full disk). Nothing of it is applied
/// and nothing after it is: the log is applied in order or not at all
/// (``ChangeLogFollower`` stops there, says why and tries again).
public struct LoggedChangeNotApplied: Error, Sendable, Hashable, CustomStringConvertible {
  /// The change's sequence number in the log.
  public var seq: Int64
  /// What decoding or applying it threw, in one line.
  public var reason: String

  /// The change at `seq` and what `error` says.
  public init(seq: Int64, error: any Error) {
    self.seq = seq
    reason = Self.explain(error)
  }

  /// One line.
  public var description: String {
    "change \(seq) of the recipe change log cannot be applied: \(reason)"
  }

  /// A decoding error as its one-line reason (its default description is a dump of the
  /// coding path's structure); others as they describe themselves.
  static func explain(_ error: any Error) -> String {
    guard let decoding = error as? DecodingError else { return "\(error)" }
    let context: DecodingError.Context
    switch decoding {
    case .dataCorrupted(let found): context = found
    case .keyNotFound(_, let found): context = found
    case .typeMismatch(_, let found): context = found
    default: return "not a change this Larder can read: \(error)"
    }
    let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
    return "not a change this Larder can read: \(context.debugDescription)"
      + (path.isEmpty ? "" : " (at \(path.joined(separator: ".")))")
  }
}
