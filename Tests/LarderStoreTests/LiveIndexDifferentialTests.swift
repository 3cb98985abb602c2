import Foundation
import LarderTestSupport
import Testing

@testable import LarderCore
@testable import LarderStore

/// A live index, after every step of a seeded random sequence of adds, replacements (new
/// ingredients, title, category, area, time) and deletions, with compactions and reopenings
/// between, answers every query as the brute-force oracle and a full build of the same final
/// corpus do: existing recipes in place, replaced ones in place, new ones appended in write
/// order, a deleted id written again as new.
@Suite struct LiveIndexDifferentialTests {
  @Test(arguments: RandomCorpus.seeds)
  func liveIndexAnswersAsAFullBuild(seed: UInt64) throws {
    // Even seeds compact on their own every few writes, on a thread of their own, while the
    // steps go on; odd seeds only when a step asks.
    let automatic =
      seed % 2 == 0 ? AutomaticCompaction(minimumPlaces: 6, baseFraction: 0) : .never
    print("seed \(seed), automatic compaction \(automatic)")
    let (pool, relations) = RandomCorpus.make(seed: seed, recipes: 160, vocabulary: 40)
    let directory = try Fixtures.temporaryDirectory()
    let url = directory.appendingPathComponent("index.sqlite")
    var expected = Array(pool.prefix(60))
    _ = try IndexWriter.write(
      count: expected.count, recipe: { expected[$0] }, relations: relations, to: url)
    var live = try LiveIndex(url: url, relations: relations, automaticCompaction: automatic)
    var rng = SplitMix64(seed: seed &+ 17)
    var spare = Array(pool.dropFirst(60))
    var deletedIDs: [String] = []
    let names = Array(Set(pool.flatMap { $0.ingredients.map(\.name) })).sorted()
    func pick<T>(_ items: [T]) -> T { items[Int(rng.next() % UInt64(items.count))] }

    /// A new version of `recipe`: other ingredients, title, category, area or time.
    func changed(_ recipe: Recipe) -> Recipe {
      var next = recipe
      let donor = pick(pool)
      switch rng.next() % 4 {
      case 0: next.ingredients = donor.ingredients
      case 1: next.title = donor.title + (rng.next() % 2 == 0 ? " Again" : "")
      case 2:
        next.category = donor.category
        next.area = donor.area
      default:
        next.prepMinutes = donor.prepMinutes
        next.ingredients.append(contentsOf: donor.ingredients.prefix(2))
      }
      return next
    }

    for step in 0..<36 {
      let context = "seed \(seed) step \(step)"
      switch rng.next() % 10 {
      case 0, 1, 2:  // new recipes, sometimes an id deleted before
        var batch: [Recipe] = []
        for _ in 0..<(1 + Int(rng.next() % 3)) where !spare.isEmpty {
          var recipe = spare.removeFirst()
          if !deletedIDs.isEmpty && rng.next() % 3 == 0 {
            recipe.id = deletedIDs.remove(at: Int(rng.next() % UInt64(deletedIDs.count)))
          }
          batch.append(recipe)
        }
        let outcomes = try live.upsert(batch)
        for (recipe, outcome) in zip(batch, outcomes) {
          let present = expected.firstIndex { $0.id == recipe.id }
          #expect(outcome == (present == nil ? .added : .replaced), "\(context)")
          if let present { expected[present] = recipe } else { expected.append(recipe) }
        }
      case 3, 4, 5:  // replacements
        guard !expected.isEmpty else { continue }
        let at = Int(rng.next() % UInt64(expected.count))
        let next = changed(expected[at])
        #expect(try live.upsert([next]) == [.replaced], "\(context)")
        expected[at] = next
      case 6, 7, 8:  // deletions, with an unknown id now and then
        guard !expected.isEmpty else { continue }
        var ids = (0..<(1 + Int(rng.next() % 3))).map { _ in pick(expected).id }
        if rng.next() % 3 == 0 { ids.append("no-such-recipe") }
        let result = try live.delete(ids: ids)
        var wanted: [String] = []
        var missing: [String] = []
        for id in ids {
          if let at = expected.firstIndex(where: { $0.id == id }) {
            expected.remove(at: at)
            wanted.append(id)
            deletedIDs.append(id)
          } else {
            missing.append(id)
          }
        }
        #expect(result == LiveDeletion(deleted: wanted, missing: missing), "\(context)")
      default:  // compaction or a reopening from disk
        live.waitForCompaction()
        if rng.next() % 2 == 0 {
          try live.compact()
          #expect(live.segmentSize.written == 0 && live.segmentSize.deleted == 0, "\(context)")
        } else {
          live = try LiveIndex(url: url, relations: relations, automaticCompaction: automatic)
        }
      }
      try expectNoWholeSnapshot(live, expected, context)
      try compare(live, expected, relations, names, seed: seed &+ UInt64(step), context)
    }
    // The final state, compacted and reopened, and a real index file of the final corpus.
    live.waitForCompaction()
    #expect(live.lastCompactionError == nil, "seed \(seed)")
    try live.compact()
    live = try LiveIndex(url: url, relations: relations)
    try compare(live, expected, relations, names, seed: seed, "seed \(seed) final")
    let rebuilt = directory.appendingPathComponent("rebuilt.sqlite")
    _ = try IndexWriter.write(
      count: expected.count, recipe: { expected[$0] }, relations: relations, to: rebuilt)
    let reader = try IndexReader(url: rebuilt)
    try live.read { access throws in
      for (i, recipe) in expected.enumerated() {
        #expect(try access.recipe(publicID: recipe.id) == reader.recipe(RecipeID(i)))
      }
      #expect(
        try access.summaries(of: (0..<expected.count).map(RecipeID.init))
          == reader.summaries(of: (0..<expected.count).map(RecipeID.init)))
      // An id the view does not hold is an error naming it, never a shorter page.
      #expect(throws: IndexContentError.self) {
        try access.summaries(of: [RecipeID(0), RecipeID(expected.count)])
      }
      for text in ["t", "s", "cr", "pie", "zest a", "x"] {
        #expect(
          try access.view.suggestRecipes(text, limit: 8) == reader.suggestRecipes(text, limit: 8),
          "\(text)")
      }
    }
  }

  /// The queries that need no snapshot (detail, summaries, title suggestions, text search),
  /// the merged ones (all-of, pantry, browse, counts) and suggestions (on the ingredient
  /// tables) leave the view's whole snapshot unbuilt after a write: they never wait for a
  /// whole-view build.
  private func expectNoWholeSnapshot(
    _ live: LiveIndex, _ expected: [Recipe], _ context: String
  ) throws {
    try live.read { access throws in
      let view = access.view
      if let recipe = expected.last {
        #expect(try access.recipe(publicID: recipe.id)?.title == recipe.title, "\(context)")
        _ = try access.summaries(of: [RecipeID(expected.count - 1)])
        _ = view.suggestRecipes(String(recipe.title.prefix(2)), limit: 5)
        _ = try? access.search(TextSearchRequest(text: recipe.title, limit: 5))
        if let name = recipe.ingredients.first?.name {
          _ = try view.allOf(AllOfQuery([name]))
          _ = try view.pantry(PantryQuery(have: [name], maxMissing: 2))
          _ = try view.suggest(String(name.prefix(2)), limit: 8, kind: .all)
        }
        _ = view.categories()
        _ = view.randomRecipes(count: 2, category: recipe.category, seed: 1)
      }
      // A background compaction may have made the base hold every write (no merge then).
      #expect(view.builtSnapshot == nil || view.isBase, "\(context)")
    }
  }

  /// Every query type on `live` against the oracle and a full snapshot build of `expected`.
  private func compare(
    _ live: LiveIndex, _ expected: [Recipe], _ relations: IngredientRelations, _ names: [String],
    seed: UInt64, _ context: String
  ) throws {
    let oracle = Oracle(expected, relations)
    let full = RandomCorpus.snapshot(expected, relations)
    try live.read { access throws in
      let view = access.view
      let snapshot = view.snapshot
      #expect(view.publicIDs == expected.map(\.id), "\(context)")
      #expect(snapshot.recipeCount == expected.count, "\(context)")
      // The view's snapshot is the full build's, array for array (however the view derived
      // it from the base and the writes).
      #expect(snapshot.serialized() == full.serialized(), "\(context)")
      // Counts, families and the ingredient table.
      #expect(snapshot.ingredientCount == full.ingredientCount, "\(context)")
      for i in 0..<min(snapshot.ingredientCount, full.ingredientCount) {
        let id = IngredientID(i)
        #expect(snapshot.ingredientName(id) == full.ingredientName(id), "\(context)")
        #expect(snapshot.ingredientRecipeCounts[i] == full.ingredientRecipeCounts[i], "\(context)")
        #expect(snapshot.ingredientFamilyCounts[i] == full.ingredientFamilyCounts[i], "\(context)")
        #expect(
          Int(snapshot.ingredientRecipeCounts[i])
            == oracle.recipeCounts[snapshot.ingredientName(id), default: 0], "\(context)")
      }
      var rng = SplitMix64(seed: seed)
      func pick<T>(_ items: [T]) -> T { items[Int(rng.next() % UInt64(items.count))] }
      let scratch = QueryScratch(for: snapshot)
      let matcher = PantryMatcher(snapshot: snapshot)
      let fullMatcher = PantryMatcher(snapshot: full)
      let present = names.filter { snapshot.ingredientID($0) != nil }
      for _ in 0..<6 where !present.isEmpty {
        // All-of, family and exact, with filters, against the oracle and the full build.
        let query = (0..<(1 + Int(rng.next() % 2))).map { _ in pick(present) }
        let filter =
          rng.next() % 2 == 0 || expected.isEmpty
          ? RecipeFilter.none : RecipeFilter(category: pick(expected).category, maxMinutes: 60)
        for matching in [IngredientMatching.family, .exact] {
          let all = AllOfQuery(
            query, filter: filter, matching: matching, page: PageRequest(limit: 1000))
          let got = try snapshot.allOf(all, scratch: scratch)
          #expect(
            got.hits.map(\.recipe.index)
              == oracle.allOf(query, filter: filter, matching: matching), "\(context) \(query)")
          #expect(got == (try full.allOf(all)), "\(context) \(query)")
          // The merged path (base + written recipes' snapshot + deletion marks) answers the same.
          #expect(try view.mergedAllOf(all) == got, "\(context) \(query)")
          let titled = AllOfQuery(
            query, matching: matching, order: .title, page: PageRequest(limit: 7))
          #expect(try snapshot.allOf(titled) == full.allOf(titled), "\(context) \(query)")
          #expect(try view.mergedAllOf(titled) == full.allOf(titled), "\(context) \(query)")
          // Pantry.
          let pantry = PantryQuery(
            have: query + [pick(present)], maxMissing: 3, matching: matching, limit: 50)
          let hits = try matcher.match(pantry, scratch: scratch)
          #expect(hits == (try fullMatcher.match(pantry)), "\(context) \(query)")
          #expect(
            hits.hits.map(\.recipe.index)
              == Array(
                oracle.pantry(have: pantry.have, maxMissing: 3, matching: matching).map(\.recipe)
                  .prefix(50)), "\(context) \(query)")
        }
        let exact = snapshot.exactAllOf(query, limit: 10, scratch: scratch)
        let exactOracle = oracle.exactAllOf(query, limit: 10)
        #expect(exact.count == exactOracle.count, "\(context) \(query)")
        #expect(exact.first.map(\.index) == exactOracle.first, "\(context) \(query)")
        let exactPantry = snapshot.exactPantry(Array(Set(query)), limit: 10, scratch: scratch)
        #expect(
          exactPantry.map { $0.recipe.index }
            == oracle.exactPantry(Array(Set(query)), limit: 10).map(\.recipe), "\(context)")
      }
      // Suggestions of every kind, and the harness prefix.
      for text in ["o", "re", "gr", "che", "sm", "pepper", "scal", "t", "s", "cr", "zz", "Cr"] {
        #expect(
          try snapshot.suggest(text, limit: 8, kind: .all, titles: view)
            == full.suggest(text, limit: 8, kind: .all, titles: FullTitles(expected)),
          "\(context) \(text)")
        #expect(
          snapshot.plainPrefix(text, k: 6).map { snapshot.ingredientName($0) }
            == oracle.plainPrefix(text, k: 6), "\(context) \(text)")
        #expect(
          view.suggestRecipes(text, limit: 6).map(\.value)
            == oracle.titleSuggestions(text, limit: 6).map { expected[$0].id },
          "\(context) \(text)")
      }
      // Browse, counts per category and area, pages, random picks.
      #expect(snapshot.categories() == full.categories(), "\(context)")
      #expect(snapshot.areas() == full.areas(), "\(context)")
      for group in snapshot.categories() {
        #expect(
          group.recipeCount == expected.filter { $0.category == group.name }.count, "\(context)")
        for page in 0..<3 {
          #expect(
            snapshot.recipes(inCategory: group.name, offset: page * 5, limit: 5)
              == full.recipes(inCategory: group.name, offset: page * 5, limit: 5), "\(context)")
          #expect(
            snapshot.categoryPageByTitleBytes(group.name, page: page, limit: 5).map(\.index)
              == oracle.categoryPage(group.name, page: page, limit: 5), "\(context)")
        }
        #expect(
          snapshot.randomRecipes(count: 3, category: group.name, seed: seed)
            == full.randomRecipes(count: 3, category: group.name, seed: seed), "\(context)")
      }
      for group in snapshot.areas() {
        #expect(
          snapshot.recipes(inArea: group.name, limit: 50)
            == full.recipes(inArea: group.name, limit: 50), "\(context)")
      }
      #expect(
        snapshot.randomRecipes(count: 5, seed: seed) == full.randomRecipes(count: 5, seed: seed),
        "\(context)")
      // Detail and summaries by public id.
      let ids = (0..<expected.count).map(RecipeID.init)
      let summaries = try access.summaries(of: ids)
      #expect(summaries.map(\.publicID) == expected.map(\.id), "\(context)")
      #expect(summaries.map(\.title) == expected.map(\.title), "\(context)")
      #expect(summaries.map(\.category) == expected.map(\.category), "\(context)")
      #expect(summaries.map(\.totalMinutes) == expected.map(\.totalMinutes), "\(context)")
      for recipe in expected {
        let stored = try access.recipe(publicID: recipe.id)
        #expect(stored?.title == recipe.title, "\(context) \(recipe.id)")
        #expect(
          stored?.ingredients.map(\.name) == recipe.ingredients.map(\.name),
          "\(context) \(recipe.id)")
        #expect(stored?.area == recipe.area, "\(context) \(recipe.id)")
      }
    }
  }
}

/// Recipe-title suggestions of a corpus computed by brute force, as a full build's index file
/// answers them (the oracle's order, whole titles first).
private struct FullTitles: RecipeTitleSuggester {
  let recipes: [Recipe]
  init(_ recipes: [Recipe]) { self.recipes = recipes }
  func suggestRecipes(_ text: String, limit: Int) throws -> [Suggestion] {
    Oracle(recipes).titleSuggestions(text, limit: limit).map { i in
      let whole = SearchFolding.fold(recipes[i].title) == SearchFolding.fold(text)
      return Suggestion(
        kind: .recipe, display: recipes[i].title, value: recipes[i].id, recipeCount: 1,
        match: whole ? .exact : .prefix)
    }
  }
}
