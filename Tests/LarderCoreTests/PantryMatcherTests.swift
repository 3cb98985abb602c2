import LarderTestSupport
import Testing

@testable import LarderCore

@Suite struct PantryMatcherTests {
  @Test(arguments: RandomCorpus.seeds)
  func rankingMatchesTheOracle(seed: UInt64) throws {
    print("seed \(seed)")
    let (recipes, relations) = RandomCorpus.make(seed: seed, recipes: 1200, vocabulary: 50)
    let snapshot = RandomCorpus.snapshot(recipes, relations)
    let oracle = Oracle(recipes, relations)
    let matcher = PantryMatcher(snapshot: snapshot)
    let scratch = QueryScratch(for: snapshot)
    var rng = SplitMix64(seed: seed &+ 7)
    let names = (0..<snapshot.ingredientCount).map { snapshot.ingredientName(IngredientID($0)) }
      .filter { snapshot.ingredientFamilyCounts[snapshot.ingredientID($0)!.index] > 0 }
    func pick() -> String { names[Int(rng.next() % UInt64(names.count))] }
    for round in 0..<60 {
      let have = Array(Set((0..<(1 + Int(rng.next() % 12))).map { _ in pick() }))
      let staples = round % 2 == 0 ? ["salt", "pepper"] : []
      let must = round % 4 == 1 ? [pick()] : []
      let without = round % 5 == 2 ? [pick()] : []
      let maxMissing: Int? = round % 3 == 0 ? 2 : nil
      let matching: IngredientMatching = round % 7 == 3 ? .exact : .family
      let filter = round % 6 == 4 ? RecipeFilter(category: "Beef") : .none
      let query = PantryQuery(
        have: have, must: must, without: without, maxMissing: maxMissing,
        staples: staples.isEmpty ? .ignored : .assumed(staples), matching: matching, filter: filter,
        limit: 15)
      let result = try matcher.match(query, scratch: scratch)
      let expected = oracle.pantry(
        have: have, must: must, without: without, maxMissing: maxMissing, staples: staples,
        matching: matching,
        filter: filter)
      #expect(result.total == expected.count, "have \(have)")
      #expect(
        result.hits.map { $0.recipe.index } == expected.prefix(15).map(\.recipe),
        "have \(have)")
      for (hit, want) in zip(result.hits, expected) {
        #expect(hit.used == want.used)
        #expect(hit.missing == want.missing)
      }
      var completions: [String: Int] = [:]
      for e in expected where e.missing.count == 1 { completions[e.missing[0], default: 0] += 1 }
      for suggestion in result.buyOneThing {
        #expect(completions[suggestion.ingredient] == suggestion.completes)
      }
      if let best = completions.values.max() {
        #expect(result.buyOneThing.first?.completes == best)
      }
    }
  }

  @Test func aPantryItemCoversItsFamilyAndSaysSo() throws {
    let line = { (name: String) in IngredientLine(text: name, name: name) }
    let recipes = [
      Recipe(
        id: "1", title: "Custard", ingredients: [line("whole milk"), line("egg"), line("salt")]),
      Recipe(id: "2", title: "Toast", ingredients: [line("cheese"), line("bread")]),
    ]
    let snapshot = RandomCorpus.snapshot(
      recipes, IngredientRelations(parent: ["whole milk": "milk", "cheddar": "cheese"]))
    let matcher = PantryMatcher(snapshot: snapshot)
    let family = try matcher.match(PantryQuery(have: ["milk", "egg"], staples: .assumed(["salt"])))
    #expect(family.hits.map(\.recipe) == [RecipeID(0)])
    #expect(family.hits[0].used == ["whole milk", "egg", "salt"])
    #expect(family.hits[0].missing.isEmpty)
    #expect(family.hits[0].familyCoverage.map(\.note) == ["whole milk: you have milk"])
    let exact = try matcher.match(PantryQuery(have: ["milk", "egg"], matching: .exact))
    #expect(exact.hits.map(\.recipe) == [RecipeID(0)])
    #expect(exact.hits[0].missing == ["whole milk", "salt"])
    #expect(exact.hits[0].familyCoverage.isEmpty)
    // A specific item does not cover a general line, as `find --with cheddar` does not find it.
    #expect(try matcher.match(PantryQuery(have: ["cheddar"])).total == 0)
    // Staples alone never make a hit.
    #expect(
      try matcher.match(PantryQuery(have: ["bread"], staples: .assumed(["salt", "egg"]))).hits
        .map(\.recipe) == [RecipeID(1)])
  }

  @Test func storedNamesThatNoLongerResolveAreSkippedAndReported() throws {
    let line = { (name: String) in IngredientLine(text: name, name: name) }
    let snapshot = RandomCorpus.snapshot(
      [Recipe(id: "1", title: "Aglio", ingredients: [line("garlic"), line("oil")])],
      IngredientRelations())
    let matcher = PantryMatcher(snapshot: snapshot)
    let stored = try matcher.match(PantryQuery(have: ["garlick", "garlic"], unknownItems: .skip))
    #expect(stored.unknownItems == ["garlick"])
    #expect(stored.hits.map(\.used) == [["garlic"]])
    #expect(throws: QueryError.self) {
      try matcher.match(PantryQuery(have: ["garlick", "garlic"]))
    }
  }
}
