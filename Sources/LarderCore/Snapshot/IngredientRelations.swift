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
///
/// A type of its own rather than a `UInt32` alias, so an ingredient id cannot be passed where a
/// recipe is meant (nor the other way). It costs nothing: one stored `UInt32` (same size, stride
/// and alignment), every member inlinable. Posting lists, line tables and archives keep raw
/// `UInt32`s; the type is what crosses function boundaries. Its ``description`` is the bare
/// number, as the alias printed, so text built by interpolation (page cursors, messages) reads
/// as before.
@frozen
public struct RecipeID: RawRepresentable, Hashable, Comparable, Codable, Sendable,
  CustomStringConvertible
{
  /// The dense index as stored in posting lists, archives and the index file's `rid` column.
  public var rawValue: UInt32

  /// Wraps a stored index.
  @inlinable @inline(__always)
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  /// The id at corpus position `index`; traps when `index` does not fit 32 bits, as
  /// `UInt32(_:)` does (a snapshot holds fewer than 2³² recipes).
  @inlinable @inline(__always)
  public init(_ index: Int) { rawValue = UInt32(index) }

  /// The id as an array position into the snapshot's per-recipe tables.
  @inlinable @inline(__always)
  public var index: Int { Int(truncatingIfNeeded: rawValue) }

  /// Ids order as their indexes: by corpus position.
  @inlinable @inline(__always)
  public static func < (a: RecipeID, b: RecipeID) -> Bool { a.rawValue < b.rawValue }

  /// The bare index, as the `UInt32` alias printed it.
  public var description: String { String(rawValue) }
}

extension Array where Element == RecipeID {
  /// The ids of stored raw indexes (a posting list, an intersection's output), copied as bytes:
  /// ``RecipeID`` is one `UInt32` with the same layout.
  /// - Complexity: O(n), one memory copy.
  @inlinable
  public init(rawValues: UnsafeBufferPointer<UInt32>) {
    self.init(unsafeUninitializedCapacity: rawValues.count) { buffer, count in
      if let source = rawValues.baseAddress, let target = buffer.baseAddress {
        UnsafeMutableRawPointer(target).copyMemory(
          from: source, byteCount: rawValues.count * MemoryLayout<UInt32>.stride)
      }
      count = rawValues.count
    }
  }
}

/// An ingredient's dense index inside one snapshot: its popularity rank (recipe count
/// descending, then name bytes ascending), so "most popular first" is "smallest id first".
///
/// A type of its own rather than a `UInt32` alias, so a recipe id cannot be passed where an
/// ingredient is meant. It costs nothing: one stored `UInt32` (same size, stride and
/// alignment), every member inlinable, so arrays of ids and the loops over them compile as
/// they would for bare integers. Archives store ``rawValue``.
@frozen
public struct IngredientID: RawRepresentable, Hashable, Comparable, Sendable,
  CustomStringConvertible
{
  /// The dense index as stored in archives and posting offsets.
  public var rawValue: UInt32

  /// Wraps a stored index.
  @inlinable @inline(__always)
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  /// The id at array position `index`; traps when `index` does not fit 32 bits, as
  /// `UInt32(_:)` does (a snapshot holds fewer than 2³² ingredients).
  @inlinable @inline(__always)
  public init(_ index: Int) { rawValue = UInt32(index) }

  /// The id as an array position into the snapshot's per-ingredient tables.
  @inlinable @inline(__always)
  public var index: Int { Int(truncatingIfNeeded: rawValue) }

  /// Ids order as their indexes: by popularity rank.
  @inlinable @inline(__always)
  public static func < (a: IngredientID, b: IngredientID) -> Bool { a.rawValue < b.rawValue }

  /// The index, for messages and test output.
  public var description: String { "ingredient \(rawValue)" }
}
