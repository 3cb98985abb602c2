import LarderCore

extension ResponseShapes {
  /// The `{"suggestions": [...]}` bytes of `GET /v1/suggest` and `larder suggest --json`,
  /// written by hand: this is the keystroke path.
  public static func suggestionJSON(_ suggestions: [Suggestion]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(64 + suggestions.count * 64)
    out.append(contentsOf: Array(#"{"suggestions":["#.utf8))
    for (index, suggestion) in suggestions.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      out.append(contentsOf: Array(#"{"display":"#.utf8))
      JSONStringLiteral.append(suggestion.display, to: &out)
      switch suggestion.kind {
      case .ingredient:
        out.append(contentsOf: Array(#","kind":"ingredient","name":"#.utf8))
        JSONStringLiteral.append(suggestion.value, to: &out)
      case .category:
        out.append(contentsOf: Array(#","kind":"category","name":"#.utf8))
        JSONStringLiteral.append(suggestion.value, to: &out)
      case .recipe:
        out.append(contentsOf: Array(#","id":"#.utf8))
        JSONStringLiteral.append(suggestion.value, to: &out)
        out.append(contentsOf: Array(#","kind":"recipe","name":"#.utf8))
        JSONStringLiteral.append(suggestion.display, to: &out)
      }
      out.append(contentsOf: Array(#","recipes":"#.utf8))
      out.append(contentsOf: Array(String(suggestion.recipeCount).utf8))
      out.append(UInt8(ascii: "}"))
    }
    out.append(contentsOf: Array("]}".utf8))
    return out
  }
}
