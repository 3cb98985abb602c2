import Foundation
import LarderCore
import Testing

/// The embedded corpus in `Data/` is what every new user sees first: check it is whole.
@Suite struct DefaultCorpusTests {
  static let categories = [
    "Beef", "Breakfast", "Chicken", "Dessert", "Goat", "Lamb", "Miscellaneous", "Pasta", "Pork",
    "Seafood", "Side",
    "Starter", "Vegan", "Vegetarian",
  ]

  let recipes: [Recipe]
  let vocabulary: Vocabulary

  init() throws {
    vocabulary = try Vocabulary.bundled()
    let normalizer = RecipeNormalizer(vocabulary: vocabulary)
    var recipes: [Recipe] = []
    for file in try DataDirectory.corpusFiles(in: try DataDirectory.locate()) {
      try CorpusFile(path: file.path).forEachRecord { result in
        // Any malformed record fails the suite.
        recipes.append(normalizer.normalize(try result.get()))
        return .continue
      }
    }
    self.recipes = recipes
  }

  @Test func sizeCategoriesAndAreas() {
    #expect(recipes.count >= 300)
    #expect(Set(recipes.map(\.id)).count == recipes.count)
    #expect(Set(recipes.map { $0.title.lowercased() }).count == recipes.count)
    var perCategory: [String: Int] = [:]
    for recipe in recipes { perCategory[recipe.category ?? "", default: 0] += 1 }
    #expect(Set(perCategory.keys) == Set(Self.categories))
    for category in Self.categories {
      #expect(perCategory[category, default: 0] >= 8, "\(category)")
    }
    #expect(Set(recipes.compactMap(\.area)).count >= 25)
  }

  @Test func everyRecipeIsComplete() {
    for recipe in recipes {
      #expect(!recipe.title.isEmpty && recipe.area != nil && !recipe.tags.isEmpty, "\(recipe.id)")
      #expect((recipe.summary ?? "").count > 40, "\(recipe.id)")
      #expect(
        recipe.servings != nil && recipe.prepMinutes != nil && recipe.cookMinutes != nil,
        "\(recipe.id)")
      #expect((4...20).contains(recipe.ingredients.count), "\(recipe.id)")
      #expect((3...12).contains(recipe.steps.count), "\(recipe.id)")
      let n = recipe.nutrition
      #expect(
        [
          n?.calories, n?.proteinGrams, n?.fatGrams, n?.carbohydrateGrams, n?.fiberGrams,
          n?.sugarGrams, n?.sodiumMilligrams,
        ]
        .allSatisfy { $0 != nil }, "\(recipe.id)")
    }
  }

  @Test func everyIngredientLineResolvesToTheVocabulary() {
    var unknown: [String] = []
    for recipe in recipes {
      for line in recipe.ingredients where vocabulary.entry(for: line.name) == nil {
        unknown.append("\(recipe.id): \(line.text) → \(line.name)")
      }
    }
    #expect(unknown.isEmpty, "\(unknown.count) lines: \(unknown.prefix(20))")
  }

  @Test func stepsMentionTheirIngredients() {
    let finder = StepMentionFinder(vocabulary: vocabulary)
    var silentRecipes: [String] = []
    var mentioned = 0
    var steps = 0
    for recipe in recipes {
      var anyMention = false
      for step in recipe.steps {
        let mentions = finder.mentions(in: step, of: recipe.ingredients)
        #expect(mentions.allSatisfy { recipe.ingredients.indices.contains($0) })
        steps += 1
        if !mentions.isEmpty {
          mentioned += 1
          anyMention = true
        }
      }
      if !anyMention { silentRecipes.append(recipe.id) }
    }
    #expect(silentRecipes.isEmpty, "recipes whose steps mention no ingredient: \(silentRecipes)")
    #expect(
      Double(mentioned) / Double(steps) >= 0.8,
      "\(mentioned) of \(steps) steps mention an ingredient")
  }

  @Test func commonPairsHaveResults() {
    let pairs = [
      ("garlic", "lemon"), ("chicken", "rice"), ("egg", "flour"), ("tomato", "basil"),
      ("onion", "carrot"),
    ]
    for (a, b) in pairs {
      let count = recipes.filter { recipe in
        let names = Set(
          recipe.ingredients.flatMap { [$0.name] + vocabulary.ancestors(of: $0.name) })
        return names.contains(a) && names.contains(b)
      }.count
      #expect(count >= 3, "\(a) + \(b): \(count)")
    }
  }
}
