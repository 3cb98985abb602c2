/// An immutable in-memory index of one corpus: ingredients, posting lists, per-recipe ingredient
/// lists and fields the queries filter and sort on, browse orders and the ingredient and
/// category suggestion arrays. Every ingredient query runs against a snapshot.
///
/// Recipe text (public ids, titles, images, every other field) and recipe-title suggestions
/// stay in the index file, as a search engine's stored fields stay on disk: queries answer
/// dense ``RecipeID``s and the faces read the few summaries a page shows
/// (`IndexReader.summaries(of:)`). That keeps the snapshot near 14 bytes per posting.
///
/// Build it with ``SnapshotBuilder``; persist it with ``serialized()`` and ``init(serialized:)``.
/// Everything is a flat array (struct of arrays), so a snapshot is cheap to share across
/// threads and loads by bulk copies.
///
/// - Memory: about 14 bytes per recipe-ingredient posting in all, measured at a million
///   synthetic recipes (BENCHMARKS.md): about 10.4 for the posting lists with their bitmaps and
///   the per-recipe ingredient lists, the rest for per-recipe fields, browse orders and the
///   vocabulary and suggestion arrays (``footprint()`` measures it).
public final class Snapshot: Sendable {
  // MARK: Ingredients (id = popularity rank)

  /// Canonical ingredient names, by ``IngredientID``; hashed for exact lookup.
  public let ingredientNames: StringTable
  /// How many recipes use each ingredient (exactly, not counting descendants).
  public let ingredientRecipeCounts: [UInt32]
  /// How many recipes use each ingredient or one of its descendants.
  public let ingredientFamilyCounts: [UInt32]
  /// Each ingredient's parent's raw id, or `UInt32.max` (read through ``parent(of:)``).
  let ingredientParent: [UInt32]
  /// `childOffsets[i] ..< childOffsets[i + 1]` are ingredient `i`'s direct children in ``children``.
  let childOffsets: [UInt32]
  let children: [UInt32]
  /// Food flag bits per ingredient.
  public let ingredientFlags: [UInt16]
  /// Folded alias forms (hashed), and the canonical ingredient each names.
  public let aliasNames: StringTable
  /// The canonical ingredient's raw id of each alias (read through ``aliasTarget(_:)``).
  let aliasTargets: [UInt32]
  /// Word suffixes of every canonical name, ranked by id.
  public let ingredientSuffixes: WordSuffixArray
  /// Every alias from its first word (indexes written before this choice hold every word's
  /// suffix; the suggestion code filters to first words either way), ranked by target id.
  public let aliasSuffixes: WordSuffixArray
  /// The preorder tries of ``ingredientSuffixes`` and ``aliasSuffixes``, for the typo search;
  /// built in memory whenever a snapshot is made or loaded.
  let ingredientTrie: SuffixTrie
  let aliasTrie: SuffixTrie
  /// The recipes of every ingredient.
  public let postings: PostingLists

  // MARK: Recipes (id = corpus order)

  /// Category index per recipe, or `UInt16.max`.
  public let recipeCategory: [UInt16]
  /// Area index per recipe, or `UInt16.max`.
  public let recipeArea: [UInt16]
  /// Total minutes per recipe, or -1 when unknown.
  public let recipeMinutes: [Int32]
  /// `lineOffsets[r] ..< lineOffsets[r + 1]` are recipe `r`'s ingredient lines in ``lineIngredients``.
  let lineOffsets: [UInt32]
  /// The ingredient of every line, recipes concatenated, lines in source order.
  let lineIngredients: [UInt32]
  /// Distinct ingredients per recipe (capped at 255).
  public let recipeDistinctCounts: [UInt8]
  /// OR of the food flags of each recipe's ingredients.
  public let recipeFlags: [UInt16]
  /// Per recipe, which of the 64 most popular ingredients it uses (bit i = ingredient i).
  let popularMask: [UInt64]

  // MARK: Browse

  /// Category names in byte order (hashed); index = category index.
  public let categoryNames: StringTable
  /// `categoryOffsets[c] ..< categoryOffsets[c + 1]` slices both per-category orders.
  let categoryOffsets: [UInt32]
  /// Recipes of each category ordered by (title bytes, id).
  let categoryByTitle: [UInt32]
  /// Recipes of each category ordered by (folded title, id).
  let categoryByFoldedTitle: [UInt32]
  /// Area names in byte order (hashed).
  public let areaNames: StringTable
  let areaOffsets: [UInt32]
  /// Recipes of each area ordered by (folded title, id).
  let areaByFoldedTitle: [UInt32]
  /// Each recipe's position in the global (folded title, id) order, for sorting results by title.
  let titleRank: [UInt32]
  /// Word suffixes of folded category names, ranked by recipe count.
  public let categorySuffixes: WordSuffixArray
  /// Ingredient candidates of every typed text that starts many suffixes. Set once, at the end
  /// of `init` (this snapshot's own suggestion code computes it), and only read afterwards.
  nonisolated(unsafe) private(set) var prefixCandidateTable = PrefixCandidateTable.empty
  /// The family unions family-mode queries have used, built on first use and dropped with the
  /// snapshot (so a reload never serves another index's families).
  public let familyPostingsCache: FamilyPostingsCache
  /// Working memory lent to all-of queries run without a scratch of their own.
  let scratchPool: QueryScratchPool

  /// The number of recipes.
  public var recipeCount: Int { recipeCategory.count }
  /// The number of ingredients (including vocabulary-only ones used by no recipe).
  public var ingredientCount: Int { ingredientRecipeCounts.count }

  init(
    ingredientNames: StringTable, ingredientRecipeCounts: [UInt32],
    ingredientFamilyCounts: [UInt32],
    ingredientParent: [UInt32], childOffsets: [UInt32], children: [UInt32],
    ingredientFlags: [UInt16],
    aliasNames: StringTable, aliasTargets: [UInt32], ingredientSuffixes: WordSuffixArray,
    aliasSuffixes: WordSuffixArray, postings: PostingLists, recipeCategory: [UInt16],
    recipeArea: [UInt16],
    recipeMinutes: [Int32], lineOffsets: [UInt32], lineIngredients: [UInt32],
    recipeDistinctCounts: [UInt8],
    recipeFlags: [UInt16], popularMask: [UInt64], categoryNames: StringTable,
    categoryOffsets: [UInt32],
    categoryByTitle: [UInt32], categoryByFoldedTitle: [UInt32], areaNames: StringTable,
    areaOffsets: [UInt32],
    areaByFoldedTitle: [UInt32], titleRank: [UInt32], categorySuffixes: WordSuffixArray,
    suggestionIndexes: SuggestionIndexes = .built, update: TablesUpdate? = nil,
    pacer: LoadPacer? = nil
  ) {
    self.ingredientNames = ingredientNames
    self.ingredientRecipeCounts = ingredientRecipeCounts
    self.ingredientFamilyCounts = ingredientFamilyCounts
    self.ingredientParent = ingredientParent
    self.childOffsets = childOffsets
    self.children = children
    self.ingredientFlags = ingredientFlags
    self.aliasNames = aliasNames
    self.aliasTargets = aliasTargets
    self.ingredientSuffixes = ingredientSuffixes
    self.aliasSuffixes = aliasSuffixes
    if let update {
      // The alias suffixes are the earlier snapshot's in the same text order (only identical
      // suffixes may be reordered): its alias trie is theirs; so is its ingredient trie while
      // no name came or went.
      self.ingredientTrie =
        update.addedNames.isEmpty && update.removedNames.isEmpty
        ? update.previous.ingredientTrie : SuffixTrie(ingredientSuffixes, pacer: pacer)
      self.aliasTrie = update.previous.aliasTrie
    } else {
      let noSuffixes = WordSuffixArray(strings: StringTable(), ranks: [], order: .byText)
      self.ingredientTrie = SuffixTrie(
        suggestionIndexes == .built ? ingredientSuffixes : noSuffixes, pacer: pacer)
      self.aliasTrie = SuffixTrie(
        suggestionIndexes == .built ? aliasSuffixes : noSuffixes, pacer: pacer)
    }
    self.postings = postings
    self.familyPostingsCache = FamilyPostingsCache(
      budget: FamilyPostingsCache.standardBudget(for: postings))
    self.recipeCategory = recipeCategory
    self.scratchPool = QueryScratchPool(recipeCount: recipeCategory.count)
    self.recipeArea = recipeArea
    self.recipeMinutes = recipeMinutes
    self.lineOffsets = lineOffsets
    self.lineIngredients = lineIngredients
    self.recipeDistinctCounts = recipeDistinctCounts
    self.recipeFlags = recipeFlags
    self.popularMask = popularMask
    self.categoryNames = categoryNames
    self.categoryOffsets = categoryOffsets
    self.categoryByTitle = categoryByTitle
    self.categoryByFoldedTitle = categoryByFoldedTitle
    self.areaNames = areaNames
    self.areaOffsets = areaOffsets
    self.areaByFoldedTitle = areaByFoldedTitle
    self.titleRank = titleRank
    self.categorySuffixes = categorySuffixes
    if let update {
      self.prefixCandidateTable = PrefixCandidateTable(
        updating: update.previous.prefixCandidateTable, snapshot: self, by: update)
    } else if suggestionIndexes == .built {
      self.prefixCandidateTable = PrefixCandidateTable(snapshot: self, pacer: pacer)
    }
  }

  /// What a snapshot made from an earlier one's ingredient tables takes from it: the earlier
  /// snapshot has the same aliases, the same names but for `addedNames` and `removedNames`,
  /// and only the counts of some names differ. When the names and their rank order are the
  /// same (`newIDs` is `nil`) it has the same ids, tree and suffix arrays; otherwise its suffix
  /// arrays are the earlier ones renumbered, with the added names' suffixes merged in
  /// (``WordSuffixArray/renumbered(strings:ranks:newIndex:adding:)``). The alias trie is
  /// shared (it reads suffix bytes and positions only), and so is the ingredient trie while no
  /// name came or went; the prefix candidate table is recomputed only for the texts whose
  /// candidates can hold a name whose counts changed, or that a name come or gone can make
  /// wide or narrow (the others' lists are the same names, renumbered).
  struct TablesUpdate: Sendable {
    /// The earlier snapshot.
    let previous: Snapshot
    /// The ingredients (new ids) whose recipe or family count differs from `previous`'s,
    /// the added names among them.
    let countsChanged: [IngredientID]
    /// Each of `previous`'s ingredient ids' new id (`UInt32.max` for a removed name), or
    /// `nil` when the ids are the same.
    let newIDs: [UInt32]?
    /// The names `previous` lacks (new ids).
    let addedNames: [IngredientID]
    /// `previous`'s names this snapshot lacks.
    let removedNames: [String]
  }

  /// Whether a snapshot gets its suggestion indexes (the typo tries and the prefix candidate
  /// table), or leaves them empty: a live index's snapshot of its written recipes is never
  /// asked for suggestions (the view's ingredient tables are), so it skips their cost.
  enum SuggestionIndexes: Sendable, Hashable {
    /// Built, as every snapshot that answers suggestions needs.
    case built
    /// Left empty: suggestions from this snapshot would find nothing.
    case omitted
  }

  // MARK: Lookups

  /// The id of the canonical ingredient `name` (exact bytes), or `nil`.
  /// - Complexity: O(length) expected.
  public func ingredientID(_ name: String) -> IngredientID? {
    ingredientNames.index(of: name).map { IngredientID($0) }
  }

  /// The canonical name of `ingredient`.
  public func ingredientName(_ ingredient: IngredientID) -> String {
    ingredientNames[ingredient.index]
  }

  /// The ingredient `text` names, or `nil`: the one resolution every query path uses (find,
  /// pantry, grocery, suggestions' exact matches), folded as recipe lines are
  /// (``TextFolding``: `baker's yeast` → `bakers yeast`), then singular as the vocabulary
  /// indexes names (``Vocabulary/key(_:)``: `Tomatoes` → `tomato`), each through canonical
  /// names and aliases.
  public func resolveIngredient(_ text: String) -> IngredientID? {
    let folded = TextFolding.fold(text)
    if folded.isEmpty { return nil }
    if let id = ingredientID(folded) { return id }
    if let alias = aliasNames.index(of: folded) { return aliasTarget(alias) }
    let key = Singularizer.singularizePhrase(folded)
    guard key != folded else { return nil }
    if let id = ingredientID(key) { return id }
    if let alias = aliasNames.index(of: key) { return aliasTarget(alias) }
    return nil
  }

  /// `ingredient` and all its descendants, ascending.
  /// - Complexity: O(family size · log).
  public func family(of ingredient: IngredientID) -> [IngredientID] {
    var result: [IngredientID] = [ingredient]
    var next = 0
    while next < result.count {
      let current = result[next].index
      next += 1
      for k in Int(childOffsets[current])..<Int(childOffsets[current + 1]) {
        result.append(IngredientID(rawValue: children[k]))
      }
    }
    return result.sorted()
  }

  /// `ingredient` and all its ancestors, nearest first.
  public func ancestry(of ingredient: IngredientID) -> [IngredientID] {
    var result: [IngredientID] = [ingredient]
    var current = parent(of: ingredient)
    while let id = current, result.count < 64 {
      result.append(id)
      current = parent(of: id)
    }
    return result
  }

  /// `ingredient`'s parent in the family tree, or `nil` for a root.
  public func parent(of ingredient: IngredientID) -> IngredientID? {
    let raw = ingredientParent[ingredient.index]
    return raw == .max ? nil : IngredientID(rawValue: raw)
  }

  /// The canonical ingredient alias number `alias` (an index of ``aliasNames``) names.
  public func aliasTarget(_ alias: Int) -> IngredientID {
    IngredientID(rawValue: aliasTargets[alias])
  }

  /// Whether `ingredient` has children.
  public func hasChildren(_ ingredient: IngredientID) -> Bool {
    childOffsets[ingredient.index + 1] > childOffsets[ingredient.index]
  }

  /// Recipe `recipe`'s ingredient ids, one per line in source order.
  public func lines(of recipe: RecipeID) -> LazyMapCollection<ArraySlice<UInt32>, IngredientID> {
    lineIngredients[Int(lineOffsets[recipe.index])..<Int(lineOffsets[recipe.index + 1])].lazy.map(
      IngredientID.init(rawValue:))
  }

  /// The index of category `name` (exact), or `nil`.
  public func categoryIndex(_ name: String) -> Int? { categoryNames.index(of: name) }

  /// The index of area `name` (exact), or `nil`.
  public func areaIndex(_ name: String) -> Int? { areaNames.index(of: name) }
}
