import Testing

@testable import LarderCore

@Suite struct TextFoldingTests {
  @Test func lowercases() {
    #expect(TextFolding.fold("Red ONION") == "red onion")
  }

  @Test func foldsDiacritics() {
    #expect(TextFolding.fold("jalapeño") == "jalapeno")
    #expect(TextFolding.fold("crème fraîche") == "creme fraiche")
    #expect(TextFolding.fold("Crème Fraîche") == TextFolding.fold("creme fraiche"))
    #expect(
      TextFolding.fold("Gruyère, pâté, Emmentaler, smørrebrød")
        == "gruyere pate emmentaler smorrebrod")
    #expect(TextFolding.fold("œuf façon Straße") == "oeuf facon strasse")
  }

  @Test func foldsDecomposedAccents() {
    // "e" followed by a combining acute accent.
    #expect(TextFolding.fold("cre\u{0300}me") == "creme")
  }

  @Test func foldsLettersOutsideTheTable() {
    #expect(TextFolding.fold("ăș") == "as")
  }

  @Test func punctuationBecomesSingleSpaces() {
    #expect(TextFolding.fold("  long-grain   rice,  (cooked)!  ") == "long grain rice cooked")
    #expect(TextFolding.fold("salt/pepper") == "salt pepper")
    #expect(TextFolding.fold("---") == "")
  }

  @Test func apostrophesJoinWords() {
    #expect(TextFolding.fold("baker's yeast") == "bakers yeast")
    #expect(TextFolding.fold("confectioners’ sugar") == "confectioners sugar")
  }

  @Test func keepsDigits() {
    #expect(TextFolding.fold("Tipo 00 flour") == "tipo 00 flour")
  }

  @Test func wordsSplitsTheFoldedText() {
    #expect(TextFolding.words("Spring-Onions, chopped") == ["spring", "onions", "chopped"])
  }
}
