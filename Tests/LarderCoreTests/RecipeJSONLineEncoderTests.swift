import Foundation
import Testing

@testable import LarderCore

@Suite struct RecipeJSONLineEncoderTests {
  static let recipe = Recipe(
    id: "12", title: "Crème \"Brûlée\"\\n", category: "Dessert", area: "French",
    ingredients: [
      IngredientLine(text: "egg yolk", name: "egg yolk"),
      IngredientLine(text: "sugar", name: "sugar"),
    ])

  @Test func harnessLineHasNumericIdAndNameList() throws {
    let line = RecipeJSONLineEncoder(format: .harnessJSONL).line(for: Self.recipe)
    #expect(line.hasPrefix(#"{"id":12,"title":"#))
    let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    #expect(object["id"] as? Int == 12)
    #expect(object["title"] as? String == Self.recipe.title)
    #expect(object["ingredients"] as? [String] == ["egg yolk", "sugar"])
    #expect(object["area"] as? String == "French")
  }

  @Test func larderLineHasStringIdAndNameObjects() throws {
    let line = RecipeJSONLineEncoder(format: .larderJSONL).line(for: Self.recipe)
    let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    #expect(object["id"] as? String == "12")
    #expect(object["category"] as? String == "Dessert")
    let ingredients = try #require(object["ingredients"] as? [[String: String]])
    #expect(ingredients == [["name": "egg yolk"], ["name": "sugar"]])
  }

  @Test func nonNumericIdStaysAStringAndControlCharactersAreEscaped() throws {
    var recipe = Self.recipe
    recipe.id = "abc"
    recipe.title = "tab\there\u{1}"
    var buffer: [UInt8] = []
    RecipeJSONLineEncoder(format: .harnessJSONL).append(recipe, to: &buffer)
    #expect(buffer.last == UInt8(ascii: "\n"))
    #expect(!buffer.dropLast().contains(UInt8(ascii: "\n")))
    let object = try #require(JSONSerialization.jsonObject(with: Data(buffer)) as? [String: Any])
    #expect(object["id"] as? String == "abc")
    #expect(object["title"] as? String == "tab\there\u{1}")
  }
}
