/// One row of a profile's grocery list as stored: an ingredient, an optional amount, and the
/// recipe it was added for.
public struct GroceryItem: Sendable, Hashable, Codable {
  /// Row id, unique per profile.
  public var id: Int64
  /// Canonical ingredient name (or the text the user typed when it is not an ingredient).
  public var name: String
  /// The amount, if any.
  public var quantity: Double?
  /// The unit, if any.
  public var unit: String?
  /// The public id of the recipe it was added for, if any.
  public var recipeID: String?
  /// Whether it was checked off.
  public var checked: Bool

  /// Creates a row.
  public init(
    id: Int64, name: String, quantity: Double?, unit: String?, recipeID: String?, checked: Bool
  ) {
    self.id = id
    self.name = name
    self.quantity = quantity
    self.unit = unit
    self.recipeID = recipeID
    self.checked = checked
  }
}

/// The grocery list as shown: the same ingredient merged across recipes.
public struct GroceryEntry: Sendable, Hashable, Codable {
  /// One amount of the entry, in one unit (or none).
  public struct Amount: Sendable, Hashable, Codable {
    /// The summed quantity, or `nil` where a row had none ("salt").
    public var quantity: Double?
    /// The unit, or `nil` for counts.
    public var unit: String?

    /// The amount as a shopper reads it (``ShoppingAmount``: `1⅓ cups`, `340 ml`, `2 cans`), or
    /// `nil` without a quantity.
    public var display: String? { ShoppingAmount.text(quantity: quantity, unit: unit) }

    enum CodingKeys: String, CodingKey { case quantity, unit }
    enum EncodingKeys: String, CodingKey { case quantity, unit, display }

    /// Writes absent values as `null`: the API's shape always has every key.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: EncodingKeys.self)
      try container.encode(quantity, forKey: .quantity)
      try container.encode(unit, forKey: .unit)
      try container.encode(display, forKey: .display)
    }
  }

  /// The ingredient.
  public var name: String
  /// The merged amounts: one per unit kind that converts (mass, volume) and one per other unit.
  public var amounts: [Amount]
  /// The rows merged here (check off or remove them together).
  public var itemIDs: [Int64]
  /// Recipes it was added for.
  public var recipeIDs: [String]
  /// Whether every row is checked off.
  public var checked: Bool

  enum CodingKeys: String, CodingKey {
    case name, amounts, checked
    case itemIDs = "itemIds"
    case recipeIDs = "recipeIds"
  }
}

/// Merges grocery rows: rows of the same ingredient become one entry; amounts whose units
/// convert (g/kg, ml/l, tsp/tbsp/cup, oz/lb) are summed, others are listed apart.
public enum GroceryList {
  /// Merges `items`, keeping the order in which each ingredient first appears.
  /// - Complexity: O(n) in the number of rows.
  public static func merge(_ items: [GroceryItem]) -> [GroceryEntry] {
    var order: [String] = []
    var groups: [String: [GroceryItem]] = [:]
    for item in items {
      if groups[item.name] == nil { order.append(item.name) }
      groups[item.name, default: []].append(item)
    }
    return order.map { name in
      let rows = groups[name]!
      return GroceryEntry(
        name: name, amounts: amounts(of: rows), itemIDs: rows.map(\.id),
        recipeIDs: rows.compactMap(\.recipeID).reduce(into: []) {
          if !$0.contains($1) { $0.append($1) }
        },
        checked: rows.allSatisfy(\.checked))
    }
  }

  private static func amounts(of rows: [GroceryItem]) -> [GroceryEntry.Amount] {
    // Key: a dimension for converting units, else the unit itself ("" for none).
    var keys: [String] = []
    var byKey: [String: [GroceryItem]] = [:]
    for row in rows {
      let key: String =
        switch UnitConversion.dimension(of: row.unit) {
        case .mass: "#mass"
        case .volume: "#volume"
        case nil: row.unit ?? ""
        }
      if byKey[key] == nil { keys.append(key) }
      byKey[key, default: []].append(row)
    }
    return keys.map { key in
      let group = byKey[key]!
      let quantities = group.compactMap(\.quantity)
      if key.hasPrefix("#"), let unit = UnitConversion.displayUnit(for: group.compactMap(\.unit)) {
        let total = group.reduce(0.0) { sum, row in
          sum
            + (row.quantity.flatMap { UnitConversion.convert($0, from: row.unit!, to: unit) } ?? 0)
        }
        return GroceryEntry.Amount(quantity: quantities.isEmpty ? nil : total, unit: unit)
      }
      return GroceryEntry.Amount(
        quantity: quantities.isEmpty ? nil : quantities.reduce(0, +), unit: key.isEmpty ? nil : key)
    }
  }
}
