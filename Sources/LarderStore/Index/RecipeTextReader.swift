import LarderCore

/// What the faces read recipe text through, by the dense ids of the snapshot they queried: an
/// index file's ``IndexReader``, or one read of a live index (``LiveReadAccess``, base file and
/// live segment together). The snapshot answers queries with dense ids and holds no text; each
/// face reads a page's summaries, a recipe's detail, matched line texts and text search here,
/// so the CLI and the server answer the same way over a built index and a written one.
public protocol RecipeTextReader: RecipeTitleSuggester {
  /// Every stored field of recipe `id`, or `nil` when there is none.
  func recipe(_ id: RecipeID) throws -> Recipe?
  /// The recipe with public id `id`, if present.
  func recipe(publicID id: String) throws -> Recipe?
  /// The dense id of the recipe with public id `id`, if present.
  func recipeID(publicID id: String) throws -> RecipeID?
  /// The summaries of `ids`, in their order, one for each id.
  /// - Throws: ``IndexContentError/missingRecipes(path:recipes:)`` for ids with no recipe.
  func summaries(of ids: [RecipeID]) throws -> [RecipeSummary]
  /// The written text of chosen ingredient lines; positions with no line are left out.
  func ingredientLineTexts(at lines: [RecipeLinePosition]) throws -> [RecipeLinePosition: String]
  /// Full-text search.
  /// - Throws: ``TextSearchError/emptyQuery`` when the text holds no word.
  func search(_ request: TextSearchRequest) throws -> TextSearchResult
}

extension RecipeTextReader {
  /// The summary of one recipe.
  /// - Throws: ``IndexContentError/missingRecipes(path:recipes:)`` when there is none.
  public func summary(of id: RecipeID) throws -> RecipeSummary {
    try summaries(of: [id])[0]
  }
}

extension IndexReader: RecipeTextReader {}
