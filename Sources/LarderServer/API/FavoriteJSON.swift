import LarderCore

extension ResponseShapes.Favorite {
  /// The `{"favorite": {...}}` bytes of `POST /v1/me/favorites`, written by hand: the same
  /// bytes `JSONBody` writes for `["favorite": self]` (sorted keys, absent values as null),
  /// without a `JSONEncoder` (its encoding was 3 % of a replica's CPU per user-state write,
  /// issue 18). `FavoriteJSONTests` compares the two.
  public var savedJSON: [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(160 + title.utf8.count + (image?.utf8.count ?? 0))
    out.append(contentsOf: Array(#"{"favorite":{"area":"#.utf8))
    JSONBody.appendQuotedOrNull(area, to: &out)
    out.append(contentsOf: Array(#","available":"#.utf8))
    out.append(contentsOf: Array((available ? "true" : "false").utf8))
    out.append(contentsOf: Array(#","category":"#.utf8))
    JSONBody.appendQuotedOrNull(category, to: &out)
    out.append(contentsOf: Array(#","image":"#.utf8))
    JSONBody.appendQuotedOrNull(image, to: &out)
    out.append(contentsOf: Array(#","minutes":"#.utf8))
    if let minutes {
      JSONBody.appendInteger(minutes, to: &out)
    } else {
      out.append(contentsOf: Array("null".utf8))
    }
    out.append(contentsOf: Array(#","recipeId":"#.utf8))
    JSONStringLiteral.append(recipeId, to: &out)
    out.append(contentsOf: Array(#","savedAt":"#.utf8))
    JSONStringLiteral.append(savedAt, to: &out)
    out.append(contentsOf: Array(#","title":"#.utf8))
    JSONStringLiteral.append(title, to: &out)
    out.append(contentsOf: Array("}}".utf8))
    return out
  }
}
