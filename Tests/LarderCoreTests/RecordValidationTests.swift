import Foundation
import LarderTestSupport
import Testing

@testable import LarderCore

/// Every corpus record is checked against the documented ranges and limits (Data/README.md,
/// "Ranges and limits") in one place, whatever its format; each refusal names file, line and field.
@Suite struct RecordValidationTests {
  /// One hostile record per line after a good first one, with the field and the start of the
  /// message each must be refused with.
  static let cases: [(record: String, field: String, message: String)] = [
    (#""nutrition":{"calories":Infinity}"#, "nutrition.calories", "inf is not a finite"),
    (#""nutrition":{"calories":-Infinity}"#, "nutrition.calories", "-inf is not a finite"),
    (#""nutrition":{"fat_g":NaN}"#, "nutrition.fat_g", "nan is not a finite"),
    (#""nutrition":{"sodium_mg":1e999}"#, "nutrition.sodium_mg", "inf is not a finite"),
    (#""nutrition":{"protein_g":-3}"#, "nutrition.protein_g", "-3.0 is outside 0 to 1000000"),
    (#""servings":-4"#, "servings", "-4 is outside 1 to 10000"),
    (#""servings":0"#, "servings", "0 is outside 1 to 10000"),
    (#""prepMinutes":-10"#, "prepMinutes", "-10 is outside 0 to 100000"),
    (#""cookMinutes":999999999999"#, "cookMinutes", "999999999999 is outside"),
    (#""diets":["vegan","carnivore"]"#, "diets[1]", "unknown diet \"carnivore\""),
    (
      #""ingredients":[{"name":"egg","quantity":-2}]"#, "ingredients[0].quantity", "-2.0 is outside"
    ),
    (
      #""ingredients":[{"name":"egg","quantity":[5,2]}]"#, "ingredients[0].quantity",
      "reversed range"
    ),
    (#""ingredients":[{"name":"egg","quantity":1e999}]"#, "ingredients[0].quantity", "inf is not"),
    (#""tags":["# + String(repeating: #""t","#, count: 101) + #""t"]"#, "tags", "102 tags"),
    (#""title":""# + String(repeating: "x", count: 1_001) + #"""#, "title", "1001 bytes long"),
    (#""steps":[""# + String(repeating: "s", count: 20_001) + #""]"#, "steps[0]", "20001 bytes"),
  ]

  @Test func outOfRangeFieldsAreRefusedWithFileLineAndField() throws {
    var lines = [#"{"id":"good","title":"Good","ingredients":["egg"]}"#]
    for (index, item) in Self.cases.enumerated() {
      // Later keys win in a JSON object here, so the hostile field may repeat a default one.
      lines.append(#"{"id":"r\#(index)","title":"T","ingredients":["egg"],"# + item.record + "}")
    }
    let path = try Fixtures.file(named: "bad.jsonl", contents: lines.joined(separator: "\n"))
    let results = try Fixtures.records(in: path)
    #expect(results.count == Self.cases.count + 1)
    #expect((try? results[0].get())?.recipe.id == "good")
    for (index, item) in Self.cases.enumerated() {
      guard case .failure(let error) = results[index + 1] else {
        Issue.record("line \(index + 2) (\(item.field)) was accepted")
        continue
      }
      #expect(error.location.line == index + 2)
      #expect(error.field == item.field, "\(error)")
      #expect(error.message.hasPrefix(item.message), "\(error)")
      #expect(error.description.hasPrefix("\(path):\(index + 2): \(item.field): "))
    }
  }

  @Test func aRecipeWithTooManyIngredientsOrStepsIsRefused() throws {
    let many = Array(repeating: #""salt""#, count: 501).joined(separator: ",")
    let steps = Array(repeating: #""stir""#, count: 501).joined(separator: ",")
    let limit = Array(repeating: #""salt""#, count: 500).joined(separator: ",")
    let text = [
      #"{"id":"a","title":"A","ingredients":[\#(many)]}"#,
      #"{"id":"b","title":"B","ingredients":["egg"],"steps":[\#(steps)]}"#,
      #"{"id":"c","title":"C","ingredients":[\#(limit)]}"#,
    ].joined(separator: "\n")
    let path = try Fixtures.file(named: "big.jsonl", contents: text)
    let errors = try Fixtures.recordErrors(in: path)
    #expect(errors.map(\.field) == ["ingredients", "steps"])
    #expect(errors.first?.message == "501 ingredients; at most 500 allowed")
    #expect(try Fixtures.recipes(in: path).map(\.recipe.id) == ["c"])
  }

  @Test func schemaOrgAbsurdNumbersAreRefusedNotTrapped() throws {
    let text = """
      {"@context":"https://schema.org","@type":"Recipe","name":"A","recipeYield":1e300,"cookTime":"99999999999999999999 hours","recipeIngredient":["egg"]}
      """
    let path = try Fixtures.file(named: "s.json", contents: text)
    let errors = try Fixtures.recordErrors(in: path)
    #expect(errors.count == 1)
    #expect(["servings", "cookMinutes"].contains(errors.first?.field ?? ""), "\(errors)")
  }

  @Test func theDocumentedRangesAreTheCheckedOnes() throws {
    let readme = try String(
      contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Data/README.md"), encoding: .utf8)
    #expect(readme.contains("| `servings` | 1 to 10,000 |"))
    #expect(RecordValidation.servings == 1...10_000)
    #expect(readme.contains("| `ingredients` | at most 500 lines |"))
    #expect(RecordValidation.maximumIngredients == 500)
    #expect(readme.contains("| `steps` | at most 500 |"))
    #expect(RecordValidation.maximumSteps == 500)
    #expect(readme.contains("0 to 100,000 each"))
    #expect(RecordValidation.minutes == 0...100_000)
  }
}
