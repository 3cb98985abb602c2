/// Persistence of a snapshot as one byte blob (see ``SnapshotArchive`` for the layout).
extension Snapshot {
  /// The snapshot as bytes for ``init(serialized:)``.
  /// - Complexity: O(size); one copy of every array.
  public func serialized() -> [UInt8] {
    var w = SnapshotArchive.Writer()
    w.table(ingredientNames)
    w.array(ingredientRecipeCounts)
    w.array(ingredientFamilyCounts)
    w.array(ingredientParent)
    w.array(childOffsets)
    w.array(children)
    w.array(ingredientFlags)
    w.table(aliasNames)
    w.array(aliasTargets)
    w.suffixes(ingredientSuffixes)
    w.suffixes(aliasSuffixes)
    w.scalar(UInt64(postings.recipeCount))
    w.array(postings.offsets)
    w.array(postings.ids)
    w.array(postings.bitmapSlot)
    w.array(postings.bitmapWords)
    w.array(recipeCategory)
    w.array(recipeArea)
    w.array(recipeMinutes)
    w.array(lineOffsets)
    w.array(lineIngredients)
    w.array(recipeDistinctCounts)
    w.array(recipeFlags)
    w.array(popularMask)
    w.table(categoryNames)
    w.array(categoryOffsets)
    w.array(categoryByTitle)
    w.array(categoryByFoldedTitle)
    w.table(areaNames)
    w.array(areaOffsets)
    w.array(areaByFoldedTitle)
    w.array(titleRank)
    w.suffixes(categorySuffixes)
    return w.finish()
  }

  /// Loads a snapshot written by ``serialized()``, checking the version, checksum, array
  /// shapes and every stored index against its bound.
  /// - Throws: ``SnapshotError`` when the bytes are damaged or of another format version.
  /// - Complexity: O(size): bulk copies plus one validation pass.
  public convenience init(serialized bytes: [UInt8]) throws {
    try self.init(
      parts: bytes.withUnsafeBytes { raw in
        var r = try SnapshotArchive.Reader(raw)
        return try Parts(&r)
      })
  }

  /// Loads a snapshot from archive bytes in any buffer (a memory-mapped file, `Data`, a SQLite
  /// blob), copying each array out once; the buffer need not outlive the call.
  /// - Throws: ``SnapshotError`` when the bytes are damaged or of another format version.
  public convenience init(serializedBytes raw: UnsafeRawBufferPointer) throws {
    var r = try SnapshotArchive.Reader(raw)
    try self.init(parts: Parts(&r))
  }

  private convenience init(parts: Parts) throws {
    try parts.validate()
    let p = parts
    self.init(
      ingredientNames: p.ingredientNames, ingredientRecipeCounts: p.ingredientRecipeCounts,
      ingredientFamilyCounts: p.ingredientFamilyCounts, ingredientParent: p.ingredientParent,
      childOffsets: p.childOffsets, children: p.children, ingredientFlags: p.ingredientFlags,
      aliasNames: p.aliasNames, aliasTargets: p.aliasTargets,
      ingredientSuffixes: p.ingredientSuffixes,
      aliasSuffixes: p.aliasSuffixes, postings: p.postings, recipeCategory: p.recipeCategory,
      recipeArea: p.recipeArea, recipeMinutes: p.recipeMinutes, lineOffsets: p.lineOffsets,
      lineIngredients: p.lineIngredients, recipeDistinctCounts: p.recipeDistinctCounts,
      recipeFlags: p.recipeFlags, popularMask: p.popularMask, categoryNames: p.categoryNames,
      categoryOffsets: p.categoryOffsets, categoryByTitle: p.categoryByTitle,
      categoryByFoldedTitle: p.categoryByFoldedTitle, areaNames: p.areaNames,
      areaOffsets: p.areaOffsets,
      areaByFoldedTitle: p.areaByFoldedTitle, titleRank: p.titleRank,
      categorySuffixes: p.categorySuffixes)
  }

  /// The arrays read from an archive, before validation.
  private struct Parts {
    var ingredientNames: StringTable, ingredientRecipeCounts: [UInt32],
      ingredientFamilyCounts: [UInt32]
    var ingredientParent: [UInt32], childOffsets: [UInt32], children: [UInt32],
      ingredientFlags: [UInt16]
    var aliasNames: StringTable, aliasTargets: [UInt32]
    var ingredientSuffixes: WordSuffixArray, aliasSuffixes: WordSuffixArray, postings: PostingLists
    var recipeCategory: [UInt16], recipeArea: [UInt16], recipeMinutes: [Int32]
    var lineOffsets: [UInt32], lineIngredients: [UInt32], recipeDistinctCounts: [UInt8]
    var recipeFlags: [UInt16], popularMask: [UInt64]
    var categoryNames: StringTable, categoryOffsets: [UInt32], categoryByTitle: [UInt32]
    var categoryByFoldedTitle: [UInt32], areaNames: StringTable, areaOffsets: [UInt32]
    var areaByFoldedTitle: [UInt32], titleRank: [UInt32]
    var categorySuffixes: WordSuffixArray

    init(_ r: inout SnapshotArchive.Reader) throws {
      ingredientNames = try r.table()
      ingredientRecipeCounts = try r.array()
      ingredientFamilyCounts = try r.array()
      ingredientParent = try r.array()
      childOffsets = try r.array()
      children = try r.array()
      ingredientFlags = try r.array()
      aliasNames = try r.table()
      aliasTargets = try r.array()
      ingredientSuffixes = try r.suffixes()
      aliasSuffixes = try r.suffixes()
      let recipeCount: UInt64 = try r.scalar()
      let offsets: [UInt32] = try r.array()
      let ids: [UInt32] = try r.array()
      let slots: [Int32] = try r.array()
      let words: [UInt64] = try r.array()
      postings = PostingLists(
        recipeCount: Int(clamping: recipeCount), offsets: offsets, ids: ids, bitmapSlot: slots,
        bitmapWords: words)
      recipeCategory = try r.array()
      recipeArea = try r.array()
      recipeMinutes = try r.array()
      lineOffsets = try r.array()
      lineIngredients = try r.array()
      recipeDistinctCounts = try r.array()
      recipeFlags = try r.array()
      popularMask = try r.array()
      categoryNames = try r.table()
      categoryOffsets = try r.array()
      categoryByTitle = try r.array()
      categoryByFoldedTitle = try r.array()
      areaNames = try r.table()
      areaOffsets = try r.array()
      areaByFoldedTitle = try r.array()
      titleRank = try r.array()
      categorySuffixes = try r.suffixes()
    }

    /// Every count agrees and every stored index is in bounds.
    func validate() throws {
      let v = ingredientNames.count
      let n = recipeCategory.count
      func check(_ ok: Bool, _ what: String) throws { if !ok { throw SnapshotError.corrupt(what) } }
      func offsetsOK(_ offsets: [UInt32], count: Int, total: Int) -> Bool {
        guard offsets.count == count + 1, offsets.first == 0, Int(offsets.last!) == total else {
          return false
        }
        for i in 1..<offsets.count where offsets[i] < offsets[i - 1] { return false }
        return true
      }
      try check(
        ingredientRecipeCounts.count == v && ingredientFamilyCounts.count == v
          && ingredientParent.count == v
          && ingredientFlags.count == v, "ingredient arrays")
      try check(ingredientParent.allSatisfy { $0 == .max || Int($0) < v }, "ingredient parent")
      try check(offsetsOK(childOffsets, count: v, total: children.count), "child offsets")
      try check(children.allSatisfy { Int($0) < v }, "children")
      try check(
        aliasTargets.count == aliasNames.count && aliasTargets.allSatisfy { Int($0) < v }, "aliases"
      )
      try check(ingredientSuffixes.strings == ingredientNames, "ingredient suffix strings")
      try check(postings.recipeCount == n, "posting recipe count")
      try check(offsetsOK(postings.offsets, count: v, total: postings.ids.count), "posting offsets")
      try check(postings.ids.allSatisfy { Int($0) < n }, "posting ids")
      for i in 0..<v {
        let slice = postings.list(IngredientID(i))
        try check(zip(slice, slice.dropFirst()).allSatisfy { $0 < $1 }, "posting order")
        try check(slice.count == Int(ingredientRecipeCounts[i]), "posting counts")
      }
      let denseCount = postings.bitmapSlot.filter { $0 >= 0 }.count
      try check(
        postings.bitmapSlot.count == v && postings.bitmapSlot.allSatisfy { $0 < Int32(denseCount) }
          && postings.bitmapWords.count == denseCount * postings.wordsPerBitmap, "bitmaps")
      try check(
        recipeArea.count == n
          && recipeMinutes.count == n && recipeDistinctCounts.count == n && recipeFlags.count == n
          && popularMask.count == n && titleRank.count == n, "recipe arrays")
      try check(offsetsOK(lineOffsets, count: n, total: lineIngredients.count), "line offsets")
      try check(lineIngredients.allSatisfy { Int($0) < v }, "line ingredients")
      try check(
        recipeCategory.allSatisfy { $0 == .max || Int($0) < categoryNames.count }, "recipe category"
      )
      try check(recipeArea.allSatisfy { $0 == .max || Int($0) < areaNames.count }, "recipe area")
      try check(
        offsetsOK(categoryOffsets, count: categoryNames.count, total: categoryByTitle.count)
          && categoryByFoldedTitle.count == categoryByTitle.count, "category offsets")
      try check(
        offsetsOK(areaOffsets, count: areaNames.count, total: areaByFoldedTitle.count),
        "area offsets")
      for order in [categoryByTitle, categoryByFoldedTitle, areaByFoldedTitle, titleRank] {
        try check(order.allSatisfy { Int($0) < n }, "browse ids")
      }
      try check(categorySuffixes.strings.count == categoryNames.count, "category suffixes")
    }
  }
}
