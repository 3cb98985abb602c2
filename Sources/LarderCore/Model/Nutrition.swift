/// Nutrition per serving. Every field is optional: sources state some, none or all of them.
public struct Nutrition: Sendable, Hashable, Codable {
  /// Energy in kilocalories.
  public var calories: Double?
  /// Protein in grams.
  public var proteinGrams: Double?
  /// Fat in grams.
  public var fatGrams: Double?
  /// Carbohydrate in grams.
  public var carbohydrateGrams: Double?
  /// Fiber in grams.
  public var fiberGrams: Double?
  /// Sugar in grams.
  public var sugarGrams: Double?
  /// Sodium in milligrams.
  public var sodiumMilligrams: Double?

  /// Creates nutrition facts; omitted values are unknown.
  public init(
    calories: Double? = nil, proteinGrams: Double? = nil, fatGrams: Double? = nil,
    carbohydrateGrams: Double? = nil, fiberGrams: Double? = nil, sugarGrams: Double? = nil,
    sodiumMilligrams: Double? = nil
  ) {
    self.calories = calories
    self.proteinGrams = proteinGrams
    self.fatGrams = fatGrams
    self.carbohydrateGrams = carbohydrateGrams
    self.fiberGrams = fiberGrams
    self.sugarGrams = sugarGrams
    self.sodiumMilligrams = sodiumMilligrams
  }

  /// Whether no value is known.
  public var isEmpty: Bool {
    [calories, proteinGrams, fatGrams, carbohydrateGrams, fiberGrams, sugarGrams, sodiumMilligrams]
      .allSatisfy { $0 == nil }
  }

  /// Writes every key, unknown values as `null`, so clients read one shape.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(calories, forKey: .calories)
    try c.encode(proteinGrams, forKey: .proteinGrams)
    try c.encode(fatGrams, forKey: .fatGrams)
    try c.encode(carbohydrateGrams, forKey: .carbohydrateGrams)
    try c.encode(fiberGrams, forKey: .fiberGrams)
    try c.encode(sugarGrams, forKey: .sugarGrams)
    try c.encode(sodiumMilligrams, forKey: .sodiumMilligrams)
  }

  // The JSONL corpus and the HTTP API use the snake_case names of `Data/README.md`.
  enum CodingKeys: String, CodingKey {
    case calories
    case proteinGrams = "protein_g"
    case fatGrams = "fat_g"
    case carbohydrateGrams = "carbs_g"
    case fiberGrams = "fiber_g"
    case sugarGrams = "sugar_g"
    case sodiumMilligrams = "sodium_mg"
  }
}
