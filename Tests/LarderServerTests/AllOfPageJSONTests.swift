import Foundation
import LarderCore
import LarderStore
import LarderTestSupport
import Testing

@testable import LarderServer

/// `/v1/recipes` writes its page by hand (`AllOfPage.json()`); the answers must stay the
/// document the `Codable` shape encodes. Both encodings are decoded and compared, for seeded
/// random queries over the default corpus, for hostile strings, and through the live route.
@Suite struct AllOfPageJSONTests {
  @Test(arguments: RandomCorpus.seeds)
  func handWrittenPagesDecodeLikeTheCodableShape(seed: UInt64) async throws {
    print("seed \(seed)")
    let served = try await ServedIndex(
      url: try SharedIndex.url(), vocabulary: try Vocabulary.bundled(), staples: [])
    let snapshot = try await served.withView { $0.snapshot }
    var rng = SplitMix64(seed: seed)
    var compared = 0
    var relaxed = 0
    for _ in 0..<300 {
      var query = Self.randomQuery(snapshot, &rng)
      // Follow up to three pages, so cursors and last pages (`next: null`) are covered.
      for _ in 0..<3 {
        let result = try snapshot.allOf(query)
        let asked = query
        let page = try await served.read {
          try ResponseShapes.allOfPage(result, query: asked, lineNames: snapshot, reader: $0)
        }
        let fastBytes = page.json()
        let codableBytes = try Self.codableBytes(page)
        let fast = try Self.decode(fastBytes)
        let codable = try Self.decode(codableBytes)
        #expect(fast == codable, "seed \(seed): \(query)")
        // The corpus's text has no control characters (the one place the escapers may spell a
        // character differently), so even the bytes agree.
        #expect(fastBytes == codableBytes, "seed \(seed): \(query)")
        compared += 1
        // The page shows the stored recipe: its summary and the text of each matched line.
        if let hit = page.recipes.first {
          let id = hit.summary.id
          let recipe = try #require(try await served.read { try $0.recipe(publicID: id) })
          #expect(hit.summary.title == recipe.title && hit.summary.image == recipe.image)
          #expect(hit.summary.minutes == recipe.totalMinutes)
          for line in hit.extra.matches.flatMap(\.lines) {
            #expect(line.text == recipe.ingredients[line.position].text, "\(query)")
          }
          #expect(hit.extra.matches.allSatisfy { !$0.lines.isEmpty })
        }
        if page.relaxation != nil { relaxed += 1 }
        guard let next = result.nextCursor else { break }
        query.page = PageRequest(limit: query.page.limit, start: .cursor(next))
      }
    }
    // The queries reach relaxations and empty pages, not only the common shape.
    #expect(relaxed > 0)
    #expect(compared >= 300)
  }

  @Test func hostileStringsAreEscapedToTheSameText() throws {
    let hostile = [
      "quote \" backslash \\ slash / tab \t newline \n", "\u{0}\u{1}\u{1f}\u{7f}",
      "crème brûlée 🍮 日本", "\u{2028}\u{2029}", "", "</script><script>",
    ]
    let summary = ResponseShapes.RecipeSummary(
      LarderCore.RecipeSummary(
        recipe: RecipeID(1), publicID: hostile[0], title: hostile[1], category: hostile[2],
        area: nil,
        totalMinutes: -5, image: hostile[5]))
    let matches = ResponseShapes.Matches(matches: [
      .init(
        ingredient: hostile[3],
        lines: [.init(position: 0, text: hostile[4], name: hostile[2])]),
      .init(ingredient: "garlic", lines: []),
    ])
    let page = ResponseShapes.AllOfPage(
      recipes: [.init(summary: summary, extra: matches)], count: Int.max, next: hostile[1],
      relaxation: .init(message: hostile[0], with: hostile, count: 0))
    #expect(try Self.decode(page.json()) == Self.decode(Self.codableBytes(page)))
    let empty = ResponseShapes.AllOfPage(recipes: [], count: 0, next: nil, relaxation: nil)
    #expect(try Self.decode(empty.json()) == Self.decode(Self.codableBytes(empty)))
  }

  @Test func theRouteServesTheCodablePageAndAReloadOfTheSameFileKeepsTheFamilies() async throws {
    let server = try await LiveServer.start()
    let paths = [
      "/v1/recipes?with=garlic&with=onion&limit=20",
      "/v1/recipes?with=cheese&with=egg&sort=title&limit=7",
      "/v1/recipes?with=oil&without=butter&match=family&sort=time",
      "/v1/recipes?with=garlic&with=lemon&with=chocolate&with=lamb",
      "/v1/recipes?with=chicken&diet=gluten-free&maxMinutes=60&sort=ingredients&limit=3",
    ]
    let queries = [
      AllOfQuery(["garlic", "onion"], page: PageRequest(limit: 20)),
      AllOfQuery(["cheese", "egg"], order: .title, page: PageRequest(limit: 7)),
      AllOfQuery(["oil"], without: ["butter"], order: .totalTime),
      AllOfQuery(["garlic", "lemon", "chocolate", "lamb"]),
      AllOfQuery(
        ["chicken"],
        filter: RecipeFilter(
          maxMinutes: 60,
          excludedFlags: RecipeFilter.excludedFlags(forDiet: "gluten-free")!.rawValue),
        order: .ingredientCount, page: PageRequest(limit: 3)),
    ]
    let index = server.holder.index
    for (path, query) in zip(paths, queries) {
      let reply = try await server.get(path)
      #expect(reply.status == 200, "\(path)")
      #expect(reply.headers["content-type"] == "application/json; charset=utf-8")
      let page = try await index.read {
        try ResponseShapes.allOfPage(
          try $0.snapshot.allOf(query), query: query, lineNames: $0.snapshot, reader: $0)
      }
      #expect(try Self.decode(Array(reply.body)) == Self.decode(Self.codableBytes(page)), "\(path)")
    }
    // `onion`, `cheese` and `oil` have kinds in the vocabulary: their unions are cached by the
    // served snapshot. A reload of the unchanged file serves the same snapshot (its base is
    // shared, see ReloadReuseTests), unions and all; a rebuilt file's starts without them.
    let cached = try await index.withView { $0.snapshot }.familyPostingsCache.count
    #expect(cached > 0)
    let fresh = try await server.holder.reload()
    #expect(try await fresh.withView { $0.snapshot }.familyPostingsCache.count == cached)
    let again = try await server.get(paths[0])
    let first = queries[0]
    let page = try await fresh.read {
      try ResponseShapes.allOfPage(
        try $0.snapshot.allOf(first), query: first, lineNames: $0.snapshot, reader: $0)
    }
    #expect(try Self.decode(Array(again.body)) == Self.decode(Self.codableBytes(page)))
    #expect(try await fresh.withView { $0.snapshot }.familyPostingsCache.count > 0)
  }

  // MARK: Helpers

  /// A query over `snapshot`'s own names: 1–3 ingredients (popular ones more often, so pages
  /// are full), sometimes one that makes the answer empty, random order, filters and page size.
  static func randomQuery(_ snapshot: Snapshot, _ rng: inout SplitMix64) -> AllOfQuery {
    let used = (0..<snapshot.ingredientCount).filter { snapshot.ingredientFamilyCounts[$0] > 0 }
    func pick() -> String {
      let a = Int(rng.next() % UInt64(used.count))
      let b = Int(rng.next() % UInt64(used.count))
      return snapshot.ingredientName(IngredientID(used[min(a, b)]))
    }
    let ingredients = (0..<(1 + Int(rng.next() % 3))).map { _ in pick() }
    let without = rng.next() % 4 == 0 ? [pick()] : []
    var filter = RecipeFilter.none
    let categories = snapshot.categories()
    switch rng.next() % 6 {
    case 0: filter.category = categories[Int(rng.next() % UInt64(categories.count))].name
    case 1: filter.maxMinutes = 15 + Int(rng.next() % 90)
    case 2:
      let diet = RecipeFilter.dietNames[Int(rng.next() % UInt64(RecipeFilter.dietNames.count))]
      filter.excludedFlags = RecipeFilter.excludedFlags(forDiet: diet)!.rawValue
    default: break
    }
    let orders: [ResultOrder] = [.index, .title, .totalTime, .ingredientCount]
    return AllOfQuery(
      ingredients, without: without, filter: filter,
      matching: rng.next() % 3 == 0 ? .exact : .family,
      order: orders[Int(rng.next() % 4)], page: PageRequest(limit: 1 + Int(rng.next() % 40)))
  }

  /// The page as `JSONBody.response(_:)` encodes a `Codable` value.
  static func codableBytes(_ page: ResponseShapes.AllOfPage) throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return Array(try encoder.encode(page))
  }

  static func decode(_ bytes: [UInt8]) throws -> DecodedJSON {
    try JSONDecoder().decode(DecodedJSON.self, from: Data(bytes))
  }
}

/// Any JSON document, decoded for comparison (object members by key, numbers exactly).
enum DecodedJSON: Decodable, Equatable {
  case null
  case bool(Bool)
  case integer(Int)
  case number(Double)
  case string(String)
  case array([DecodedJSON])
  case object([String: DecodedJSON])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int.self) {
      self = .integer(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([DecodedJSON].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: DecodedJSON].self))
    }
  }
}
