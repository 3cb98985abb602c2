/// How a query ingredient matches recipe ingredients.
public enum IngredientMatching: Sendable, Hashable {
  /// The same canonical ingredient or any descendant (`cheese` finds `cheddar`). The default.
  case family
  /// Only the same canonical ingredient.
  case exact
}

/// Restrictions on which recipes a query returns.
public struct RecipeFilter: Sendable, Hashable {
  /// Only this category (exact name), when set.
  public var category: String?
  /// Only this area (exact name), when set.
  public var area: String?
  /// Only recipes whose total time is known and at most this many minutes, when set.
  public var maxMinutes: Int?
  /// Only recipes none of whose ingredients carries any of these food flags (a diet:
  /// vegetarian excludes `meat | poultry | fish | shellfish`).
  public var excludedFlags: UInt16

  /// A filter; every part defaults to "no restriction".
  public init(
    category: String? = nil, area: String? = nil, maxMinutes: Int? = nil, excludedFlags: UInt16 = 0
  ) {
    self.category = category
    self.area = area
    self.maxMinutes = maxMinutes
    self.excludedFlags = excludedFlags
  }

  /// No restriction.
  public static let none = RecipeFilter()

  /// Whether this filter restricts anything.
  public var isEmpty: Bool {
    category == nil && area == nil && maxMinutes == nil && excludedFlags == 0
  }
}

/// The order of a result list.
public enum ResultOrder: Sendable, Hashable {
  /// Index (corpus) order; pages cost O(page) after the intersection, no sorting.
  case index
  /// By folded title, then index.
  case title
  /// By total time ascending (unknown last), then index.
  case totalTime
  /// By number of distinct ingredients ascending, then index.
  case ingredientCount
}

/// An opaque position in a result list, returned with a page and passed back for the next.
public struct PageCursor: Sendable, Hashable, LosslessStringConvertible {
  /// The encoded position.
  public let token: String

  /// Wraps a token received from a client: `i` and a recipe id up to 2⁶⁴ − 1 (index order), or an offset
  /// cursor (``PageOffset``, sorted orders); anything else, overflowing numbers included, is `nil`.
  public init?(_ description: String) {
    switch description.first {
    // A recipe id past every recipe is still a cursor (its page is empty), as the API documents.
    case "i": guard UInt64(description.dropFirst()) != nil else { return nil }
    case "o": guard (try? PageOffset(cursor: description)) != nil else { return nil }
    default: return nil
    }
    token = description
  }

  /// The token.
  public var description: String { token }

  /// After recipe id `recipe` in index order.
  static func after(_ recipe: RecipeID) -> PageCursor { PageCursor("i\(recipe)")! }
  /// At position `offset` of a sorted order.
  static func offset(_ offset: Int) -> PageCursor { PageCursor("o\(offset)")! }
}

/// Which page of a result list to return.
public struct PageRequest: Sendable, Hashable {
  /// Where the page starts.
  public enum Start: Sendable, Hashable {
    /// Skip this many results.
    case offset(Int)
    /// Continue after a cursor from a previous page.
    case cursor(PageCursor)
  }

  /// At most this many results.
  public var limit: Int
  /// Where the page starts.
  public var start: Start

  /// A page of `limit` results from `start`.
  public init(limit: Int = 20, start: Start = .offset(0)) {
    self.limit = limit
    self.start = start
  }
}

/// Why a query could not run.
public enum QueryError: Error, Sendable, Hashable, CustomStringConvertible {
  /// An ingredient name matches nothing; `didYouMean` lists close canonical names.
  case unknownIngredient(String, didYouMean: [String])
  /// No ingredient was given.
  case noIngredients
  /// More ingredients than the query allows.
  case tooManyIngredients(given: Int, allowed: Int)
  /// A cursor that this query did not produce.
  case invalidCursor(String)

  /// A message for the user.
  public var description: String {
    switch self {
    case .unknownIngredient(let name, let candidates):
      return candidates.isEmpty
        ? "unknown ingredient \"\(name)\""
        : "unknown ingredient \"\(name)\"; did you mean \(candidates.map { "\"\($0)\"" }.joined(separator: ", "))?"
    case .noIngredients: return "no ingredient given"
    case .tooManyIngredients(let given, let allowed):
      return "\(given) ingredients given; at most \(allowed) allowed"
    case .invalidCursor(let token): return "invalid page cursor \"\(token)\""
    }
  }
}
