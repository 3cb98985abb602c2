import Foundation
import LarderCore

/// The small JSON the index stores in text columns (tags, steps, diets): arrays of strings.
///
/// Written by hand because the indexer writes one per recipe and `JSONEncoder` would cost
/// more than the row insert itself.
enum JSONText {
  /// `["a","b"]` with JSON string escaping.
  static func encode(_ strings: [String]) -> String {
    var out = "["
    for (index, string) in strings.enumerated() {
      if index > 0 { out.append(",") }
      JSONStringLiteral.append(string, to: &out)
    }
    out.append("]")
    return out
  }

  /// Parses what ``encode(_:)`` wrote; malformed text gives an empty list.
  static func decode(_ text: String) -> [String] {
    guard let data = text.data(using: .utf8),
      let array = try? JSONSerialization.jsonObject(with: data) as? [String]
    else { return [] }
    return array
  }
}
