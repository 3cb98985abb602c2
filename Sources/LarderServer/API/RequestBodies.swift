import LarderCore
import LarderStore

/// The limits the bodies share (also in `openapi.json`).
enum BodyLimits {
  /// Names, ingredients and list entries per body.
  static let maximumEntries = 200
  /// Characters in one name.
  static let maximumNameLength = 200
  /// UTF-8 bytes in a recipe id.
  static let maximumRecipeIDBytes = 512
  /// The largest grocery quantity.
  static let maximumQuantity = 1_000_000.0

  /// A recipe id: non-empty, at most 512 bytes.
  static func checkRecipeID(_ id: String, _ field: String) throws {
    guard !id.isEmpty, id.utf8.count <= maximumRecipeIDBytes else {
      throw APIError.badRequest(
        "invalid_body", "`\(field)` must be 1 to \(maximumRecipeIDBytes) bytes long.")
    }
  }

  /// A body field holding a ``RequestOption`` (`match`, `only`): absent, or one of its
  /// spellings; anything else is a 400 listing them.
  static func checkOption<Option: RequestOption>(
    _ value: String?, _ field: String, as type: Option.Type
  ) throws {
    if let value, Option(token: value) == nil {
      throw APIError.badRequest(
        "invalid_body", "`\(field)` must be one of: \(Option.tokens.joined(separator: ", ")).")
    }
  }

  /// The option `value` spells, `defaultValue` when absent (call ``checkOption(_:_:as:)`` first).
  static func option<Option: RequestOption>(_ value: String?, default defaultValue: Option)
    -> Option
  {
    value.flatMap { Option(token: $0) } ?? defaultValue
  }

  /// A name: non-blank, at most 200 characters.
  static func checkName(_ name: String, _ field: String) throws {
    try BodyCheck.text(name, field, maximumLength: maximumNameLength)
  }
}

extension EngineRoutes {
  /// `POST /v1/pantry/match`.
  struct PantryBody: CheckedBody {
    var have: [String]?
    var must: [String]?
    var without: [String]?
    var maxMissingNumber: WholeNumber<Int>?
    var staples: Bool?
    var limitNumber: WholeNumber<Int>?
    var match: String?

    enum CodingKeys: String, CodingKey {
      case have, must, without, staples, match
      case maxMissingNumber = "maxMissing"
      case limitNumber = "limit"
    }

    var maxMissing: Int? { maxMissingNumber?.value }
    var limit: Int? { limitNumber?.value }
    var matching: IngredientMatching { BodyLimits.option(match, default: .family) }

    func check() throws {
      try BodyLimits.checkOption(match, "match", as: IngredientMatching.self)
      for (field, list) in [("have", have), ("must", must), ("without", without)] {
        guard let list else { continue }
        try BodyCheck.list(
          list, field, counts: 0...PantryQuery.maximumItems, element: BodyLimits.checkName)
      }
      if let limit { try BodyCheck.number(limit, "limit", in: PageSize.range) }
      if let maxMissing {
        try BodyCheck.number(maxMissing, "maxMissing", in: MaxMissing.range)
      }
    }
  }
}

extension UserRoutes {
  /// `POST /v1/me/favorites`.
  struct FavoriteBody: CheckedBody {
    var recipeId: String

    func check() throws { try BodyLimits.checkRecipeID(recipeId, "recipeId") }
  }

  /// `PATCH /v1/me/grocery`.
  struct CheckBody: CheckedBody {
    var idNumbers: [WholeNumber<Int64>]
    var checked: Bool

    enum CodingKeys: String, CodingKey {
      case idNumbers = "ids"
      case checked
    }

    var ids: [Int64] { idNumbers.map(\.value) }

    func check() throws {
      try BodyCheck.list(ids, "ids", counts: 1...BodyLimits.maximumEntries) { id, field in
        try BodyCheck.number(id, field, in: 1...Int64.max)
      }
    }
  }

  /// `POST /v1/me/pantry`.
  struct NamesBody: CheckedBody {
    var names: [String]

    func check() throws {
      try BodyCheck.list(
        names, "names", counts: 1...PantryQuery.maximumItems, element: BodyLimits.checkName)
    }
  }

  /// `POST /v1/me/pantry/at-home`.
  struct AtHomeBody: CheckedBody {
    var recipeId: String
    var ingredient: String

    func check() throws {
      try BodyLimits.checkRecipeID(recipeId, "recipeId")
      try BodyLimits.checkName(ingredient, "ingredient")
    }
  }

  /// `POST /v1/me/grocery`: either `items`, or `recipeId` with `only` and `staples`.
  struct GroceryBody: CheckedBody {
    struct Item: Decodable {
      var name: String
      var quantity: Double?
      var unit: String?

      /// The unit in canonical form (`Tablespoons` → `tbsp`); `nil` without one.
      var canonicalUnit: String? { unit.flatMap(UnitTable.unit(named:)) }

      /// Whether `name` is typed free text to parse ("2 cups flour"): no amount given apart.
      var isTypedText: Bool { quantity == nil && unit == nil }
    }
    var items: [Item]?
    var recipeId: String?
    var only: String?
    var staples: String?
    var match: String?
    /// Which of the recipe's lines `only` asks for (`missing` when absent).
    var lines: GroceryRecipeLines { BodyLimits.option(only, default: .missing) }
    /// Whether the recipe's staples go on the list (`skip` when absent).
    var stapleChoice: GroceryStaples { BodyLimits.option(staples, default: .skip) }
    var matching: IngredientMatching { BodyLimits.option(match, default: .family) }

    func check() throws {
      try BodyLimits.checkOption(match, "match", as: IngredientMatching.self)
      switch (items, recipeId) {
      case (let items?, nil):
        try BodyCheck.list(items, "items", counts: 1...BodyLimits.maximumEntries) { item, field in
          try BodyLimits.checkName(item.name, field + ".name")
          if let quantity = item.quantity,
            !(quantity.isFinite && (0...BodyLimits.maximumQuantity).contains(quantity))
          {
            throw APIError.badRequest(
              "invalid_body", "`\(field).quantity` must be from 0 to 1000000.")
          }
          if let unit = item.unit, item.canonicalUnit == nil {
            throw APIError(
              status: .unprocessableContent, code: "unknown_unit",
              message:
                "`\(field).unit` \"\(unit)\" is not a unit Larder knows (g, kg, ml, l, tsp, tbsp, cup, oz, lb, clove, can, ...)."
            )
          }
        }
      case (nil, let recipeId?):
        try BodyLimits.checkRecipeID(recipeId, "recipeId")
        try BodyLimits.checkOption(only, "only", as: GroceryRecipeLines.self)
        try BodyLimits.checkOption(staples, "staples", as: GroceryStaples.self)
      case (nil, nil):
        throw APIError.badRequest("invalid_body", "Give `items` or `recipeId`.")
      case (_?, _?):
        throw APIError.badRequest("invalid_body", "Give `items` or `recipeId`, not both.")
      }
    }
  }
}
