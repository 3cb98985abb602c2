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

  /// Loads a snapshot from archive bytes in any buffer, as ``init(serializedBytes:)`` does,
  /// for a server's reload: the decode gives its core back as `pacer` says (``LoadPacer``),
  /// and when `previous` (the snapshot the reload replaces) has the same ingredient tables
  /// (names, counts, tree, flags, aliases and their suffix arrays: a rebuild of the same
  /// corpus, or of one whose recipes changed but not which ingredients they use or how often),
  /// its suggestion indexes (the typo tries and the prefix candidate table, which depend on
  /// those tables alone) are taken instead of built again: they were about a third of a
  /// 100k reload's CPU.
  /// - Throws: ``SnapshotError`` when the bytes are damaged or of another format version.
  /// - Complexity: O(size): bulk copies plus one validation pass; O(ingredient tables) to
  ///   compare them with `previous`'s.
  public convenience init(
    serializedBytes raw: UnsafeRawBufferPointer, pacer: LoadPacer?,
    reusingSuggestionIndexesOf previous: Snapshot?
  ) throws {
    var r = try SnapshotArchive.Reader(raw, pacer: pacer)
    try self.init(parts: Parts(&r), pacer: pacer, previous: previous)
  }

  private convenience init(
    parts: Parts, pacer: LoadPacer? = nil, previous: Snapshot? = nil
  ) throws {
    try parts.validate(pacer: pacer)
    let p = parts
    let update = previous.flatMap { previous in
      p.hasIngredientTables(of: previous, pacer: pacer)
        ? TablesUpdate(
          previous: previous, countsChanged: [], newIDs: nil, addedNames: [], removedNames: [])
        : nil
    }
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
      categorySuffixes: p.categorySuffixes, update: update, pacer: pacer)
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

    /// Whether `snapshot`'s ingredient tables (everything its suggestion indexes are made
    /// from) are these; compared in pieces, so a paced load gives its core back between them.
    func hasIngredientTables(of snapshot: Snapshot, pacer: LoadPacer? = nil) -> Bool {
      func same<T: Equatable>(_ a: [T], _ b: [T]) -> Bool {
        a.count == b.count
          && LoadPacer.inPieces(a.count, elementBytes: 4, pacer: pacer) { a[$0] == b[$0] }
      }
      func same(_ a: StringTable, _ b: StringTable) -> Bool {
        same(a.bytes, b.bytes) && same(a.offsets, b.offsets) && same(a.slots, b.slots)
      }
      func same(_ a: WordSuffixArray, _ b: WordSuffixArray) -> Bool {
        a.order == b.order && a.levels == b.levels && same(a.strings, b.strings)
          && same(a.ranks, b.ranks) && same(a.entryString, b.entryString)
          && same(a.entryOffset, b.entryOffset) && same(a.entryRank, b.entryRank)
          && same(a.sparse, b.sparse)
      }
      return same(ingredientNames, snapshot.ingredientNames)
        && same(ingredientRecipeCounts, snapshot.ingredientRecipeCounts)
        && same(ingredientFamilyCounts, snapshot.ingredientFamilyCounts)
        && same(ingredientParent, snapshot.ingredientParent)
        && same(childOffsets, snapshot.childOffsets) && same(children, snapshot.children)
        && same(ingredientFlags, snapshot.ingredientFlags)
        && same(aliasNames, snapshot.aliasNames) && same(aliasTargets, snapshot.aliasTargets)
        && same(ingredientSuffixes, snapshot.ingredientSuffixes)
        && same(aliasSuffixes, snapshot.aliasSuffixes)
    }

    /// Every count agrees and every stored index is in bounds.
    func validate(pacer: LoadPacer? = nil) throws {
      let v = ingredientNames.count
      let n = recipeCategory.count
      func check(_ ok: Bool, _ what: String) throws { if !ok { throw SnapshotError.corrupt(what) } }
      // `allSatisfy` in pieces, so a paced load gives its core back between them.
      func all<T>(_ values: [T], _ ok: (T) -> Bool) -> Bool {
        LoadPacer.inPieces(values.count, elementBytes: 4, pacer: pacer) {
          values[$0].allSatisfy(ok)
        }
      }
      func offsetsOK(_ offsets: [UInt32], count: Int, total: Int) -> Bool {
        guard offsets.count == count + 1, offsets.first == 0, Int(offsets.last!) == total else {
          return false
        }
        for i in 1..<offsets.count {
          guard offsets[i] >= offsets[i - 1] else { return false }
          pacer?.step()
        }
        return true
      }
      try check(
        ingredientRecipeCounts.count == v && ingredientFamilyCounts.count == v
          && ingredientParent.count == v
          && ingredientFlags.count == v, "ingredient arrays")
      try check(all(ingredientParent) { $0 == .max || Int($0) < v }, "ingredient parent")
      try check(offsetsOK(childOffsets, count: v, total: children.count), "child offsets")
      try check(all(children) { Int($0) < v }, "children")
      try check(
        aliasTargets.count == aliasNames.count && all(aliasTargets) { Int($0) < v }, "aliases"
      )
      try check(ingredientSuffixes.strings == ingredientNames, "ingredient suffix strings")
      try check(postings.recipeCount == n, "posting recipe count")
      try check(offsetsOK(postings.offsets, count: v, total: postings.ids.count), "posting offsets")
      try check(all(postings.ids) { Int($0) < n }, "posting ids")
      for i in 0..<v {
        let slice = postings.list(IngredientID(i))
        try check(zip(slice, slice.dropFirst()).allSatisfy { $0 < $1 }, "posting order")
        try check(slice.count == Int(ingredientRecipeCounts[i]), "posting counts")
        pacer?.step()
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
      try check(all(lineIngredients) { Int($0) < v }, "line ingredients")
      try check(
        all(recipeCategory) { $0 == .max || Int($0) < categoryNames.count }, "recipe category"
      )
      try check(all(recipeArea) { $0 == .max || Int($0) < areaNames.count }, "recipe area")
      try check(
        offsetsOK(categoryOffsets, count: categoryNames.count, total: categoryByTitle.count)
          && categoryByFoldedTitle.count == categoryByTitle.count, "category offsets")
      try check(
        offsetsOK(areaOffsets, count: areaNames.count, total: areaByFoldedTitle.count),
        "area offsets")
      for order in [categoryByTitle, categoryByFoldedTitle, areaByFoldedTitle, titleRank] {
        try check(all(order) { Int($0) < n }, "browse ids")
      }
      try check(categorySuffixes.strings.count == categoryNames.count, "category suffixes")
    }
  }
}
