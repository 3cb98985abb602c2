import Foundation
import LarderCore
import LarderTestSupport
import Testing

/// Step cards against the judged set (`Tests/Fixtures/step-cards/README.md`): a cook labelled
/// which ingredient lines each step of 54 sampled recipes uses; the cards must reach 95 %
/// precision and 90 % recall over both parts. Prints the rates per part and source
/// (TheMealDB's recipes need the shared corpora; without them only `Data/` is measured).
@Suite struct StepCardAccuracyTests {
  let parts: [(part: JudgedStepCards.Part, judged: JudgedStepCards)]
  let vocabulary: Vocabulary

  init() throws {
    parts = try JudgedStepCards.Part.allCases.map { ($0, try JudgedStepCards($0)) }
    vocabulary = try Vocabulary.bundled()
  }

  /// The recipes of `source` the set names, read and normalized as the indexer does.
  private func recipes(of source: String) throws -> [String: Recipe]? {
    guard let files = try JudgedStepCards.corpusFiles(of: source) else { return nil }
    let wanted = Set(parts.flatMap(\.judged.steps).filter { $0.source == source }.map(\.recipe))
    let normalizer = RecipeNormalizer(vocabulary: vocabulary)
    var found: [String: Recipe] = [:]
    for file in files {
      try CorpusFile(path: file.path).forEachRecord { result in
        let recipe = normalizer.normalize(try result.get())
        if wanted.contains(recipe.id) { found[recipe.id] = recipe }
        return .continue
      }
    }
    return found
  }

  @Test func cardsReachTheTargets() throws {
    var total = JudgedStepCards.Rates()
    for source in ["data", "mealdb"] {
      guard let recipes = try recipes(of: source) else {
        print("step cards: \(source) skipped (no shared corpora)")
        continue
      }
      for (part, judged) in parts {
        let steps = judged.steps.filter { $0.source == source }
        var rates = JudgedStepCards.Rates()
        for (id, judgedSteps) in Dictionary(grouping: steps, by: \.recipe) {
          let recipe = try #require(recipes[id], "\(source) recipe \(id) not found")
          // Every step is judged, and none beyond the recipe's: the set still fits the splitter.
          #expect(judgedSteps.map(\.number).sorted() == Array(1...recipe.steps.count), "\(id)")
          let detail = RecipeDetail(recipe: recipe, vocabulary: vocabulary)
          for step in judgedSteps where step.number <= detail.steps.count {
            #expect(
              step.lines.allSatisfy(recipe.ingredients.indices.contains), "\(id) \(step.number)")
            let card = Set(detail.steps[step.number - 1].ingredients)
            rates.add(card: card, judged: step.lines)
            total.add(card: card, judged: step.lines)
          }
        }
        let count = Set(steps.map(\.recipe)).count
        print("step cards, \(part.samplingPart), \(source) (\(count) recipes): \(rates)")
      }
    }
    print("step cards, all measured: \(total)")
    #expect(total.precision >= 0.95, "\(total)")
    #expect(total.recall >= 0.90, "\(total)")
  }

  @Test func setIsLargeEnoughFromBothSourcesAndPartsAreDisjoint() {
    let recipes = parts.map { Set($0.judged.steps.map { "\($0.source)/\($0.recipe)" }) }
    #expect(recipes[0].count >= 40)
    #expect(recipes[0].isDisjoint(with: recipes[1]))
    for (_, judged) in parts {
      #expect(Set(judged.steps.map(\.source)) == ["data", "mealdb"])
      let keys = judged.steps.map { "\($0.source)/\($0.recipe)/\($0.number)" }
      #expect(Set(keys).count == keys.count)
    }
  }
}

/// The judged recipes are exactly what the committed sampling script draws, in its order, so the
/// sample is reproducible and was not picked by hand.
@Suite struct StepCardSamplingTests {
  @Test(
    .enabled(if: Fixtures.sharedCorpora != nil, "needs ../shared/corpora"),
    arguments: JudgedStepCards.Part.allCases)
  func theSamplingScriptReproducesTheRecipes(part: JudgedStepCards.Part) throws {
    let corpora = try #require(Fixtures.sharedCorpora)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3",
      Fixtures.repositoryRoot.appendingPathComponent("scripts/sample-step-cards.py").path,
      "--corpora", corpora.path, "--part", part.samplingPart,
    ]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let sampled = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    var judged: [String] = []
    for step in try JudgedStepCards(part).steps
    where !judged.contains("\(step.source)\t\(step.recipe)") {
      judged.append("\(step.source)\t\(step.recipe)")
    }
    #expect(sampled == judged)
  }
}
