/// The spelling repairs one vocabulary has already worked out, by word.
///
/// A corpus repeats its unknown words (brand names, notes, the same slip in many recipes of
/// one site), and each repair tries hundreds of one-letter edits, so a word is repaired once
/// per vocabulary and then looked up. Shared by every copy of the ``Vocabulary`` that made it
/// (the vocabulary is never changed after it is read), behind the one lock type, since the
/// indexer parses lines on several threads.
///
/// - Complexity: O(1) expected per lookup and store (a hash of the word); at most
///   ``capacity`` words are kept, and the table is emptied when full.
final class SpellingRepairCache: Sendable {
  /// How many words are kept before the table is emptied (a few MB at most).
  static let capacity = 50_000

  private let repairs = Locked<[String: [[String]]]>([:])

  /// The repairs stored for `word`, or `nil` when it was not repaired yet.
  func repairs(of word: String) -> [[String]]? {
    repairs.withLock { $0[word] }
  }

  /// Stores the repairs of `word`.
  func store(_ found: [[String]], for word: String) {
    repairs.withLock { table in
      if table.count >= Self.capacity { table.removeAll(keepingCapacity: true) }
      table[word] = found
    }
  }
}
