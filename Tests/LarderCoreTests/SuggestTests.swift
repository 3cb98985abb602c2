import LarderTestSupport
import Testing

@testable import LarderCore

@Suite struct SuggestTests {
  static func snapshot() -> Snapshot {
    let line = { (name: String) in IngredientLine(text: name, name: name) }
    let recipes = [
      Recipe(
        id: "1", title: "Crème Brûlée", category: "Dessert",
        ingredients: [line("green onion"), line("onion")]),
      Recipe(
        id: "2", title: "Onion Soup", category: "Starter",
        ingredients: [line("onion"), line("tomato")]),
      Recipe(
        id: "3", title: "Tomato Salad", category: "Starter",
        ingredients: [line("onion"), line("tomato")]),
      Recipe(
        id: "4", title: "Red Stew", category: "Beef",
        ingredients: [line("red onion"), line("cheddar")]),
      Recipe(
        id: "5", title: "Garlic Bread", category: "Side",
        ingredients: [line("garlic"), line("onion powder")]),
      Recipe(
        id: "6", title: "Salsa Verde", category: "Side",
        ingredients: [line("tomatillo"), line("garlic")]),
    ]
    let relations = IngredientRelations(
      parent: ["cheddar": "cheese"],
      aliases: [
        "scallion": "green onion", "spring onion": "green onion",
        "stewed tomato with garlic": "tomato",
      ])
    return RandomCorpus.snapshot(recipes, relations)
  }

  @Test func aliasesMatchFromTheirFirstWordOnly() {
    let s = Self.snapshot()
    // "gar" is a word start inside the alias "stewed tomato with garlic", but not its start.
    #expect(s.suggest("gar", limit: 10).map(\.value) == ["garlic"])
    #expect(s.suggest("stewed", limit: 10).map(\.display) == ["tomato (stewed tomato with garlic)"])
    #expect(s.suggest("spring o", limit: 10).map(\.display) == ["green onion (spring onion)"])
  }

  @Test func exactMatchComesFirstThenRecipeCount() {
    let s = Self.snapshot()
    let values = s.suggest("onion", limit: 10).map(\.value)
    #expect(values.first == "onion")
    #expect(Set(values) == ["onion", "green onion", "red onion", "onion powder"])
    #expect(s.suggest("on", limit: 10).map(\.value).first == "onion")
  }

  @Test func foldsCaseDiacriticsAndPlurals() {
    let s = Self.snapshot()
    #expect(s.suggest("ONIONS", limit: 3).first?.value == "onion")
    #expect(s.suggest("Tomatoes", limit: 3).first?.value == "tomato")
  }

  @Test func aliasesOfferTheCanonicalName() {
    let s = Self.snapshot()
    let first = s.suggest("scall", limit: 5).first
    #expect(first?.value == "green onion")
    #expect(first?.display == "green onion (scallion)")
    #expect(s.resolveIngredient("Spring Onions") == s.ingredientID("green onion"))
  }

  @Test func parentsWithoutOwnRecipesAreOfferedByFamilyCount() {
    let s = Self.snapshot()
    let cheese = s.suggest("chees", limit: 5)
    #expect(cheese.map(\.value).contains("cheese"))
    #expect(cheese.first { $0.value == "cheese" }?.recipeCount == 1)
  }

  @Test func singularFormsMatchWholeWords() {
    let s = Self.snapshot()
    // "tomato" as a word, not as the start of "tomatillo".
    #expect(s.suggest("tomatoes", limit: 5).map(\.value) == ["tomato"])
    #expect(s.suggest("onions", limit: 5).map(\.value).contains("onion powder"))
    // A one-letter last word is being typed, not a plural: "onion s" is no "onion ".
    let typed = s.suggest("onion s", limit: 5)
    #expect(typed.map(\.value) == ["onion powder"])
    #expect(typed.first?.match == .typo(edits: 1))
  }

  @Test func typosOnlyForTextThatStartsNoName() {
    let s = Self.snapshot()
    // "tomati" starts "tomatillo" and is one edit from "tomato": typed right so far.
    #expect(s.suggest("tomati", limit: 5).map(\.value) == ["tomatillo"])
    let typo = s.suggest("tomatp", limit: 5)
    #expect(typo.map(\.value) == ["tomato", "tomatillo"])
    #expect(typo.allSatisfy { $0.match == .typo(edits: 1) })
  }

  @Test func twoEditMatchesOnlyWhenNoneIsOneEditAway() {
    let line = { (name: String) in IngredientLine(text: name, name: name) }
    let s = RandomCorpus.snapshot(
      [Recipe(id: "1", title: "Pesto", ingredients: [line("basil pesto"), line("basil paste")])],
      IngredientRelations())
    // "basil pestx": one edit from "basil pesto", two from "basil paste".
    let near = s.suggest("basil pestx", limit: 5)
    #expect(near.map(\.value) == ["basil pesto"])
    #expect(near.first?.match == .typo(edits: 1))
    // "basil pxsxo": two edits from "basil pesto", three from "basil paste".
    let far = s.suggest("basil pxsxo", limit: 5)
    #expect(far.map(\.value) == ["basil pesto"])
    #expect(far.first?.match == .typo(edits: 2))
  }

  @Test func typosAreToleratedWhenNoNameStartsWithTheText() {
    let s = Self.snapshot()
    let garlic = s.suggest("garlci", limit: 5)
    #expect(garlic.map(\.value) == ["garlic"])
    #expect(garlic.first?.match == .typo(edits: 1))
    #expect(s.suggest("gralic", limit: 5).isEmpty)  // 2 edits below 8 characters
    #expect(s.suggest("tmoato", limit: 5).isEmpty)
    #expect(s.suggest("oniom powdr", limit: 5).map(\.value) == ["onion powder"])
    #expect(s.suggest("gar", limit: 5).allSatisfy { $0.match != .typo(edits: 1) })
  }

  @Test func typoDistanceIsAPrefixEditDistance() {
    func distance(_ key: String, _ text: String) -> Int {
      Snapshot.prefixEditDistance(Array(key.utf8), Array(text.utf8))
    }
    #expect(distance("peper", "pepper") == 1)
    #expect(distance("pepp", "pepper") == 0)
    #expect(distance("pxxp", "pepper") == 2)
    #expect(distance("blakc", "black pepper") == 1)  // "blac" + one deletion
    #expect(distance("bkack", "black pepper") == 1)
    #expect(distance("bkacj", "black pepper") == 2)
    #expect(distance("", "salt") == 0)
  }

  @Test func typosKeepTheFirstLetter() {
    let s = Self.snapshot()
    #expect(s.suggest("garlci", limit: 5).map(\.value) == ["garlic"])
    #expect(s.suggest("farlic", limit: 5).isEmpty)  // one edit, but on the first letter
  }

  @Test func excludedNamesAndKindsAreRespected() {
    let s = Self.snapshot()
    #expect(!s.suggest("on", limit: 10, excluding: ["onion"]).map(\.value).contains("onion"))
    let categories = s.suggest("st", limit: 5, kind: .category)
    #expect(categories.map(\.value) == ["Starter"])
    #expect(categories.first?.recipeCount == 2)
    let both = s.suggest("st", limit: 10, kind: [.ingredient, .category])
    #expect(both.contains { $0.kind == .category && $0.value == "Starter" })
    #expect(
      Suggestion.merged([[], categories], limit: 1) == Array(categories.prefix(1)))
  }
}

@Suite struct SuggestInvariantTests {
  @Test(arguments: RandomCorpus.seeds)
  func suggestionsAreOrderedPrefixMatchesBeforeTypos(seed: UInt64) {
    print("seed \(seed)")
    let (recipes, relations) = RandomCorpus.make(seed: seed, recipes: 400, vocabulary: 70)
    let snapshot = RandomCorpus.snapshot(recipes, relations)
    let oracle = Oracle(recipes, relations)
    var rng = SplitMix64(seed: seed)
    let names = (0..<snapshot.ingredientCount).map { snapshot.ingredientName(IngredientID($0)) }
    for _ in 0..<200 {
      let name = names[Int(rng.next() % UInt64(names.count))]
      var text = String(name.prefix(1 + Int(rng.next() % UInt64(name.count))))
      if rng.next() % 3 == 0, text.count > 3 {  // a typo: drop one inner character
        var chars = Array(text)
        chars.remove(at: 1 + Int(rng.next() % UInt64(chars.count - 2)))
        text = String(chars)
      }
      let limit = 1 + Int(rng.next() % 8)
      let excluded: Set<String> = rng.next() % 4 == 0 ? [name] : []
      let result = snapshot.suggest(text.uppercased(), limit: limit, excluding: excluded)
      #expect(result.count <= limit)
      #expect(Set(result.map(\.value)).count == result.count)
      #expect(result.allSatisfy { !excluded.contains($0.value) && $0.recipeCount > 0 })
      for (a, b) in zip(result, result.dropFirst()) {
        #expect(a.match < b.match || (a.match == b.match && a.recipeCount >= b.recipeCount))
      }
      let folded = SearchFolding.fold(text)
      let prefixMatches = Set(oracle.plainPrefix(folded, k: 1000)).subtracting(excluded)
      for s in result where s.match == .prefix || s.match == .exact {
        let viaAlias = relations.aliases.contains {
          $0.value == s.value && ($0.key.hasPrefix(folded) || $0.key.contains(" " + folded))
        }
        let viaPlural = SearchFolding.singularForms(of: folded).contains { form in
          s.value.hasPrefix(form) || s.value.contains(" " + form)
        }
        let familyOnly = snapshot.ingredientRecipeCounts[snapshot.ingredientID(s.value)!.index] == 0
        #expect(
          prefixMatches.contains(s.value) || viaAlias || viaPlural || familyOnly,
          "\(text) → \(s.value)")
      }
      let typoTiers = Set(
        result.compactMap { s -> Int? in
          if case .typo(let edits) = s.match { return edits }
          return nil
        })
      #expect(typoTiers.count <= 1, "\(text): one tier of typo matches")
      if !prefixMatches.isEmpty {
        #expect(
          result.allSatisfy { $0.match != .typo(edits: 1) && $0.match != .typo(edits: 2) },
          "\(text)")
      }
    }
  }
}
