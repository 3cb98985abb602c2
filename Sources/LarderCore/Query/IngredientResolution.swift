/// Turning typed ingredient names into ids and id sets, shared by the query types.
extension Snapshot {
  /// The id `name` resolves to (folded, singular, alias), or an ``QueryError/unknownIngredient(_:didYouMean:)``
  /// carrying up to five close names from the suggester (prefix and typo matches).
  func resolveOrThrow(_ name: String) throws -> IngredientID {
    if let id = resolveIngredient(name) { return id }
    let candidates = suggest(name, limit: 5, kind: .ingredient).map(\.value)
    throw QueryError.unknownIngredient(name, didYouMean: candidates)
  }

  /// The canonical names of typed `names` (alias, plural, accents), in order, for storing in a
  /// pantry: a name is stored only once it resolves, so a later match never meets it unknown.
  /// - Throws: ``QueryError/unknownIngredient(_:didYouMean:)`` for the first name that resolves
  ///   to nothing, with close names to offer.
  public func canonicalIngredientNames(_ names: [String]) throws -> [String] {
    try names.map { ingredientName(try resolveOrThrow($0)) }
  }
}

/// A set of ingredient ids as a bitset over the snapshot's vocabulary.
/// - Complexity: O(1) insert and lookup; V / 8 bytes.
struct IngredientSet: Sendable {
  private var words: [UInt64]

  init(capacity: Int) { words = [UInt64](repeating: 0, count: (capacity + 63) >> 6) }

  mutating func insert(_ id: IngredientID) { words[Int(id >> 6)] |= 1 << UInt64(id & 63) }

  @inline(__always)
  func contains(_ id: IngredientID) -> Bool { (words[Int(id >> 6)] >> UInt64(id & 63)) & 1 == 1 }

  var isEmpty: Bool { words.allSatisfy { $0 == 0 } }
}
