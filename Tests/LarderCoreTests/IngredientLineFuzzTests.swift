import Testing

@testable import LarderCore

/// Random lines built from ingredient-line pieces: the parser must always return a folded,
/// trimmed name and never trap.
@Suite struct IngredientLineFuzzTests {
  /// A small deterministic generator (SplitMix64) so a failure can be replayed from its seed.
  struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  private static let pieces = [
    "1", "2", "½", "1/2", "1,5", "3-4", "x", "(", ")", ",", ":", ";", "/", "-", " - ", "%",
    "g", "cup", "tbsp", "T", "of", "a", "and", "or", "to", "taste", "for", "fresh", "chopped",
    "large", "onions", "crème", "fraîche", "zest", "juice", "optional", "cloves", "garlic",
    "tin", "tomatoes", "plus", "about", "each", "  ", "'", "’", "é", "🍅", "\t",
  ]

  @Test func randomLinesParseToFoldedNames() throws {
    let seed = UInt64.random(in: 0...UInt64.max)
    print("IngredientLineFuzzTests seed: \(seed)")
    var generator = SplitMix64(state: seed)
    let parser = IngredientLineParser(vocabulary: try TestVocabulary.make())
    for _ in 0..<3000 {
      let count = Int.random(in: 0...12, using: &generator)
      var line = ""
      for _ in 0..<count {
        line += Self.pieces.randomElement(using: &generator)!
        if Bool.random(using: &generator) { line += " " }
      }
      let parsed = parser.parse(line)
      #expect(parsed.line == line)
      #expect(
        TextFolding.fold(parsed.name) == parsed.name, "seed \(seed): \(line.debugDescription)")
      if let quantity = parsed.quantity { #expect(quantity.low.isFinite, "seed \(seed)") }
    }
  }
}
