import Testing

@testable import LarderCore

/// Grocery amounts read as a shopper reads them, within the system they were merged in.
@Suite struct ShoppingAmountTests {
  static let examples: [(Double, String, String)] = [
    // The examples: a cup and a bit of metric summed in ml, a third of a cup in tbsp.
    (336.588_240_000_000_04, "ml", "340 ml"), (3.33, "tbsp", "3½ tbsp"), (5, "piece", "5"),
    (1 + 1.0 / 3, "cup", "1⅓ cups"), (0.5, "cup", "½ cup"), (2, "cup", "2 cups"),
    (0.75, "tsp", "¾ tsp"), (1, "tsp", "1 tsp"), (0.1, "tsp", "⅛ tsp"), (3, "tsp", "1 tbsp"),
    (12, "tbsp", "¾ cup"), (1500, "g", "1.5 kg"), (1000, "g", "1 kg"), (7.4, "g", "7 g"),
    (42, "g", "40 g"), (0.25, "kg", "250 g"), (2, "l", "2 l"), (0.2, "g", "0.2 g"),
    (20, "oz", "1¼ lb"), (6.3, "oz", "6½ oz"), (2.2, "can", "3 cans"), (1, "can", "1 can"),
    (0.5, "can", "1 can"), (3, "clove", "3 cloves"), (2, "bunch", "2 bunches"),
    (1.5, "leaf", "2 leaves"),
    // Units converted through millilitres land a hair under their size: still 1 tbsp, 1 cup.
    (1, "tbsp", "1 tbsp"), (1, "cup", "1 cup"), (1, "lb", "1 lb"), (4, "tbsp", "¼ cup"),
  ]

  @Test(arguments: examples)
  func readsAsAShopperWouldWrite(quantity: Double, unit: String, expected: String) {
    #expect(ShoppingAmount.text(quantity: quantity, unit: unit) == expected)
  }

  @Test func countsWithoutAUnitAreWholeAndNothingIsNothing() {
    #expect(ShoppingAmount.text(quantity: 3.33, unit: nil) == "4")
    #expect(ShoppingAmount.text(quantity: 0.1 + 0.2 + 0.7, unit: nil) == "1")
    #expect(ShoppingAmount.text(quantity: 2, unit: nil) == "2")
    #expect(ShoppingAmount.text(quantity: nil, unit: "g") == nil)
    #expect(ShoppingAmount.text(quantity: 0, unit: "cup") == nil)
    #expect(ShoppingAmount.text(quantity: .infinity, unit: "cup") == nil)
  }

  /// A merged list shows each amount in its own system: US rows stay US, metric stays metric.
  @Test func mergedAmountsStayInOneSystem() {
    let rows = [
      GroceryItem(id: 1, name: "milk", quantity: 1, unit: "cup", recipeID: nil, checked: false),
      GroceryItem(
        id: 2, name: "milk", quantity: 1.0 / 3, unit: "cup", recipeID: nil, checked: false),
      GroceryItem(id: 3, name: "flour", quantity: 200, unit: "g", recipeID: nil, checked: false),
      GroceryItem(id: 4, name: "flour", quantity: 1, unit: "kg", recipeID: nil, checked: false),
      GroceryItem(id: 5, name: "egg", quantity: 2, unit: nil, recipeID: nil, checked: false),
      GroceryItem(id: 6, name: "egg", quantity: 1.5, unit: nil, recipeID: nil, checked: false),
    ]
    // No vocabulary: every name is in the one aisle "Other", in first-added order.
    let merged = GroceryList.merge(rows, aisles: GroceryAisles(vocabulary: Vocabulary()))
    #expect(merged.map(\.name) == ["milk", "flour", "egg"])
    #expect(merged.map { $0.amounts.compactMap(\.display) } == [["1⅓ cups"], ["1.2 kg"], ["4"]])
  }
}
