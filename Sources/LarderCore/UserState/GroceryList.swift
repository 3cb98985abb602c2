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
  /// That recipe's title when it was added (rows added before titles were kept have none).
  public var recipeTitle: String?
  /// Whether it was checked off.
  public var checked: Bool

  /// Creates a row.
  public init(
    id: Int64, name: String, quantity: Double?, unit: String?, recipeID: String?,
    recipeTitle: String? = nil, checked: Bool
  ) {
    self.id = id
    self.name = name
    self.quantity = quantity
    self.unit = unit
    self.recipeID = recipeID
    self.recipeTitle = recipeTitle
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

  /// A recipe an entry was added for, to link back to.
  public struct RecipeLink: Sendable, Hashable, Codable {
    /// The recipe's public id.
    public var id: String
    /// Its title when it was added (the id for rows added before titles were kept).
    public var title: String

    /// A link to recipe `id` titled `title`.
    public init(id: String, title: String) {
      self.id = id
      self.title = title
    }
  }

  /// The ingredient.
  public var name: String
  /// The aisle it is found in (``GroceryAisles``: the vocabulary's food group, or "Other").
  public var aisle: String
  /// The merged amounts: one per unit kind that converts (mass, volume) and one per other unit.
  public var amounts: [Amount]
  /// The rows merged here (check off or remove them together).
  public var itemIDs: [Int64]
  /// Recipes it was added for.
  public var recipeIDs: [String]
  /// The same recipes with their titles, in the same order, for links back to them.
  public var recipes: [RecipeLink]
  /// Whether every row is checked off.
  public var checked: Bool

  enum CodingKeys: String, CodingKey {
    case name, aisle, amounts, checked, recipes
    case itemIDs = "itemIds"
    case recipeIDs = "recipeIds"
  }
}

/// Merges grocery rows: rows of the same ingredient become one entry; amounts whose units
/// convert (g/kg, ml/l, tsp/tbsp/cup, oz/lb) are summed, others are listed apart.
public enum GroceryList {
  /// Merges `items` and groups the entries by aisle: aisles in shop order (``GroceryAisles``),
  /// and within an aisle the order in which each ingredient first appears.
  /// - Complexity: O(n log n) in the number of rows.
  public static func merge(_ items: [GroceryItem], aisles: GroceryAisles) -> [GroceryEntry] {
    var order: [String] = []
    var groups: [String: [GroceryItem]] = [:]
    for item in items {
      if groups[item.name] == nil { order.append(item.name) }
      groups[item.name, default: []].append(item)
    }
    let entries = order.map { name in
      let rows = groups[name]!
      var links: [GroceryEntry.RecipeLink] = []
      for row in rows {
        guard let id = row.recipeID, !links.contains(where: { $0.id == id }) else { continue }
        links.append(.init(id: id, title: row.recipeTitle ?? id))
      }
      return GroceryEntry(
        name: name, aisle: aisles.aisle(of: name), amounts: amounts(of: rows),
        itemIDs: rows.map(\.id), recipeIDs: links.map(\.id), recipes: links,
        checked: rows.allSatisfy(\.checked))
    }
    // A stable sort: the first-added order holds within each aisle.
    let rank = Dictionary(
      aisles.ordered.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    return entries.enumerated().sorted {
      let (left, right) = (
        rank[$0.element.aisle] ?? rank.count, rank[$1.element.aisle] ?? rank.count
      )
      return left != right ? left < right : $0.offset < $1.offset
    }.map(\.element)
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
