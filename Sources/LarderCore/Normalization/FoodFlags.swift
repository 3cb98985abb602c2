/// What a food is or contains, as the vocabulary states it per entry (`dairy,animal`).
/// Diet labels (vegan, gluten-free, ...) are derived from these flags.
public struct FoodFlags: OptionSet, Sendable, Hashable, Codable {
  /// The bits.
  public let rawValue: UInt16
  /// Creates flags from raw bits.
  public init(rawValue: UInt16) { self.rawValue = rawValue }

  /// Red or other non-poultry meat.
  public static let meat = FoodFlags(rawValue: 1 << 0)
  /// Chicken, turkey, duck, ...
  public static let poultry = FoodFlags(rawValue: 1 << 1)
  /// Finfish.
  public static let fish = FoodFlags(rawValue: 1 << 2)
  /// Crustaceans and molluscs.
  public static let shellfish = FoodFlags(rawValue: 1 << 3)
  /// Milk and milk products.
  public static let dairy = FoodFlags(rawValue: 1 << 4)
  /// Eggs.
  public static let egg = FoodFlags(rawValue: 1 << 5)
  /// Contains gluten.
  public static let gluten = FoodFlags(rawValue: 1 << 6)
  /// Tree nuts.
  public static let treeNut = FoodFlags(rawValue: 1 << 7)
  /// Peanuts.
  public static let peanut = FoodFlags(rawValue: 1 << 8)
  /// Soy.
  public static let soy = FoodFlags(rawValue: 1 << 9)
  /// Sesame.
  public static let sesame = FoodFlags(rawValue: 1 << 10)
  /// Honey.
  public static let honey = FoodFlags(rawValue: 1 << 11)
  /// Alcoholic drinks.
  public static let alcohol = FoodFlags(rawValue: 1 << 12)
  /// Anything animal-derived (including honey, gelatin, dairy and egg).
  public static let animal = FoodFlags(rawValue: 1 << 13)

  /// Every flag with its spelling in the vocabulary files, in declaration order.
  public static let named: [(name: String, flag: FoodFlags)] = [
    ("meat", .meat), ("poultry", .poultry), ("fish", .fish), ("shellfish", .shellfish),
    ("dairy", .dairy), ("egg", .egg), ("gluten", .gluten), ("treenut", .treeNut),
    ("peanut", .peanut), ("soy", .soy), ("sesame", .sesame), ("honey", .honey),
    ("alcohol", .alcohol), ("animal", .animal),
  ]

  /// The flag spelled `name` in a vocabulary file (`treenut`), or `nil` when unknown.
  public init?(name: some StringProtocol) {
    guard let match = Self.named.first(where: { $0.name == name }) else { return nil }
    self = match.flag
  }

  /// The vocabulary spellings of the flags that are set, in declaration order.
  public var names: [String] {
    Self.named.filter { contains($0.flag) }.map(\.name)
  }
}
