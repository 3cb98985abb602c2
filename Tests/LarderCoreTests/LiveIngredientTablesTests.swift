import LarderTestSupport
import Testing

@testable import LarderCore

/// A live view's ingredient tables (``LiveView/ingredientTables``) when each view follows the
/// one before (as a live index makes them): derived from the earlier view's tables (sharing
/// them when a write moved no name in the popularity order, renumbering them otherwise, with
/// names added or removed), and in every case the full build's structures, answering
/// ingredient and category suggestions, name resolution and counts as a full build does.
@Suite struct LiveIngredientTablesTests {
  /// Whether `tables` were derived from `previous` (they share its suffix array's storage).
  private func derived(_ tables: Snapshot, from previous: Snapshot) -> Bool {
    tables.ingredientSuffixes.entryString.withUnsafeBufferPointer { a in
      previous.ingredientSuffixes.entryString.withUnsafeBufferPointer { b in
        a.baseAddress == b.baseAddress
      }
    }
  }

  /// Every text whose suggestions are compared: the prefixes (up to 5 bytes) of every word
  /// suffix of every name and alias (the prefix candidate table's texts are among them),
  /// whole names and plurals, typos, case and texts that start nothing.
  private func texts(_ names: [String], _ relations: IngredientRelations) -> [String] {
    var texts = Set<String>()
    for name in names + relations.aliases.keys {
      texts.insert(name)
      texts.insert(name + "s")
      let words = name.split(separator: " ")
      for start in words.indices {
        let suffix = words[start...].joined(separator: " ")
        for length in 1...min(5, suffix.count) { texts.insert(String(suffix.prefix(length))) }
      }
    }
    return texts.sorted() + ["chese", "tomatos", "garlik", "onoin", "Cr", "Crè", "zz", "GARLIC"]
  }

  @Test(arguments: RandomCorpus.seeds)
  func derivedTablesSuggestAsAFullBuild(seed: UInt64) throws {
    try derivedTablesAreAFullBuilds(seed: seed, vocabulary: 90)
  }

  /// With 400 names, the widest texts start more names than the prefix table reads for them,
  /// so a changed name ranked past a text's fetch bound leaves its list as it was.
  @Test(arguments: RandomCorpus.seeds.prefix(3))
  func derivedTablesOfALargerVocabularyAreAFullBuilds(seed: UInt64) throws {
    try derivedTablesAreAFullBuilds(seed: seed, vocabulary: 400)
  }

  private func derivedTablesAreAFullBuilds(seed: UInt64, vocabulary: Int) throws {
    print("seed \(seed)")
    let (pool, relations) = RandomCorpus.make(seed: seed, recipes: 700, vocabulary: vocabulary)
    let baseRecipes = Array(pool.prefix(500))
    let base = LiveBase.built(baseRecipes, relations)
    let prepared = PreparedRelations(relations)
    var all = Dictionary(uniqueKeysWithValues: baseRecipes.map { ($0.id, $0) })
    var order = LiveRecipeOrder(basePublicIDs: baseRecipes.map(\.id))
    var table = WrittenRecipeTable()
    var rng = SplitMix64(seed: seed &+ 17)
    func pick<T>(_ items: [T]) -> T { items[Int(rng.next() % UInt64(items.count))] }
    var spare = Array(pool.dropFirst(500))
    var ids = baseRecipes.map(\.id)
    let names = Array(Set(pool.flatMap { $0.ingredients.map(\.name) })).sorted()
    let typed = texts(names + ["new food 0", "new food 1"], relations)
    var previous: LiveView? = nil
    var previousTables: Snapshot? = nil
    var derivedCount = 0
    var derivedWithChanges = 0
    var renumbered = 0
    var namesChanged = 0
    var namesAdded = 0
    var namesRemoved = 0
    for step in 0..<24 {
      switch rng.next() % 7 {
      case 0:  // the same foods under another title: no count changes
        let id = pick(ids)
        var next = all[id]!
        next.title += " again"
        order.upsert(table.store(next))
        all[id] = next
      case 1:  // one more or one fewer line of the most used food: its count moves by one
        let id = pick(ids)
        var next = all[id]!
        if let salt = next.ingredients.firstIndex(where: { $0.name == "salt" }) {
          next.ingredients.remove(at: salt)
        } else {
          next.ingredients.append(IngredientLine(text: "1 salt", name: "salt"))
        }
        order.upsert(table.store(next))
        all[id] = next
      case 2:  // another recipe's foods: ranks may cross
        let id = pick(ids)
        var next = pick(pool)
        next.id = id
        order.upsert(table.store(next))
        all[id] = next
      case 3 where !spare.isEmpty:  // a new recipe, often with a new name
        var recipe = spare.removeFirst()
        if rng.next() % 3 != 0 {
          // New names that share words and letters with the vocabulary's, so that they can
          // make a typed text wide (16 suffixes) or a plural a whole word.
          let name = pick([
            "new food \(step % 3)", "sea \(pick(names))", "\(pick(names)) paste",
            "s\(step % 4)", "onions \(step)",
          ])
          recipe.ingredients.append(IngredientLine(text: "1 \(name)", name: name))
        }
        order.upsert(table.store(recipe))
        all[recipe.id] = recipe
        ids.append(recipe.id)
      case 4:  // the last use of a name goes: its recipe is written without it
        let present = ids.map { all[$0]! }
        var uses: [String: Int] = [:]
        for recipe in present {
          for name in Set(recipe.ingredients.map(\.name)) { uses[name, default: 0] += 1 }
        }
        let rare = uses.keys.filter { uses[$0] == 1 }.sorted()
        guard !rare.isEmpty else { break }
        let name = pick(rare)
        var next = present.first { $0.ingredients.contains { $0.name == name } }!
        next.ingredients.removeAll { $0.name == name }
        order.upsert(table.store(next))
        all[next.id] = next
      default:  // a deletion
        let id = ids.remove(at: Int(rng.next() % UInt64(ids.count)))
        order.delete(id)
      }
      let context = "seed \(seed) step \(step)"
      let present = order.presentRecipes(over: base, in: all)
      let full = RandomCorpus.snapshot(present, relations)
      let view = LiveView(
        base: base, order: order, preparedRelations: prepared, recipes: table,
        following: previous)
      let tables = view.ingredientTables
      if let previousTables, derived(tables, from: previousTables) {
        derivedCount += 1
        if tables.ingredientFamilyCounts != previousTables.ingredientFamilyCounts {
          derivedWithChanges += 1
        }
      } else if let previousTables, tables.ingredientCount == previousTables.ingredientCount,
        (0..<tables.ingredientCount).allSatisfy({
          previousTables.ingredientID(tables.ingredientNames[$0]) != nil
        })
      {
        renumbered += 1
      } else if let previousTables {
        namesChanged += 1
        let before = Set(
          (0..<previousTables.ingredientCount).map { previousTables.ingredientNames[$0] })
        let after = Set((0..<tables.ingredientCount).map { tables.ingredientNames[$0] })
        if !after.subtracting(before).isEmpty { namesAdded += 1 }
        if !before.subtracting(after).isEmpty { namesRemoved += 1 }
      }
      #expect(
        (0..<tables.ingredientCount).map { tables.ingredientNames[$0] }
          == (0..<full.ingredientCount).map { full.ingredientNames[$0] }, "\(context)")
      #expect(tables.ingredientRecipeCounts == full.ingredientRecipeCounts, "\(context)")
      #expect(tables.ingredientSuffixes == full.ingredientSuffixes, "\(context)")
      #expect(tables.aliasSuffixes == full.aliasSuffixes, "\(context)")
      #expect(tables.ingredientFamilyCounts == full.ingredientFamilyCounts, "\(context)")
      // The structures themselves, not only their answers: a full build's, whatever way
      // these were derived (same names, renumbered, names added or removed).
      #expect(tables.ingredientParent == full.ingredientParent, "\(context)")
      #expect(tables.childOffsets == full.childOffsets, "\(context)")
      #expect(tables.children == full.children, "\(context)")
      #expect(tables.ingredientFlags == full.ingredientFlags, "\(context)")
      #expect(tables.aliasTargets == full.aliasTargets, "\(context)")
      #expect(tables.ingredientTrie == full.ingredientTrie, "\(context)")
      #expect(tables.aliasTrie == full.aliasTrie, "\(context)")
      #expect(tables.prefixCandidateTable == full.prefixCandidateTable, "\(context)")
      for text in typed {
        #expect(
          tables.suggest(text, limit: 8, kind: [.ingredient, .category], excluding: [])
            == full.suggest(text, limit: 8, kind: [.ingredient, .category], excluding: []),
          "\(context) \(text)")
      }
      for text in ["s", "sa", "salt", "c", "o", "p"] {
        let excluded: Set<String> = [pick(names), "salt"]
        #expect(
          tables.suggest(text, limit: 5, kind: .ingredient, excluding: excluded)
            == full.suggest(text, limit: 5, kind: .ingredient, excluding: excluded),
          "\(context) \(text) \(excluded)")
      }
      for name in names + ["new food 0", "scallion", "Onions", "no such food"] {
        #expect(
          tables.resolveIngredient(name).map(tables.ingredientName)
            == full.resolveIngredient(name).map(full.ingredientName), "\(context) \(name)")
      }
      previous = view
      previousTables = tables
    }
    print(
      "seed \(seed): of 23 views, \(derivedCount) derived their tables (\(derivedWithChanges) "
        + "with changed counts), \(renumbered) renumbered them, \(namesChanged) added or "
        + "removed names (\(namesAdded) added, \(namesRemoved) removed)")
    // Title-only writes (a sixth of the steps) always derive.
    #expect(derivedCount > 0, "seed \(seed)")
  }

  @Test func aNamePreservingWriteReusesTheNameTables() throws {
    let (pool, relations) = RandomCorpus.make(seed: 5, recipes: 300, vocabulary: 60)
    let base = LiveBase.built(pool, relations)
    let prepared = PreparedRelations(relations)
    var order = LiveRecipeOrder(basePublicIDs: pool.map(\.id))
    var table = WrittenRecipeTable()
    let first = LiveView(
      base: base, order: order, preparedRelations: prepared, recipes: table, following: nil)
    let firstTables = first.ingredientTables

    // The same foods under a new title: the same names in the same order.
    var retitled = pool[7]
    retitled.title = "Another title"
    order.upsert(table.store(retitled))
    // A view that never built its tables passes on the ones it inherited.
    let skipped = LiveView(
      base: base, order: order, preparedRelations: prepared, recipes: table, following: first)
    var again = pool[8]
    again.title = "Yet another title"
    order.upsert(table.store(again))
    let second = LiveView(
      base: base, order: order, preparedRelations: prepared, recipes: table, following: skipped)
    let secondTables = second.ingredientTables
    #expect(derived(secondTables, from: firstTables))
    #expect(secondTables.ingredientRecipeCounts == firstTables.ingredientRecipeCounts)

    // A new name: derived, with the name merged in (new suffix-array storage).
    var novel = pool[9]
    novel.ingredients.append(IngredientLine(text: "1 dragon fruit", name: "dragon fruit"))
    order.upsert(table.store(novel))
    let third = LiveView(
      base: base, order: order, preparedRelations: prepared, recipes: table, following: second)
    let thirdTables = third.ingredientTables
    #expect(!derived(thirdTables, from: secondTables))
    #expect(thirdTables.ingredientID("dragon fruit") != nil)
    let present = order.presentSlots.map { slot -> Recipe in
      switch slot {
      case .base(let rid): pool[rid.index]
      case .live(let stored): [retitled, again, novel].first { $0.id == stored.id }!
      case .deleted: preconditionFailure("present slots hold no deletion")
      }
    }
    let full = RandomCorpus.snapshot(present, relations)
    #expect(
      thirdTables.suggest("dra", limit: 5, kind: .ingredient, excluding: [])
        == full.suggest("dra", limit: 5, kind: .ingredient, excluding: []))
  }
}
