import LarderCore

/// Brute-force answers computed with plain loops over the recipes, to check the snapshot's
/// queries against. Slow on purpose: no index, no cleverness.
public struct Oracle {
  /// The corpus, in order (index = ``RecipeID``).
  public let recipes: [Recipe]
  /// The relations the snapshot was built with.
  public let relations: IngredientRelations

  /// Distinct ingredient names of every recipe, in line order.
  public let distinct: [[String]]
  /// Recipe count of every ingredient name.
  public let recipeCounts: [String: Int]

  /// An oracle over `recipes`.
  public init(_ recipes: [Recipe], _ relations: IngredientRelations = .none) {
    self.recipes = recipes
    self.relations = relations
    distinct = recipes.map { recipe in
      var seen = Set<String>()
      return recipe.ingredients.map(\.name).filter { seen.insert($0).inserted }
    }
    var counts: [String: Int] = [:]
    for names in distinct { for name in names { counts[name, default: 0] += 1 } }
    recipeCounts = counts
  }

  /// Distinct ingredient names of recipe `i`, in line order.
  public func distinctNames(_ i: Int) -> [String] { distinct[i] }

  /// Recipe-title suggestions: the first `limit` distinct recipes in (folded title suffix from
  /// a word start, recipe) order among suffixes starting with the folded text, whole-title
  /// matches moved first.
  public func titleSuggestions(_ text: String, limit: Int) -> [Int] {
    let key = Array(SearchFolding.fold(text).utf8)
    if key.isEmpty || limit <= 0 { return [] }
    var rows: [(suffix: [UInt8], recipe: Int)] = []
    for (i, recipe) in recipes.enumerated() {
      let folded = Array(SearchFolding.fold(recipe.title).utf8)
      for start in folded.indices
      where start == 0 || (folded[start - 1] == 0x20 && folded[start] != 0x20) {
        let suffix = Array(folded[start...])
        if suffix.starts(with: key) { rows.append((suffix, i)) }
      }
      if folded.isEmpty && key.isEmpty { rows.append(([], i)) }
    }
    rows.sort {
      $0.suffix != $1.suffix
        ? $0.suffix.lexicographicallyPrecedes($1.suffix) : $0.recipe < $1.recipe
    }
    var picked: [Int] = []
    for row in rows where !picked.contains(row.recipe) {
      picked.append(row.recipe)
      if picked.count == limit { break }
    }
    let whole = picked.filter { Array(SearchFolding.fold(recipes[$0].title).utf8) == key }
    return whole + picked.filter { !whole.contains($0) }
  }

  /// Harness prefix: names with a word-start suffix beginning with `text`, by count desc then bytes.
  public func plainPrefix(_ text: String, k: Int) -> [String] {
    let counts = recipeCounts
    let matches = counts.keys.filter { name in
      if name.hasPrefix(text) { return true }
      var words = name.split(separator: " ", omittingEmptySubsequences: false)
      while !words.isEmpty {
        words.removeFirst()
        if words.joined(separator: " ").hasPrefix(text) && !words.isEmpty { return true }
      }
      return false
    }
    return Array(
      matches.sorted {
        counts[$0]! != counts[$1]!
          ? counts[$0]! > counts[$1]! : $0.utf8.lexicographicallyPrecedes($1.utf8)
      }.prefix(k))
  }

  /// Harness AND: count and first `limit` indices of recipes with all names.
  public func exactAllOf(_ names: [String], limit: Int) -> (count: Int, first: [Int]) {
    let matches = recipes.indices.filter { i in
      let have = Set(distinctNames(i))
      return names.allSatisfy { have.contains($0) }
    }
    return (matches.count, Array(matches.prefix(limit)))
  }

  /// Harness category page by (title bytes, index).
  public func categoryPage(_ category: String, page: Int, limit: Int) -> [Int] {
    let members = recipes.indices.filter { recipes[$0].category == category }.sorted {
      recipes[$0].title != recipes[$1].title
        ? recipes[$0].title.utf8.lexicographicallyPrecedes(recipes[$1].title.utf8) : $0 < $1
    }
    return Array(members.dropFirst(page * limit).prefix(limit))
  }

  /// Harness pantry: (index, used, missing) sorted by missing asc, used desc, index asc.
  public func exactPantry(_ pantry: [String], limit: Int) -> [(
    recipe: Int, used: Int, missing: Int
  )] {
    let have = Set(pantry)
    var hits: [(recipe: Int, used: Int, missing: Int)] = []
    for i in recipes.indices {
      let names = distinctNames(i)
      let used = names.filter { have.contains($0) }.count
      if used > 0 { hits.append((i, used, names.count - used)) }
    }
    hits.sort { ($0.missing, -$0.used, $0.recipe) < ($1.missing, -$1.used, $1.recipe) }
    return Array(hits.prefix(limit))
  }

  /// `name` and every name whose parent chain reaches it.
  public func family(_ name: String) -> Set<String> {
    var result: Set<String> = [name]
    var changed = true
    while changed {
      changed = false
      for (child, parent) in relations.parent
      where result.contains(parent) && !result.contains(child) {
        result.insert(child)
        changed = true
      }
    }
    return result
  }

  /// `name` and its ancestors.
  public func ancestry(_ name: String) -> Set<String> {
    var result: Set<String> = [name]
    var current = name
    while let parent = relations.parent[current], !result.contains(parent) {
      result.insert(parent)
      current = parent
    }
    return result
  }

  /// The names a query name stands for.
  public func members(_ name: String, _ matching: IngredientMatching) -> Set<String> {
    matching == .family ? family(name) : [name]
  }

  /// Whether recipe `i` passes `filter`.
  public func passes(_ i: Int, _ filter: RecipeFilter) -> Bool {
    let r = recipes[i]
    if let c = filter.category, r.category != c { return false }
    if let a = filter.area, r.area != a { return false }
    if let m = filter.maxMinutes { guard let t = r.totalMinutes, t <= m else { return false } }
    var flags: UInt16 = 0
    for line in r.ingredients { flags |= relations.flags[line.name] ?? 0 }
    return flags & filter.excludedFlags == 0
  }

  /// All-of: ascending indices of recipes using a member of every query name, none of
  /// `without`'s members, and passing `filter`.
  public func allOf(
    _ names: [String], without: [String] = [], filter: RecipeFilter = .none,
    matching: IngredientMatching = .family
  ) -> [Int] {
    let families = names.map { members($0, matching) }
    let excluded = without.reduce(into: Set<String>()) { $0.formUnion(members($1, matching)) }
    return recipes.indices.filter { i in
      let have = Set(distinctNames(i))
      return families.allSatisfy { !$0.isDisjoint(with: have) } && excluded.isDisjoint(with: have)
        && passes(i, filter)
    }
  }

  /// Pantry: every qualifying recipe as (index, used names, missing names), best first.
  public func pantry(
    have: [String], must: [String] = [], without: [String] = [], maxMissing: Int? = nil,
    staples: [String] = [],
    matching: IngredientMatching = .family, filter: RecipeFilter = .none
  ) -> [(recipe: Int, used: [String], missing: [String])] {
    func satisfied(_ ingredient: String, by items: [String]) -> Bool {
      items.contains { item in
        members(item, matching).contains(ingredient)
      }
    }
    let excluded = without.reduce(into: Set<String>()) { $0.formUnion(members($1, matching)) }
    var hits: [(recipe: Int, used: [String], missing: [String])] = []
    for i in recipes.indices {
      let names = distinctNames(i)
      guard names.contains(where: { satisfied($0, by: have) }) else { continue }
      guard excluded.isDisjoint(with: names), passes(i, filter) else { continue }
      guard must.allSatisfy({ !members($0, matching).isDisjoint(with: names) }) else { continue }
      let used = names.filter { satisfied($0, by: have) || satisfied($0, by: staples) }
      let missing = names.filter { !used.contains($0) }
      if let maxMissing, missing.count > maxMissing { continue }
      hits.append((i, used, missing))
    }
    hits.sort {
      ($0.missing.count, -$0.used.count, $0.recipe) < ($1.missing.count, -$1.used.count, $1.recipe)
    }
    return hits
  }
}
