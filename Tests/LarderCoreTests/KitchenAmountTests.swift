import Testing

@testable import LarderCore

/// Scaled recipe amounts as a cook reads them: the grocery list's measures, counts in quarters.
@Suite struct KitchenAmountTests {
  static let examples: [(Double, String?, String)] = [
    // Measures round as on the grocery list.
    (166.666_666_7, "ml", "170 ml"), (800, "g", "800 g"), (2.4, "kg", "2.4 kg"),
    (2.0 / 3, "tsp", "¾ tsp"), (6, "tbsp", "⅓ cup"), (4.0 / 3, "cup", "1⅓ cups"),
    (24, "oz", "1½ lb"),
    // Counts: the nearest quarter under ten (half an onion is cookable), whole from ten.
    (1.5, nil, "1½"), (10.0 / 3, "clove", "3¼ cloves"), (2.0 / 3, "can", "¾ can"),
    (0.1, nil, "¼"), (1, "stalk", "1 stalk"), (12.4, nil, "12"), (3.3333, "piece", "3¼"),
  ]

  @Test(arguments: examples)
  func readsAsACookWouldWrite(quantity: Double, unit: String?, expected: String) {
    #expect(KitchenAmount.text(quantity: quantity, unit: unit) == expected)
  }

  @Test func countsDifferFromTheShopOnlyInRounding() {
    #expect(KitchenAmount.text(quantity: 1.5, unit: "onion") == "1½ onions")
    #expect(ShoppingAmount.text(quantity: 1.5, unit: "onion") == "2 onions")
    #expect(KitchenAmount.text(quantity: nil, unit: "g") == nil)
    #expect(KitchenAmount.text(quantity: 0, unit: nil) == nil)
  }

  @Test func rangesNameTheUnitOnce() {
    #expect(KitchenAmount.text(Quantity(1, to: 2), unit: "tbsp") == "1–2 tbsp")
    #expect(KitchenAmount.text(Quantity(2, to: 3), unit: "clove") == "2–3 cloves")
    #expect(KitchenAmount.text(Quantity(1, to: 1.1), unit: nil) == "1")
    #expect(KitchenAmount.text(Quantity(500, to: 1500), unit: "g") == "500 g–1.5 kg")
    #expect(KitchenAmount.text(nil, unit: "g") == nil)
  }
}
