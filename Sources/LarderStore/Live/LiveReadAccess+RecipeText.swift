import LarderCore

/// One read of a live index as the faces read recipe text: dense ids are the view's; base
/// recipes are read from the base file by their base ids, written ones from the segment file
/// by their versions.
extension LiveReadAccess: RecipeTextReader {
  /// The generation (`meta.generation`) of the base file this read reads.
  public func baseGeneration() throws -> String { try reader.generation() }

  /// The dense id of the recipe with public id `id`, if present in this view.
  public func recipeID(publicID id: String) throws -> RecipeID? {
    view.recipeID(publicID: id)
  }

  /// The written text of chosen ingredient lines (dense ids of ``view``): base recipes' lines
  /// in one statement of the base file, written recipes' from their records.
  public func ingredientLineTexts(at lines: [RecipeLinePosition]) throws -> [RecipeLinePosition:
    String]
  {
    var out: [RecipeLinePosition: String] = [:]
    var baseLines: [RecipeLinePosition] = []
    var denseOfBase: [RecipeID: RecipeID] = [:]
    var writtenLines: [(line: RecipeLinePosition, version: Int64)] = []
    for line in lines where line.recipe.index < view.sources.count && line.position >= 0 {
      switch view.sources[line.recipe.index] {
      case .base(let rid):
        baseLines.append(RecipeLinePosition(rid, line.position))
        denseOfBase[rid] = line.recipe
      case .live(let written):
        writtenLines.append((line, written.version))
      case .deleted: continue
      }
    }
    // Each written recipe read and decoded once, however many of its lines are asked for (a
    // hit of an all-of query asks for one line per ingredient matched).
    let versions = Array(Set(writtenLines.map(\.version)))
    let writtenRecipes = Dictionary(
      uniqueKeysWithValues: zip(versions, try records.recipes(versions)))
    for (line, version) in writtenLines {
      guard let recipe = writtenRecipes[version], line.position < recipe.ingredients.count
      else { continue }
      out[line] = recipe.ingredients[line.position].text
    }
    for (baseLine, text) in try reader.ingredientLineTexts(at: baseLines) {
      if let dense = denseOfBase[baseLine.recipe] {
        out[RecipeLinePosition(dense, baseLine.position)] = text
      }
    }
    return out
  }

  /// Recipe-title suggestions over the recipes of this view.
  public func suggestRecipes(_ text: String, limit: Int) throws -> [Suggestion] {
    view.suggestRecipes(text, limit: limit)
  }

  /// Full-text search over this view (a stop-gap until text search over writes lands in the
  /// live index itself): the base file's FTS5 hits of base recipes still present as built,
  /// after the written recipes whose text holds every query word (the last as a prefix, as
  /// FTS5 reads it), in recipe order. The count is exact when the replaced or deleted base
  /// recipes that match fall within the first `offset + limit` base hits plus the number of
  /// such recipes.
  public func search(_ request: TextSearchRequest) throws -> TextSearchResult {
    let query = FTSQuery(request.text)
    guard !query.isEmpty else { throw TextSearchError.emptyQuery }
    var written: [TextSearchHit] = []
    let words = query.words.map { TextFolding.fold($0) }
    // The written recipes the mask allows, read from their records.
    var candidates: [(dense: RecipeID, version: Int64)] = []
    for dense in view.writtenRecipes {
      guard case .live(let stored) = view.sources[dense.index],
        request.onlyRecipes?.contains(position: dense.index) ?? true
      else { continue }
      candidates.append((dense, stored.version))
    }
    let candidateRecipes = try records.recipes(candidates.map(\.version))
    for ((dense, _), recipe) in zip(candidates, candidateRecipes) {
      guard
        Self.matches(recipe, request: request, words: words, lastIsPrefix: query.lastWordIsPrefix)
      else { continue }
      written.append(
        TextSearchHit(
          rid: dense, id: recipe.id, title: recipe.title, category: recipe.category,
          area: recipe.area, minutes: recipe.totalMinutes, image: recipe.image, score: 0,
          snippet: [SnippetPiece(text: recipe.title, match: false)]))
    }
    let baseCount = try reader.connection.scalarInt("SELECT count(*) FROM recipes") ?? 0
    let masked = baseCount - view.untouchedBaseCount
    if written.isEmpty && masked == 0 {
      // The view is the base: its hits' base ids are the view's dense ids.
      return try reader.search(request)
    }
    let window = max(request.offset, 0) + max(request.limit, 0) + masked
    var baseRequest = request
    baseRequest.offset = 0
    baseRequest.limit = window
    if let only = request.onlyRecipes {
      // The mask is over the view's dense ids; the base file's search needs its own ids.
      var positions: [Int] = []
      view.forEachUntouchedBaseRecipe { rid, dense in
        if only.contains(position: dense.index) { positions.append(rid.index) }
      }
      baseRequest.onlyRecipes = RecipeMask(positions: positions, count: baseCount)
    }
    let base = try reader.search(baseRequest)
    var present: [TextSearchHit] = []
    for var hit in base.hits {
      guard let dense = view.recipeID(publicID: hit.id),
        case .base(let rid) = view.sources[dense.index], rid == hit.rid
      else { continue }
      hit.rid = dense
      present.append(hit)
    }
    let dropped = base.hits.count - present.count
    let all = written + present
    let start = min(max(request.offset, 0), all.count)
    let end = min(start + max(request.limit, 0), all.count)
    return TextSearchResult(
      count: written.count + base.count - dropped, hits: Array(all[start..<end]))
  }

  /// Whether written `recipe` passes the request's filters and holds every query word.
  private static func matches(
    _ recipe: Recipe, request: TextSearchRequest, words: [String], lastIsPrefix: Bool
  ) -> Bool {
    if let category = request.category, recipe.category != category { return false }
    if let area = request.area, recipe.area != area { return false }
    if let maxMinutes = request.maxMinutes {
      guard let minutes = recipe.totalMinutes, minutes <= maxMinutes else { return false }
    }
    let text =
      ([recipe.title, recipe.summary ?? ""] + recipe.tags + recipe.steps
      + recipe.ingredients.map(\.text) + recipe.ingredients.map(\.name)).joined(separator: " ")
    let tokens = Set(TextFolding.words(text).map(String.init))
    for (index, word) in words.enumerated() {
      if index == words.count - 1 && lastIsPrefix {
        if !tokens.contains(where: { $0.hasPrefix(word) }) { return false }
      } else if !tokens.contains(word) {
        return false
      }
    }
    return true
  }
}
