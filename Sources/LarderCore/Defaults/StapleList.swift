import Foundation

/// The pantry staples that count as present unless turned off (`water`, `salt`, ...): one
/// canonical name a line, `#` comments and blank lines skipped, as in `Data/staples.txt`.
public struct StapleList: Sendable, Hashable {
  /// The folded staple names, in file order, without duplicates.
  public private(set) var names: [String] = []

  /// Reads a staples file's text.
  public init(text: String) {
    var seen = Set<String>()
    for rawLine in text.split(whereSeparator: \.isNewline) {
      let trimmed = rawLine.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      let name = TextFolding.fold(trimmed)
      if !name.isEmpty && seen.insert(name).inserted { names.append(name) }
    }
  }

  /// The list with every name replaced by the canonical name the vocabulary gives it
  /// (`all purpose flour` → `flour` when that is an alias); unknown names stay as they are.
  public func resolved(with vocabulary: Vocabulary) -> StapleList {
    var result = StapleList(text: "")
    var seen = Set<String>()
    for name in names {
      let canonical = vocabulary.canonicalName(for: name) ?? name
      if seen.insert(canonical).inserted { result.names.append(canonical) }
    }
    return result
  }

  /// Whether `name` (a canonical name) is a staple.
  public func contains(_ name: String) -> Bool { names.contains(TextFolding.fold(name)) }

  /// `Data/staples.txt`, or an empty list when the file is absent.
  public static func bundled() throws -> StapleList {
    let url = try DataDirectory.locate().appendingPathComponent("staples.txt")
    guard let data = FileManager.default.contents(atPath: url.path) else {
      return StapleList(text: "")
    }
    return StapleList(text: String(decoding: data, as: UTF8.self))
  }
}
