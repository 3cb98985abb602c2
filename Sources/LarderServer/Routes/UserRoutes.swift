import Foundation
import Hummingbird
import LarderCore
import LarderStore

/// The per-profile routes under `/v1/me`: favorites, grocery list, pantry and points.
struct UserRoutes {
  let holder: IndexHolder
  let users: any UserStateStore

  /// The per-profile routes, for the server's route table: each runs only for a request
  /// with a profile's token (``ProfileContext``).
  var routes: [APIRoute] {
    [
      APIRoute(
        .get, "/v1/me",
        .profile { _, context in
          let profile = context.profile
          return try JSONBody.response(["profile": ["name": profile.name]])
        }),
      APIRoute(.get, "/v1/me/favorites", .profile { _, context in try await favorites(context) }),
      APIRoute(
        .post, "/v1/me/favorites",
        .profile { request, context in
          try await addFavorite(request, context: context)
        }),
      APIRoute(
        .delete, "/v1/me/favorites/:recipeId",
        .profile { _, context in
          let profile = context.profile
          let id = try context.pathParameter("recipeId")
          guard try await users.removeFavorite(id, for: profile) else {
            throw APIError.notFound(
              "favorite_not_found", "This recipe is not among your favorites.")
          }
          return Response(status: .noContent)
        }),
      APIRoute(
        .get, "/v1/me/grocery",
        .profile { _, context in
          let profile = context.profile
          return try await groceryResponse(profile)
        }),
      APIRoute(
        .post, "/v1/me/grocery",
        .profile { request, context in
          try await addGrocery(request, context: context)
        }),
      APIRoute(
        .patch, "/v1/me/grocery",
        .profile { request, context in
          let profile = context.profile
          let body: CheckBody = try await RequestBody.decode(request, context: context)
          let ids = body.ids
          let check: GroceryCheck = body.checked ? .checked : .unchecked
          let listed = Set(try await users.groceryItems(of: profile).map(\.id))
          let unknown = ids.filter { !listed.contains($0) }
          guard unknown.isEmpty else {
            throw APIError(
              status: .unprocessableContent, code: "item_not_found",
              message:
                "Not on your grocery list: \(unknown.map(String.init).joined(separator: ", ")).")
          }
          _ = try await users.setGroceryItems(ids, checked: check, for: profile)
          return try await groceryResponse(profile)
        }),
      APIRoute(
        .delete, "/v1/me/grocery/:itemId",
        .profile { _, context in
          let profile = context.profile
          guard let id = Int64(try context.pathParameter("itemId")),
            try await users.removeGroceryItems([id], for: profile) == 1
          else { throw APIError.notFound("item_not_found", "No such item on your grocery list.") }
          return Response(status: .noContent)
        }),
      APIRoute(
        .delete, "/v1/me/grocery",
        .profile { request, context in
          let profile = context.profile
          let scope = try QueryParameters(request).option(
            "scope", default: GroceryClearScope.checked)
          try await users.clearGrocery(scope, for: profile)
          return Response(status: .noContent)
        }),
      APIRoute(
        .get, "/v1/me/pantry",
        .profile { _, context in
          let profile = context.profile
          return try await pantryResponse(profile)
        }),
      APIRoute(
        .post, "/v1/me/pantry",
        .profile { request, context in
          let profile = context.profile
          let body: NamesBody = try await RequestBody.decode(request, context: context)
          // Only names that resolve are stored (422 with "did you mean" otherwise, nothing added).
          let names = try await holder.index.ingredientTables().canonicalIngredientNames(body.names)
          try await users.addToPantry(names, for: profile)
          return try await pantryResponse(profile)
        }),
      APIRoute(
        .delete, "/v1/me/pantry/:name",
        .profile { _, context in
          let profile = context.profile
          let name = canonical(
            try context.pathParameter("name"), in: try await holder.index.ingredientTables())
          guard try await users.removeFromPantry(name, for: profile) else {
            throw APIError.notFound("item_not_found", "\"\(name)\" is not in your pantry.")
          }
          return Response(status: .noContent)
        }),
      APIRoute(
        .post, "/v1/me/pantry/at-home",
        .profile { request, context in
          let profile = context.profile
          let body: AtHomeBody = try await RequestBody.decode(request, context: context)
          guard let recipe = try await recipe(body.recipeId) else {
            throw APIError.unknownRecipe(body.recipeId)
          }
          let name = canonical(body.ingredient, in: try await holder.index.ingredientTables())
          guard recipe.ingredients.contains(where: { $0.name == name }) else {
            throw APIError(
              status: .unprocessableContent, code: "not_in_recipe",
              message: "\"\(name)\" is not an ingredient of this recipe.")
          }
          let recipeID = recipe.id
          let earned = try await users.markAtHome(name, recipeID: recipeID, for: profile)
          let points = try await users.points(of: profile)
          let pantry = try await users.pantry(of: profile)
          return try JSONBody.response(
            AtHomeAnswer(pointEarned: earned, points: points, pantry: pantry))
        }),
      APIRoute(
        .get, "/v1/me/pantry/coverage/:recipeId",
        .profile { _, context in try await coverage(context) }),
      APIRoute(
        .get, "/v1/me/points",
        .profile { _, context in
          let profile = context.profile
          let points = try await users.points(of: profile)
          return try JSONBody.response(["points": points])
        }),
    ]
  }

  struct AtHomeAnswer: Encodable {
    var pointEarned: Bool
    var points: Int
    var pantry: [String]
  }
  /// A user-typed ingredient name in the index's canonical form (falls back to the folded text).
  func canonical(_ name: String, in snapshot: Snapshot) -> String {
    snapshot.resolveIngredient(name).map { snapshot.ingredientName($0) }
      ?? SearchFolding.fold(name)
  }

  /// The recipe with public id `id` from the served index, or `nil` when no recipe has it.
  /// - Throws: what reading the file throws (a rebuilt file's `index_changed`, SQLite errors),
  ///   so a failed read is answered as such, never as an unknown recipe.
  func recipe(_ id: String) async throws -> Recipe? {
    try await holder.index.read { try $0.recipe(publicID: id) }
  }

  func favorites(_ context: ProfileContext) async throws -> Response {
    let profile = context.profile
    let saved = try await users.favorites(of: profile)
    let answer = try await holder.index.read {
      try ResponseShapes.Favorites(saved, reader: $0)
    }
    return try JSONBody.response(answer)
  }

  func addFavorite(_ request: Request, context: ProfileContext) async throws -> Response {
    let profile = context.profile
    let body: FavoriteBody = try await RequestBody.decode(request, context: context)
    let recipeID = body.recipeId
    let summary = try await holder.index.read { reader in
      try reader.recipeID(publicID: recipeID).map { try reader.summary(of: $0) }
    }
    guard let summary else { throw APIError.unknownRecipe(recipeID) }
    let title = summary.title
    let saved = try await users.addFavorite(recipeID, title: title, for: profile)
    let favorite = ResponseShapes.Favorite(
      recipeId: recipeID, title: title, savedAt: saved.savedAt, summary: summary)
    return JSONBody.response(bytes: favorite.savedJSON, status: .created)
  }

  func groceryResponse(_ profile: UserStore.Profile, status: HTTPResponse.Status = .ok)
    async throws -> Response
  {
    let items = try await users.groceryItems(of: profile)
    return try JSONBody.response(
      ResponseShapes.GroceryAnswer(
        items, aisles: GroceryAisles(vocabulary: holder.index.vocabulary)),
      status: status)
  }

  func addGrocery(_ request: Request, context: ProfileContext) async throws -> Response {
    let profile = context.profile
    let body: GroceryBody = try await RequestBody.decode(request, context: context)
    var rows: [UserStore.NewGroceryItem] = []
    if let items = body.items {
      let parser = IngredientLineParser(vocabulary: holder.index.vocabulary)
      let snapshot = try await holder.index.ingredientTables()
      rows = try items.enumerated().map { position, item in
        guard item.isTypedText else {
          return .init(
            name: canonical(item.name, in: snapshot), quantity: item.quantity,
            unit: item.canonicalUnit)
        }
        // "2 cups flour": read like a recipe line, so it merges with the recipes' flour.
        let typed = TypedGroceryItem(parsing: item.name, parser: parser)
        if let quantity = typed.quantity, quantity > BodyLimits.maximumQuantity {
          throw APIError.badRequest(
            "invalid_body", "`items[\(position)].name` asks for more than 1000000.")
        }
        return .init(
          name: canonical(typed.name, in: snapshot), quantity: typed.quantity, unit: typed.unit)
      }
    } else if let recipeId = body.recipeId {
      guard let recipe = try await recipe(recipeId) else { throw APIError.unknownRecipe(recipeId) }
      let index = holder.index
      let snapshot = try await index.ingredientTables()
      let (lines, staples, matching) = (body.lines, body.stapleChoice, body.matching)
      try await users.addRecipeToGrocery(
        recipe, lines: lines, staples: staples, stapleNames: index.staples, matching: matching,
        snapshot: snapshot, for: profile)
      return try await groceryResponse(profile, status: .created)
    }
    let newRows = rows
    try await users.addGroceryItems(newRows, for: profile)
    return try await groceryResponse(profile, status: .created)
  }

  /// Which lines of a recipe the profile's pantry covers under the family rule, the one
  /// ``PantryCoverage`` that "add missing" and pantry matching use, so the recipe page's
  /// "I have this" agrees with them ("whole milk: you have milk").
  func coverage(_ context: ProfileContext) async throws -> Response {
    let profile = context.profile
    let id = try context.pathParameter("recipeId")
    guard let recipe = try await recipe(id) else {
      throw APIError.notFound("recipe_not_found", "No recipe has the id \"\(id)\".")
    }
    let pantry = try await users.pantry(of: profile)
    let snapshot = try await holder.index.ingredientTables()
    let coverage = try PantryCoverage(
      pantry, in: snapshot, matching: .family, unknownItems: .skip)
    let lines = recipe.ingredients.enumerated().map { position, line -> CoveredLine in
      let ingredient = snapshot.ingredientID(line.name)
      let family = ingredient.flatMap { coverage.familyCoverage(of: $0) }
      return CoveredLine(
        position: position, name: line.name, covered: coverage.covers(name: line.name),
        have: family?.have, note: family?.note)
    }
    return try JSONBody.response(CoverageAnswer(recipeId: recipe.id, lines: lines))
  }

  /// One recipe line and whether the pantry covers it (`have`/`note` when a family member does).
  struct CoveredLine: Encodable {
    var position: Int
    var name: String
    var covered: Bool
    var have: String?
    var note: String?
  }
  struct CoverageAnswer: Encodable {
    var recipeId: String
    var lines: [CoveredLine]
  }

  func pantryResponse(_ profile: UserStore.Profile) async throws -> Response {
    let pantry = try await users.pantry(of: profile)
    let points = try await users.points(of: profile)
    return try JSONBody.response(ResponseShapes.PantryAnswer(pantry: pantry, points: points))
  }
}
