import Foundation
import LarderCore
import Testing

@testable import LarderServer

/// `POST /v1/me/favorites` writes its answer by hand (`ResponseShapes.Favorite.savedJSON`);
/// it must stay the document `JSONBody` encodes for `["favorite": favorite]`: the same bytes
/// for ordinary text, the same decoded value for any text (control characters, quotes,
/// slashes, non-ASCII), absent fields as null.
@Suite struct FavoriteJSONTests {
  /// What `JSONBody.response(_:)` writes for the favorite.
  static func encoded(_ favorite: ResponseShapes.Favorite) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(["favorite": favorite])
  }

  static let plain: [String] = [
    "", "Chicken Tikka Masala", "Crème brûlée", "½ cup / 120 ml", "https://e.x/a/b.jpg",
    "鶏の唐揚げ", "Pasta 🍝 night", "a'b", "x-1_y.2",
  ]
  static let hostile: [String] = [
    "say \"cheese\"", "back\\slash", "tab\there", "new\nline", "cr\rlf", "\u{0}\u{1}\u{1F}",
    "\u{8}\u{C}", "\u{2028}\u{2029}", "</script>", "\u{7F}",
  ]

  static func favorite(
    _ rng: inout SplitMix64, strings: [String]
  ) -> ResponseShapes.Favorite {
    func pick() -> String { strings.randomElement(using: &rng)! }
    func maybe() -> String? { Bool.random(using: &rng) ? pick() : nil }
    let summary: RecipeSummary? =
      Bool.random(using: &rng)
      ? RecipeSummary(
        recipe: RecipeID(rawValue: 1), publicID: pick(), title: pick(), category: maybe(),
        area: maybe(),
        totalMinutes: Bool.random(using: &rng) ? Int.random(in: -5...100_000, using: &rng) : nil,
        image: maybe())
      : nil
    return ResponseShapes.Favorite(
      recipeId: pick(), title: pick(),
      savedAt: "2026-11-27T13:0\(Int.random(in: 0...9, using: &rng)):00Z",
      summary: summary)
  }

  @Test func ordinaryTextGivesTheEncodersBytes() throws {
    let seed: UInt64 = 18
    print("seed \(seed)")
    var rng = SplitMix64(seed: seed)
    for _ in 0..<500 {
      let favorite = Self.favorite(&rng, strings: Self.plain)
      let expected = try Self.encoded(favorite)
      #expect(
        favorite.savedJSON == Array(expected),
        "\(String(decoding: favorite.savedJSON, as: UTF8.self)) vs \(String(decoding: expected, as: UTF8.self))"
      )
    }
  }

  @Test func anyTextDecodesLikeTheEncodersDocument() throws {
    let seed: UInt64 = 1818
    print("seed \(seed)")
    var rng = SplitMix64(seed: seed)
    for _ in 0..<500 {
      let favorite = Self.favorite(&rng, strings: Self.plain + Self.hostile)
      let hand = try JSONSerialization.jsonObject(with: Data(favorite.savedJSON)) as? NSDictionary
      let coded =
        try JSONSerialization.jsonObject(with: try Self.encoded(favorite)) as? NSDictionary
      #expect(hand != nil)
      #expect(hand == coded, "\(String(decoding: favorite.savedJSON, as: UTF8.self))")
    }
  }
}
