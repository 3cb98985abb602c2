/// A request option with a fixed set of spellings (suggestion kinds, result orders, ingredient
/// matching), parsed the same way by every face: the CLI reads `--kind recipe` and HTTP reads
/// `?kind=recipe` through ``init(token:)``, and both list ``tokens`` when a value is refused.
public protocol RequestOption: Sendable, Equatable {
  /// Every accepted spelling and the value it stands for, in the order help texts list them.
  static var spellings: [(token: String, value: Self)] { get }
}

extension RequestOption {
  /// The value `token` spells (exactly, as the docs write it), or `nil`.
  public init?(token: some StringProtocol) {
    guard let found = Self.spellings.first(where: { $0.token == token }) else { return nil }
    self = found.value
  }

  /// The accepted spellings, in order.
  public static var tokens: [String] { spellings.map(\.token) }

  /// How this value is spelled.
  public var token: String { Self.spellings.first { $0.value == self }?.token ?? "" }
}

extension SuggestionKinds: RequestOption {
  /// `ingredient` (the default), `recipe`, `category` or `all`.
  public static let spellings: [(token: String, value: SuggestionKinds)] = [
    ("ingredient", .ingredient), ("recipe", .recipe), ("category", .category), ("all", .all),
  ]
}

extension ResultOrder: RequestOption {
  /// `index` (the default), `title`, `time` or `ingredients`.
  public static let spellings: [(token: String, value: ResultOrder)] = [
    ("index", .index), ("title", .title), ("time", .totalTime), ("ingredients", .ingredientCount),
  ]
}

extension IngredientMatching: RequestOption {
  /// `family` (the default: a name also matches its kinds) or `exact`.
  public static let spellings: [(token: String, value: IngredientMatching)] = [
    ("family", .family), ("exact", .exact),
  ]
}
