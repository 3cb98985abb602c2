import ArgumentParser
import LarderCore
import LarderStore

/// CLI options typed by a core ``RequestOption``: the option parses with the same spellings as
/// the HTTP parameter, and `--help` and errors list them.
public protocol RequestOptionArgument: ExpressibleByArgument, RequestOption {}

extension RequestOptionArgument {
  /// The value `argument` spells, as the HTTP parameter reads it.
  public init?(argument: String) { self.init(token: argument) }
  /// The spellings, for `--help` and errors.
  public static var allValueStrings: [String] { tokens }
  /// The default's spelling, for `--help`.
  public var defaultValueDescription: String { token }
}

extension SuggestionKinds: RequestOptionArgument {
  // An option set is also RawRepresentable, for which ArgumentParser offers a parse of the raw
  // number: name the one meant.
  /// The kinds `argument` spells.
  public init?(argument: String) { self.init(token: argument) }
}
extension ResultOrder: RequestOptionArgument {}
extension GroceryStaples: RequestOptionArgument {}
