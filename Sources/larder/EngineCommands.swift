import ArgumentParser
import Foundation
import LarderCore
import LarderServer
import LarderStore

/// An index opened for the read commands: the built file alone, or, when its live segment
/// (`PATH-live`) holds writes the file does not, the file and the segment as one
/// ``LiveIndex``, so every read command answers over base + live segment.
struct OpenedIndex {
  private enum Source {
    case built(URL)
    case live(LiveIndex)
  }
  private let source: Source

  init(_ options: IndexOptions) throws {
    let url = try options.resolve()
    if try LiveSegmentStatus.pendingWrites(forIndex: url) > 0 {
      // The relations a build is given: the vocabulary's.
      source = .live(
        try LiveIndex(
          url: url, relations: IngredientRelations(vocabulary: try Vocabulary.bundled())))
    } else {
      source = .built(url)
    }
  }

  /// Runs `body` over one consistent state of the index: its queries and its recipe text.
  func read<T: Sendable>(_ body: (IndexView) throws -> T) throws -> T {
    switch source {
    case .built(let url):
      let reader = try IndexReader(url: url)
      return try body(IndexView(.snapshot(try reader.loadSnapshot()), reader: reader))
    case .live(let live):
      // The live view's queries: merged over the base and the written recipes, so a command
      // after `larder add` builds no whole snapshot.
      return try live.read { try body(IndexView(.view($0.view), reader: $0)) }
    }
  }

  /// Runs `body` with the index's recipe text only (no snapshot is loaded for a built file).
  func readText<T: Sendable>(_ body: (any RecipeTextReader) throws -> T) throws -> T {
    switch source {
    case .built(let url): return try body(try IndexReader(url: url))
    case .live(let live): return try live.read { try body($0) }
    }
  }
}

/// One state of an opened index, for one command: its queries (a built file's snapshot, or a
/// live view's, merged over base and segment) and the text of its recipes.
struct IndexView {
  /// What answers the queries.
  enum Engine {
    /// A built file's snapshot.
    case snapshot(Snapshot)
    /// A live index's view.
    case view(LiveView)
  }

  private let engine: Engine
  /// The text of the recipes, by the engine's dense ids.
  let reader: any RecipeTextReader

  init(_ engine: Engine, reader: any RecipeTextReader) {
    self.engine = engine
    self.reader = reader
  }

  /// The ingredient names, aliases, families and suggestion arrays (a full build's), for
  /// resolving typed names.
  var ingredients: Snapshot {
    switch engine {
    case .snapshot(let snapshot): snapshot
    case .view(let view): view.ingredientTables
    }
  }

  /// Suggestions of `kind`, recipe titles included.
  func suggest(_ text: String, limit: Int, kind: SuggestionKinds, excluding: Set<String>) throws
    -> [Suggestion]
  {
    switch engine {
    case .snapshot(let snapshot):
      try snapshot.suggest(text, limit: limit, kind: kind, excluding: excluding, titles: reader)
    case .view(let view): try view.suggest(text, limit: limit, kind: kind, excluding: excluding)
    }
  }

  /// All-of.
  func allOf(_ query: AllOfQuery) throws -> AllOfResult {
    switch engine {
    case .snapshot(let snapshot): try snapshot.allOf(query)
    case .view(let view): try view.allOf(query)
    }
  }

  /// Pantry matching.
  func pantry(_ query: PantryQuery) throws -> PantryResult {
    switch engine {
    case .snapshot(let snapshot): try PantryMatcher(snapshot: snapshot).match(query)
    case .view(let view): try view.pantry(query)
    }
  }

  /// Categories or areas with their counts.
  func groups(_ kind: BrowseKind) -> [BrowseGroup] {
    switch (engine, kind) {
    case (.snapshot(let snapshot), .category): snapshot.categories()
    case (.snapshot(let snapshot), .area): snapshot.areas()
    case (.view(let view), .category): view.categories()
    case (.view(let view), .area): view.areas()
    }
  }

  /// A page of a category's or area's recipes.
  func recipes(in kind: BrowseKind, _ name: String, offset: Int, limit: Int) -> BrowsePage {
    switch (engine, kind) {
    case (.snapshot(let snapshot), .category):
      snapshot.recipes(inCategory: name, offset: offset, limit: limit)
    case (.snapshot(let snapshot), .area):
      snapshot.recipes(inArea: name, offset: offset, limit: limit)
    case (.view(let view), .category): view.recipes(inCategory: name, offset: offset, limit: limit)
    case (.view(let view), .area): view.recipes(inArea: name, offset: offset, limit: limit)
    }
  }

  /// Random picks.
  func randomRecipes(count: Int, category: String?, seed: UInt64) -> [RecipeID] {
    switch engine {
    case .snapshot(let snapshot):
      snapshot.randomRecipes(count: count, category: category, seed: seed)
    case .view(let view): view.randomRecipes(count: count, category: category, seed: seed)
    }
  }

  /// The recipes a diet filter leaves in.
  func recipes(passingDietsOf filter: RecipeFilter) -> RecipeMask {
    switch engine {
    case .snapshot(let snapshot): snapshot.recipes(passingDietsOf: filter)
    case .view(let view): view.recipes(passingDietsOf: filter)
    }
  }
}

extension IndexView: RecipeLineNames {
  /// How many ingredient lines `recipe` has.
  func lineCount(of recipe: RecipeID) -> Int {
    switch engine {
    case .snapshot(let snapshot): snapshot.lineCount(of: recipe)
    case .view(let view): view.lineCount(of: recipe)
    }
  }

  /// The canonical ingredient name of line `position` of `recipe`.
  func lineIngredientName(of recipe: RecipeID, at position: Int) -> String {
    switch engine {
    case .snapshot(let snapshot): snapshot.lineIngredientName(of: recipe, at: position)
    case .view(let view): view.lineIngredientName(of: recipe, at: position)
    }
  }
}

/// Filters shared by `find` and `pantry`.
struct FilterOptions: ParsableArguments {
  @Option(help: "Only this category.") var category: String?
  @Option(help: "Only this area (cuisine).") var area: String?
  @Option(
    help:
      "Only recipes with no known ingredient against this diet (repeatable): \(RecipeFilter.dietNames.joined(separator: ", "))."
  )
  var diet: [String] = []
  @Option(
    name: .customLong("max-minutes"), help: "Only recipes ready in this many minutes.",
    transform: bounded(MaxMinutes.self))
  var maxMinutes: MaxMinutes?

  func validate() throws {
    for name in diet where RecipeFilter.excludedFlags(forDiet: name) == nil {
      throw ValidationError(
        "unknown diet \"\(name)\"; use one of \(RecipeFilter.dietNames.joined(separator: ", "))")
    }
  }

  /// The filter (diets were checked by ``validate()``).
  func filter() -> RecipeFilter {
    var filter = RecipeFilter(category: category, area: area, maxMinutes: maxMinutes?.value)
    for name in diet {
      filter.excludedFlags |= RecipeFilter.excludedFlags(forDiet: name)?.rawValue ?? 0
    }
    return filter
  }

  /// The filters as the headline says them (`in Beef`, `vegan`, `ready in 30 min`).
  var headline: [String] {
    QueryHeadline.filters(
      category: category, area: area, diets: diet, maxMinutes: maxMinutes?.value)
  }
}

/// `--exact`, shared by `find`, `pantry match` and `grocery add-recipe`: the family rule's
/// switch (Data/README.md, "The family rule"; `match=exact` over HTTP).
struct MatchingOptions: ParsableArguments {
  @Flag(
    help:
      "An ingredient stands for itself only, not its family (milk neither finds nor covers whole milk)."
  )
  var exact = false

  /// Exact with `--exact`, family otherwise.
  var matching: IngredientMatching { exact ? .exact : .family }
}

/// Prints a recipe summary line.
func printSummary(_ summary: ResponseShapes.RecipeSummary, suffix: String = "") {
  let facts = [summary.category, summary.area, summary.minutes.map { "\($0) min" }].compactMap {
    $0
  }
  print("\(summary.id)  \(summary.title)  (\(facts.joined(separator: ", ")))\(suffix)")
}

/// `larder suggest TEXT`.
struct SuggestCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "suggest",
    abstract: "Suggest ingredient names (or recipes, categories) for what was typed.")

  @Argument(help: "What the user typed so far.") var text: String
  @Option(help: "How many suggestions (1-50).", transform: bounded(SuggestLimit.self))
  var limit = SuggestLimit.standard
  @Option(help: "What to suggest.") var kind = SuggestionKinds.ingredient
  @Option(help: "Names already chosen, left out (repeatable).") var exclude: [String] = []
  @OptionGroup var index: IndexOptions
  @OptionGroup var output: OutputOptions

  func run() throws {
    try OpenedIndex(index).read { opened in
      let suggestions = try opened.suggest(
        text, limit: limit.value, kind: kind, excluding: Set(exclude))
      if output.json {
        return try Console.printJSON(bytes: ResponseShapes.suggestionJSON(suggestions))
      }
      if suggestions.isEmpty { return print("No suggestions for \"\(text)\".") }
      for s in suggestions { print("\(s.display)  (\(s.recipeCount))") }
    }
  }
}

/// `larder find --with A --with B`.
struct FindCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "find", abstract: "Recipes containing all of the given ingredients.")

  @Option(
    name: .customLong("with"), help: "An ingredient every recipe must have (1 to 10, repeatable).")
  var ingredients: [String] = []
  @Option(help: "An ingredient no recipe may have (repeatable).") var without: [String] = []
  @OptionGroup var filters: FilterOptions
  @OptionGroup var matching: MatchingOptions
  @Option(help: "Result order.") var sort = ResultOrder.index
  @Option(help: "Page size (1-100).", transform: bounded(PageSize.self))
  var limit = PageSize(unchecked: 10)
  @Option(help: "Results to skip.", transform: bounded(PageOffset.self))
  var offset = PageOffset.start
  @Option(help: "A cursor from the previous page.") var cursor: String?
  @OptionGroup var index: IndexOptions
  @OptionGroup var output: OutputOptions

  func validate() throws {
    guard !ingredients.isEmpty else { throw ValidationError("give at least one --with") }
    guard ingredients.count <= AllOfQuery.maximumIngredients else {
      throw ValidationError(
        "at most \(AllOfQuery.maximumIngredients) --with (\(ingredients.count) given)")
    }
    if let cursor, PageCursor(cursor) == nil {
      throw ValidationError("--cursor \"\(cursor)\" was not printed by `larder find`")
    }
  }

  func run() throws {
    var start = PageRequest.Start.offset(offset.value)
    if let parsed = cursor.flatMap(PageCursor.init) { start = .cursor(parsed) }
    try OpenedIndex(index).read { opened in
      let query = AllOfQuery(
        ingredients, without: without, filter: filters.filter(),
        matching: matching.matching,
        order: sort, page: PageRequest(limit: limit.value, start: start))
      let result: AllOfResult
      do { result = try opened.allOf(query) } catch let error as QueryError {
        throw CommandFailure(error.description)
      }
      let page = try ResponseShapes.allOfPage(
        result, query: query, lineNames: opened, reader: opened.reader)
      if output.json { return try Console.printJSON(page) }
      let asked = QueryHeadline.sentence(
        QueryHeadline.joined(QueryHeadline.resolved(ingredients, in: opened.ingredients)),
        QueryHeadline.without(QueryHeadline.resolved(without, in: opened.ingredients))
          + filters.headline + QueryHeadline.matching(matching.matching))
      if result.total == 0 {
        print("No recipe has all of \(asked).")
        if let relaxation = page.relaxation { print(relaxation.message) }
        return
      }
      print("\(result.total) recipe(s) have \(asked).")
      for shaped in page.recipes {
        let lines = shaped.extra.matches.flatMap { $0.lines.map(\.text) }
        printSummary(
          shaped.summary, suffix: lines.isEmpty ? "" : "\n    " + lines.joined(separator: "; "))
      }
      if let next = page.next { print("More: --cursor \(next)") }
    }
  }
}

/// `larder pantry --have egg --have flour`.
struct PantryCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "pantry",
    abstract: "Recipes you can make with what you have, fewest missing ingredients first.",
    subcommands: [
      PantryMatchCommand.self, PantryListCommand.self, PantryAddCommand.self,
      PantryRemoveCommand.self,
    ],
    defaultSubcommand: PantryMatchCommand.self)
}

/// `larder pantry match` (the default): matching from `--have` or the profile's pantry.
struct PantryMatchCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "match", abstract: "Match recipes against a pantry.")

  @Option(help: "An ingredient you have (repeatable, up to 200).") var have: [String] = []
  @Option(help: "An ingredient every recipe must use (repeatable).") var must: [String] = []
  @Option(help: "An ingredient no recipe may have (repeatable).") var without: [String] = []
  @Option(
    name: .customLong("max-missing"), help: "At most this many missing ingredients (0-200).",
    transform: bounded(MaxMissing.self))
  var maxMissing: MaxMissing?
  @Flag(
    name: .customLong("no-staples"),
    help: "Do not assume staples (water, salt, black pepper, ...) are at hand.")
  var noStaples = false
  @Option(help: "With no --have: use this profile's pantry.") var profile: String?
  @OptionGroup var filters: FilterOptions
  @OptionGroup var matching: MatchingOptions
  @Option(help: "How many recipes (1-100).", transform: bounded(PageSize.self))
  var limit = PageSize(unchecked: 10)
  @OptionGroup var index: IndexOptions
  @OptionGroup var userData: UserDataOptions
  @OptionGroup var output: OutputOptions

  func validate() throws {
    guard !have.isEmpty || profile != nil else {
      throw ValidationError("give --have (or --profile with a pantry)")
    }
    guard have.count <= PantryQuery.maximumItems else {
      throw ValidationError(
        "at most \(PantryQuery.maximumItems) --have items (\(have.count) given)")
    }
  }

  func run() async throws {
    var items = have
    // Typed names must resolve; a stored pantry's stale names are skipped and listed.
    var unknownItems = PantryQuery.UnknownItems.refuse
    if items.isEmpty, let profile {
      items = try await userData.withStore { store in
        guard let found = try await store.profiles().first(where: { $0.name == profile }) else {
          throw CommandFailure("no profile named \"\(profile)\" (see `larder profile list`)")
        }
        return try await store.pantry(of: found)
      }
      unknownItems = .skip
      guard !items.isEmpty else {
        throw CommandFailure(
          "the pantry of \"\(profile)\" is empty (add with `larder pantry add NAME --profile \(profile)`)"
        )
      }
    }
    try OpenedIndex(index).read { opened in
      let query = PantryQuery(
        have: items, must: must, without: without, maxMissing: maxMissing?.value,
        staples: noStaples ? .ignored : .assumed((try? StapleList.bundled().names) ?? []),
        matching: matching.matching, filter: filters.filter(),
        limit: limit.value, unknownItems: unknownItems)
      let result: PantryResult
      do { result = try opened.pantry(query) } catch let error
        as QueryError
      {
        throw CommandFailure(error.description)
      }
      let page = try ResponseShapes.pantryPage(result, reader: opened.reader)
      if output.json { return try Console.printJSON(page) }
      if !result.unknownItems.isEmpty {
        print(
          "Left out of your pantry (no longer known): \(result.unknownItems.joined(separator: ", "))."
        )
      }
      let known = items.filter { !result.unknownItems.contains($0) }
      var parts = QueryHeadline.without(QueryHeadline.resolved(without, in: opened.ingredients))
      if !must.isEmpty {
        parts.insert(
          "using \(QueryHeadline.joined(QueryHeadline.resolved(must, in: opened.ingredients)))",
          at: 0)
      }
      if let maxMissing { parts.append("at most \(maxMissing.value) missing") }
      parts.append(noStaples ? "staples not counted as at hand" : "staples counted as at hand")
      parts += filters.headline + QueryHeadline.matching(matching.matching)
      let asked = QueryHeadline.sentence(
        "what you have: \(QueryHeadline.resolved(known, in: opened.ingredients).joined(separator: ", "))",
        parts)
      guard result.total > 0 else { return print("No recipe from \(asked).") }
      print("\(result.total) recipe(s) from \(asked).")
      for hit in page.recipes {
        let notes = hit.extra.familyMatches.map { "\n    \($0.note)" }.joined()
        printSummary(
          hit.summary,
          suffix:
            "\n    have: \(hit.extra.used.joined(separator: ", "))   missing: \(hit.extra.missing.isEmpty ? "nothing" : hit.extra.missing.joined(separator: ", "))"
            + notes
        )
      }
      if !result.buyOneThing.isEmpty {
        print(
          "Buy one thing: "
            + result.buyOneThing.map { "\($0.ingredient) (completes \($0.completes))" }.joined(
              separator: ", "))
      }
    }
  }
}

/// `larder categories` / `larder areas`.
struct CategoriesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "categories", abstract: "List categories with counts, or the recipes of one.")

  @Argument(help: "A category to list the recipes of.") var name: String?
  @Option(help: "Page size (1-100).", transform: bounded(PageSize.self))
  var limit = PageSize.standard
  @Option(help: "Recipes to skip.", transform: bounded(PageOffset.self))
  var offset = PageOffset.start
  @OptionGroup var index: IndexOptions
  @OptionGroup var output: OutputOptions

  func run() throws {
    try browse(
      kind: .category, name: name, limit: limit, offset: offset, index: index, output: output)
  }
}

/// `larder areas`.
struct AreasCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "areas", abstract: "List areas (cuisines) with counts, or the recipes of one.")

  @Argument(help: "An area to list the recipes of.") var name: String?
  @Option(help: "Page size (1-100).", transform: bounded(PageSize.self))
  var limit = PageSize.standard
  @Option(help: "Recipes to skip.", transform: bounded(PageOffset.self))
  var offset = PageOffset.start
  @OptionGroup var index: IndexOptions
  @OptionGroup var output: OutputOptions

  func run() throws {
    try browse(kind: .area, name: name, limit: limit, offset: offset, index: index, output: output)
  }
}

/// Which grouping `browse` lists.
enum BrowseKind { case category, area }

func browse(
  kind: BrowseKind, name: String?, limit: PageSize, offset: PageOffset, index: IndexOptions,
  output: OutputOptions
) throws {
  try OpenedIndex(index).read { opened in
    guard let name else {
      let groups = opened.groups(kind)
      if output.json {
        return try Console.printJSON(
          ResponseShapes.GroupList(kind == .category ? .categories : .areas, groups))
      }
      if groups.isEmpty {
        return print("No \(kind == .category ? "categories" : "areas") in this index.")
      }
      for group in groups { print("\(group.name)  \(group.recipeCount)") }
      return
    }
    let page = opened.recipes(in: kind, name, offset: offset.value, limit: limit.value)
    // A full build has a group only while a recipe is in it.
    guard page.total > 0 else {
      throw CommandFailure(
        "no \(kind == .category ? "category" : "area") named \"\(name)\" (see `larder \(kind == .category ? "categories" : "areas")`)"
      )
    }
    let recipes = try ResponseShapes.summaries(page.recipes, reader: opened.reader)
    if output.json {
      return try Console.printJSON(
        ResponseShapes.SummaryPage(
          recipes: recipes, count: page.total,
          next: offset.nextCursor(after: limit, total: page.total)))
    }
    if page.total == 0 { return print("No recipes in \(name).") }
    print("\(page.total) recipe(s) in \(name).")
    for summary in recipes { printSummary(summary) }
  }
}

/// `larder random`.
struct RandomCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "random", abstract: "Random recipes.")

  @Option(help: "How many (1-100).", transform: bounded(RandomCount.self))
  var count = RandomCount.standard
  @Option(help: "Only this category.") var category: String?
  @Option(help: "A seed, for the same picks again.", transform: seedOption)
  var seed: RandomSeed?
  @OptionGroup var index: IndexOptions
  @OptionGroup var output: OutputOptions

  func run() throws {
    try OpenedIndex(index).read { opened in
      let picks = opened.randomRecipes(
        count: count.value, category: category, seed: (seed ?? .random()).value)
      let recipes = try ResponseShapes.summaries(picks, reader: opened.reader)
      if output.json { return try Console.printJSON(ResponseShapes.RecipeList(recipes)) }
      if recipes.isEmpty { return print("No recipes\(category.map { " in \($0)" } ?? "").") }
      for summary in recipes { printSummary(summary) }
    }
  }
}
