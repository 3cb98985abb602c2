import LarderCore
import Testing

/// Each request option has one set of spellings, read the same by the CLI and HTTP.
@Suite struct RequestOptionTests {
  func roundTrips<Option: RequestOption>(_: Option.Type) -> Bool {
    Set(Option.tokens).count == Option.tokens.count
      && Option.spellings.allSatisfy {
        Option(token: $0.token) == $0.value && $0.value.token == $0.token
      }
  }

  @Test func everySpellingNamesOneValueAndBack() {
    #expect(roundTrips(SuggestionKinds.self))
    #expect(roundTrips(ResultOrder.self))
    #expect(roundTrips(IngredientMatching.self))
    #expect(SuggestionKinds.tokens == ["ingredient", "recipe", "category", "all"])
    #expect(ResultOrder(token: "time") == .totalTime)
    #expect(SuggestionKinds(token: "all") == .all)
  }

  @Test func onlyTheDocumentedSpellingsParse() {
    for token in ["", "Title", "title ", "ingredient-count", "2", "exact,family"] {
      #expect(ResultOrder(token: token) == nil, "\(token)")
      #expect(IngredientMatching(token: token) == nil, "\(token)")
      #expect(SuggestionKinds(token: token) == nil, "\(token)")
    }
  }
}
