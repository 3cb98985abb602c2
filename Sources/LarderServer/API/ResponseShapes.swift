import LarderCore
import LarderStore

/// The JSON shapes of the API (see `openapi.json`), built from the engine's results. The CLI's
/// `--json` output uses the same shapes, so scripts see one format.
public enum ResponseShapes {
  /// `{id, title, category, area, minutes, image}`.
  public struct RecipeSummary: Encodable, Sendable {
    public var id: String
    public var title: String
    public var category: String?
    public var area: String?
    public var minutes: Int?
    public var image: String?

    public init(_ summary: LarderCore.RecipeSummary) {
      id = summary.publicID
      title = summary.title
      category = summary.category
      area = summary.area
      minutes = summary.totalMinutes
      image = summary.image
    }

    public init(_ hit: TextSearchHit) {
      id = hit.id
      title = hit.title
      category = hit.category
      area = hit.area
      minutes = hit.minutes
      image = hit.image
    }

    enum CodingKeys: String, CodingKey { case id, title, category, area, minutes, image }

    public func encode(to encoder: any Encoder) throws {
      // Absent values are written as null: front ends read one shape.
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(id, forKey: .id)
      try container.encode(title, forKey: .title)
      try container.encode(category, forKey: .category)
      try container.encode(area, forKey: .area)
      try container.encode(minutes, forKey: .minutes)
      try container.encode(image, forKey: .image)
    }
  }

  /// A summary with extra fields beside it (matches, used/missing, score/snippet).
  public struct Extended<Extra: Encodable & Sendable>: Encodable, Sendable {
    public var summary: RecipeSummary
    public var extra: Extra

    public func encode(to encoder: any Encoder) throws {
      try summary.encode(to: encoder)
      try extra.encode(to: encoder)
    }
  }

  /// Which lines of a hit satisfied one query ingredient.
  public struct IngredientMatch: Encodable, Sendable {
    public struct Line: Encodable, Sendable {
      public var position: Int
      public var text: String
      public var name: String
    }

    public var ingredient: String
    public var lines: [Line]
  }

  /// `matches` of an all-of hit.
  public struct Matches: Encodable, Sendable {
    public var matches: [IngredientMatch]
  }

  /// `used` and `missing` of a pantry hit.
  public struct PantryUse: Encodable, Sendable {
    public var used: [String]
    public var missing: [String]
    /// Used ingredients covered by a pantry item of their family ("whole milk: you have milk").
    public var familyMatches: [FamilyMatch]
  }

  /// A recipe ingredient covered by a pantry item of its family.
  public struct FamilyMatch: Encodable, Sendable {
    /// The recipe's ingredient.
    public var ingredient: String
    /// The pantry item covering it.
    public var have: String
    /// "whole milk: you have milk".
    public var note: String
  }

  /// `score` and `snippet` of a text-search hit.
  public struct TextMatch: Encodable, Sendable {
    public var score: Double
    public var snippet: [SnippetPiece]
  }

  /// The relaxation offered when an all-of search finds nothing.
  public struct RelaxationShape: Encodable, Sendable {
    public var message: String
    public var with: [String]
    public var count: Int
  }

  /// `GET /v1/recipes`.
  public struct AllOfPage: Encodable, Sendable {
    public var recipes: [Extended<Matches>]
    public var count: Int
    public var next: String?
    public var relaxation: RelaxationShape?

    enum CodingKeys: String, CodingKey { case recipes, count, next, relaxation }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(recipes, forKey: .recipes)
      try container.encode(count, forKey: .count)
      try container.encode(next, forKey: .next)
      try container.encode(relaxation, forKey: .relaxation)
    }
  }

  /// A plain page of summaries (`recipes`, `count`, `next`).
  public struct SummaryPage<Item: Encodable & Sendable>: Encodable, Sendable {
    public var recipes: [Item]
    public var count: Int
    public var next: String?

    public init(recipes: [Item], count: Int, next: String?) {
      self.recipes = recipes
      self.count = count
      self.next = next
    }

    enum CodingKeys: String, CodingKey { case recipes, count, next }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(recipes, forKey: .recipes)
      try container.encode(count, forKey: .count)
      try container.encode(next, forKey: .next)
    }
  }

  /// `POST /v1/pantry/match`.
  public struct PantryPage: Encodable, Sendable {
    public struct Purchase: Encodable, Sendable {
      public var ingredient: String
      public var completes: Int
    }

    public var recipes: [Extended<PantryUse>]
    public var count: Int
    public var buyOneThing: [Purchase]
    /// Stored pantry items that resolve to no ingredient (after a vocabulary change), left out.
    public var unknownItems: [String]
  }

  /// A name with a count (`categories`, `areas`).
  public struct NamedCount: Encodable, Sendable {
    public var name: String
    public var count: Int

    public init(name: String, count: Int) {
      self.name = name
      self.count = count
    }
  }

  /// `GET /v1/recipes/{id}`: `{"recipe": ...}`.
  public struct RecipeAnswer: Encodable, Sendable {
    /// The recipe in full.
    public var recipe: RecipeDetail

    /// The answer for one recipe.
    public init(_ recipe: RecipeDetail) { self.recipe = recipe }
  }

  /// `GET /v1/categories` (`{"categories": [...]}`) and `GET /v1/areas` (`{"areas": [...]}`).
  public struct GroupList: Encodable, Sendable {
    /// Which list it is: the key the groups are written under.
    public enum Kind: String, Sendable { case categories, areas }

    /// Which list.
    public var kind: Kind
    /// The groups with their recipe counts.
    public var groups: [NamedCount]

    /// The answer for `groups` of `kind`.
    public init(_ kind: Kind, _ groups: [BrowseGroup]) {
      self.kind = kind
      self.groups = groups.map { NamedCount(name: $0.name, count: $0.recipeCount) }
    }

    struct Key: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Key.self)
      try container.encode(groups, forKey: Key(stringValue: kind.rawValue))
    }
  }

  /// `GET /v1/random`: `{"recipes": [...]}`.
  public struct RecipeList: Encodable, Sendable {
    /// The picked recipes.
    public var recipes: [RecipeSummary]

    /// The answer for `recipes`.
    public init(_ recipes: [RecipeSummary]) { self.recipes = recipes }
  }

  /// The `GET /v1/search` page of a text-search result: hits with `score` and `snippet`, the
  /// total, and the cursor of the next page after `offset`.
  public static func searchPage(
    _ result: TextSearchResult, pageSize: PageSize, offset: PageOffset
  ) -> SummaryPage<Extended<TextMatch>> {
    SummaryPage(
      recipes: result.hits.map {
        Extended(summary: .init($0), extra: TextMatch(score: $0.score, snippet: $0.snippet))
      },
      count: result.count,
      next: offset.nextCursor(after: pageSize, total: result.count))
  }

  /// The summaries of `rids` from the index file, in their order.
  public static func summaries(_ rids: [RecipeID], reader: some RecipeTextReader) throws
    -> [RecipeSummary]
  {
    try reader.summaries(of: rids).map(RecipeSummary.init)
  }

  /// The page's stored summaries by recipe (one lookup each), for pages that add fields.
  static func summaryByRecipe(_ rids: [RecipeID], reader: some RecipeTextReader) throws
    -> [RecipeID:
    RecipeSummary]
  {
    Dictionary(
      try reader.summaries(of: rids).map { ($0.recipe, RecipeSummary($0)) },
      uniquingKeysWith: { first, _ in first })
  }

  /// Builds the `GET /v1/recipes` page of an engine result: the summaries and the written text
  /// of the matched lines of the page's recipes come from `reader` (one query each); the
  /// canonical names come from `lineNames` (the snapshot, or the live view, that answered).
  public static func allOfPage(
    _ result: AllOfResult, query: AllOfQuery, lineNames: some RecipeLineNames,
    reader: some RecipeTextReader
  ) throws -> AllOfPage {
    let rids = result.hits.map(\.recipe)
    var wanted: [RecipeLinePosition] = []
    for hit in result.hits {
      let count = lineNames.lineCount(of: hit.recipe)
      for position in hit.matchedLines.joined() where position < count {
        wanted.append(RecipeLinePosition(hit.recipe, position))
      }
    }
    let lineTexts = try reader.ingredientLineTexts(at: wanted)
    let summaries = try summaryByRecipe(rids, reader: reader)
    let hits = result.hits.compactMap { hit -> Extended<Matches>? in
      guard let summary = summaries[hit.recipe] else { return nil }
      let count = lineNames.lineCount(of: hit.recipe)
      let matches = zip(query.ingredients, hit.matchedLines).map { ingredient, positions in
        IngredientMatch(
          ingredient: ingredient,
          lines: positions.compactMap { position in
            guard position < count,
              let text = lineTexts[RecipeLinePosition(hit.recipe, position)]
            else { return nil }
            let name = lineNames.lineIngredientName(of: hit.recipe, at: position)
            return IngredientMatch.Line(position: position, text: text, name: name)
          })
      }
      return Extended(summary: summary, extra: Matches(matches: matches))
    }
    let relaxation = result.relaxation.map { relaxation in
      RelaxationShape(
        message:
          "No recipe has all \(query.ingredients.count); \(relaxation.count) have \(relaxation.kept.joined(separator: " + ")).",
        with: relaxation.kept, count: relaxation.count)
    }
    return AllOfPage(
      recipes: hits, count: result.total, next: result.nextCursor?.description,
      relaxation: relaxation)
  }

  /// Builds the pantry page of an engine result (summaries from `reader`).
  public static func pantryPage(_ result: PantryResult, reader: some RecipeTextReader) throws
    -> PantryPage
  {
    let summaries = try summaryByRecipe(result.hits.map(\.recipe), reader: reader)
    return PantryPage(
      recipes: result.hits.compactMap { hit in
        summaries[hit.recipe].map {
          Extended(
            summary: $0,
            extra: PantryUse(
              used: hit.used, missing: hit.missing,
              familyMatches: hit.familyCoverage.map {
                FamilyMatch(ingredient: $0.ingredient, have: $0.have, note: $0.note)
              }))
        }
      },
      count: result.total,
      buyOneThing: result.buyOneThing.map {
        .init(ingredient: $0.ingredient, completes: $0.completes)
      },
      unknownItems: result.unknownItems)
  }
}
