import Foundation
import LarderCore

/// Finished `/v1/suggest` answers (the JSON bytes) by request, shared by all requests on one
/// served index. Autocomplete traffic repeats itself: every user typing "garlic" sends "g",
/// "ga", "gar", ...; a hit costs a dictionary lookup instead of a suggest pass (and the typo
/// pass, ~200 µs at 100k recipes, when a prefix has fewer than `limit` matches).
///
/// Bounded: when `capacity` answers are held, the cache is emptied and refills with what is
/// asked next, so memory stays flat under any traffic. A reload builds a new ``ServedIndex``
/// and with it an empty cache, so no answer outlives its index.
public final class SuggestCache: Sendable {
  private let answers = Locked<[String: [UInt8]]>([:])
  private let capacity: Int

  /// A cache of at most `capacity` answers.
  public init(capacity: Int = 8_192) {
    self.capacity = capacity
  }

  /// The cached answer for `key`, or the one `make` produces (then cached).
  /// - Complexity: O(1) expected for a hit.
  func answer(for key: String, make: () async throws -> [UInt8]) async rethrows -> [UInt8] {
    if let hit = answers.withLock({ $0[key] }) { return hit }
    let fresh = try await make()
    answers.withLock { answers in
      if answers.count >= capacity { answers.removeAll(keepingCapacity: true) }
      answers[key] = fresh
    }
    return fresh
  }

  /// How many answers are held.
  var count: Int { answers.withLock { $0.count } }
}
