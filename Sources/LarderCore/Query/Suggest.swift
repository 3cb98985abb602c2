/// What kinds of things a suggestion list may offer.
public struct SuggestionKinds: OptionSet, Sendable, Hashable {
  /// The raw bits.
  public let rawValue: UInt8
  /// Creates kinds from bits.
  public init(rawValue: UInt8) { self.rawValue = rawValue }
  /// Canonical ingredients (and their aliases).
  public static let ingredient = SuggestionKinds(rawValue: 1)
  /// Recipe titles.
  public static let recipe = SuggestionKinds(rawValue: 2)
  /// Browse categories.
  public static let category = SuggestionKinds(rawValue: 4)
  /// Everything.
  public static let all: SuggestionKinds = [.ingredient, .recipe, .category]
}

/// One completion offered for typed text.
public struct Suggestion: Sendable, Hashable {
  /// What is suggested.
  public enum Kind: Sendable, Hashable {
    /// A canonical ingredient.
    case ingredient
    /// A recipe (``Suggestion/value`` is its public id).
    case recipe
    /// A category.
    case category
  }

  /// How well it matches.
  public enum Match: Sendable, Hashable, Comparable {
    /// The whole text is the name (or an alias of it).
    case exact
    /// The text starts a word of the name.
    case prefix
    /// The text is this many edits from the start of a word.
    case typo(edits: Int)
  }

  /// What is suggested.
  public var kind: Kind
  /// What to show: the canonical name, "green onion (scallion)" for an alias, or a title.
  public var display: String
  /// What to use: the canonical ingredient name, the recipe's public id or the category name.
  public var value: String
  /// How many recipes it covers (an ingredient's family count, a category's size; 1 for a recipe).
  public var recipeCount: Int
  /// How well it matches.
  public var match: Match
}

extension Snapshot {
  /// Completions for `text`: case and diacritic folded, plural-insensitive, aliases resolved
  /// to their canonical name (shown as "canonical (alias)"). Canonical names match at any word
  /// start ("pep" → "black pepper"); other names (aliases) match from their first word, so a
  /// long alias does not drag an unrelated food in on a later word.
  ///
  /// Order: exact matches first, then recipe count descending, then name. When fewer than
  /// `limit` prefix matches exist and the text has at least 4 characters, typo matches follow
  /// (1 edit, 2 from 8 characters; the first letter as typed), fewest edits first. Ingredients named in `excluding`
  /// (canonical names, e.g. those already chosen) are left out. With several kinds, exact
  /// matches lead and the kinds then alternate.
  /// - Complexity: O(log S · |text| + k log k) per kind for prefixes; the typo pass walks the
  ///   ``SuffixTrie`` under the first letter, O(visited nodes · |text|).
  public func suggest(
    _ text: String, limit: Int, kind: SuggestionKinds = .ingredient, excluding: Set<String> = []
  ) -> [Suggestion] {
    let folded = SearchFolding.fold(text)
    if folded.isEmpty || limit <= 0 { return [] }
    var lists: [[Suggestion]] = []
    if kind.contains(.ingredient) {
      lists.append(suggestIngredients(folded, limit: limit, excluding: excluding))
    }
    if kind.contains(.category) { lists.append(suggestCategories(folded, limit: limit)) }
    if kind.contains(.recipe) { lists.append(suggestRecipes(folded, limit: limit)) }
    if lists.count == 1 { return lists[0] }
    var result = lists.flatMap { $0.filter { $0.match == .exact } }
    var positions = lists.map { $0.firstIndex { $0.match != .exact } ?? $0.count }
    while result.count < limit {
      var progressed = false
      for i in lists.indices where positions[i] < lists[i].count && result.count < limit {
        let s = lists[i][positions[i]]
        positions[i] += 1
        if s.match != .exact {
          result.append(s)
          progressed = true
        }
      }
      if !progressed { break }
    }
    return Array(result.prefix(limit))
  }

  /// Ingredient completions (see ``suggest(_:limit:kind:excluding:)``).
  func suggestIngredients(_ folded: String, limit: Int, excluding: Set<String>) -> [Suggestion] {
    let variants = [folded] + SearchFolding.singularForms(of: folded)
    let fetch = limit * 3 + excluding.count + 8
    // Best match per canonical id: (match, alias shown or nil).
    var best: [IngredientID: (match: Suggestion.Match, alias: String?)] = [:]
    func offer(_ id: IngredientID, _ match: Suggestion.Match, alias: String?) {
      if ingredientFamilyCounts[Int(id)] == 0 { return }
      if let current = best[id],
        current.match < match || (current.match == match && (current.alias == nil || alias != nil))
      {
        return
      }
      best[id] = (match, alias)
    }
    for variant in variants {
      var bytes = variant
      bytes.withUTF8 { prefix in
        var ids: [UInt32] = []
        ingredientSuffixes.top(fetch, prefix: prefix, into: &ids)
        for id in ids {
          offer(id, ingredientNames[Int(id)] == variant ? .exact : .prefix, alias: nil)
        }
        var aliases: [UInt32] = []
        aliasSuffixes.top(fetch, prefix: prefix, into: &aliases)
        for alias in aliases {
          let name = aliasNames[Int(alias)]
          // Other names count from their first word only: "gar" should not offer canned tomato
          // through "chopped tomatoes with garlic", nor mint through "garden mint".
          guard name.hasPrefix(variant) else { continue }
          offer(aliasTargets[Int(alias)], name == variant ? .exact : .prefix, alias: name)
        }
      }
    }
    for name in excluding { if let id = ingredientID(name) { best[id] = nil } }
    var result = best.map { id, entry in
      Suggestion(
        kind: .ingredient,
        display: entry.alias.map { "\(ingredientNames[Int(id)]) (\($0))" }
          ?? ingredientNames[Int(id)],
        value: ingredientNames[Int(id)], recipeCount: Int(ingredientFamilyCounts[Int(id)]),
        match: entry.match)
    }
    result.sort(by: Self.suggestionOrder)
    if result.count >= limit || folded.count < 4 { return Array(result.prefix(limit)) }
    let maxEdits = folded.count >= 8 ? 2 : 1
    var typos: [IngredientID: (edits: Int, alias: String?)] = [:]
    let chosen = Set(result.map(\.value))
    let key = Array(folded.utf8)
    // Enough strings per distance to fill the list after dropping those already shown,
    // excluded, unused, or (aliases) matching only at a later word.
    let typoFetch = limit + chosen.count + excluding.count + 8
    for (array, trie, isAlias) in [
      (ingredientSuffixes, ingredientTrie, false), (aliasSuffixes, aliasTrie, true),
    ] {
      let ranges = trie.typoRanges(for: key, maxEdits: maxEdits)
      for edits in 1...maxEdits {
        var strings: [UInt32] = []
        array.top(typoFetch, in: ranges.lazy.filter { $0.edits == edits }.map(\.positions), into: &strings)
        for string in strings {
          let s = Int(string)
          // As for prefixes, another name counts from its start only.
          if isAlias, Self.prefixEditDistance(key, Array(array.strings[s].utf8)) > maxEdits {
            continue
          }
          let id = isAlias ? aliasTargets[s] : IngredientID(s)
          if let current = typos[id], current.edits <= edits { continue }
          typos[id] = (edits, isAlias ? array.strings[s] : nil)
        }
      }
    }
    var extra = typos.compactMap { id, entry -> Suggestion? in
      let name = ingredientNames[Int(id)]
      if chosen.contains(name) || excluding.contains(name) || ingredientFamilyCounts[Int(id)] == 0 {
        return nil
      }
      return Suggestion(
        kind: .ingredient, display: entry.alias.map { "\(name) (\($0))" } ?? name, value: name,
        recipeCount: Int(ingredientFamilyCounts[Int(id)]), match: .typo(edits: entry.edits))
    }
    extra.sort(by: Self.suggestionOrder)
    result.append(contentsOf: extra)
    return Array(result.prefix(limit))
  }

  /// Exact first, then prefix, then typo by edits; then recipe count descending, then value bytes.
  static func suggestionOrder(_ a: Suggestion, _ b: Suggestion) -> Bool {
    if a.match != b.match { return a.match < b.match }
    if a.recipeCount != b.recipeCount { return a.recipeCount > b.recipeCount }
    if a.value != b.value { return a.value.utf8.lexicographicallyPrecedes(b.value.utf8) }
    return a.display.utf8.lexicographicallyPrecedes(b.display.utf8)
  }

  /// Category completions by recipe count.
  func suggestCategories(_ folded: String, limit: Int) -> [Suggestion] {
    var ids: [UInt32] = []
    var text = folded
    text.withUTF8 { categorySuffixes.top(limit, prefix: $0, into: &ids) }
    return ids.map { c in
      let name = categoryNames[Int(c)]
      return Suggestion(
        kind: .category, display: name, value: name,
        recipeCount: Int(categoryOffsets[Int(c) + 1] - categoryOffsets[Int(c)]),
        match: categorySuffixes.strings[Int(c)] == folded ? .exact : .prefix)
    }.sorted(by: Self.suggestionOrder)
  }

  /// The fewest edits turning `key` into some prefix of `text` (typed text against a name's start).
  /// - Complexity: O(|key| · |text|), run only on the few typo hits of other names.
  static func prefixEditDistance(_ key: [UInt8], _ text: [UInt8]) -> Int {
    var previous = Array(0...text.count)
    var current = [Int](repeating: 0, count: text.count + 1)
    for i in 1...max(key.count, 1) where !key.isEmpty {
      current[0] = i
      for j in 1...max(text.count, 1) where !text.isEmpty {
        let cost = key[i - 1] == text[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      }
      swap(&previous, &current)
    }
    return previous.min() ?? key.count
  }

  /// Recipe completions: titles with a word starting with the text, in title order.
  func suggestRecipes(_ folded: String, limit: Int) -> [Suggestion] {
    var ids: [UInt32] = []
    var text = folded
    text.withUTF8 { titleSuffixes.top(limit, prefix: $0, into: &ids) }
    let recipes = ids.map { r in
      Suggestion(
        kind: .recipe, display: recipeTitles[Int(r)], value: recipePublicIDs[Int(r)],
        recipeCount: 1,
        match: titleSuffixes.strings[Int(r)] == folded ? .exact : .prefix)
    }
    return recipes.filter { $0.match == .exact } + recipes.filter { $0.match != .exact }
  }
}
