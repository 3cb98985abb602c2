import LarderCore

/// What `larder info` reports about an index file.
public struct IndexInfo: Sendable, Hashable, Codable {
  /// A name with a recipe count (a category, an area).
  public struct NamedCount: Sendable, Hashable, Codable {
    /// The category or area.
    public var name: String
    /// Recipes in it.
    public var count: Int
  }

  /// The index's file format version.
  public var formatVersion: Int
  /// When it was built (ISO 8601).
  public var builtAt: String
  /// Recipes in the index.
  public var recipes: Int
  /// Distinct canonical ingredients used.
  public var ingredients: Int
  /// Records skipped while building.
  public var skipped: Int
  /// Categories with counts, most recipes first, then by name.
  public var categories: [NamedCount]
  /// Areas (cuisines) with counts, most recipes first, then by name.
  public var areas: [NamedCount]
  /// The input files with formats and checksums.
  public var sources: [IndexingSummary.Source]
}
