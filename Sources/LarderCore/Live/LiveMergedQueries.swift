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
  /// What the face holds, in one object: a face is copied whole wherever it is passed or
  /// bound (`if let`), and each reference it held was one more retain per query.
  private let held: Held

  /// The view, its merge structures (taken once when the face is made, built then if they
  /// were not: a query through a face held across queries reads them without the view's
  /// lock), and its group orders when the face was made with them (``holdingGroupOrders()``,
  /// or made already then; else a browse query takes the view's).
  private final class Held: Sendable {
    let view: LiveView
    let segment: LiveSegment
    let groupOrders: LiveGroupOrders?

    init(view: LiveView) {
      self.view = view
      segment = view.segment
      groupOrders = view.builtGroupOrders
    }
  }

  /// The merged face of `view`, building its merge structures if they are not built.
  init(view: LiveView) { held = Held(view: view) }

  /// The view queried.
  public var view: LiveView { held.view }

  /// The view's merge structures.
  var segment: LiveSegment { held.segment }

  /// This face holding the view's group orders, made now if they are not: its browse
  /// queries then read them with no lock (a face held across queries, as a benchmark's).
  public func holdingGroupOrders() -> LiveMergedQueries {
    _ = view.groupOrders
    return LiveMergedQueries(view: view)
  }

  /// The view's group orders (made on first use).
  var groupOrders: LiveGroupOrders { held.groupOrders ?? view.groupOrders }

  /// The harness's AND query (``Snapshot/exactAllOf(_:limit:scratch:)``): how many recipes use
  /// all of `ingredients` (exact canonical names), and the `limit` first, ascending.
  ///
  /// Each part answers into a buffer on the stack (the base's matches less its masked ones,
  /// then the written recipes'), each as dense ids, and the two merge into the one array
  /// returned: no other array per query, and a scratch is borrowed only by a part that
  /// intersects lists.
  /// - Complexity: O(N / 64 · m) over the base when every list has a bitmap, else
  ///   O(smallest list · m · log) plus the matches; the written part the same over its own.
  public func exactAllOf(_ ingredients: [String], limit: Int) -> (count: Int, first: [RecipeID]) {
    let m = ingredients.count
    if m == 0 { return (0, []) }
    let base = segment.base
    let live = segment.live
    let limit = max(limit, 0)
    return withUnsafeTemporaryAllocation(of: IngredientID.self, capacity: 2 * m) { ids in
      // Each name looked up once in each part (base ids first, then the written part's). A
      // name a part lacks leaves that part without matches; a name of neither (or only of
      // masked base recipes) leaves none at all, as a full build answers (the relations'
      // names are in both parts, with no recipes). So a part stops looking names up at its
      // first missing one, and a name of neither part ends the query (as the snapshot's own
      // lookup stops at its first unknown name).
      var baseFound = 0
      var liveFound = 0
      for (k, name) in ingredients.enumerated() {
        if baseFound == k, let id = base.ingredientID(name) {
          ids[baseFound] = id
          baseFound += 1
        }
        if liveFound == k, let id = live.ingredientID(name) {
          ids[m + liveFound] = id
          liveFound += 1
        }
        if baseFound <= k && liveFound <= k { return (0, []) }
      }
      let baseIDs = UnsafeBufferPointer(rebasing: ids[0..<m])
      let liveIDs = UnsafeBufferPointer(rebasing: ids[m..<2 * m])
      let baseRoom = baseFound == m ? min(limit, base.recipeCount) : 0
      let liveRoom = liveFound == m ? min(limit, live.recipeCount) : 0
      return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: max(baseRoom + liveRoom, 1)) {
        firsts in
        let baseFirst = firsts.baseAddress!
        let liveFirst = baseFirst + baseRoom
        let (baseCount, baseWritten) =
          baseFound == m
          ? baseExactAllOf(baseIDs, limit: baseRoom, segment: segment, into: baseFirst) : (0, 0)
        let (liveCount, liveWritten) =
          liveFound == m
          ? liveExactAllOf(liveIDs, limit: liveRoom, segment: segment, into: liveFirst) : (0, 0)
        let total = baseCount + liveCount
        let kept = min(limit, baseWritten + liveWritten)
        let first = [RecipeID](unsafeUninitializedCapacity: kept) { out, count in
          var i = 0
          var j = 0
          while count < kept {
            if j == liveWritten || (i < baseWritten && baseFirst[i] < liveFirst[j]) {
              out[count] = RecipeID(rawValue: baseFirst[i])
              i += 1
            } else {
              out[count] = RecipeID(rawValue: liveFirst[j])
              j += 1
            }
            count += 1
          }
        }
        return (total, first)
      }
    }
  }

  /// The base part of ``exactAllOf(_:limit:)``: the count of unmasked base recipes using all
  /// of the ingredients `ids`, and the first `limit` of them as dense ids, written to `out`.
  private func baseExactAllOf(
    _ ids: UnsafeBufferPointer<IngredientID>, limit: Int, segment: LiveSegment,
    into out: UnsafeMutablePointer<UInt32>
  ) -> (count: Int, written: Int) {
    // When no recipe of one of the lists is masked, no match is: the marks are not read.
    let noneMasked = ids.contains { segment.maskedCounts[$0.index] == 0 }
    let holes = view.holePlaces
    let (count, kept) = segment.masked.withUnsafeBufferPointer { masked in
      var exclusion: Exclusion?
      if !noneMasked {
        // The masked base recipes: the written places and the holes inside the base.
        let baseCount = segment.base.recipeCount
        let written = view.writtenPlaces
        exclusion = Exclusion(
          bits: masked.baseAddress!,
          listed: (
            written[..<LiveView.count(of: written, below: baseCount)],
            holes[..<LiveView.count(of: holes, below: baseCount)]
          ))
      }
      return Self.partExactAllOf(
        segment.base, ids, excluding: exclusion, limit: limit, into: out)
    }
    // Base ids to dense ids: less the holes before each.
    if !holes.isEmpty {
      var hole = 0
      for k in 0..<kept {
        while hole < holes.count && holes[hole] < Int(out[k]) { hole += 1 }
        out[k] -= UInt32(hole)
      }
    }
    return (count, kept)
  }

  /// Recipes a part's matches leave out (the base's masked ones): one bit per recipe, and the
  /// same recipes as two ascending lists.
  private struct Exclusion {
    let bits: UnsafePointer<UInt64>
    let listed: (ArraySlice<Int>, ArraySlice<Int>)

    /// How many are listed.
    var count: Int { listed.0.count + listed.1.count }
  }

  /// The written part of ``exactAllOf(_:limit:)``: the count of written recipes using all of
  /// the ingredients `ids` (the written recipes' snapshot's ids), and the first `limit` of
  /// them as dense ids of the view, written to `out`.
  private func liveExactAllOf(
    _ ids: UnsafeBufferPointer<IngredientID>, limit: Int, segment: LiveSegment,
    into out: UnsafeMutablePointer<UInt32>
  ) -> (count: Int, written: Int) {
    let (count, written) = Self.partExactAllOf(
      segment.live, ids, excluding: nil, limit: limit, into: out)
    let holes = view.holePlaces
    var hole = 0
    for k in 0..<written {
      let place = segment.livePlaces[Int(out[k])]
      while hole < holes.count && holes[hole] < place { hole += 1 }
      out[k] = UInt32(place - hole)
    }
    return (count, written)
  }

  /// The count of `snapshot`'s recipes using all of the ingredients `ids`, less those whose
  /// bit is set in `excluded` (one bit per recipe) when given, and the first `limit` of them,
  /// ascending, written to `out` as the snapshot's ids. With a bitmap for every name the words
  /// are ANDed (with the complement of `excluded`) and counted, with no scratch; otherwise the
  /// snapshot's own intersection runs on a scratch of its pool, every match kept when some
  /// must be dropped.
  private static func partExactAllOf(
    _ snapshot: Snapshot, _ ids: UnsafeBufferPointer<IngredientID>,
    excluding exclusion: Exclusion?, limit: Int, into out: UnsafeMutablePointer<UInt32>
  ) -> (count: Int, written: Int) {
    let excluded = exclusion?.bits
    let postings = snapshot.postings
    if ids.count == 1 && excluded == nil {
      let list = postings.list(ids[0])
      let written = min(limit, list.count)
      for (k, id) in list.prefix(written).enumerated() { out[k] = id }
      return (list.count, written)
    }
    if ids.allSatisfy(postings.hasBitmap) {
      let words = postings.wordsPerBitmap
      return postings.bitmapWords.withUnsafeBufferPointer { bitmapWords in
        withUnsafeTemporaryAllocation(of: UnsafePointer<UInt64>.self, capacity: ids.count) {
          bitmaps in
          for (i, id) in ids.enumerated() {
            bitmaps[i] = UnsafePointer(
              bitmapWords.baseAddress! + Int(postings.bitmapSlot[id.index]) * words)
          }
          let bitmaps = UnsafeBufferPointer(bitmaps)
          guard let exclusion else {
            return Intersection.countDense(bitmaps, words: words, limit: limit, firstIDs: out)
          }
          // Few excluded (a 10k segment of new recipes masks a few dozen base recipes): the
          // words are ANDed as on a full build, and the excluded matches, probed one by one,
          // are taken off the count (the marks are read only where ids are written).
          if exclusion.count * 16 <= words {
            var (count, written) = Intersection.countDense(
              bitmaps, writingIDsNotIn: exclusion.bits, words: words, limit: limit,
              firstIDs: out)
            func matches(_ id: Int) -> Bool {
              bitmaps.allSatisfy { ($0[id >> 6] >> UInt64(id & 63)) & 1 == 1 }
            }
            for id in exclusion.listed.0 where matches(id) { count -= 1 }
            for id in exclusion.listed.1 where matches(id) { count -= 1 }
            return (count, written)
          }
          return Intersection.countDense(
            bitmaps, excluding: exclusion.bits, words: words, limit: limit, firstIDs: out)
        }
      }
    }
    return snapshot.scratchPool.withScratch { scratch in
      snapshot.withExactAllOf(ids: ids, limit: excluded == nil ? limit : .max, scratch: scratch) {
        all, first in
        guard let excluded else {
          if let source = first.baseAddress { out.update(from: source, count: first.count) }
          return (all, first.count)
        }
        var count = 0
        var written = 0
        for id in first where (excluded[Int(id >> 6)] >> UInt64(id & 63)) & 1 == 0 {
          count += 1
          if written < limit {
            out[written] = id
            written += 1
          }
        }
        return (count, written)
      }
    }
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
