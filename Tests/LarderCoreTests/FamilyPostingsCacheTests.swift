import LarderTestSupport
import Testing

@testable import LarderCore

/// Family-mode queries intersect a family's union of posting lists, built once per snapshot
/// and kept in its ``FamilyPostingsCache``; the answers are those of the oracle either way
/// (`AllOfQueryTests`), these tests pin what the cache holds.
@Suite struct FamilyPostingsCacheTests {
  @Test(arguments: RandomCorpus.seeds)
  func aFamilyIsTheUnionOfItsMembersPostings(seed: UInt64) {
    print("seed \(seed)")
    let (recipes, relations) = RandomCorpus.make(seed: seed, recipes: 4000, vocabulary: 50)
    let snapshot = RandomCorpus.snapshot(recipes, relations)
    var checked = 0
    for id in (0..<snapshot.ingredientCount).map(IngredientID.init)
    where snapshot.hasChildren(id) {
      guard case .family(let family) = snapshot.matchedSet(of: id, .family) else {
        Issue.record("\(snapshot.ingredientName(id)) has kinds but no family")
        continue
      }
      #expect(family.members == snapshot.family(of: id))
      let union = Set(family.members.flatMap { snapshot.postings.list($0) })
      #expect(family.ids == union.sorted())
      let dense = PostingLists.isDense(count: union.count, recipeCount: snapshot.recipeCount)
      #expect(family.bitmap.isEmpty == !dense)
      if dense {
        let bits = (0..<snapshot.recipeCount).filter {
          family.bitmap[$0 >> 6] >> UInt64($0 & 63) & 1 == 1
        }
        #expect(bits == family.ids.map(Int.init))
      }
      checked += 1
    }
    #expect(checked > 0)
    #expect(snapshot.familyPostingsCache.count == checked)
    // Exact matching and leaves use the ingredient's own list.
    if case .family = snapshot.matchedSet(of: IngredientID(0), .exact) {
      Issue.record("exact used a family")
    }
  }

  @Test func queriesBuildAFamilyOnceAndReuseIt() throws {
    let (recipes, relations) = RandomCorpus.make(seed: 7, recipes: 2000, vocabulary: 40)
    let snapshot = RandomCorpus.snapshot(recipes, relations)
    let cheese = try #require(snapshot.ingredientID("cheese"))
    #expect(snapshot.hasChildren(cheese))
    #expect(snapshot.familyPostingsCache.count == 0)
    let first = try snapshot.allOf(AllOfQuery(["cheese"]))
    #expect(snapshot.familyPostingsCache.count == 1)
    guard case .family(let held) = snapshot.matchedSet(of: cheese, .family),
      case .family(let again) = snapshot.matchedSet(of: cheese, .family)
    else {
      Issue.record("cheese has no family")
      return
    }
    #expect(held === again)
    #expect(try snapshot.allOf(AllOfQuery(["cheese"])) == first)
    // Exact matching never builds a family.
    _ = try snapshot.allOf(AllOfQuery(["onion"], matching: .exact))
    #expect(snapshot.familyPostingsCache.count == 1)
  }

  @Test func theBudgetBoundsTheHeldBytes() {
    let (recipes, relations) = RandomCorpus.make(seed: 11, recipes: 3000, vocabulary: 50)
    let snapshot = RandomCorpus.snapshot(recipes, relations)
    let parents = (0..<snapshot.ingredientCount).map(IngredientID.init).filter(
      snapshot.hasChildren)
    let families = parents.map {
      FamilyPostings(members: snapshot.family(of: $0), postings: snapshot.postings)
    }
    let largest = families.map(\.bytes).max() ?? 0
    let cache = FamilyPostingsCache(budget: largest + 16)
    for round in 0..<3 {
      for (parent, family) in zip(parents, families) {
        let served = cache.family(parent) { family }
        #expect(served.ids == family.ids, "round \(round)")
        #expect(cache.bytes <= cache.budget)
      }
    }
    #expect(cache.count >= 1)
    // A family larger than the whole budget is answered and not kept.
    let tiny = FamilyPostingsCache(budget: 8)
    #expect(tiny.family(parents[0]) { families[0] }.ids == families[0].ids)
    #expect(tiny.count == 0 && tiny.bytes == 0)
  }
}
