extension IngredientRelations {
  /// The family tree, aliases and food flags of `vocabulary`, as the snapshot needs them.
  /// - Complexity: O(entries + aliases).
  public init(vocabulary: Vocabulary) {
    var parent: [String: String] = [:]
    var aliases: [String: String] = [:]
    var flags: [String: UInt16] = [:]
    for entry in vocabulary.entries {
      if let up = entry.parent { parent[entry.name] = up }
      if !entry.flags.isEmpty {
        flags[entry.name] = UInt16(truncatingIfNeeded: entry.flags.rawValue)
      }
      // Each alias by its folded form and by its key, so typed text finds it in either number
      // (`pasta shell` finds `pasta shells`); a name whose key differs is found by its key.
      for alias in entry.aliases {
        aliases[TextFolding.fold(alias)] = entry.name
        aliases[Vocabulary.key(alias)] = entry.name
      }
      aliases[Vocabulary.key(entry.name)] = entry.name
    }
    self.init(parent: parent, aliases: aliases, flags: flags)
  }
}

extension Vocabulary {
  /// Child canonical name → parent canonical name, for every entry that has a parent.
  public var parentsByName: [String: String] {
    var out: [String: String] = [:]
    for entry in entries { if let parent = entry.parent { out[entry.name] = parent } }
    return out
  }
}
