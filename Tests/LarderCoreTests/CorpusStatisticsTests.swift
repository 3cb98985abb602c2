import Foundation
import Testing

@testable import LarderCore

@Suite struct CorpusStatisticsTests {
  static func recipe(_ id: String, _ category: String?, _ area: String?, _ names: [String])
    -> Recipe
  {
    Recipe(
      id: id, title: "R\(id)", category: category, area: area,
      ingredients: names.map { IngredientLine(text: $0, name: $0) })
  }

  static let sample = [
    recipe("1", "Dessert", "British", ["sugar", "butter", "flour", "egg", "salt"]),
    recipe("2", "Beef", "Italian", ["beef", "onion", "salt", "garlic", "tomato", "basil"]),
    recipe("3", "Dessert", "British", ["sugar", "butter", "cocoa", "egg", "salt", "sugar"]),
    recipe("4", nil, nil, ["onion", "salt", "saffron"]),
  ]

  @Test func countsRecipesNamesAndPostings() {
    let statistics = CorpusStatistics.measure(Self.sample)
    #expect(statistics.recipes == 4)
    // 5 + 6 + 5 (the repeated "sugar" counts once) + 3
    #expect(statistics.postings == 19)
    #expect(statistics.distinctIngredients == 12)
    #expect(statistics.minIngredients == 3)
    #expect(statistics.maxIngredients == 6)
    #expect(abs(statistics.meanIngredients - 19.0 / 4) < 1e-9)
    #expect(statistics.categories == ["Dessert": 2, "Beef": 1, "": 1])
    #expect(statistics.distinctAreas == 2)
  }

  @Test func ranksByFrequencyThenName() {
    let statistics = CorpusStatistics.measure(Self.sample)
    let top = statistics.topIngredients.prefix(6).map { "\($0.name):\($0.recipes)" }
    #expect(top == ["salt:4", "butter:2", "egg:2", "onion:2", "sugar:2", "basil:1"])
    #expect(statistics.documentFrequency(atRank: 1) == 4)
    #expect(statistics.documentFrequency(atRank: 10) == 1)
    #expect(statistics.documentFrequency(atRank: 100) == nil)
    #expect(statistics.singletons == 7)
    #expect(statistics.share(of: "salt") == 1.0)
    #expect(statistics.share(of: "onion") == 0.5)
    #expect(statistics.categoryShare("Dessert") == 0.5)
  }

  @Test func streamingEqualsOnePassAndTopCountLimits() {
    var collector = CorpusStatisticsCollector(topCount: 3)
    for recipe in Self.sample { collector.add(recipe) }
    let streamed = collector.statistics()
    #expect(streamed.topIngredients.count == 3)
    var full = CorpusStatistics.measure(Self.sample)
    full.topIngredients = Array(full.topIngredients.prefix(3))
    #expect(streamed == full)
  }

  @Test func emptyCorpusHasZeroes() {
    let statistics = CorpusStatistics.measure([Recipe]())
    #expect(statistics.recipes == 0 && statistics.postings == 0 && statistics.meanIngredients == 0)
    #expect(statistics.minIngredients == 0 && statistics.singletons == 0)
    #expect(statistics.share(of: "salt") == nil)
  }

  @Test func roundTripsThroughJSONAndDescribesItself() throws {
    let statistics = CorpusStatistics.measure(Self.sample)
    let decoded = try JSONDecoder().decode(
      CorpusStatistics.self, from: JSONEncoder().encode(statistics))
    #expect(decoded == statistics)
    #expect(statistics.description.contains("salt / onion / sugar: 100 / 50 / 50 %"))
    #expect(statistics.description.contains("postings 19"))
  }
}
