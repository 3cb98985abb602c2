import LarderCore

/// A full-text search request: FTS5 over title, ingredients, tags and instructions.
public struct TextSearchRequest: Sendable, Hashable {
  /// What the user typed.
  public var text: String
  /// Only recipes of this category (exact name), if set.
  public var category: String?
  /// Only recipes of this area, if set.
  public var area: String?
  /// Only recipes with a known total time of at most this many minutes, if set.
  public var maxMinutes: Int?
  /// Only these recipes (by this index's dense ids), if set: the diet filter, decided by the
  /// snapshot's food flags as ingredient search decides it (``Snapshot/recipes(passingDietsOf:)``).
  public var onlyRecipes: RecipeMask?
  /// Page size.
  public var limit: Int
  /// Hits to skip.
  public var offset: Int

  /// Creates a request.
  public init(
    text: String, category: String? = nil, area: String? = nil, maxMinutes: Int? = nil,
    onlyRecipes: RecipeMask? = nil, limit: Int = 20, offset: Int = 0
  ) {
    self.text = text
    self.category = category
    self.area = area
    self.maxMinutes = maxMinutes
    self.onlyRecipes = onlyRecipes
    self.limit = limit
    self.offset = offset
  }
}

/// One text-search hit.
public struct TextSearchHit: Sendable, Hashable, Codable {
  /// The dense id inside the index.
  public var rid: RecipeID
  /// The public id.
  public var id: String
  /// The recipe's title.
  public var title: String
  /// Its category.
  public var category: String?
  /// Its area.
  public var area: String?
  /// Total minutes, when known.
  public var minutes: Int?
  /// Image URL, when known.
  public var image: String?
  /// bm25 relevance (higher is better; title matches weigh most).
  public var score: Double
  /// A short excerpt around the matches, cut into plain and matching pieces so that any face
  /// can highlight without parsing markup.
  public var snippet: [SnippetPiece]
}

/// A piece of a snippet: text, and whether it matched the query.
public struct SnippetPiece: Sendable, Hashable, Codable {
  /// The text.
  public var text: String
  /// Whether it is a match to highlight.
  public var match: Bool
}

/// A page of text-search hits with the total count.
public struct TextSearchResult: Sendable, Hashable, Codable {
  /// All recipes matching, over every page.
  public var count: Int
  /// This page.
  public var hits: [TextSearchHit]

  /// No hits (text with nothing to search for).
  public static let empty = TextSearchResult(count: 0, hits: [])
}

/// Why a text search was refused.
public enum TextSearchError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The text holds no word to search for (empty, spaces, punctuation only).
  case emptyQuery

  /// A message a front end can show.
  public var description: String {
    switch self {
    case .emptyQuery: "Type a word to search for."
    }
  }
}
