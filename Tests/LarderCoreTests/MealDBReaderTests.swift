import Foundation
import LarderTestSupport
import Testing

@testable import LarderCore

@Suite struct MealDBReaderTests {
  @Test func readsTheAPIShape() throws {
    let path = try Fixtures.file(named: "meals.json", contents: CorpusSamples.mealDBAPI)
    #expect(try CorpusFile(path: path).format == .theMealDB)
    let meals = try Fixtures.recipes(in: path)
    #expect(meals.count == 2)
    let stew = meals[0]
    #expect(stew.recipe.id == "90001")
    #expect(stew.recipe.title == "Harbour Fish Stew")
    #expect(stew.recipe.category == "Seafood")
    #expect(stew.recipe.area == "Portuguese")
    #expect(stew.recipe.tags == ["Stew", "OnePot"])
    #expect(stew.recipe.image == "https://example.org/stew.jpg")
    #expect(stew.recipe.source == nil)  // an empty strSource is no source
    #expect(
      stew.ingredients.map(\.line) == ["2 tbsp Olive Oil", "1 Onion", "400g White Fish", "Parsley"])
    #expect(stew.ingredients.allSatisfy { $0.name == nil })
    #expect(
      stew.recipe.steps == [
        "Warm the oil and soften the onion.", "Add the fish and simmer for 10 minutes.",
      ])
    #expect(stew.location.jsonPath == "$.meals[0]")
    #expect(stew.location.line == 2)
    let bars = meals[1]
    #expect(bars.recipe.tags.isEmpty)
    #expect(bars.recipe.source == "https://example.org/bars")
    #expect(
      bars.recipe.steps == [
        "Heat the oven.", "Melt the butter with the honey.", "Stir in the oats and bake.",
      ])
    #expect(bars.location.jsonPath == "$.meals[1]")
    #expect(bars.location.line == 13)
  }

  @Test func readsTheFoldedArrayShape() throws {
    let path = try Fixtures.file(named: "folded.json", contents: CorpusSamples.mealDBFolded)
    #expect(try CorpusFile(path: path).format == .theMealDB)
    let meals = try Fixtures.recipes(in: path)
    #expect(meals.map(\.recipe.id) == ["90003", "90004"])
    #expect(
      meals[0].ingredients.map(\.line) == ["200g Red Lentils", "1 tsp Turmeric", "Cumin Seeds"])
    #expect(
      meals[0].recipe.steps == [
        "Rinse the lentils.", "Simmer with turmeric until soft.", "Finish with fried cumin seeds.",
      ])
    #expect(meals[0].location.jsonPath == "$[0]")
    #expect(meals[0].location.line == 2)
    #expect(meals[1].location.jsonPath == "$[1]")
    #expect(meals[1].recipe.area == nil)
    #expect(meals[1].recipe.steps.isEmpty)
  }

  @Test func nullMealsIsAnEmptyFile() throws {
    let path = try Fixtures.file(named: "none.json", contents: #"{"meals": null}"#)
    #expect(try Fixtures.records(in: path).isEmpty)
  }

  @Test func badMealsNameTheirJSONPathAndField() throws {
    let text = """
      {"meals": [
        {"idMeal": "1", "strMeal": "Good"},
        {"idMeal": "2", "strMeal": 7},
        {"strMeal": "No id"},
        "not a meal",
        {"idMeal": "5", "strMeal": "Bad slot", "strIngredient1": ["x"]}
      ]}
      """
    let path = try Fixtures.file(named: "bad.json", contents: text)
    let results = try Fixtures.records(in: path)
    #expect(results.count == 5)
    #expect((try? results[0].get())?.recipe.title == "Good")
    let errors = results.compactMap { result -> CorpusError? in
      if case .failure(let error) = result { return error }
      return nil
    }
    #expect(
      errors.map(\.location.jsonPath) == ["$.meals[1]", "$.meals[2]", "$.meals[3]", "$.meals[4]"])
    #expect(errors.map(\.field) == ["strMeal", "idMeal", nil, "strIngredient1"])
    #expect(
      errors[0].description == "\(path):3: $.meals[1]: strMeal: expected a string, found a number")
    #expect(errors[0].jsonPath == "$.meals[1].strMeal")
    #expect(errors.map(\.location.line) == [3, 4, 5, 6])
  }

  @Test func malformedDocumentIsABadFileNamingTheLine() throws {
    let path = try Fixtures.file(
      named: "broken.json", contents: "{\"meals\": [\n{\"idMeal\": \"1\",\n\"strMeal\" \"x\"}\n]}")
    let file = try CorpusFile(path: path)
    #expect(throws: CorpusError.self) { try file.forEachRecord { _ in .continue } }
    do {
      try file.forEachRecord { _ in .continue }
    } catch let error as CorpusError {
      #expect(error.kind == .badFile)
      #expect(error.location.line == 3)
      #expect(error.message.contains("expected ':'"))
    }
  }

  @Test(.enabled(if: Fixtures.sharedCorpora != nil))
  func readsTheSharedAPIFormatDump() throws {
    let url = try #require(Fixtures.sharedCorpora).appendingPathComponent(
      "themealdb/utilityrod_all_meals_552_apiformat.json")
    let file = try CorpusFile(path: url.path)
    #expect(file.format == .theMealDB)
    let results = try Fixtures.records(in: url.path)
    let meals = results.compactMap { try? $0.get() }
    #expect(results.count == 552)
    #expect(meals.count == 552)
    #expect(Set(meals.compactMap(\.recipe.category)).count == 14)
    #expect(meals.allSatisfy { !$0.ingredients.isEmpty && !$0.recipe.steps.isEmpty })
    #expect(Set(meals.map(\.recipe.id)).count == 552)
  }

  @Test(.enabled(if: Fixtures.sharedCorpora != nil))
  func readsTheSharedFoldedDump() throws {
    let url = try #require(Fixtures.sharedCorpora).appendingPathComponent(
      "themealdb/pausgracia_all_meals_586.json")
    let meals = try Fixtures.recipes(in: url.path)
    #expect(meals.count == 586)
    #expect(Set(meals.compactMap(\.recipe.category)).count == 14)
    #expect(meals.reduce(0) { $0 + $1.ingredients.count } == 6_215)
  }
}

@Suite struct MealDBLinesTests {
  @Test func readsOneMealPerLine() throws {
    let text = #"""
      {"idMeal": "1", "strMeal": "First", "strIngredient1": "Rice", "strMeasure1": "1 cup"}
      {"idMeal": "2", "strMeal": null}

      {"meals": [{"idMeal": "3", "strMeal": "Third"}]}
      """#
    let path = try Fixtures.file(named: "meals.jsonl", contents: text)
    let file = try CorpusFile(path: path)
    #expect(file.format == .theMealDB)
    let results = try Fixtures.records(in: path)
    #expect(results.count == 3)
    #expect((try? results[0].get())?.ingredients.map(\.line) == ["1 cup Rice"])
    guard case .failure(let error) = results[1] else {
      Issue.record("a meal without strMeal is an error")
      return
    }
    #expect(error.description == "\(path):2: strMeal: missing")
    let third = try results[2].get()
    #expect(third.location == SourceLocation(file: path, line: 4, jsonPath: "$.meals[0]"))
  }
}
