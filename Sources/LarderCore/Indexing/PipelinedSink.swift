import Foundation

/// Hands recipes to another sink on a thread of its own, in batches, so that reading and
/// normalizing records (the caller's thread) overlap with the other sink's work (SQLite
/// inserts): an index build then uses both cores during its longest phase.
///
/// The inner sink is used by the worker thread alone from the first ``add(_:id:)`` until
/// ``drain()`` returns; only then may the caller touch it again (finish or abandon it).
/// An error the inner sink throws stops the worker and is rethrown by the next ``add(_:id:)``
/// or by ``drain()``.
///
/// - Complexity: O(1) amortized per recipe on the caller's side; at most
///   ``maximumQueuedBatches`` batches of ``batchSize`` recipes wait in memory.
public final class PipelinedSink: RecipeSink, @unchecked Sendable {
  // Safety: `queue`, `closed`, `failure` and `workerDone` are read and written only while
  // `condition` is locked; `pending` only by the caller's thread; `inner` only by the worker
  // until `drain()` has seen it stop.
  private let condition = NSCondition()
  private var queue: [[(Recipe, RecipeID)]] = []
  private var closed = false
  private var failure: (any Error)?
  private var workerDone = false
  private var pending: [(Recipe, RecipeID)] = []
  private let inner: any RecipeSink

  /// Recipes handed over at once (one lock round trip per batch, not per recipe).
  public static let batchSize = 256
  /// Batches that may wait before ``add(_:id:)`` blocks (bounds memory when the inner sink is slower).
  public static let maximumQueuedBatches = 16

  /// Starts the worker thread for `inner`.
  public init(_ inner: any RecipeSink) {
    self.inner = inner
    pending.reserveCapacity(Self.batchSize)
    Thread.detachNewThread { [self] in work() }
  }

  /// Queues the recipe for the inner sink.
  /// - Throws: what the inner sink threw for an earlier recipe.
  public func add(_ recipe: Recipe, id: RecipeID) throws {
    pending.append((recipe, id))
    if pending.count >= Self.batchSize { try handOver() }
  }

  /// Hands over what is queued, waits until the inner sink has taken every recipe, and stops
  /// the worker. Safe to call more than once.
  /// - Throws: what the inner sink threw, if anything.
  public func drain() throws {
    condition.lock()
    if !pending.isEmpty && failure == nil { queue.append(pending) }
    pending = []
    closed = true
    condition.broadcast()
    while !workerDone { condition.wait() }
    let error = failure
    condition.unlock()
    if let error { throw error }
  }

  private func handOver() throws {
    condition.lock()
    while queue.count >= Self.maximumQueuedBatches && failure == nil && !workerDone {
      condition.wait()
    }
    if let failure {
      condition.unlock()
      throw failure
    }
    queue.append(pending)
    condition.broadcast()
    condition.unlock()
    pending = []
    pending.reserveCapacity(Self.batchSize)
  }

  private func work() {
    while true {
      condition.lock()
      while queue.isEmpty && !closed { condition.wait() }
      if queue.isEmpty {
        workerDone = true
        condition.broadcast()
        condition.unlock()
        return
      }
      let batch = queue.removeFirst()
      condition.broadcast()
      condition.unlock()
      do {
        for (recipe, id) in batch { try inner.add(recipe, id: id) }
      } catch {
        condition.lock()
        failure = error
        queue.removeAll()
        workerDone = true
        condition.broadcast()
        condition.unlock()
        return
      }
    }
  }
}
