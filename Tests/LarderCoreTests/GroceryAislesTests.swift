import LarderCore
import Testing

/// The grocery list's aisles are the vocabulary's food groups, in file order, "Other" last.
@Suite struct GroceryAislesTests {
  static func vocabulary() throws -> Vocabulary {
    try Vocabulary(sources: [
      ("carrot\t\t\t\nonion\t\t\t\nred onion\tonion\t\t\n", "Data/vocabulary/10-vegetables.tsv"),
      ("milk\t\t\t\ncheddar\t\t\tcheddar cheese\n", "/x/80-dairy-eggs.tsv"),
      ("fish sauce\t\t\t\n", "99-frozen-food-and-more.tsv"),
    ])
  }

  @Test func foodGroupsComeFromFileNames() throws {
    #expect(Vocabulary.foodGroup(ofFile: "Data/vocabulary/10-vegetables.tsv") == "vegetables")
    #expect(Vocabulary.foodGroup(ofFile: "80-dairy-eggs.tsv") == "dairy-eggs")
    #expect(Vocabulary.foodGroup(ofFile: "spices.tsv") == "spices")
    #expect(Vocabulary.foodGroup(ofFile: "2024.tsv") == "2024")
    let vocabulary = try Self.vocabulary()
    #expect(vocabulary.foodGroups == ["vegetables", "dairy-eggs", "frozen-food-and-more"])
    #expect(vocabulary.foodGroup(of: "Red Onions") == "vegetables")
    #expect(vocabulary.foodGroup(of: "cheddar cheese") == "dairy-eggs")
    #expect(vocabulary.foodGroup(of: "glorpberry") == nil)
  }

  @Test func aislesNameTheGroupsInShopOrder() throws {
    let aisles = GroceryAisles(vocabulary: try Self.vocabulary())
    #expect(aisles.ordered == ["Vegetables", "Dairy and eggs", "Frozen food and more", "Other"])
    #expect(aisles.aisle(of: "red onion") == "Vegetables")
    #expect(aisles.aisle(of: "glorpberry") == "Other")
  }

  /// Merging groups entries by aisle and keeps first-added order inside each aisle.
  @Test func mergedEntriesAreGroupedByAisle() throws {
    let aisles = GroceryAisles(vocabulary: try Self.vocabulary())
    let names = ["milk", "glorpberry", "onion", "fish sauce", "carrot", "cheddar", "milk"]
    let rows = names.enumerated().map { index, name in
      GroceryItem(
        id: Int64(index + 1), name: name, quantity: 1, unit: nil,
        recipeID: index.isMultiple(of: 2) ? "r\(index % 4)" : nil,
        recipeTitle: index.isMultiple(of: 2) ? "Recipe \(index % 4)" : nil, checked: false)
    }
    let merged = GroceryList.merge(rows, aisles: aisles)
    #expect(
      merged.map(\.name) == ["onion", "carrot", "milk", "cheddar", "fish sauce", "glorpberry"])
    #expect(
      merged.map(\.aisle) == [
        "Vegetables", "Vegetables", "Dairy and eggs", "Dairy and eggs", "Frozen food and more",
        "Other",
      ])
    // milk came from rows 1 (r0) and 7 (r2): both recipes, by title, in first-added order.
    let milk = try #require(merged.first { $0.name == "milk" })
    #expect(milk.recipeIDs == ["r0", "r2"])
    #expect(milk.recipes.map(\.title) == ["Recipe 0", "Recipe 2"])
    #expect(milk.amounts.first?.quantity == 2)
    // A row from before titles were kept links back by its id.
    let old = GroceryItem(
      id: 9, name: "carrot", quantity: nil, unit: nil, recipeID: "old-one", checked: false)
    #expect(
      GroceryList.merge([old], aisles: aisles).first?.recipes
        == [GroceryEntry.RecipeLink(id: "old-one", title: "old-one")])
  }
}
