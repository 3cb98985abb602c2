import LarderTestSupport
import Testing

@testable import LarderCore

/// A live view's category and area pages and counts (``LiveGroupOrders``, derived from the
/// view before it) against a full build of the present recipes, after each of a seeded random
/// sequence of writes that move recipes between groups, put recipes in groups the base does
/// not have, empty groups (one category and one area are drained: every write moves their
/// recipes out, and the test checks both end empty), and delete recipes (holes, so dense ids
/// are not places). Views follow each other, and some are never queried (the next one derives
/// from an earlier view's orders).
@Suite struct LiveGroupOrderTests {
  @Test(arguments: RandomCorpus.seeds)
  func derivedGroupOrdersAnswerAsAFullBuild(seed: UInt64) throws {
    print("seed \(seed)")
    let (pool, relations) = RandomCorpus.make(seed: seed, recipes: 260, vocabulary: 30)
    let prepared = PreparedRelations(relations)
    let baseRecipes = Array(pool.prefix(110))
    let base = LiveBase.built(baseRecipes, relations)
    var all = Dictionary(uniqueKeysWithValues: baseRecipes.map { ($0.id, $0) })
    var order = LiveRecipeOrder(basePublicIDs: baseRecipes.map(\.id))
    var table = WrittenRecipeTable()
    var rng = SplitMix64(seed: seed &+ 31)
    func pick<T>(_ items: [T]) -> T { items[Int(rng.next() % UInt64(items.count))] }
    var spare = Array(pool.dropFirst(110))
    var ids = baseRecipes.map(\.id)
    // Drained: no write puts a recipe in them, and writes pick their recipes first.
    let (drainedCategory, drainedArea) = ("Crème", "Irish")
    let writtenCategories: [String?] = ["Dessert", "Beef", "Brand new", "Zeta", "Ämter", nil]
    let writtenAreas: [String?] = ["Italian", "Atlantis", "Thai", nil]
    func regrouped(_ recipe: Recipe) -> Recipe {
      var recipe = recipe
      recipe.category = pick(writtenCategories)
      recipe.area = pick(writtenAreas)
      return recipe
    }
    var previous: LiveView?
    for step in 0..<120 {
      switch rng.next() % 5 {
      case 0 where !spare.isEmpty:  // new recipes, one or a few
        for _ in 0..<min(1 + Int(rng.next() % 3), spare.count) {
          let recipe = regrouped(spare.removeFirst())
          order.upsert(table.store(recipe))
          all[recipe.id] = recipe
          ids.append(recipe.id)
        }
      case 1, 2, 3:  // a replacement, mostly of a drained group's recipe
        let drained = ids.filter {
          all[$0]?.category == drainedCategory || all[$0]?.area == drainedArea
        }
        let id = !drained.isEmpty && rng.next() % 4 != 0 ? pick(drained) : pick(ids)
        var next = regrouped(pick(pool))
        next.id = id
        // Sometimes the same title, so only the group moves (or nothing does).
        if rng.next() % 3 == 0, let old = all[id] { next.title = old.title }
        order.upsert(table.store(next))
        all[id] = next
      default:  // a deletion
        guard ids.count > 1 else { continue }
        order.delete(ids.remove(at: Int(rng.next() % UInt64(ids.count))))
      }
      let view = LiveView(
        base: base, order: order, preparedRelations: prepared, recipes: table,
        following: previous)
      previous = view
      // Some views are never queried: the next one derives from an earlier view's orders.
      guard rng.next() % 3 != 0 || step == 119 else { continue }
      let context = "seed \(seed) step \(step)"
      let full = RandomCorpus.snapshot(order.presentRecipes(over: base, in: all), relations)
      let merged = view.merged
      #expect(merged.categories() == full.categories(), "\(context)")
      #expect(merged.areas() == full.areas(), "\(context)")
      let categories = Set(
        baseRecipes.compactMap(\.category) + writtenCategories.compactMap { $0 } + ["None such"])
      for name in categories.sorted() {
        for offset in [0, 2, 7] {
          #expect(
            merged.recipes(inCategory: name, offset: offset, limit: 5)
              == full.recipes(inCategory: name, offset: offset, limit: 5), "\(context) \(name)")
        }
        for page in 0..<3 {
          #expect(
            merged.categoryPageByTitleBytes(name, page: page, limit: 4)
              == full.categoryPageByTitleBytes(name, page: page, limit: 4), "\(context) \(name)")
        }
        #expect(
          merged.randomRecipes(count: 4, category: name, seed: seed)
            == full.randomRecipes(count: 4, category: name, seed: seed), "\(context) \(name)")
      }
      let areas = Set(
        baseRecipes.compactMap(\.area) + writtenAreas.compactMap { $0 } + ["Nowhere"])
      for name in areas.sorted() {
        #expect(
          merged.recipes(inArea: name, limit: 200) == full.recipes(inArea: name, limit: 200),
          "\(context) \(name)")
      }
      if step == 119 {
        // The drained groups did end empty: the test covered groups a write empties.
        #expect(!full.categories().contains { $0.name == drainedCategory }, "\(context)")
        #expect(!full.areas().contains { $0.name == drainedArea }, "\(context)")
        #expect(full.categories().contains { $0.name == "Brand new" }, "\(context)")
      }
    }
  }
}
