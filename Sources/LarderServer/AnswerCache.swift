import Foundation
import LarderCore

/// Finished answers (a response body's JSON bytes) by request, shared by all requests on one
/// served index. Front-end traffic repeats itself: every user typing "garlic" sends "g", "ga",
/// "gar", ... to `/v1/suggest`, and "what can I cook with garlic and onion" asks
/// `/v1/recipes` for the same first pages again and again. A hit costs a hash lookup instead
/// of a query, the page's SQLite reads (a hop to the storage threads) and the JSON writing.
///
/// Bounded: when `capacity` answers or `byteBudget` bytes are held, the cache is emptied and
/// refills with what is asked next, so memory stays flat under any traffic. A reload builds a
/// new ``ServedIndex`` and with it empty caches, so no answer outlives its index. Errors are
/// not kept (a bad request is parsed, and refused, again).
/// - Complexity: O(1) expected per hit; at most `byteBudget` bytes of answers held.
public final class AnswerCache<Key: Hashable & Sendable>: Sendable {
  /// The answers and their total size.
  private struct Held {
    var answers: [Key: [UInt8]] = [:]
    var bytes = 0
  }

  private let held = Locked(Held())
  private let capacity: Int
  private let byteBudget: Int

  /// A cache of at most `capacity` answers and `byteBudget` bytes of them.
  public init(capacity: Int = 8_192, byteBudget: Int = 8 << 20) {
    self.capacity = capacity
    self.byteBudget = byteBudget
  }

  /// The cached answer for `key`, or the one `make` produces (then cached).
  /// - Complexity: O(1) expected for a hit.
  func answer(for key: Key, make: () async throws -> [UInt8]) async rethrows -> [UInt8] {
    if let hit = held.withLock({ $0.answers[key] }) { return hit }
    let fresh = try await make()
    keep(fresh, for: key)
    return fresh
  }

  /// Keeps `answer` for `key` (an answer larger than the whole budget is not kept).
  /// - Complexity: O(1) expected; O(held answers) when the cache is full and emptied.
  func keep(_ answer: [UInt8], for key: Key) {
    guard answer.count <= byteBudget else { return }
    held.withLock { held in
      if held.answers.count >= capacity || held.bytes + answer.count > byteBudget {
        held.answers.removeAll(keepingCapacity: true)
        held.bytes = 0
      }
      if let old = held.answers.updateValue(answer, forKey: key) { held.bytes -= old.count }
      held.bytes += answer.count
    }
  }

  /// Empties the cache into `release`, its answers dropped a few hundred at a time (a cache
  /// of a replaced index holds thousands, each two allocations).
  func holdAnswers(in release: inout PacedRelease) {
    let answers = held.withLock { held in
      defer { held = Held() }
      return held.answers
    }
    release.hold(entriesOf: answers)
  }

  /// Up to `limit` of the keys held, in no particular order (all of them are from since the
  /// cache was last emptied, so they are the recent traffic).
  /// - Complexity: O(min(limit, held answers)).
  func keys(limit: Int) -> [Key] {
    held.withLock { Array($0.answers.keys.prefix(limit)) }
  }

  /// How many answers are held.
  var count: Int { held.withLock { $0.answers.count } }

  /// How many bytes of answers are held.
  var bytes: Int { held.withLock { $0.bytes } }
}

/// An answer cache's key with the count of writes the served index had taken when the answer
/// was asked for (``ServedIndex/writeGeneration``): an answer made before a write is never
/// found after it, without emptying the cache on every write (which would race with answers
/// still being made from the old view).
public struct AfterWrites<Key: Hashable & Sendable>: Hashable, Sendable {
  /// The write count when the answer was asked for.
  public var writes: Int
  /// The request.
  public var key: Key
}
