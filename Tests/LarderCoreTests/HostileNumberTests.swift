import LarderTestSupport
import Testing

@testable import LarderCore

/// Numbers from outside: the option types refuse everything outside their ranges without
/// trapping, and the core's query functions saturate whatever a library caller passes.
@Suite struct HostileNumberTests {
  /// Texts no bounded option accepts (negative, overflowing, not numbers, empty).
  static let hostileTexts = [
    "-1", "-9223372036854775808", "9223372036854775807", "9223372036854775808",
    "18446744073709551615", "18446744073709551616", "99999999999999999999999", "", " ", "-",
    "+", "1e3", "0x10", "ten", "1.5", "٣", "1 ", "\u{0}",
  ]
  static let extremes = [Int.min, -1, 0, 1, Int.max - 1, Int.max]

  func refuses<Number: BoundedNumber>(_ type: Number.Type, _ text: String) -> Bool {
    (try? Number(parsing: text)) == nil
  }

  @Test func optionTypesRefuseHostileTextWithTheirRange() throws {
    for text in Self.hostileTexts {
      #expect(refuses(SuggestLimit.self, text), "\(text)")
      #expect(refuses(PageSize.self, text), "\(text)")
      #expect(refuses(RandomCount.self, text), "\(text)")
      #expect(refuses(MaxMinutes.self, text), "\(text)")
      #expect(refuses(MaxMissing.self, text), "\(text)")
      #expect(refuses(PageOffset.self, text), "\(text)")
      #expect((try? PageOffset(cursor: "o" + text)) == nil, "o\(text)")
    }
    #expect(refuses(SuggestLimit.self, "0") && refuses(SuggestLimit.self, "51"))
    #expect(try SuggestLimit(parsing: "50").value == 50)
    #expect(try PageOffset(cursor: "o40").value == 40)
    #expect(try MaxMissing(parsing: "0").value == 0)
    do {
      _ = try PageSize(parsing: "-5")
      Issue.record("-5 accepted")
    } catch {
      #expect(error.description == "must be a whole number from 1 to 100")
    }
    #expect(try RandomSeed(parsing: "18446744073709551615").value == .max)
    for text in ["18446744073709551616", "-1", "", "x"] {
      #expect((try? RandomSeed(parsing: text)) == nil, "\(text)")
    }
  }

  @Test func nextCursorNeverPassesTheOffsetRange() throws {
    let last = try PageOffset(parsing: String(PageOffset.range.upperBound))
    #expect(last.nextCursor(after: try PageSize(parsing: "100"), total: Int.max) == nil)
    #expect(PageOffset.start.nextCursor(after: .standard, total: 21) == "o20")
    #expect(PageOffset.start.nextCursor(after: .standard, total: 20) == nil)
  }

  @Test func queriesSaturateAnyNumberACallerPasses() throws {
    let (recipes, relations) = RandomCorpus.make(seed: 9, recipes: 300)
    let snapshot = RandomCorpus.snapshot(recipes, relations)
    let category = try #require(snapshot.categories().first?.name)
    let area = try #require(snapshot.areas().first?.name)
    let ingredient = snapshot.ingredientNames[0]
    for number in Self.extremes {
      for other in Self.extremes {
        let page = snapshot.recipes(inCategory: category, offset: number, limit: other)
        #expect(page.recipes.count <= page.total)
        #expect(snapshot.recipes(inArea: area, offset: other, limit: number).recipes.count <= 300)
        for order in [ResultOrder.index, .title] {
          let result = try snapshot.allOf(
            AllOfQuery(
              [ingredient], order: order,
              page: PageRequest(limit: number, start: .offset(other))))
          #expect(result.hits.count <= max(number, 0))
        }
      }
      #expect(snapshot.suggest("a", limit: number).count <= max(number, 0))
      #expect(Suggestion.merged([[], []], limit: number).isEmpty)
      #expect(snapshot.randomRecipes(count: number, seed: 1).count <= 300)
      let pantry = try PantryMatcher(snapshot: snapshot).match(
        PantryQuery(have: [ingredient], maxMissing: number, limit: number, suggestionLimit: number))
      #expect(pantry.hits.count <= max(number, 0))
    }
  }
}

@Suite struct PageCursorRangeTests {
  @Test func recipeCursorsPastEveryRecipeGiveAnEmptyPage() throws {
    let (recipes, relations) = RandomCorpus.make(seed: 5, recipes: 200)
    let snapshot = RandomCorpus.snapshot(recipes, relations)
    let cursor = try #require(PageCursor("i99999999999"))
    let result = try snapshot.allOf(
      AllOfQuery([snapshot.ingredientNames[0]], page: PageRequest(start: .cursor(cursor))))
    #expect(result.hits.isEmpty)
    #expect(result.nextCursor == nil)
    for token in ["i18446744073709551616", "i-1", "i", "o1000000001", "x1"] {
      #expect(PageCursor(token) == nil, "\(token)")
    }
  }
}
