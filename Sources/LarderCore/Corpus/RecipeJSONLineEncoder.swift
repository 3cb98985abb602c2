/// The JSON Lines shapes a corpus can be written in.
public enum RecipeLineFormat: String, Sendable, Hashable, CaseIterable, Codable {
  /// Larder JSONL (Data/README.md): `id` as a string, ingredients as `{"name": ...}` objects.
  case larderJSONL = "larder-jsonl"
  /// The peer harness's JSONL: `{"id": int, "title", "category", "area", "ingredients": [names]}`.
  case harnessJSONL = "harness-jsonl"
}

/// Writes recipes as JSON Lines, one object per line, fast enough for million-recipe corpora.
///
/// Writes identity, browse fields and ingredient names (what the synthetic corpus and the harness
/// carry); quantities, steps and other optional fields are left out. Keys are in a fixed order and
/// non-ASCII text is written as UTF-8, so output is byte-for-byte reproducible.
///
/// - Complexity: O(bytes written) per recipe, appending to a caller-owned buffer.
public struct RecipeJSONLineEncoder: Sendable {
  /// The output shape.
  public let format: RecipeLineFormat

  /// Creates an encoder for `format`.
  public init(format: RecipeLineFormat) {
    self.format = format
  }

  /// The recipe's line, without the trailing newline.
  public func line(for recipe: Recipe) -> String {
    var bytes: [UInt8] = []
    append(recipe, to: &bytes)
    bytes.removeLast()
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the recipe's line and a newline to `buffer`.
  ///
  /// In the harness format an all-digit `id` is written as a JSON number (the harness requires
  /// integers); any other id stays a string.
  public func append(_ recipe: Recipe, to buffer: inout [UInt8]) {
    buffer.append(contentsOf: #"{"id":"#.utf8)
    if format == .harnessJSONL, !recipe.id.isEmpty,
      recipe.id.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 })
    {
      buffer.append(contentsOf: recipe.id.utf8)
    } else {
      JSONStringLiteral.append(recipe.id, to: &buffer)
    }
    buffer.append(contentsOf: #","title":"#.utf8)
    JSONStringLiteral.append(recipe.title, to: &buffer)
    if let category = recipe.category {
      buffer.append(contentsOf: #","category":"#.utf8)
      JSONStringLiteral.append(category, to: &buffer)
    }
    if let area = recipe.area {
      buffer.append(contentsOf: #","area":"#.utf8)
      JSONStringLiteral.append(area, to: &buffer)
    }
    buffer.append(contentsOf: #","ingredients":["#.utf8)
    for (position, line) in recipe.ingredients.enumerated() {
      if position > 0 { buffer.append(UInt8(ascii: ",")) }
      switch format {
      case .harnessJSONL:
        JSONStringLiteral.append(line.name, to: &buffer)
      case .larderJSONL:
        buffer.append(contentsOf: #"{"name":"#.utf8)
        JSONStringLiteral.append(line.name, to: &buffer)
        buffer.append(UInt8(ascii: "}"))
      }
    }
    buffer.append(contentsOf: "]}\n".utf8)
  }
}
