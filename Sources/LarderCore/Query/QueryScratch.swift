/// Reusable working memory for queries on one snapshot, so hot paths do not allocate.
///
/// Not `Sendable`: give each thread its own. Sized for the snapshot's recipe count on creation
/// (about 13 bytes per recipe).
public final class QueryScratch {
  /// The recipe count this scratch was sized for.
  public let capacity: Int
  /// Two candidate buffers for alternating intersections.
  let bufferA: UnsafeMutablePointer<UInt32>
  let bufferB: UnsafeMutablePointer<UInt32>
  /// Per-recipe counters (pantry), kept all-zero between queries.
  let counters: UnsafeMutablePointer<UInt8>
  /// Recipes whose counter was touched.
  let touched: UnsafeMutablePointer<UInt32>

  /// Scratch for queries on `snapshot`.
  public convenience init(for snapshot: Snapshot) { self.init(recipeCount: snapshot.recipeCount) }

  /// Scratch for snapshots of up to `recipeCount` recipes.
  public init(recipeCount: Int) {
    capacity = recipeCount
    let n = max(recipeCount, 1)
    bufferA = .allocate(capacity: n)
    bufferB = .allocate(capacity: n)
    counters = .allocate(capacity: n)
    counters.initialize(repeating: 0, count: n)
    touched = .allocate(capacity: n)
  }

  deinit {
    bufferA.deallocate()
    bufferB.deallocate()
    counters.deallocate()
    touched.deallocate()
  }
}
