/// A whole number that comes from outside (a query parameter, a JSON body field, a CLI option),
/// held only once it lies in its documented range.
///
/// Each option type states its range once, here in the core; the HTTP and CLI faces both parse
/// through ``init(parsing:)`` and so accept and refuse the same values with the same words.
/// Because every range is far from `Int.max`, arithmetic on held values (an offset plus a page
/// size) cannot overflow.
public protocol BoundedNumber: Sendable, Hashable, CustomStringConvertible {
  /// The values accepted.
  static var range: ClosedRange<Int> { get }
  /// The number, within ``range``.
  var value: Int { get }
  /// Wraps `value`; the caller has checked that it lies in ``range``.
  init(unchecked value: Int)
}

/// A number from outside that is not a whole number in its option's range.
public struct NumberOutOfRange: Error, Sendable, Hashable, CustomStringConvertible {
  /// The accepted range.
  public let range: ClosedRange<Int>

  /// What is wrong, in the words the API and the CLI use after the option's name.
  public var description: String {
    "must be a whole number from \(range.lowerBound) to \(range.upperBound)"
  }
}

extension BoundedNumber {
  /// Parses decimal `text` (an optional sign and digits, nothing else).
  /// - Throws: ``NumberOutOfRange`` for empty, non-numeric, overflowing or out-of-range text.
  public init(parsing text: some StringProtocol) throws(NumberOutOfRange) {
    // `Int(_:)` refuses empty text, signs alone, spaces and anything past Int64 without trapping.
    guard let number = Int(String(text)), Self.range.contains(number) else {
      throw NumberOutOfRange(range: Self.range)
    }
    self.init(unchecked: number)
  }

  /// `value`, checked (for numbers decoded from JSON bodies).
  /// - Throws: ``NumberOutOfRange`` when `value` is outside ``range``.
  public init(checking value: Int) throws(NumberOutOfRange) {
    guard Self.range.contains(value) else { throw NumberOutOfRange(range: Self.range) }
    self.init(unchecked: value)
  }

  /// The decimal value.
  public var description: String { String(value) }
}

/// How many suggestions one keystroke returns: 1–50, 10 when not given.
public struct SuggestLimit: BoundedNumber {
  public static let range = 1...50
  /// Ten suggestions.
  public static let standard = SuggestLimit(unchecked: 10)
  public let value: Int
  public init(unchecked value: Int) { self.value = value }
}

/// How many results one page holds: 1–100.
public struct PageSize: BoundedNumber {
  public static let range = 1...100
  /// The HTTP API's page size when none is given (the CLI's list commands print 10 or 20).
  public static let standard = PageSize(unchecked: 20)
  public let value: Int
  public init(unchecked value: Int) { self.value = value }
}

/// How many results to skip: 0–1,000,000,000. Carried by offset cursors (`o40`).
public struct PageOffset: BoundedNumber {
  public static let range = 0...1_000_000_000
  /// The first page.
  public static let start = PageOffset(unchecked: 0)
  public let value: Int
  public init(unchecked value: Int) { self.value = value }

  /// Reads an offset cursor (`o` and an offset), as the browse and search pages hand out.
  /// - Throws: ``NumberOutOfRange`` when the text is no such cursor.
  public init(cursor: some StringProtocol) throws(NumberOutOfRange) {
    guard cursor.first == "o" else { throw NumberOutOfRange(range: Self.range) }
    try self.init(parsing: cursor.dropFirst())
  }

  /// The cursor of the page after this one when results remain past it, else `nil`.
  public func nextCursor(after pageSize: PageSize, total: Int) -> String? {
    let next = value + pageSize.value
    return next < total && next <= Self.range.upperBound ? "o\(next)" : nil
  }
}

/// How many random recipes to pick: 1–100, 20 when not given.
public struct RandomCount: BoundedNumber {
  public static let range = 1...100
  /// Twenty picks.
  public static let standard = RandomCount(unchecked: 20)
  public let value: Int
  public init(unchecked value: Int) { self.value = value }
}

/// The most minutes a recipe may take (a filter): 0–100,000.
public struct MaxMinutes: BoundedNumber {
  public static let range = 0...100_000
  public let value: Int
  public init(unchecked value: Int) { self.value = value }
}

/// How many servings a recipe's amounts are scaled to (`?servings=`, `show --servings`): 1–48,
/// the range of the page's servings stepper. A recipe that states no servings is one batch.
public struct Servings: BoundedNumber {
  public static let range = 1...48
  public let value: Int
  public init(unchecked value: Int) { self.value = value }
}

/// The most missing ingredients a pantry match may have: 0–200 (as many as a pantry may hold).
public struct MaxMissing: BoundedNumber {
  public static let range = 0...200
  public let value: Int
  public init(unchecked value: Int) { self.value = value }
}

/// A seed for random picks: any unsigned 64-bit number, so the same seed gives the same picks.
public struct RandomSeed: Sendable, Hashable, CustomStringConvertible {
  /// The seed.
  public let value: UInt64

  /// Wraps `value`.
  public init(_ value: UInt64) { self.value = value }

  /// Parses decimal `text`.
  /// - Throws: ``SeedOutOfRange`` when the text is not a whole number from 0 to
  ///   18446744073709551615.
  public init(parsing text: some StringProtocol) throws(SeedOutOfRange) {
    guard let seed = UInt64(String(text)) else { throw SeedOutOfRange() }
    value = seed
  }

  /// A seed from the system's random source.
  public static func random() -> RandomSeed { RandomSeed(UInt64.random(in: 0...UInt64.max)) }

  /// The decimal value.
  public var description: String { String(value) }
}

/// A seed that is not a whole number from 0 to 2⁶⁴ − 1.
public struct SeedOutOfRange: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong, after the option's name.
  public var description: String { "must be a whole number from 0 to \(UInt64.max)" }
}
