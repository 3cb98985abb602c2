import Foundation
import LarderCore
import Testing

@testable import larder

@Suite struct ParseIngredientJSONTests {
  private func json(_ line: String) throws -> [String: Any] {
    var out = ""
    ParsedIngredientJSON.append(IngredientLineParser().parse(line), to: &out)
    let object = try JSONSerialization.jsonObject(with: Data(out.utf8))
    return try #require(object as? [String: Any])
  }

  @Test func writesEveryField() throws {
    let object = try json("1 ½ cups (350 ml) finely chopped red onions, divided")
    #expect(object["line"] as? String == "1 ½ cups (350 ml) finely chopped red onions, divided")
    #expect(object["quantity"] as? Double == 1.5)
    #expect(object["unit"] as? String == "cup")
    #expect(object["name"] as? String == "red onion")
    #expect(object["preparation"] as? String == "finely chopped")
    #expect(object["comment"] as? String == "divided")
    #expect(object["known"] as? Bool == false)
    #expect(object["optional"] as? Bool == false)
  }

  @Test func rangeIsAPairAndMissingValuesAreNull() throws {
    let object = try json("2-3 \"ripe\" tomatoes\\")
    #expect(object["quantity"] as? [Double] == [2, 3])
    #expect(object["unit"] is NSNull)
    #expect(object["line"] as? String == "2-3 \"ripe\" tomatoes\\")
    let bare = try json("salt")
    #expect(bare["quantity"] is NSNull)
  }
}
