/// The aisles of the grocery list: the vocabulary's food groups (one per `Data/vocabulary` file),
/// in file order, which walks a shop from fresh produce to dry goods, and "Other" last for names
/// the vocabulary does not know. Grocy, Tandoor and KitchenOwl group a list the same way.
///
/// - Complexity: ``aisle(of:)`` is one vocabulary lookup; ``ordered`` is O(number of groups).
public struct GroceryAisles: Sendable {
  /// The aisle of names the vocabulary does not know.
  public static let other = "Other"

  /// How a shopper reads a food group's name; a group not listed here (a new vocabulary file)
  /// shows its file's words (`frozen-food` → "Frozen food").
  static let names: [String: String] = [
    "vegetables": "Vegetables",
    "fruits": "Fruit",
    "herbs-spices": "Herbs and spices",
    "legumes-nuts-seeds": "Beans, nuts and seeds",
    "grains-flours-pasta-bread": "Grains, pasta and bread",
    "meat-poultry": "Meat and poultry",
    "fish-shellfish": "Fish and seafood",
    "dairy-eggs": "Dairy and eggs",
    "oils-fats-condiments-sauces": "Oils, sauces and condiments",
    "baking-sweeteners-pantry": "Baking and pantry",
    "beverages-alcohol": "Drinks",
  ]

  /// The vocabulary the food groups come from.
  public let vocabulary: Vocabulary

  /// Aisles from `vocabulary`'s food groups.
  public init(vocabulary: Vocabulary) { self.vocabulary = vocabulary }

  /// The aisle of an ingredient name (canonical or alias), "Other" when it is unknown.
  public func aisle(of name: String) -> String {
    vocabulary.foodGroup(of: name).map(Self.displayName(ofGroup:)) ?? Self.other
  }

  /// The aisles in shop order: the food groups in vocabulary file order, then "Other".
  public var ordered: [String] {
    vocabulary.foodGroups.map(Self.displayName(ofGroup:)) + [Self.other]
  }

  /// A food group's aisle name (`dairy-eggs` → "Dairy and eggs").
  public static func displayName(ofGroup group: String) -> String {
    if let name = names[group] { return name }
    let words = group.split(separator: "-").joined(separator: " ")
    return words.prefix(1).uppercased() + words.dropFirst()
  }
}
