import LarderTestSupport
import Testing

@testable import LarderCore

@Suite struct AllOfQueryTests {
  @Test(arguments: RandomCorpus.seeds)
  func matchesTheOracleWithFamiliesFiltersAndExclusions(seed: UInt64) throws {
    print("seed \(seed)")
    let (recipes, relations) = RandomCorpus.make(seed: seed, recipes: 1500, vocabulary: 50)
    let snapshot = RandomCorpus.snapshot(recipes, relations)
    let oracle = Oracle(recipes, relations)
    let scratch = QueryScratch(for: snapshot)
    var rng = SplitMix64(seed: seed &+ 99)
    let names = (0..<snapshot.ingredientCount).map { snapshot.ingredientName(IngredientID($0)) }
    func pick() -> String {
      names[min(Int(rng.next() % UInt64(names.count)), Int(rng.next() % UInt64(names.count)))]
    }
    let filters = [
      RecipeFilter.none, RecipeFilter(category: "Dessert"),
      RecipeFilter(area: "Thai", maxMinutes: 40),
      RecipeFilter(excludedFlags: RandomCorpus.meatFlag | RandomCorpus.dairyFlag),
    ]
    for round in 0..<120 {
      var ingredients = (0..<(1 + Int(rng.next() % 3))).map { _ in pick() }
      if round % 5 == 0 { ingredients.append("cheese") }
      let without = rng.next() % 3 == 0 ? [pick()] : []
      let filter = filters[round % filters.count]
      let matching: IngredientMatching = round % 2 == 0 ? .family : .exact
      let expected = oracle.allOf(ingredients, without: without, filter: filter, matching: matching)
      let result = try snapshot.allOf(
        AllOfQuery(
          ingredients, without: without, filter: filter, matching: matching,
          page: PageRequest(limit: 7)),
        scratch: scratch)
      #expect(result.total == expected.count, "\(ingredients) without \(without)")
      #expect(result.hits.map { $0.recipe.index } == Array(expected.prefix(7)))
      for hit in result.hits {
        for (q, lines) in hit.matchedLines.enumerated() {
          let family = oracle.members(ingredients[q], matching)
          let expectedLines = recipes[hit.recipe.index].ingredients.indices.filter {
            family.contains(recipes[hit.recipe.index].ingredients[$0].name)
          }
          #expect(lines == expectedLines)
        }
      }
    }
  }

  @Test func familyMatchingFindsDescendants() throws {
    let recipes = [
      Recipe(id: "1", title: "A", ingredients: [IngredientLine(text: "x", name: "cheddar")]),
      Recipe(id: "2", title: "B", ingredients: [IngredientLine(text: "x", name: "cheese")]),
      Recipe(id: "3", title: "C", ingredients: [IngredientLine(text: "x", name: "lime")]),
    ]
    let snapshot = RandomCorpus.snapshot(
      recipes, IngredientRelations(parent: ["cheddar": "cheese"]))
    #expect(try snapshot.allOf(AllOfQuery(["cheese"])).total == 2)
    #expect(try snapshot.allOf(AllOfQuery(["cheese"], matching: .exact)).total == 1)
    #expect(try snapshot.allOf(AllOfQuery(["cheddar"])).total == 1)
    #expect(try snapshot.allOf(AllOfQuery(["Cheeses"])).total == 2)
  }

  @Test(arguments: [ResultOrder.index, .title, .totalTime, .ingredientCount])
  func cursorsAndOffsetsWalkTheWholeResult(order: ResultOrder) throws {
    let (recipes, relations) = RandomCorpus.make(seed: 5, recipes: 400)
    let snapshot = RandomCorpus.snapshot(recipes, relations)
    let all = try snapshot.allOf(
      AllOfQuery(["salt"], order: order, page: PageRequest(limit: 10_000)))
    #expect(all.nextCursor == nil)
    var walked: [RecipeID] = []
    var request = PageRequest(limit: 9)
    while true {
      let page = try snapshot.allOf(AllOfQuery(["salt"], order: order, page: request))
      #expect(page.total == all.total)
      walked += page.hits.map(\.recipe)
      guard let next = page.nextCursor else { break }
      request = PageRequest(limit: 9, start: .cursor(next))
    }
    #expect(walked == all.hits.map(\.recipe))
    let byOffset = try snapshot.allOf(
      AllOfQuery(["salt"], order: order, page: PageRequest(limit: 9, start: .offset(18))))
    #expect(byOffset.hits.map(\.recipe) == Array(walked.dropFirst(18).prefix(9)))
    if order == .title {
      let titles = walked.map { SearchFolding.fold(recipes[$0.index].title) }
      #expect(
        zip(titles, titles.dropFirst()).allSatisfy { !$1.utf8.lexicographicallyPrecedes($0.utf8) })
    }
    if order == .index { #expect(walked == walked.sorted()) }
    // The other cursor kind works too: an `o` offset in index order, an `i` (after this
    // recipe's place) in sorted orders, and paging on from it keeps walking the same list.
    let otherKind = order == .index ? PageCursor("o18")! : PageCursor("i\(walked[17])")!
    var resumed: [RecipeID] = []
    request = PageRequest(limit: 7, start: .cursor(otherKind))
    while true {
      let page = try snapshot.allOf(AllOfQuery(["salt"], order: order, page: request))
      resumed += page.hits.map(\.recipe)
      guard let next = page.nextCursor else { break }
      request = PageRequest(limit: 7, start: .cursor(next))
    }
    #expect(resumed == Array(walked.dropFirst(18)))
    let pastEveryRecipe = PageCursor("i18446744073709551615")!
    #expect(
      try snapshot.allOf(
        AllOfQuery(["salt"], order: order, page: PageRequest(start: .cursor(pastEveryRecipe)))
      ).hits.isEmpty)
  }

  @Test func zeroResultsOfferTheBestRelaxation() throws {
    let line = { (name: String) in IngredientLine(text: name, name: name) }
    let recipes = [
      Recipe(id: "1", title: "A", ingredients: [line("garlic"), line("lime")]),
      Recipe(id: "2", title: "B", ingredients: [line("garlic"), line("lime")]),
      Recipe(id: "3", title: "C", ingredients: [line("garlic"), line("mint")]),
      Recipe(id: "4", title: "D", ingredients: [line("mint"), line("lime")]),
    ]
    let snapshot = RandomCorpus.snapshot(recipes, .none)
    let result = try snapshot.allOf(AllOfQuery(["garlic", "lime", "mint"]))
    #expect(result.total == 0)
    #expect(result.relaxation == Relaxation(dropped: "mint", kept: ["garlic", "lime"], count: 2))
    #expect(try snapshot.allOf(AllOfQuery(["garlic", "lime"])).relaxation == nil)
  }

  @Test func unknownIngredientsSuggestCloseNames() throws {
    let (recipes, relations) = RandomCorpus.make(seed: 3, recipes: 100)
    let snapshot = RandomCorpus.snapshot(recipes, relations)
    #expect(throws: QueryError.unknownIngredient("garlc", didYouMean: ["garlic"])) {
      try snapshot.allOf(AllOfQuery(["garlc"]))
    }
    #expect(throws: QueryError.noIngredients) { try snapshot.allOf(AllOfQuery([])) }
    #expect(throws: QueryError.tooManyIngredients(given: 11, allowed: 10)) {
      try snapshot.allOf(AllOfQuery(Array(repeating: "salt", count: 11)))
    }
  }
}
