import LarderTestSupport
import Testing

@testable import LarderCore

/// The merged queries of a live view (base snapshot + the written recipes' snapshot + deletion
/// marks, no whole snapshot) against a full build of the present recipes and the brute-force
/// oracle, after seeded random writes: all-of in every order with filters, exclusions,
/// relaxations, offset and keyset cursors, names a full build does not know; the line names
/// of hits; diet masks; recipe-title suggestions. Each check runs on a fresh view, and the
/// view's whole snapshot must still be unbuilt after it (the merged path never builds it).
@Suite struct LiveMergedQueryTests {
  /// The answer or the error, for comparing both.
  private func outcome<T>(_ body: () throws -> T) -> Result<T, QueryError> {
    do { return .success(try body()) } catch let error as QueryError {
      return .failure(error)
    } catch {
      Issue.record("unexpected error \(error)")
      return .failure(.noIngredients)
    }
  }

  @Test(arguments: RandomCorpus.seeds)
  func mergedQueriesAnswerAsAFullBuild(seed: UInt64) throws {
    print("seed \(seed)")
    let (pool, relations) = RandomCorpus.make(seed: seed, recipes: 260, vocabulary: 45)
    let baseRecipes = Array(pool.prefix(110))
    let base = LiveBase.built(baseRecipes, relations)
    var all = Dictionary(uniqueKeysWithValues: baseRecipes.map { ($0.id, $0) })
    var order = LiveRecipeOrder(basePublicIDs: baseRecipes.map(\.id))
    var table = WrittenRecipeTable()
    var rng = SplitMix64(seed: seed &+ 11)
    func pick<T>(_ items: [T]) -> T { items[Int(rng.next() % UInt64(items.count))] }
    var spare = Array(pool.dropFirst(110))
    var ids = baseRecipes.map(\.id)
    var deleted: [String] = []
    // Names as typed: canonical, parents, aliases, plurals, case, unknown ones.
    let typed =
      Array(Set(pool.flatMap { $0.ingredients.map(\.name) })).sorted()
      + ["cheese", "cheddar", "scallion", "Onions", "GARLIC", "eggs", "no such food", "aubergine"]
    let categories = ["Dessert", "Beef", "Vegan", "Seafood", "Pasta", "Crème", "None such"]
    let orders: [ResultOrder] = [.index, .title, .totalTime, .ingredientCount]
    for step in 0..<60 {
      switch rng.next() % 4 {
      case 0 where !spare.isEmpty:  // a new recipe, sometimes a deleted id again
        var recipe = spare.removeFirst()
        if !deleted.isEmpty && rng.next() % 3 == 0 { recipe.id = deleted.removeLast() }
        order.upsert(table.store(recipe))
        all[recipe.id] = recipe
        ids.append(recipe.id)
      case 1 where !ids.isEmpty, 2 where !ids.isEmpty:  // a replacement
        let id = pick(ids)
        var next = pick(pool)
        next.id = id
        if rng.next() % 4 == 0 {
          next.ingredients.append(IngredientLine(text: "1 new food", name: "new food \(step % 3)"))
        }
        order.upsert(table.store(next))
        all[id] = next
      default:  // a deletion
        guard !ids.isEmpty else { continue }
        let id = ids.remove(at: Int(rng.next() % UInt64(ids.count)))
        order.delete(id)
        deleted.append(id)
      }
      guard step % 3 == 2 else { continue }
      let context = "seed \(seed) step \(step)"
      let present = order.presentRecipes(over: base, in: all)
      let full = RandomCorpus.snapshot(present, relations)
      let oracle = Oracle(present, relations)
      let view = LiveView(base: base, order: order, relations: relations, recipes: table)
      let names = typed + ["new food 0", "new food 1", "new food 2"]
      // Names the oracle matches as typed (it resolves no alias, plural or case).
      let canonical = Set(pool.flatMap { $0.ingredients.map(\.name) } + names.suffix(3))
      for _ in 0..<25 {
        let query = (0..<(1 + Int(rng.next() % 3))).map { _ in pick(names) }
        var filter = RecipeFilter.none
        switch rng.next() % 5 {
        case 0: filter.category = pick(categories)
        case 1: filter.maxMinutes = Int(rng.next() % 90)
        case 2: filter.excludedFlags = RandomCorpus.dairyFlag
        default: break
        }
        let without = rng.next() % 3 == 0 ? [pick(names)] : []
        let matching: IngredientMatching = rng.next() % 2 == 0 ? .family : .exact
        let resultOrder = pick(orders)
        let limit = 1 + Int(rng.next() % 7)
        var asked = AllOfQuery(
          query, without: without, filter: filter, matching: matching, order: resultOrder,
          page: PageRequest(limit: limit, start: .offset(Int(rng.next() % 4))))
        // Page through: the first page, then each next cursor, then a cursor past the end.
        for _ in 0..<4 {
          let got = outcome { try view.allOf(asked) }
          let expected = outcome { try full.allOf(asked) }
          #expect(got == expected, "\(context) \(asked)")
          guard case .success(let result) = got else { break }
          if asked.page.start == .offset(0) && resultOrder == .index {
            let brute = oracle.allOf(query, without: without, filter: filter, matching: matching)
            if (query + without).allSatisfy(canonical.contains) {
              #expect(result.total == brute.count, "\(context) \(asked)")
            }
          }
          for hit in result.hits {
            #expect(
              view.lineIngredientNames(of: hit.recipe) == full.lineIngredientNames(of: hit.recipe),
              "\(context)")
          }
          guard let next = result.nextCursor else { break }
          asked.page.start = .cursor(next)
        }
        asked.page.start = .cursor(PageCursor("i\(present.count + 5)")!)
        #expect(
          outcome { try view.allOf(asked) } == outcome { try full.allOf(asked) }, "\(context)")
        if !present.isEmpty {
          asked.page.start = .cursor(PageCursor("i\(Int(rng.next() % UInt64(present.count)))")!)
          #expect(
            outcome { try view.allOf(asked) } == outcome { try full.allOf(asked) },
            "\(context) \(asked)")
        }
      }
      // Ingredient and category suggestions (prefix table, typo tries, family counts) and
      // name resolution from the ingredient tables, against the full build.
      let tables = view.ingredientTables
      #expect(tables.ingredientCount == full.ingredientCount, "\(context)")
      for text in [
        "o", "re", "gr", "che", "sm", "pepper", "scal", "t", "s", "cr", "zz", "Cr", "chese",
        "tomatos", "garlik", "onoin", "smoked chese", "new f", "black pepers", "Crè", "d", "p",
      ] {
        let excluded: Set<String> = rng.next() % 2 == 0 ? [] : [pick(names), pick(names)]
        #expect(
          tables.suggest(text, limit: 8, kind: [.ingredient, .category], excluding: excluded)
            == full.suggest(text, limit: 8, kind: [.ingredient, .category], excluding: excluded),
          "\(context) \(text) \(excluded)")
      }
      for name in names {
        let id = tables.resolveIngredient(name)
        let fullID = full.resolveIngredient(name)
        #expect(id.map(tables.ingredientName) == fullID.map(full.ingredientName), "\(context)")
        if let id, let fullID {
          #expect(
            tables.members(of: id, .family).map(tables.ingredientName).sorted()
              == full.members(of: fullID, .family).map(full.ingredientName).sorted(), "\(context)")
          #expect(
            tables.ancestry(of: id).map(tables.ingredientName)
              == full.ancestry(of: fullID).map(full.ingredientName), "\(context)")
          #expect(
            tables.ingredientFamilyCounts[id.index] == full.ingredientFamilyCounts[fullID.index],
            "\(context) \(name)")
        }
      }
      #expect(view.categories() == full.categories(), "\(context)")
      #expect(view.areas() == full.areas(), "\(context)")
      for group in full.categories() + [BrowseGroup(name: "None such", recipeCount: 0)] {
        for offset in [0, 3] {
          #expect(
            view.recipes(inCategory: group.name, offset: offset, limit: 4)
              == full.recipes(inCategory: group.name, offset: offset, limit: 4), "\(context)")
        }
        #expect(
          view.categoryPageByTitleBytes(group.name, page: 1, limit: 3)
            == full.categoryPageByTitleBytes(group.name, page: 1, limit: 3), "\(context)")
        #expect(
          view.randomRecipes(count: 3, category: group.name, seed: seed)
            == full.randomRecipes(count: 3, category: group.name, seed: seed), "\(context)")
      }
      for group in full.areas() {
        #expect(
          view.recipes(inArea: group.name, limit: 50)
            == full.recipes(inArea: group.name, limit: 50),
          "\(context)")
      }
      #expect(
        view.randomRecipes(count: 5, seed: seed) == full.randomRecipes(count: 5, seed: seed),
        "\(context)")
      // Pantry matching, with staples, must, without, filters, unknown names either way.
      for _ in 0..<12 {
        let have = (0..<(1 + Int(rng.next() % 6))).map { _ in pick(names) }
        var pantry = PantryQuery(
          have: have, must: rng.next() % 3 == 0 ? [pick(names)] : [],
          without: rng.next() % 3 == 0 ? [pick(names)] : [],
          maxMissing: rng.next() % 2 == 0 ? nil : Int(rng.next() % 4),
          staples: rng.next() % 2 == 0 ? .ignored : .assumed(["salt", "pepper", "olive oil"]),
          matching: rng.next() % 2 == 0 ? .family : .exact,
          filter: rng.next() % 4 == 0 ? RecipeFilter(category: pick(categories)) : .none,
          limit: Int(rng.next() % 12), suggestionLimit: 4,
          unknownItems: rng.next() % 2 == 0 ? .refuse : .skip)
        let got = outcome { try view.merged.pantry(pantry) }
        let expected = outcome { try PantryMatcher(snapshot: full).match(pantry) }
        #expect(got == expected, "\(context) \(pantry)")
        // Every qualifying recipe, in rank order.
        pantry.limit = 500
        #expect(
          outcome { try view.merged.pantry(pantry) }
            == outcome { try PantryMatcher(snapshot: full).match(pantry) }, "\(context)")
      }
      // The harness's queries.
      let scratch = QueryScratch(for: full)
      for _ in 0..<20 {
        let pair = [pick(names), pick(names)]
        let merged = view.exactAllOf(pair, limit: 5)
        let whole = full.exactAllOf(pair, limit: 5, scratch: scratch)
        #expect(merged.count == whole.count && merged.first == whole.first, "\(context) \(pair)")
        let one = view.exactAllOf([pair[0]], limit: 5)
        let wholeOne = full.exactAllOf([pair[0]], limit: 5, scratch: scratch)
        #expect(one.count == wholeOne.count && one.first == wholeOne.first, "\(context)")
      }
      for text in ["o", "re", "gr", "che", "s", "sm", "new", "b", "x"] {
        #expect(
          view.plainPrefix(text, k: 6) == full.plainPrefix(text, k: 6).map(full.ingredientName),
          "\(context) \(text)")
      }
      let diets = RecipeFilter(excludedFlags: RandomCorpus.dairyFlag | RandomCorpus.meatFlag)
      #expect(view.recipes(passingDietsOf: diets) == full.recipes(passingDietsOf: diets))
      for text in ["t", "s", "cr", "pie", "zest a", "x", "Crè"] {
        #expect(
          try view.suggest(text, limit: 6, kind: .recipe).map(\.value)
            == oracle.titleSuggestions(text, limit: 6).map { present[$0].id }, "\(context) \(text)")
        // Every kind at once: the full build's lists merged with the view's titles.
        #expect(
          try view.suggest(text, limit: 8, kind: .all)
            == full.suggest(text, limit: 8, kind: .all, titles: view), "\(context) \(text)")
      }
      #expect(view.publicIDs == present.map(\.id), "\(context)")
      // None of the above built the view's whole snapshot (unless no write changed the base).
      #expect(view.builtSnapshot == nil || view.isBase, "\(context)")
    }
  }

  /// How many base recipes the writes of ``harnessQueriesMaskBaseMatchesOverBitmaps`` mask.
  enum MaskedShare: CaseIterable, Sendable {
    /// A third of the writes replace a base recipe and a fifth delete one (hundreds masked):
    /// the marks are ANDed with every bitmap word.
    case many
    /// Two base recipes that use the two commonest names: each is probed and taken off the
    /// count, the marks read only where ids are written.
    case few
  }

  /// The harness's AND and category pages over parts large enough for bitmaps (hundreds of
  /// recipes per common name, in the base and in the written recipes): the base's matches
  /// less the masked ones (base recipes replaced or deleted, many of which match), the
  /// written recipes' matches, merged and cut at the limit (0, 1, a few, more than all),
  /// against a full build of the present recipes; names of one part only, and of neither.
  @Test(arguments: RandomCorpus.seeds, MaskedShare.allCases)
  func harnessQueriesMaskBaseMatchesOverBitmaps(seed: UInt64, share: MaskedShare) throws {
    print("seed \(seed) \(share)")
    let baseSize = share == .many ? 1_000 : 2_000
    let (pool, relations) = RandomCorpus.make(
      seed: seed, recipes: baseSize + (share == .many ? 500 : 300), vocabulary: 16)
    let baseRecipes = Array(pool.prefix(baseSize))
    let base = LiveBase.built(baseRecipes, relations)
    var all = Dictionary(uniqueKeysWithValues: baseRecipes.map { ($0.id, $0) })
    var order = LiveRecipeOrder(basePublicIDs: baseRecipes.map(\.id))
    var table = WrittenRecipeTable()
    var rng = SplitMix64(seed: seed &+ 29)
    var untouched = baseRecipes.map(\.id)
    // For `few`: the base recipes using the two commonest names, to replace and delete.
    let commonest = Dictionary(
      baseRecipes.flatMap { Set($0.ingredients.map(\.name)) }.map { ($0, 1) }, uniquingKeysWith: +
    )
    .sorted { $0.value > $1.value }.prefix(2).map(\.key)
    var usingCommonest = baseRecipes.filter { recipe in
      commonest.allSatisfy { name in recipe.ingredients.contains { $0.name == name } }
    }.map(\.id)
    func take(_ id: String) -> String {
      untouched.removeAll { $0 == id }
      return id
    }
    for (k, recipe) in pool.dropFirst(baseSize).enumerated() {
      var written = recipe
      switch share {
      case .many where k % 3 == 0:  // a replacement of a base recipe (its matches masked)
        written.id = untouched.remove(at: Int(rng.next() % UInt64(untouched.count)))
      case .few where k == 0 && !usingCommonest.isEmpty:
        written.id = take(usingCommonest.removeFirst())
      default: break
      }
      if k % 50 == 7 {  // a recipe of a name no base recipe uses
        written.ingredients.append(IngredientLine(text: "1 written food", name: "written food"))
      }
      order.upsert(table.store(written))
      all[written.id] = written
      switch share {
      case .many where k % 5 == 0:  // a deletion of a base recipe
        order.delete(untouched.remove(at: Int(rng.next() % UInt64(untouched.count))))
      case .few where k == 1 && !usingCommonest.isEmpty:
        order.delete(take(usingCommonest.removeFirst()))
      default: break
      }
    }
    let present = order.presentRecipes(over: base, in: all)
    let full = RandomCorpus.snapshot(present, relations)
    let view = LiveView(base: base, order: order, relations: relations, recipes: table)
    let segment = view.segment
    // Every name by popularity in the full build, then names of one part or of none.
    let popular = (0..<full.ingredientCount).map { full.ingredientName(IngredientID($0)) }
      .filter { full.ingredientRecipeCounts[full.ingredientID($0)!.index] > 0 }
    let names = popular + ["written food", "no such food"]
    // The paths under test are taken: bitmaps with masked matches in the base, bitmaps in the
    // written recipes' snapshot, and lists in both.
    func hasBitmap(_ snapshot: Snapshot, _ name: String) -> Bool {
      snapshot.ingredientID(name).map(snapshot.postings.hasBitmap) ?? false
    }
    #expect(
      popular.contains {
        hasBitmap(segment.base, $0)
          && segment.maskedCounts[segment.base.ingredientID($0)!.index] > 0
      })
    #expect(popular.contains { hasBitmap(segment.live, $0) })
    #expect(popular.contains { !hasBitmap(segment.base, $0) && !hasBitmap(segment.live, $0) })
    if share == .few {
      // Both commonest names have a masked recipe, and the masked are few against the words.
      #expect(
        commonest.allSatisfy {
          hasBitmap(segment.base, $0)
            && segment.maskedCounts[segment.base.ingredientID($0)!.index] > 0
        })
      #expect(2 * 16 <= segment.base.postings.wordsPerBitmap)
    }
    let scratch = QueryScratch(for: full)
    for _ in 0..<300 {
      // Mostly common names (many matches, masked ones among them), sometimes any name.
      let query = (0..<(1 + Int(rng.next() % 3))).map { _ in
        rng.next() % 4 == 0
          ? names[Int(rng.next() % UInt64(names.count))]
          : popular[Int(rng.next() % UInt64(min(share == .many ? 6 : 3, popular.count)))]
      }
      for limit in [0, 1, 3, 20, 5_000] {
        let merged = view.merged.exactAllOf(query, limit: limit)
        let whole = full.exactAllOf(query, limit: limit, scratch: scratch)
        #expect(
          merged.count == whole.count && merged.first == whole.first,
          "seed \(seed) \(share) \(query) limit \(limit)")
      }
    }
    for group in full.categories() + [BrowseGroup(name: "None such", recipeCount: 0)] {
      for page in [0, 1, 7, 1_000] {
        // Twice: the first page of a group merges its order, the second reads it.
        for _ in 0..<2 {
          #expect(
            view.merged.categoryPageByTitleBytes(group.name, page: page, limit: 20)
              == full.categoryPageByTitleBytes(group.name, page: page, limit: 20),
            "seed \(seed) \(share) \(group.name) page \(page)")
        }
      }
    }
    #expect(view.builtSnapshot == nil)
  }
}
