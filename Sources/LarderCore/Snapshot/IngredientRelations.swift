/// What the snapshot needs from the vocabulary: the family tree, aliases and food flags.
///
/// The lead fills it from the real `Vocabulary`; tests build it by hand. Names are canonical
/// (folded, singular) except alias keys, which are folded surface forms.
public struct IngredientRelations: Sendable, Hashable {
  /// Child canonical name → parent canonical name (`cheddar` → `cheese`).
  public var parent: [String: String]
  /// Alias surface form (folded) → canonical name (`scallion` → `green onion`).
  public var aliases: [String: String]
  /// Canonical name → food flag bits (the vocabulary's `FoodFlags` raw values); absent = none.
  public var flags: [String: UInt16]

  /// Creates relations; every part defaults to empty.
  public init(
    parent: [String: String] = [:], aliases: [String: String] = [:], flags: [String: UInt16] = [:]
  ) {
    self.parent = parent
    self.aliases = aliases
    self.flags = flags
  }

  /// No families, aliases or flags (the benchmark harness corpus).
  public static let none = IngredientRelations()
}

/// A recipe's dense index inside one snapshot: its position in corpus order.
public typealias RecipeID = UInt32

/// An ingredient's dense index inside one snapshot: its popularity rank (recipe count
/// descending, then name bytes ascending), so "most popular first" is "smallest id first".
public typealias IngredientID = UInt32
