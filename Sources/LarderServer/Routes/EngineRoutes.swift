import Foundation
import Hummingbird
import LarderCore
import LarderStore
import NIOCore

/// The read-only engine routes: suggest, all-of, text search, detail, browse, random, pantry.
/// Thin faces over `LarderCore` queries; no token needed.
struct EngineRoutes {
  let holder: IndexHolder
  let users: (any UserStateStore)?

  /// The engine's routes, for the server's route table.
  var routes: [APIRoute] {
    [
      APIRoute(.get, "/v1/suggest", .open { request, _ in try await suggest(request) }),
      APIRoute(.get, "/v1/recipes", .open { request, _ in try await allOf(request) }),
      APIRoute(.get, "/v1/search", .open { request, _ in try await search(request) }),
      APIRoute(
        .get, "/v1/recipes/:id",
        .open { request, context in
          try await detail(
            context.pathParameter("id"),
            servings: try QueryParameters(request).number("servings", as: Servings.self))
        }),
      APIRoute(
        .get, "/v1/categories",
        .open { _, _ in
          try JSONBody.response(
            ResponseShapes.GroupList(
              .categories, try await holder.index.withView { $0.categories() }))
        }),
      APIRoute(
        .get, "/v1/areas",
        .open { _, _ in
          try JSONBody.response(
            ResponseShapes.GroupList(.areas, try await holder.index.withView { $0.areas() }))
        }),
      APIRoute(
        .get, "/v1/categories/:name/recipes",
        .open { request, context in
          try await browse(request, name: context.pathParameter("name"), kind: .category)
        }),
      APIRoute(
        .get, "/v1/areas/:name/recipes",
        .open { request, context in
          try await browse(request, name: context.pathParameter("name"), kind: .area)
        }),
      APIRoute(.get, "/v1/random", .open { request, _ in try await random(request) }),
      APIRoute(
        .post, "/v1/pantry/match",
        .open { request, context in try await pantry(request, context: context) }),
    ]
  }

  // MARK: Suggest (the hot path: JSON written by hand; ingredients and categories never touch
  // the database, recipe titles are one b-tree range read)

  func suggest(_ request: Request) async throws -> Response {
    let query = QueryParameters(request)
    let limit = (try query.number("limit", as: SuggestLimit.self) ?? .standard).value
    let kind = try query.option("kind", default: SuggestionKinds.ingredient)
    let excluded = Set(try query.all("exclude", limit: 50))
    let request = SuggestRequest(
      text: try query.raw("q") ?? "", kind: kind, limit: limit, excluded: excluded)
    let out = try await holder.index.suggestAnswer(request)
    return Response(
      status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
      body: .init(byteBuffer: ByteBuffer(bytes: out)))
  }

  // MARK: All of these ingredients

  func filter(_ query: QueryParameters) throws -> RecipeFilter {
    var filter = RecipeFilter(
      category: try query.text("category"), area: try query.text("area"),
      maxMinutes: try query.number("maxMinutes", as: MaxMinutes.self)?.value)
    filter.excludedFlags = try excludedDietFlags(query)
    return filter
  }

  /// The food flags the `diet` parameters (repeatable) rule out; 0 without any. One parser for
  /// ingredient search and word search.
  func excludedDietFlags(_ query: QueryParameters) throws -> UInt16 {
    var excluded: UInt16 = 0
    for diet in try query.all("diet", limit: 6) {
      guard let flags = RecipeFilter.excludedFlags(forDiet: diet) else {
        throw APIError.badRequest(
          "invalid_parameter",
          "`diet` must be one of: \(RecipeFilter.dietNames.joined(separator: ", ")).")
      }
      excluded |= flags.rawValue
    }
    return excluded
  }

  func allOf(_ request: Request) async throws -> Response {
    let query = QueryParameters(request)
    let with = try query.all("with", limit: AllOfQuery.maximumIngredients)
    guard !with.isEmpty else {
      throw APIError.badRequest(
        "no_ingredients", "Give at least one ingredient: /v1/recipes?with=garlic&with=lemon")
    }
    let pageSize = try query.pageSize()
    var start = PageRequest.Start.offset(0)
    if let cursor = try query.raw("cursor") {
      guard let parsed = PageCursor(cursor) else {
        throw APIError.badRequest("invalid_cursor", "This cursor was not made by this API.")
      }
      start = .cursor(parsed)
    }
    let allOf = AllOfQuery(
      with, without: try query.all("without", limit: 50), filter: try filter(query),
      matching: try query.option("match", default: IngredientMatching.family),
      order: try query.option("sort", default: ResultOrder.index),
      page: PageRequest(limit: pageSize.value, start: start))
    let index = holder.index
    // The write count first: a page made after it holds every write it counts; the query and
    // the page's text come from one view (dense ids are a view's own).
    let key = AfterWrites(writes: index.writeGeneration, key: allOf)
    let body = try await index.allOfCache.answer(for: key) {
      try await index.read { access in
        // Merged over the base and the written recipes: no whole snapshot after a write.
        try ResponseShapes.allOfPage(
          try access.view.allOf(allOf), query: allOf, lineNames: access.view, reader: access
        ).json()
      }
    }
    return JSONBody.response(bytes: body)
  }

  // MARK: Text search

  func search(_ request: Request) async throws -> Response {
    let query = QueryParameters(request)
    guard let text = try query.raw("q"), NameText.isName(text) else {
      throw APIError.badRequest("empty_query", TextSearchError.emptyQuery.description)
    }
    let pageSize = try query.pageSize()
    let offset = try query.offsetCursor()
    let excluded = try excludedDietFlags(query)
    let request = TextSearchRequest(
      text: text, category: try query.text("category"), area: try query.text("area"),
      maxMinutes: try query.number("maxMinutes", as: MaxMinutes.self)?.value,
      limit: pageSize.value, offset: offset.value)
    // Text with a name character but no searchable word ("¿") finds nothing.
    let result =
      FTSQuery(text).isEmpty
      ? TextSearchResult.empty
      : try await holder.index.read { [request] access in
        var request = request
        // The diet's recipes are dense ids of the view that searches: taken from it.
        if excluded != 0 {
          request.onlyRecipes = access.view.recipes(
            passingDietsOf: RecipeFilter(excludedFlags: excluded))
        }
        return try access.search(request)
      }
    return try JSONBody.response(
      ResponseShapes.searchPage(result, pageSize: pageSize, offset: offset))
  }

  // MARK: Detail

  /// The recipe `id` in full, its amounts scaled to `servings` when given.
  func detail(_ id: String, servings: Servings?) async throws -> Response {
    guard id.utf8.count <= 512 else {
      throw APIError.notFound("recipe_not_found", "No recipe has this id.")
    }
    let index = holder.index
    guard let recipe = try await index.read({ try $0.recipe(publicID: id) }) else {
      throw APIError.notFound("recipe_not_found", "No recipe has the id \"\(id)\".")
    }
    return try JSONBody.response(
      ResponseShapes.RecipeAnswer(
        RecipeDetail(recipe: recipe, vocabulary: index.vocabulary, servings: servings)))
  }

  // MARK: Browse and random

  enum BrowseKind { case category, area }

  func browse(_ request: Request, name: String, kind: BrowseKind) async throws -> Response {
    let query = QueryParameters(request)
    let pageSize = try query.pageSize()
    let offset = try query.offsetCursor()
    let (page, recipes) = try await holder.index.read { access in
      // Merged over the base and the written recipes: no whole snapshot after a write.
      let view = access.view
      let page: BrowsePage
      switch kind {
      case .category:
        page = view.recipes(inCategory: name, offset: offset.value, limit: pageSize.value)
        // A full build has a category only while a recipe has it.
        guard page.total > 0 else {
          throw APIError.notFound("category_not_found", "There is no category \"\(name)\".")
        }
      case .area:
        page = view.recipes(inArea: name, offset: offset.value, limit: pageSize.value)
        guard page.total > 0 else {
          throw APIError.notFound("area_not_found", "There is no area \"\(name)\".")
        }
      }
      return (page, try ResponseShapes.summaries(page.recipes, reader: access))
    }
    return try JSONBody.response(
      ResponseShapes.SummaryPage(
        recipes: recipes, count: page.total,
        next: offset.nextCursor(after: pageSize, total: page.total)))
  }

  func random(_ request: Request) async throws -> Response {
    let query = QueryParameters(request)
    let count = try query.number("count", as: RandomCount.self) ?? .standard
    let seed =
      try query.parameters["seed"].map { value -> RandomSeed in
        do { return try RandomSeed(parsing: value) } catch {
          throw APIError.badRequest("invalid_parameter", "`seed` \(error).")
        }
      } ?? .random()
    let category = try query.text("category")
    let recipes = try await holder.index.read { access in
      let picks = access.view.randomRecipes(
        count: count.value, category: category, seed: seed.value)
      return try ResponseShapes.summaries(picks, reader: access)
    }
    return try JSONBody.response(ResponseShapes.RecipeList(recipes))
  }

  // MARK: Pantry

  func pantry(_ request: Request, context: LarderRequestContext) async throws -> Response {
    let body: PantryBody = try await RequestBody.decode(request, context: context)
    var have = body.have
    // Typed items must resolve (422 with "did you mean"); a stored pantry's stale names are
    // left out and listed instead, so one of them never breaks every match.
    var unknownItems = PantryQuery.UnknownItems.refuse
    if have == nil, let unavailable = context.userStateUnavailable { throw unavailable }
    if have == nil, let users, let profile = context.profile {
      have = try await users.pantry(of: profile)
      unknownItems = .skip
    }
    guard let have else {
      throw APIError.badRequest(
        "invalid_body",
        "Give `have` (the ingredients you have), or send a profile token to use your pantry.")
    }
    let limit = body.limit ?? PageSize.standard.value
    let index = holder.index
    let query = PantryQuery(
      have: have, must: body.must ?? [], without: body.without ?? [], maxMissing: body.maxMissing,
      staples: body.staples == false ? .ignored : .assumed(index.staples),
      matching: body.matching, limit: limit, unknownItems: unknownItems)
    return try JSONBody.response(
      try await index.read { access in
        // Merged over the base and the written recipes: no whole snapshot after a write.
        try ResponseShapes.pantryPage(try access.view.pantry(query), reader: access)
      })
  }
}
