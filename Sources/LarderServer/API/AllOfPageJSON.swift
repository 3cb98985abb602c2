import LarderCore

extension ResponseShapes.AllOfPage {
  /// The page as JSON bytes, written by hand: the same document `JSONBody.response(_:)` encodes
  /// (keys sorted, absent values as `null`), without a `JSONEncoder` and its boxing per value.
  /// `/v1/recipes` is the second-hottest route after suggest; `AllOfPageJSONTests` checks the
  /// two encodings decode to the same value.
  /// - Complexity: O(output bytes), one growing buffer.
  func json() -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(256 + recipes.count * 512)
    out.append(contentsOf: #"{"count":"#.utf8)
    JSONBody.appendInteger(count, to: &out)
    out.append(contentsOf: #","next":"#.utf8)
    JSONBody.appendQuotedOrNull(next, to: &out)
    out.append(contentsOf: #","recipes":["#.utf8)
    for (index, recipe) in recipes.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      Self.append(recipe, to: &out)
    }
    out.append(contentsOf: #"],"relaxation":"#.utf8)
    if let relaxation {
      out.append(contentsOf: #"{"count":"#.utf8)
      JSONBody.appendInteger(relaxation.count, to: &out)
      out.append(contentsOf: #","message":"#.utf8)
      JSONStringLiteral.append(relaxation.message, to: &out)
      out.append(contentsOf: #","with":["#.utf8)
      for (index, name) in relaxation.with.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        JSONStringLiteral.append(name, to: &out)
      }
      out.append(contentsOf: "]}".utf8)
    } else {
      out.append(contentsOf: "null".utf8)
    }
    out.append(UInt8(ascii: "}"))
    return out
  }

  /// One hit: the summary's fields and `matches`, in key order.
  private static func append(
    _ recipe: ResponseShapes.Extended<ResponseShapes.Matches>, to out: inout [UInt8]
  ) {
    let summary = recipe.summary
    out.append(contentsOf: #"{"area":"#.utf8)
    JSONBody.appendQuotedOrNull(summary.area, to: &out)
    out.append(contentsOf: #","category":"#.utf8)
    JSONBody.appendQuotedOrNull(summary.category, to: &out)
    out.append(contentsOf: #","id":"#.utf8)
    JSONStringLiteral.append(summary.id, to: &out)
    out.append(contentsOf: #","image":"#.utf8)
    JSONBody.appendQuotedOrNull(summary.image, to: &out)
    out.append(contentsOf: #","matches":["#.utf8)
    for (index, match) in recipe.extra.matches.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      out.append(contentsOf: #"{"ingredient":"#.utf8)
      JSONStringLiteral.append(match.ingredient, to: &out)
      out.append(contentsOf: #","lines":["#.utf8)
      for (index, line) in match.lines.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        out.append(contentsOf: #"{"name":"#.utf8)
        JSONStringLiteral.append(line.name, to: &out)
        out.append(contentsOf: #","position":"#.utf8)
        JSONBody.appendInteger(line.position, to: &out)
        out.append(contentsOf: #","text":"#.utf8)
        JSONStringLiteral.append(line.text, to: &out)
        out.append(UInt8(ascii: "}"))
      }
      out.append(contentsOf: "]}".utf8)
    }
    out.append(contentsOf: #"],"minutes":"#.utf8)
    if let minutes = summary.minutes {
      JSONBody.appendInteger(minutes, to: &out)
    } else {
      out.append(contentsOf: "null".utf8)
    }
    out.append(contentsOf: #","title":"#.utf8)
    JSONStringLiteral.append(summary.title, to: &out)
    out.append(UInt8(ascii: "}"))
  }
}
