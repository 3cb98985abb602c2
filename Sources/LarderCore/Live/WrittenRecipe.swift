/// A written recipe as a live index holds it in memory: what identifies it, what a page and a
/// recipe-title suggestion name it by, and the version under which the live segment's file
/// stores the recipe whole (the sequence number of the write that stored it). Detail, text
/// search and the builds of a view's merge structures read the recipe from there, as the
/// base's recipes are read from the base file.
///
/// A version names one write's record, never changed: a recipe replaced after a view was made
/// has a new version, so the old view still reads the text it was made with.
public struct WrittenRecipe: Sendable, Hashable {
  /// The public (corpus) id.
  public var id: String
  /// The title.
  public var title: String
  /// The version of the stored record (the segment's sequence number of the write).
  public var version: Int64

  /// A written recipe from its parts.
  public init(id: String, title: String, version: Int64) {
    self.id = id
    self.title = title
    self.version = version
  }
}

/// Where a live view reads its written recipes whole, by version: the live segment's file
/// (the store's `LiveSegmentRecords`), or a table in memory for an order made without a file.
public protocol WrittenRecipeSource: Sendable {
  /// The recipes stored under `versions`, in the order given.
  /// - Throws: when a version's record is missing or cannot be read.
  func recipes(_ versions: [Int64]) throws -> [Recipe]

  /// The recipes stored under `versions`, in the order given, holding at least what a
  /// snapshot build reads (``SnapshotBuilder/add(_:)``: id, title, category, area, times and
  /// each line's ingredient name): what the merge structures are built from. A source that
  /// stores records may decode only those fields; by default, the recipes whole.
  /// - Throws: when a version's record is missing or cannot be read.
  func indexedRecipes(_ versions: [Int64]) throws -> [Recipe]
}

extension WrittenRecipeSource {
  /// The recipes whole (``recipes(_:)``).
  public func indexedRecipes(_ versions: [Int64]) throws -> [Recipe] { try recipes(versions) }
}

/// Written recipes held whole in memory, by version: the ``WrittenRecipeSource`` of an order
/// made without a segment file (tests and the in-memory benchmark).
/// - Complexity: O(1) expected per store and per recipe read.
public struct WrittenRecipeTable: WrittenRecipeSource {
  private var stored: [Int64: Recipe] = [:]
  private var lastVersion: Int64 = 0

  /// An empty table.
  public init() {}

  /// Stores `recipe` under a new version and returns what an order holds of it.
  public mutating func store(_ recipe: Recipe) -> WrittenRecipe {
    lastVersion += 1
    stored[lastVersion] = recipe
    return WrittenRecipe(id: recipe.id, title: recipe.title, version: lastVersion)
  }

  /// The recipe stored under `version`, if any.
  public subscript(version: Int64) -> Recipe? { stored[version] }

  /// The recipes stored under `versions`, in the order given.
  /// - Throws: ``WrittenRecipeMissing`` for a version never stored.
  public func recipes(_ versions: [Int64]) throws -> [Recipe] {
    try versions.map { version in
      guard let recipe = stored[version] else { throw WrittenRecipeMissing(version: version) }
      return recipe
    }
  }
}

/// A written recipe's version that its source does not hold (a record removed while a view
/// that names it was still read).
public struct WrittenRecipeMissing: Error, Sendable, Hashable, CustomStringConvertible {
  /// The version asked for.
  public var version: Int64

  /// A missing version.
  public init(version: Int64) { self.version = version }

  /// The message.
  public var description: String { "written recipe version \(version) is not in the segment" }
}
