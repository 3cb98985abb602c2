/// ``IngredientRelations`` in the form a ``SnapshotBuilder`` build reads them, made once: the
/// names every build holds (the tree's and the alias targets'), the tree as pairs of those
/// names' numbers, and the aliases folded, in alias-key order.
///
/// A build used to sort the relations' dictionaries by key and fold every alias itself: at the
/// vocabulary's 2,400 names that was most of building the small snapshot of a live index's
/// written recipes (the merged queries' first build after each write). A live index prepares
/// its relations once and builds every view's structures with them.
///
/// - Complexity: O(V log V) to prepare for V names and aliases; read-only after.
public struct PreparedRelations: Sendable {
  /// The relations prepared.
  public let relations: IngredientRelations
  /// Every name a build holds whatever its recipes: each child and parent of the tree and
  /// each alias target, once each.
  let names: [String]
  /// Child → parent, as numbers of ``names`` (a name that is its own parent left out).
  let parentPairs: [(child: UInt32, parent: UInt32)]
  /// The aliases a snapshot holds (folded, not empty, not their target's name), in alias-key
  /// byte order, each with its target's number in ``names``.
  let aliases: [(folded: String, target: UInt32)]

  /// Prepares `relations`.
  public init(_ relations: IngredientRelations) {
    self.relations = relations
    var names: [String] = []
    var number: [String: UInt32] = [:]
    func numbered(_ name: String) -> UInt32 {
      if let known = number[name] { return known }
      let new = UInt32(names.count)
      number[name] = new
      names.append(name)
      return new
    }
    var pairs: [(child: UInt32, parent: UInt32)] = []
    for (child, parent) in relations.parent.sorted(by: {
      $0.key.utf8.lexicographicallyPrecedes($1.key.utf8)
    }) {
      let (c, p) = (numbered(child), numbered(parent))
      if child != parent { pairs.append((c, p)) }
    }
    var aliases: [(folded: String, target: UInt32)] = []
    for (alias, canonical) in relations.aliases.sorted(by: {
      $0.key.utf8.lexicographicallyPrecedes($1.key.utf8)
    }) {
      let target = numbered(canonical)
      let folded = TextFolding.fold(alias)
      guard !folded.isEmpty, folded != canonical else { continue }
      aliases.append((folded, target))
    }
    self.names = names
    parentPairs = pairs
    self.aliases = aliases
  }
}
