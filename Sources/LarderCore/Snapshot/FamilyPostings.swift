/// An ingredient with descendants, as a family-mode query uses it: the members (itself and every
/// descendant) and the union of their posting lists, with a bitmap when the union is dense.
///
/// Building one sorts and deduplicates the members' postings (tens of thousands of ids for
/// `onion` or `oil` at 100k recipes), which cost more than the intersection that follows; the
/// snapshot keeps the ones queries ask for (``FamilyPostingsCache``).
///
/// - Memory: 4 bytes per union posting, plus ⌈N / 64⌉ words when dense (the rule of
///   ``PostingLists``).
public final class FamilyPostings: Sendable {
  /// The ingredient and its descendants, ascending.
  public let members: [IngredientID]
  /// The recipes using any member, ascending.
  let ids: [UInt32]
  /// The same set as a bitmap over the snapshot's recipes, or empty when the union is sparse.
  let bitmap: [UInt64]

  /// The family of `ingredient` in `postings`, given its `members` (ascending).
  /// - Complexity: O(P log P) for P postings over the members.
  init(members: [IngredientID], postings: PostingLists) {
    self.members = members
    var union: [UInt32] = []
    union.reserveCapacity(members.reduce(0) { $0 + postings.count($1) })
    for member in members { union.append(contentsOf: postings.list(member)) }
    union.sort()
    var write = 0
    for read in union.indices where write == 0 || union[read] != union[write - 1] {
      union[write] = union[read]
      write += 1
    }
    union.removeSubrange(write...)
    ids = union
    if PostingLists.isDense(count: union.count, recipeCount: postings.recipeCount) {
      var words = [UInt64](repeating: 0, count: postings.wordsPerBitmap)
      for id in union { words[Int(id >> 6)] |= 1 << UInt64(id & 63) }
      bitmap = words
    } else {
      bitmap = []
    }
  }

  /// The bytes this family holds (what the cache's budget counts).
  var bytes: Int {
    members.count * MemoryLayout<IngredientID>.stride + ids.count * 4 + bitmap.count * 8
  }
}

/// The ``FamilyPostings`` queries have asked for, kept by the snapshot they were built from, so a
/// reload or rebuild (a new snapshot) starts empty and no family outlives its index.
///
/// Bounded: when a new family would take the held bytes past the budget, the cache is emptied
/// and refills with what is asked next (the policy of the server's suggest cache), so memory
/// stays flat under any traffic and the families in use come back after one build each.
///
/// - Complexity: O(1) expected per lookup (one lock and one hash); a miss builds the family
///   outside the lock.
public final class FamilyPostingsCache: Sendable {
  private let held = Locked<(families: [IngredientID: FamilyPostings], bytes: Int)>(([:], 0))
  /// The most bytes held at once.
  public let budget: Int

  /// A cache that holds at most `budget` bytes of families.
  public init(budget: Int) { self.budget = budget }

  /// The standard budget for `postings`: 2 bytes per posting (half the posting lists' own
  /// 4 bytes), at least 4 MiB, so a snapshot's footprint grows by at most that.
  static func standardBudget(for postings: PostingLists) -> Int {
    max(4 << 20, postings.ids.count * 2)
  }

  /// The cached family with key `ingredient`, or the one `make` builds (then cached if it fits).
  func family(_ ingredient: IngredientID, make: () -> FamilyPostings) -> FamilyPostings {
    if let hit = held.withLock({ $0.families[ingredient] }) { return hit }
    let fresh = make()
    let bytes = fresh.bytes
    guard bytes <= budget else { return fresh }
    return held.withLock { held in
      if let raced = held.families[ingredient] { return raced }
      if held.bytes + bytes > budget { held = ([:], 0) }
      held.families[ingredient] = fresh
      held.bytes += bytes
      return fresh
    }
  }

  /// How many families are held.
  public var count: Int { held.withLock { $0.families.count } }

  /// How many bytes are held.
  public var bytes: Int { held.withLock { $0.bytes } }
}
