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

  /// The recipes a query ingredient matches under `matching` (the family rule,
  /// ``members(of:_:)``): its own posting list, or the union of its members' lists from
  /// ``familyPostingsCache`` (built once per snapshot, not per query).
  func matchedSet(of ingredient: IngredientID, _ matching: IngredientMatching) -> MatchedSet {
    let members = members(of: ingredient, matching)
    if members.count == 1 { return .ingredient(members[0]) }
    // More than one member only in family mode: the ingredient alone names the union.
    return .family(
      familyPostingsCache.family(ingredient) {
        FamilyPostings(members: members, postings: postings)
      })
  }
}

/// What one query ingredient matches: one ingredient's postings, or a family's union.
enum MatchedSet {
  case ingredient(IngredientID)
  case family(FamilyPostings)

  /// The ingredients it stands for, ascending.
  var members: [IngredientID] {
    switch self {
    case .ingredient(let id): [id]
    case .family(let family): family.members
    }
  }
}

/// A set of ingredient ids as a bitset over the snapshot's vocabulary.
/// - Complexity: O(1) insert and lookup; V / 8 bytes.
struct IngredientSet: Sendable {
  private var words: [UInt64]

  init(capacity: Int) { words = [UInt64](repeating: 0, count: (capacity + 63) >> 6) }

  mutating func insert(_ id: IngredientID) {
    words[id.index >> 6] |= 1 << UInt64(id.rawValue & 63)
  }

  @inline(__always)
  func contains(_ id: IngredientID) -> Bool {
    (words[id.index >> 6] >> UInt64(id.rawValue & 63)) & 1 == 1
  }

  var isEmpty: Bool { words.allSatisfy { $0 == 0 } }
}
