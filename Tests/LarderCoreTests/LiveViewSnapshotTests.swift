import LarderCore
import LarderTestSupport
import Testing

/// A live view's snapshot, derived from the base snapshot (its title orders kept and the
/// written recipes merged in, base recipes copied in runs), is the full build of the present
/// recipes array for array: checked by serialized bytes after seeded random writes and on the
/// edges that derivation opens (a base category emptied, or only written recipes left in it,
/// a new category, runs that start or end at the base's ends, every base recipe gone, titles
/// that tie in bytes or only once folded).
@Suite struct LiveViewSnapshotTests {
  /// The view of `order` over `base` against a full build of its present recipes.
  private func expectFullBuild(
    _ base: LiveBase, _ order: LiveRecipeOrder, _ all: [String: Recipe],
    _ table: WrittenRecipeTable, _ relations: IngredientRelations, _ context: String
  ) {
    let view = LiveView(base: base, order: order, relations: relations, recipes: table)
    let present = order.presentRecipes(over: base, in: all)
    let full = RandomCorpus.snapshot(present, relations)
    #expect(view.snapshot.serialized() == full.serialized(), "\(context)")
    #expect(view.publicIDs == present.map(\.id), "\(context)")
  }

  @Test(arguments: RandomCorpus.seeds)
  func randomWritesGiveTheFullBuild(seed: UInt64) {
    print("seed \(seed)")
    let (pool, relations) = RandomCorpus.make(seed: seed, recipes: 300, vocabulary: 50)
    let baseRecipes = Array(pool.prefix(120))
    let base = LiveBase.built(baseRecipes, relations)
    var all = Dictionary(uniqueKeysWithValues: baseRecipes.map { ($0.id, $0) })
    var order = LiveRecipeOrder(basePublicIDs: baseRecipes.map(\.id))
    var table = WrittenRecipeTable()
    var rng = SplitMix64(seed: seed &+ 5)
    var spare = Array(pool.dropFirst(120))
    var ids = baseRecipes.map(\.id)
    for step in 0..<150 {
      switch rng.next() % 3 {
      case 0 where !spare.isEmpty:  // a new recipe
        let recipe = spare.removeFirst()
        order.upsert(table.store(recipe))
        all[recipe.id] = recipe
        ids.append(recipe.id)
      case 1 where !ids.isEmpty:  // a replacement: another recipe's title, category, lines
        let id = ids[Int(rng.next() % UInt64(ids.count))]
        var next = pool[Int(rng.next() % UInt64(pool.count))]
        next.id = id
        order.upsert(table.store(next))
        all[id] = next
      default:  // a deletion
        guard !ids.isEmpty else { continue }
        let id = ids.remove(at: Int(rng.next() % UInt64(ids.count)))
        order.delete(id)
      }
      if step % 10 == 9 {
        expectFullBuild(base, order, all, table, relations, "seed \(seed) step \(step)")
      }
    }
  }

  @Test func edgesOfTheDerivation() {
    let lines = { (names: [String]) in names.map { IngredientLine(text: "1 \($0)", name: $0) } }
    let relations = IngredientRelations(
      parent: ["cheddar": "cheese"], aliases: ["scallion": "green onion"])
    func recipe(_ id: String, _ title: String, _ category: String?, _ names: [String]) -> Recipe {
      Recipe(id: id, title: title, category: category, area: nil, ingredients: lines(names))
    }
    let baseRecipes = [
      recipe("a", "Pie", "Dessert", ["sugar", "butter"]),
      recipe("b", "pie", "Dessert", ["sugar", "cheddar"]),
      recipe("c", "Pie", "Beef", ["beef", "onion"]),
      recipe("d", "Stew", "Beef", ["beef", "green onion"]),
      recipe("e", "Apple Pie", nil, ["apple", "sugar"]),
      recipe("f", "Zest", "Vegan", ["lemon"]),
    ]
    let base = LiveBase.built(baseRecipes, relations)
    let all = Dictionary(uniqueKeysWithValues: baseRecipes.map { ($0.id, $0) })
    let fresh = LiveRecipeOrder(basePublicIDs: baseRecipes.map(\.id))
    var table = WrittenRecipeTable()
    var cases: [(String, LiveRecipeOrder, [String: Recipe])] = []

    // Every Beef recipe replaced into a new category; Vegan deleted whole.
    var order = fresh
    var written = all
    for (id, title) in [("c", "Pie"), ("d", "Crème Stew")] {
      let next = recipe(id, title, "Crème", ["cheese", "onion"])
      order.upsert(table.store(next))
      written[id] = next
    }
    order.delete("f")
    cases.append(("category emptied and new one", order, written))

    // The first and last base recipes replaced, a new recipe in an old category, one without.
    order = fresh
    written = all
    for next in [
      recipe("a", "pie", "Dessert", ["salt"]), recipe("f", "Apple Pie", "Vegan", ["apple"]),
      recipe("g", "Pie", "Dessert", ["sugar"]), recipe("h", "Pie", nil, ["new thing"]),
    ] {
      order.upsert(table.store(next))
      written[next.id] = next
    }
    cases.append(("ends replaced, ties in title", order, written))

    // Every base recipe gone, written ones only; then a deleted id written again.
    order = fresh
    written = all
    for id in baseRecipes.map(\.id) { order.delete(id) }
    cases.append(("base emptied", order, written))
    let again = recipe("c", "Stew", "Beef", ["cheddar"])
    order.upsert(table.store(again))
    written["c"] = again
    order.upsert(table.store(recipe("i", "Apple pie", "Dessert", ["scallion"])))
    written["i"] = recipe("i", "Apple pie", "Dessert", ["scallion"])
    cases.append(("base emptied, written again", order, written))

    for (name, order, written) in cases {
      expectFullBuild(base, order, written, table, relations, name)
    }
  }
}
