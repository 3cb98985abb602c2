/// How many bytes a loaded ``Snapshot`` holds, part by part, so the memory cost per posting can be
/// measured (`larder info --memory`) instead of estimated.
///
/// Counts the elements of every array (capacity slack and object headers aside), including the
/// typo tries built at load time.
public struct SnapshotFootprint: Sendable, Hashable {
  /// One group of arrays and its size.
  public struct Part: Sendable, Hashable {
    /// What the arrays are for.
    public var name: String
    /// Their element bytes.
    public var bytes: Int
  }

  /// The groups, in the order they are listed.
  public var parts: [Part]
  /// Recipe-ingredient postings (distinct ingredients per recipe, summed over recipes).
  public var postings: Int
  /// Recipes in the snapshot.
  public var recipes: Int

  /// The sum of every part.
  public var totalBytes: Int { parts.reduce(0) { $0 + $1.bytes } }

  /// The whole snapshot's bytes per recipe-ingredient posting.
  public var bytesPerPosting: Double { postings == 0 ? 0 : Double(totalBytes) / Double(postings) }
}

extension Snapshot {
  /// The snapshot's memory, part by part.
  /// - Complexity: O(1).
  public func footprint() -> SnapshotFootprint {
    func size<T>(_ array: [T]) -> Int { array.count * MemoryLayout<T>.stride }
    func size(_ table: StringTable) -> Int {
      size(table.bytes) + size(table.offsets) + size(table.slots)
    }
    func size(_ s: WordSuffixArray, strings: Bool) -> Int {
      (strings ? size(s.strings) : 0) + size(s.ranks) + size(s.entryString) + size(s.entryOffset)
        + size(s.entryRank) + size(s.sparse) + size(s.entryPrefixes)
    }
    func size(_ t: SuffixTrie) -> Int {
      size(t.labels) + size(t.depths) + size(t.subtreeEnds) + size(t.firstPositions)
    }
    let parts: [SnapshotFootprint.Part] = [
      .init(
        name: "posting lists and bitmaps",
        bytes: size(postings.offsets) + size(postings.ids) + size(postings.bitmapSlot)
          + size(postings.bitmapWords)),
      .init(
        name: "recipe ingredient lists",
        bytes: size(lineOffsets) + size(lineIngredients) + size(recipeDistinctCounts)
          + size(recipeFlags) + size(popularMask)),
      .init(
        name: "recipe fields (category, area, minutes)",
        bytes: size(recipeCategory) + size(recipeArea) + size(recipeMinutes)),
      .init(
        name: "browse orders (categories, areas, title rank)",
        bytes: size(categoryOffsets) + size(categoryByTitle) + size(categoryByFoldedTitle)
          + size(areaOffsets) + size(areaByFoldedTitle) + size(titleRank) + size(categoryNames)
          + size(areaNames) + size(categorySuffixes, strings: true)),
      .init(
        name: "ingredient vocabulary and suggestion arrays",
        bytes: size(ingredientNames) + size(ingredientRecipeCounts) + size(ingredientFamilyCounts)
          + size(ingredientParent) + size(childOffsets) + size(children) + size(ingredientFlags)
          + size(aliasNames) + size(aliasTargets) + size(ingredientSuffixes, strings: false)
          + size(aliasSuffixes, strings: false) + size(ingredientTrie) + size(aliasTrie)
          + prefixCandidateTable.byteCount),
    ]
    return SnapshotFootprint(
      parts: parts, postings: postings.ids.count, recipes: recipeCount)
  }
}
