import Foundation
import Testing

@testable import LarderCore
@testable import LarderTooling

@Suite struct SyntheticCorpusTests {
  static let seed: UInt64 = 42

  @Test func sameSeedGivesSameRecipesAndOtherSeedsDiffer() {
    print("SyntheticCorpusTests seed \(Self.seed)")
    let first = Array(SyntheticCorpus(seed: Self.seed).recipes(count: 300))
    let again = Array(SyntheticCorpus(seed: Self.seed).recipes(count: 300))
    let other = Array(SyntheticCorpus(seed: Self.seed + 1).recipes(count: 300))
    #expect(first == again)
    #expect(first != other)
    #expect(first.map(\.id) == (1...300).map(String.init))
  }

  @Test func smallCorpusIsThePrefixOfALargerOne() {
    print("SyntheticCorpusTests seed \(Self.seed)")
    let small = Array(SyntheticCorpus(seed: Self.seed).recipes(count: 1_000))
    let large = Array(SyntheticCorpus(seed: Self.seed).recipes(count: 10_000))
    #expect(large.count == 10_000)
    #expect(Array(large.prefix(1_000)) == small)
    // Any recipe can be generated alone.
    #expect(SyntheticCorpus(seed: Self.seed).recipe(at: 7_777) == large[7_777])
  }

  @Test func vocabularyIsFixedCanonicalAndUnique() {
    let vocabulary = SyntheticVocabulary(seed: Self.seed)
    let names = vocabulary.ingredients.map(\.name)
    #expect(names.count == SyntheticVocabulary.candidateCount)
    #expect(Set(names).count == names.count)
    #expect(names.prefix(3) == ["salt", "onion", "garlic"])
    #expect(names.allSatisfy(Self.isCanonical))
    #expect(names.contains("extra virgin olive oil"))
    #expect(names.contains("green bell pepper"))
    #expect(SyntheticVocabulary(seed: Self.seed).ingredients.map(\.name) == names)
  }

  @Test func recipesAtTwentyThousandHaveCalibratedStatistics() {
    print("SyntheticCorpusTests seed \(Self.seed)")
    let corpus = SyntheticCorpus(seed: Self.seed)
    var collector = CorpusStatisticsCollector()
    var canonicalAndUnique = true
    var sizesInRange = true
    for recipe in corpus.recipes(count: 20_000) {
      let names = recipe.ingredients.map(\.name)
      canonicalAndUnique =
        canonicalAndUnique && Set(names).count == names.count && names.allSatisfy(Self.isCanonical)
      sizesInRange = sizesInRange && (5...20).contains(names.count)
      collector.add(recipe)
    }
    let statistics = collector.statistics()
    print(statistics)
    #expect(canonicalAndUnique)
    #expect(sizesInRange)
    #expect((0.35...0.45).contains(statistics.share(of: "salt") ?? 0))
    #expect((0.22...0.34).contains(statistics.share(of: "onion") ?? 0))
    #expect((0.18...0.30).contains(statistics.share(of: "sugar") ?? 0))
    #expect((8.0...10.0).contains(statistics.meanIngredients))
    #expect(Set(statistics.categories.keys) == Set(SyntheticCategoryProfile.all.map(\.name)))
    #expect((0.15...0.23).contains(statistics.categoryShare("Dessert")))
    #expect(statistics.categoryShare("Goat") < 0.015)
    #expect(statistics.distinctAreas == 29)
    // A long tail: thousands of names, a large part of them used once.
    #expect(statistics.distinctIngredients > 4_000)
    #expect(statistics.singletons > 1_500)
  }

  @Test func categoriesFollowTheirAffinities() {
    print("SyntheticCorpusTests seed \(Self.seed)")
    let recipes = Array(SyntheticCorpus(seed: Self.seed).recipes(count: 20_000))
    func share(of word: String, in category: String) -> Double {
      let selected = recipes.filter { $0.category == category }
      let hits = selected.filter { recipe in
        recipe.ingredients.contains { $0.name.split(separator: " ").contains(Substring(word)) }
      }
      return Double(hits.count) / Double(max(selected.count, 1))
    }
    #expect(share(of: "onion", in: "Dessert") < 0.03)
    #expect(share(of: "onion", in: "Beef") > 0.25)
    #expect(share(of: "sugar", in: "Dessert") > 0.5)
    #expect(share(of: "vanilla", in: "Dessert") > 0.3)

    // Meat categories always contain their main ingredient.
    let mains: [String: Set<String>] = [
      "Chicken": ["chicken"], "Lamb": ["lamb", "mutton"], "Goat": ["goat"],
    ]
    for (category, words) in mains {
      let selected = recipes.filter { $0.category == category }
      #expect(!selected.isEmpty)
      #expect(
        selected.allSatisfy { recipe in
          recipe.ingredients.contains {
            !Set($0.name.split(separator: " ").map(String.init)).isDisjoint(with: words)
          }
        }, "\(category) recipe without its main ingredient")
    }

    // Vegan recipes have no meat, fish, dairy or egg; plant milks and nut butters are fine.
    let animal: Set<String> = [
      "chicken", "beef", "pork", "lamb", "bacon", "salmon", "shrimp", "fish", "cheese", "egg",
      "eggs",
      "honey", "yogurt", "ghee", "cheddar", "parmesan", "feta",
    ]
    let plant: Set<String> = [
      "coconut", "almond", "oat", "soy", "peanut", "cashew", "hazelnut", "cocoa", "apple",
    ]
    let vegan = recipes.filter { $0.category == "Vegan" }
    #expect(!vegan.isEmpty)
    for recipe in vegan {
      for line in recipe.ingredients {
        let words = Set(line.name.split(separator: " ").map(String.init))
        #expect(words.isDisjoint(with: animal), "vegan recipe \(recipe.id) has \(line.name)")
        if !words.isDisjoint(with: ["milk", "butter", "cream"]) {
          #expect(!words.isDisjoint(with: plant), "vegan recipe \(recipe.id) has \(line.name)")
        }
      }
    }
  }

  @Test func categoriesWithAMainIngredientAlwaysHaveOne() {
    print("SyntheticCorpusTests seed \(Self.seed)")
    let corpus = SyntheticCorpus(seed: Self.seed)
    let byName = Dictionary(
      uniqueKeysWithValues: corpus.vocabulary.ingredients.map { ($0.name, $0) })
    let withMain = corpus.categories.filter(\.hasMainIngredient)
    #expect(
      Set(withMain.map(\.name))
        == ["Chicken", "Beef", "Seafood", "Pork", "Pasta", "Lamb", "Goat"])
    for recipe in corpus.recipes(count: 5_000) {
      guard let profile = withMain.first(where: { $0.name == recipe.category }) else { continue }
      let hasMain = recipe.ingredients.contains { line in
        byName[line.name].map(profile.isMainCandidate) ?? false
      }
      #expect(hasMain, "\(recipe.category ?? "") recipe \(recipe.id) has no main ingredient")
    }
  }

  @Test func titlesNameTheHeroAndTheDish() {
    let corpus = SyntheticCorpus(seed: Self.seed)
    for recipe in corpus.recipes(count: 500) {
      #expect(!recipe.title.isEmpty)
      #expect(recipe.title.first?.isUppercase == true)
      let profile = corpus.categories.first { $0.name == recipe.category }
      #expect(profile?.dishes.contains { recipe.title.contains($0) } == true, "\(recipe.title)")
    }
  }

  @Test func aliasTableFollowsItsWeights() {
    let table = AliasTable(weights: [1, 0, 3, 6])
    var generator = SplitMix64(seed: Self.seed)
    var counts = [0, 0, 0, 0]
    for _ in 0..<100_000 { counts[table.sample(using: &generator)] += 1 }
    #expect(counts[1] == 0)
    #expect(abs(Double(counts[0]) / 100_000 - 0.1) < 0.01)
    #expect(abs(Double(counts[2]) / 100_000 - 0.3) < 0.01)
    #expect(abs(Double(counts[3]) / 100_000 - 0.6) < 0.01)
  }

  @Test func splitMixStreamsAreReproducibleAndIndependent() {
    var a = SplitMix64(seed: 1, stream: 5)
    var b = SplitMix64(seed: 1, stream: 5)
    var c = SplitMix64(seed: 1, stream: 6)
    let first = (0..<4).map { _ in a.next() }
    #expect(first == (0..<4).map { _ in b.next() })
    #expect(first != (0..<4).map { _ in c.next() })
    // Reference output of SplitMix64 seeded with 0 (first value of the published algorithm).
    var zero = SplitMix64(seed: 0)
    #expect(zero.next() == 0xE220_A839_7B1D_CDAF)
    for _ in 0..<1_000 {
      let unit = a.nextUnit()
      #expect(unit >= 0 && unit < 1)
      #expect((0..<7).contains(a.nextIndex(below: 7)))
    }
  }

  static func isCanonical(_ name: String) -> Bool {
    !name.isEmpty && !name.hasPrefix(" ") && !name.hasSuffix(" ") && !name.contains("  ")
      && name.utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == 32 }
  }
}
