import Testing

@testable import LarderCore

/// Amounts as the line parser reads them.
@Suite struct QuantityParserTests {
  private let parser = IngredientLineParser()

  private func quantity(_ line: String) -> Quantity? { parser.parse(line).quantity }

  @Test func integersAndDecimals() {
    #expect(quantity("2 eggs") == Quantity(2))
    #expect(quantity("1.5 kg potatoes") == Quantity(1.5))
    #expect(quantity("1,5 kg potatoes") == Quantity(1.5))
    #expect(quantity("1,000 g flour") == Quantity(1000))
  }

  @Test func fractionsAndMixedNumbers() {
    #expect(quantity("1/2 cup milk") == Quantity(0.5))
    #expect(quantity("1 1/2 cups milk") == Quantity(1.5))
    #expect(quantity("1-1/2 cups milk") == Quantity(1.5))
    #expect(quantity("1 and 1/2 cups milk") == Quantity(1.5))
  }

  @Test func unicodeFractions() {
    #expect(quantity("½ cup milk") == Quantity(0.5))
    #expect(quantity("¼ tsp salt") == Quantity(0.25))
    #expect(quantity("¾ cup sugar") == Quantity(0.75))
    #expect(quantity("⅛ tsp nutmeg") == Quantity(0.125))
    #expect(quantity("1 ½ cups flour") == Quantity(1.5))
    #expect(quantity("1½ cups flour") == Quantity(1.5))
    let third = quantity("⅓ cup oil")?.low ?? 0
    #expect(abs(third - 1.0 / 3) < 1e-9)
  }

  @Test func rangesKeepBothEnds() {
    #expect(quantity("2-3 tomatoes") == Quantity(2, to: 3))
    #expect(quantity("2 to 3 tomatoes") == Quantity(2, to: 3))
    #expect(quantity("2–3 tomatoes") == Quantity(2, to: 3))
    #expect(quantity("2 or 3 sage leaves") == Quantity(2, to: 3))
    #expect(quantity("¾ to 1 pound beef") == Quantity(0.75, to: 1))
    #expect(quantity("One 3- to 4-pound chicken") == Quantity(1))
  }

  @Test func amountWords() {
    #expect(quantity("a pinch of saffron") == Quantity(1))
    #expect(quantity("an egg") == Quantity(1))
    #expect(quantity("half a lemon") == Quantity(0.5))
    #expect(quantity("two eggs") == Quantity(2))
    #expect(quantity("a couple of bay leaves") == Quantity(2))
    #expect(quantity("2 dozen clams") == Quantity(24))
    #expect(quantity("a few sprigs thyme") == nil)
  }

  @Test func leadingApproximationsAreSkipped() {
    #expect(quantity("about 2 cups stock") == Quantity(2))
    #expect(quantity("scant ½ tsp salt") == Quantity(0.5))
    #expect(quantity("at least 4 tbsp olive oil") == Quantity(4))
  }

  @Test func noAmount() {
    #expect(quantity("salt") == nil)
    #expect(quantity("olive oil, for frying") == nil)
  }
}
