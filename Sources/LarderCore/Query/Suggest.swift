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

  /// A suggestion from its fields.
  public init(kind: Kind, display: String, value: String, recipeCount: Int, match: Match) {
    self.kind = kind
    self.display = display
    self.value = value
    self.recipeCount = recipeCount
    self.match = match
  }

  /// One list from lists of several kinds (each already in its own order): exact matches of
  /// every list first, then the lists take turns, at most `limit` in all.
  /// - Complexity: O(total length).
  public static func merged(_ lists: [[Suggestion]], limit: Int) -> [Suggestion] {
    let limit = max(limit, 0)
    if lists.count == 1 { return Array(lists[0].prefix(limit)) }
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
}

extension Snapshot {
  /// The most suggestions one call returns; a larger `limit` is read as this one (the
  /// candidate fetches grow with the limit, and no list is that long).
  public static let largestLimit = 1_000

  /// Completions for `text`: case and diacritic folded, plural-insensitive in its last word
  /// (a singular form matches as a whole word), aliases resolved
  /// to their canonical name (shown as "canonical (alias)"). Canonical names match at any word
  /// start ("pep" → "black pepper"); other names (aliases) match from their first word, so a
  /// long alias does not drag an unrelated food in on a later word.
  ///
  /// Order: exact matches first, then recipe count descending, then name. Text of at least 4
  /// characters that starts no name gets typo matches instead, the first letter as typed: the
  /// names one edit away, or (from 8 characters) two edits away when none is one away. Text
  /// that starts a name is taken as typed right, since names a few edits away would crowd out
  /// the one being typed ("silken smo" should not offer "silken tofu"); for the same reason a
  /// 1-edit match keeps the 2-edit ones out. Ingredients named in `excluding` (as typed:
  /// canonical names, aliases or plurals, e.g. those already chosen) are left out. With several kinds, exact
  /// matches lead and the kinds then take turns (``Suggestion/merged(_:limit:)``).
  ///
  /// Recipe titles are not in the snapshot: this form leaves ``SuggestionKinds/recipe`` out
  /// (it never traps on a kind); ``suggest(_:limit:kind:excluding:titles:)`` adds them from a
  /// title source such as the index file.
  /// - Complexity: O(log S · |text| + k log k) per kind for prefixes; the typo pass walks the
  ///   ``SuffixTrie`` under the first letter, O(visited nodes · edits).
  public func suggest(
    _ text: String, limit: Int, kind: SuggestionKinds = .ingredient, excluding: Set<String> = []
  ) -> [Suggestion] {
    Suggestion.merged(
      suggestionLists(text, limit: limit, kind: kind, excluding: excluding), limit: limit)
  }

  /// The one entry point for suggestions of any kind, for every face: ingredients and
  /// categories from the snapshot, recipe titles from `titles` (asked only when `kind` names
  /// ``SuggestionKinds/recipe``), merged with ``Suggestion/merged(_:limit:)``. `excluding` holds
  /// names as the user typed them (aliases, plurals, any case): they are resolved here, once.
  public func suggest(
    _ text: String, limit: Int, kind: SuggestionKinds, excluding: Set<String> = [],
    titles: some RecipeTitleSuggester
  ) throws -> [Suggestion] {
    var lists = suggestionLists(text, limit: limit, kind: kind, excluding: excluding)
    if kind.contains(.recipe) && limit > 0 {
      lists.append(try titles.suggestRecipes(text, limit: min(limit, Self.largestLimit)))
    }
    return Suggestion.merged(lists, limit: limit)
  }

  /// The ingredient and category lists of a suggestion, each in its own order (recipe titles
  /// come from a ``RecipeTitleSuggester``).
  func suggestionLists(
    _ text: String, limit: Int, kind: SuggestionKinds, excluding: Set<String> = []
  ) -> [[Suggestion]] {
    let folded = TextFolding.fold(text)
    if folded.isEmpty || limit <= 0 { return [] }
    // Candidate fetches scale with the limit; past every name there is nothing more to fetch.
    let limit = min(limit, Self.largestLimit)
    var lists: [[Suggestion]] = []
    if kind.contains(.ingredient) {
      lists.append(suggestIngredients(folded, limit: limit, excluding: excluding))
    }
    if kind.contains(.category) { lists.append(suggestCategories(folded, limit: limit)) }
    return lists
  }

  /// One ingredient candidate of a suggestion list: the canonical id, how it matched, and the
  /// alias it matched through (or ``noAlias``).
  typealias Candidate = (id: IngredientID, match: Suggestion.Match, alias: UInt32)

  /// Ingredient completions (see ``suggest(_:limit:kind:excluding:)``). Candidates stay ids
  /// until the final list, so a keystroke makes Strings only for what it returns; a text that
  /// starts many suffixes reads its prefix candidates from ``PrefixCandidateTable``.
  func suggestIngredients(_ folded: String, limit: Int, excluding: Set<String>) -> [Suggestion] {
    // Typed names (aliases, plurals) resolve as in every other query.
    let excluded = Set(excluding.compactMap { resolveIngredient($0) })
    var ranked =
      prefixCandidateTable.candidates(folded, count: limit + excluded.count)
      ?? prefixCandidates(folded, fetch: limit * 2 + excluding.count + 4)
    // Typos only for text that starts no name at all: text that does is typed right so far,
    // and names a few edits away would only crowd out what the user is typing.
    let startsAName = !ranked.isEmpty
    if !excluded.isEmpty { ranked.removeAll { excluded.contains($0.id) } }
    if !startsAName && folded.count >= 4 {
      ranked = typoCandidates(Array(folded.utf8), fetch: limit + excluding.count + 8) { id in
        !excluded.contains(id)
      }
      ranked = ordered(ranked)
    }
    return ranked.prefix(limit).map { candidate in
      let name = ingredientNames[candidate.id.index]
      return Suggestion(
        kind: .ingredient,
        display: candidate.alias == Self.noAlias
          ? name : "\(name) (\(aliasNames[Int(candidate.alias)]))",
        value: name, recipeCount: Int(ingredientFamilyCounts[candidate.id.index]),
        match: candidate.match)
    }
  }

  /// Prefix and exact matches of `folded` and its singular forms, through canonical names (any
  /// word) and aliases (first word), best match per ingredient, as ``ordered(_:)`` sorts. A
  /// singular form matches a whole word only ("tomatoes" offers "tomato paste", while "peas"
  /// does not offer "peanut" through "pea").
  /// `fetch` strings are taken per form and array: ranks are recipe counts of the name alone
  /// while the list is ordered by family counts, so taking more than the list needs lets a
  /// parent with many descendants' recipes rise.
  func prefixCandidates(_ folded: String, fetch: Int) -> [Candidate] {
    var fetchBound = UInt32.max
    return prefixCandidates(folded, fetch: fetch, fetchBound: &fetchBound)
  }

  /// ``prefixCandidates(_:fetch:)``, setting `fetchBound` to the largest id the ingredient
  /// suffixes gave for `folded` itself when they gave `fetch` strings (more names may start
  /// it: a name ranked past the bound was not read), or to `UInt32.max` when they gave every
  /// name that starts it. (Ingredient suffixes are ranked by id.)
  func prefixCandidates(_ folded: String, fetch: Int, fetchBound: inout UInt32) -> [Candidate] {
    let variants = [folded] + SearchFolding.singularForms(of: folded)
    // Every hit as one packed key: canonical id, then exact before prefix, then canonical name
    // before alias, then the order found. Sorted, the first key of an id is its best match
    // (integer keys: cheaper than comparing tuples or searching a list per hit).
    var hits: [UInt64] = []
    hits.reserveCapacity(2 * fetch * variants.count)
    var aliasOfHit: [UInt32] = []
    aliasOfHit.reserveCapacity(2 * fetch * variants.count)
    var ids: [UInt32] = []
    ids.reserveCapacity(fetch)
    for (index, variant) in variants.enumerated() {
      var bytes = variant
      bytes.withUTF8 { prefix in
        for viaAlias in [false, true] {
          ids.removeAll(keepingCapacity: true)
          let names = viaAlias ? aliasNames : ingredientNames
          if viaAlias {
            let range =
              index == 0 ? aliasSuffixes.range(of: prefix) : aliasSuffixes.range(ofWord: prefix)
            aliasSuffixes.top(fetch, in: range, into: &ids)
          } else {
            let range =
              index == 0
              ? ingredientSuffixes.range(of: prefix) : ingredientSuffixes.range(ofWord: prefix)
            ingredientSuffixes.top(fetch, in: range, into: &ids)
            if index == 0 { fetchBound = ids.count == fetch ? ids.max() ?? .max : .max }
          }
          for string in ids {
            let s = Int(string)
            // Other names count from their first word only: "gar" should not offer canned
            // tomato through "chopped tomatoes with garlic", nor mint through "garden mint".
            if viaAlias && !names.hasPrefix(s, prefix) { continue }
            let id = viaAlias ? aliasTargets[s] : string
            if ingredientFamilyCounts[Int(id)] == 0 { continue }
            let exact: UInt64 = names.equals(s, prefix) ? 0 : 1
            hits.append(
              UInt64(id) << 32 | exact << 31 | (viaAlias ? 1 : 0) << 30 | UInt64(aliasOfHit.count))
            aliasOfHit.append(viaAlias ? string : Self.noAlias)
          }
        }
      }
    }
    hits.sort()
    var best: [Candidate] = []
    best.reserveCapacity(hits.count)
    var previous = UInt64.max
    for hit in hits where hit >> 32 != previous {
      previous = hit >> 32
      let exact = hit & (1 << 31) == 0
      best.append(
        (
          IngredientID(rawValue: UInt32(truncatingIfNeeded: previous)), exact ? .exact : .prefix,
          aliasOfHit[Int(hit & 0x3FFF_FFFF)]
        ))
    }
    return ordered(best)
  }

  /// `candidates` in suggestion order: exact, prefix, then typos by edits; then recipe count
  /// (family) descending; then canonical name bytes. The first two fold into one integer per
  /// candidate, so names are compared only on ties.
  func ordered(_ candidates: [Candidate]) -> [Candidate] {
    var keyed = candidates.map { candidate -> (key: UInt64, candidate: Candidate) in
      let tier: UInt64
      switch candidate.match {
      case .exact: tier = 0
      case .prefix: tier = 1
      case .typo(let edits): tier = 2 + UInt64(min(max(edits, 0), 1 << 20))
      }
      let count = UInt64(UInt32.max - ingredientFamilyCounts[candidate.id.index])
      return (tier << 32 | count, candidate)
    }
    keyed.sort { a, b in
      a.key != b.key
        ? a.key < b.key : ingredientNames.precedes(a.candidate.id.index, b.candidate.id.index)
    }
    return keyed.map(\.candidate)
  }

  /// Marks a candidate found through its canonical name rather than an alias.
  static let noAlias = UInt32.max

  /// Typo matches for `key` among ingredients `admit` lets through, one tier at a time: those
  /// one edit away, and (from 8 bytes) those two away only when no name is one away, for the
  /// reason text that starts a name gets no typo matches at all: a closer tier that answers
  /// is what the user meant, and a wider one would bury it. Each tier is one walk per trie
  /// (``SuffixTrie/typoRanges(for:maxEdits:)``); the 1-edit walk prunes far harder than the
  /// 2-edit one, so the wide walk runs only when needed.
  func typoCandidates(_ key: [UInt8], fetch: Int, admit: (IngredientID) -> Bool) -> [Candidate] {
    var found: [Candidate] = []
    var strings: [UInt32] = []
    for edits in 1...(key.count >= 8 ? 2 : 1) {
      for viaAlias in [false, true] {
        let array = viaAlias ? aliasSuffixes : ingredientSuffixes
        let ranges = (viaAlias ? aliasTrie : ingredientTrie).typoRanges(for: key, maxEdits: edits)
        strings.removeAll(keepingCapacity: true)
        // Ranges of fewer edits hold no admitted name: the tier before found none.
        array.top(
          fetch, in: ranges.lazy.filter { $0.edits == edits }.map(\.positions), into: &strings)
        for string in strings {
          let s = Int(string)
          // As for prefixes, another name counts from its start only (already so when the
          // alias array holds whole aliases only, as in indexes built since that change).
          if viaAlias, array.count != array.strings.count,
            Self.prefixEditDistance(key, Array(array.strings.utf8(s))) > edits
          {
            continue
          }
          let id = viaAlias ? aliasTarget(s) : IngredientID(s)
          // The first way found wins: the canonical name before an alias.
          guard ingredientFamilyCounts[id.index] > 0, admit(id),
            !found.contains(where: { $0.id == id })
          else { continue }
          found.append((id, .typo(edits: edits), viaAlias ? string : Self.noAlias))
        }
      }
      if !found.isEmpty { break }
    }
    return found
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
}
