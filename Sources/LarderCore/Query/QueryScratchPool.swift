import Foundation

/// Idle ``QueryScratch``es of one snapshot, lent one per running all-of query, so a query does
/// not allocate its working memory (about 13 bytes per recipe: 1.3 MB at 100k) each time;
/// allocating and freeing that per request kept the allocator trimming and refaulting pages.
///
/// Lent only to all-of queries, whose intersection buffers carry nothing from one query to the
/// next (the pantry's counters must be all-zero on entry, so the pantry keeps its own scratch).
/// Bounded: at most ``capacity`` idle ones are kept; more are made when more queries run at
/// once and are freed when returned. Dropped with its snapshot.
///
/// - Complexity: O(1) per loan (one lock to take, one to give back).
final class QueryScratchPool: Sendable {
  private let idle: Locked<[IdleScratch]>
  /// The most idle scratches kept.
  let capacity: Int
  /// The recipe count every scratch is sized for.
  let recipeCount: Int

  /// A pool of scratches for `recipeCount` recipes, keeping at most `capacity` idle (one per
  /// processor by default: queries run on the cooperative pool, one thread per processor).
  init(recipeCount: Int, capacity: Int = ProcessInfo.processInfo.activeProcessorCount) {
    self.recipeCount = recipeCount
    self.capacity = max(capacity, 1)
    idle = Locked([])
  }

  /// Runs `body` with a scratch of its own.
  func withScratch<Result>(_ body: (QueryScratch) throws -> Result) rethrows -> Result {
    let scratch =
      idle.withLock { $0.popLast() }?.scratch ?? QueryScratch(recipeCount: recipeCount)
    defer {
      let returned = IdleScratch(scratch: scratch)
      idle.withLock { idle in
        if idle.count < capacity { idle.append(returned) }
      }
    }
    return try body(scratch)
  }

  /// How many scratches are idle.
  var idleCount: Int { idle.withLock { $0.count } }
}

/// A scratch no query is using. The compiler cannot see that `withScratch`'s body, being
/// non-escaping, has let go of the scratch when it returns; this box says so in one place.
private struct IdleScratch: @unchecked Sendable {
  // Safety: made only before a loan or after `body` returned, when the scratch has one owner.
  let scratch: QueryScratch
}
