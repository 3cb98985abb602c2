/// The merged face of a ``LiveView``: each query answered from the base snapshot and the
/// written recipes' snapshot with the base's deletion marks (``LiveSegment``), never from the
/// view's whole snapshot, with exactly a full build's answers.
///
/// ``LiveView``'s own methods of the same names take the whole snapshot when it is already
/// built (or no write changed the base) and this face otherwise; the tests and benchmarks
/// call this face to exercise the merge whatever the view has built.
///
/// Merged: all-of (``allOf(_:)``, every order, filter, exclusion, relaxation and cursor), its
/// matched lines' names, diet masks, categories and areas with counts, browse pages, random
/// picks, pantry matching, and the harness's AND, prefix and category queries. Ingredient and
/// category suggestions and name resolution run on the full build's ingredient tables
/// (``LiveView/ingredientTables``). The harness's pantry query is not merged.
public struct LiveMergedQueries: Sendable {
  /// The view queried.
  public let view: LiveView

  /// The harness's AND query (``Snapshot/exactAllOf(_:limit:scratch:)``): how many recipes use
  /// all of `ingredients` (exact canonical names), and the `limit` first, ascending.
  /// - Complexity: O(N / 64 · m) over the base when every list has a bitmap, else
  ///   O(smallest list · m · log) plus the matches; the written part the same over its own.
  public func exactAllOf(_ ingredients: [String], limit: Int) -> (count: Int, first: [RecipeID]) {
    if ingredients.isEmpty { return (0, []) }
    let segment = view.segment
    let live = segment.live
    // Each name looked up once in each part. A name a part lacks leaves that part without
    // matches; a name of neither (or only of masked base recipes) leaves none at all, as a
    // full build answers (the relations' names are in both parts, with no recipes).
    var baseIDs: [IngredientID] = []
    var liveIDs: [IngredientID] = []
    baseIDs.reserveCapacity(ingredients.count)
    liveIDs.reserveCapacity(ingredients.count)
    for name in ingredients {
      if let id = segment.base.ingredientID(name) { baseIDs.append(id) }
      if let id = live.ingredientID(name) { liveIDs.append(id) }
    }
    let limit = max(limit, 0)
    let (baseCount, baseFirst) =
      baseIDs.count == ingredients.count
      ? baseExactAllOf(baseIDs, limit: limit, segment: segment) : (0, [])
    var liveCount = 0
    var liveFirst: [UInt32] = []
    if liveIDs.count == ingredients.count {
      let (count, first) = live.scratchPool.withScratch { scratch in
        liveIDs.withUnsafeBufferPointer {
          live.exactAllOf(ids: $0, limit: limit, scratch: scratch)
        }
      }
      liveCount = count
      var hole = 0
      for local in first {
        let place = segment.livePlaces[local.index]
        while hole < view.holePlaces.count && view.holePlaces[hole] < place { hole += 1 }
        liveFirst.append(UInt32(place - hole))
      }
    }
    var first: [RecipeID] = []
    var i = 0
    var j = 0
    while first.count < limit && (i < baseFirst.count || j < liveFirst.count) {
      if j == liveFirst.count || (i < baseFirst.count && baseFirst[i] < liveFirst[j]) {
        first.append(RecipeID(rawValue: baseFirst[i]))
        i += 1
      } else {
        first.append(RecipeID(rawValue: liveFirst[j]))
        j += 1
      }
    }
    return (baseCount + liveCount, first)
  }

  /// The base part of ``exactAllOf(_:limit:)``: the count of unmasked base recipes using all
  /// of the ingredients `ids`, and the first `limit` of them as dense ids. With a bitmap for
  /// every name the words are ANDed with the deletion marks' complement and counted;
  /// otherwise the lists are intersected and the masked recipes dropped.
  private func baseExactAllOf(_ ids: [IngredientID], limit: Int, segment: LiveSegment) -> (
    Int, [UInt32]
  ) {
    let base = segment.base
    let postings = base.postings
    var rids: [UInt32] = []
    var count = 0
    if ids.allSatisfy(postings.hasBitmap) {
      let words = postings.wordsPerBitmap
      let slots = ids.map { Int(postings.bitmapSlot[$0.index]) * words }
      postings.bitmapWords.withUnsafeBufferPointer { bitmaps in
        segment.masked.withUnsafeBufferPointer { masked in
          for w in 0..<words {
            var x = ~masked[w]
            for slot in slots { x &= bitmaps[slot + w] }
            if x == 0 { continue }
            count += x.nonzeroBitCount
            while rids.count < limit && x != 0 {
              rids.append(UInt32(w << 6 + x.trailingZeroBitCount))
              x &= x - 1
            }
          }
        }
      }
    } else if ids.contains(where: { segment.maskedCounts[$0.index] == 0 }) {
      // No recipe of one of the lists is masked, so no match is: the snapshot's own
      // intersection answers as on a full build, the count of all and only the `limit` first
      // (not an array of every match).
      let (all, first) = base.scratchPool.withScratch { scratch in
        ids.withUnsafeBufferPointer { base.exactAllOf(ids: $0, limit: limit, scratch: scratch) }
      }
      count = all
      rids = first.map(\.rawValue)
    } else {
      // The snapshot's own intersection (what the harness AND runs on a full build), every
      // match kept, then the masked ones dropped.
      let all = base.scratchPool.withScratch { scratch in
        ids.withUnsafeBufferPointer { base.exactAllOf(ids: $0, limit: .max, scratch: scratch) }
      }.first
      for rid in all where !segment.isMasked(rid.index) {
        count += 1
        if rids.count < limit { rids.append(rid.rawValue) }
      }
    }
    var hole = 0
    let holes = view.holePlaces
    let dense = rids.map { rid -> UInt32 in
      while hole < holes.count && holes[hole] < Int(rid) { hole += 1 }
      return rid - UInt32(hole)
    }
    return (count, dense)
  }

  /// The harness's prefix query (``Snapshot/plainPrefix(_:k:)``) as names: the `k` most
  /// popular ingredients of a full build (recipe count descending, then name bytes) with a
  /// word-start suffix beginning with `text` as given, none unused. Read from the full
  /// build's ingredient tables (``LiveView/ingredientTables``): counts that writes change
  /// reorder the ranks this query walks, so merging the parts' ranks per query would fetch
  /// as many names as writes lowered (thousands over a 10k segment).
  /// - Complexity: O(log S · |text| + k log k) once the tables are built.
  public func plainPrefix(_ text: String, k: Int) -> [String] {
    let tables = view.ingredientTables
    return tables.plainPrefix(text, k: k).map(tables.ingredientName)
  }
}

extension LiveView {
  /// The merged face of this view (``LiveMergedQueries``).
  public var merged: LiveMergedQueries { LiveMergedQueries(view: self) }

  /// The harness's AND query: ``LiveMergedQueries/exactAllOf(_:limit:)``, or the whole
  /// snapshot's when built.
  public func exactAllOf(_ ingredients: [String], limit: Int) -> (count: Int, first: [RecipeID]) {
    if let whole = builtSnapshot {
      return whole.scratchPool.withScratch {
        whole.exactAllOf(ingredients, limit: limit, scratch: $0)
      }
    }
    return merged.exactAllOf(ingredients, limit: limit)
  }

  /// The harness's prefix query as names: ``LiveMergedQueries/plainPrefix(_:k:)``, or the
  /// whole snapshot's when built.
  public func plainPrefix(_ text: String, k: Int) -> [String] {
    if let whole = builtSnapshot { return whole.plainPrefix(text, k: k).map(whole.ingredientName) }
    return merged.plainPrefix(text, k: k)
  }
}
