import Testing

@testable import LarderCore

/// Markup that scrapers leave in ingredient lines is read as the text it stands for.
@Suite struct LineMarkupTests {
  @Test func plainLinesAreLeftAlone() {
    #expect(LineMarkup.plainText("2 cups flour (sifted)") == nil)
    #expect(LineMarkup.plainText("[optional] (see note)") == nil)
    #expect(LineMarkup.plainText("1 u00 bolt") == nil)
  }

  @Test func markdownLinksBecomeTheirText() {
    #expect(
      LineMarkup.plainText("1 batch [quick flatbread](/quick-flatbread), warm")
        == "1 batch quick flatbread, warm")
    #expect(
      LineMarkup.plainText("[a](/x) and [b](/y)") == "a and b")
  }

  @Test func htmlEntitiesBecomeTheirCharacter() {
    #expect(LineMarkup.plainText("15g/&frac12;oz butter") == "15g/½oz butter")
    #expect(LineMarkup.plainText("150g/5&frac12oz; potato") == "150g/5½oz; potato")
    #expect(LineMarkup.plainText("salt &amp; pepper") == "salt & pepper")
    #expect(LineMarkup.plainText("salt & pepper") == nil)
    #expect(LineMarkup.plainText("salt &unknown; pepper") == nil)
  }

  @Test func leftoverJSONEscapesBecomeTheirCharacter() {
    #expect(LineMarkup.plainText("oil u0026 vinegar") == "oil & vinegar")
    #expect(LineMarkup.plainText("oil \\u0026 vinegar") == "oil & vinegar")
    #expect(LineMarkup.plainText("u00bd cup rice") == "½ cup rice")
    // Inside a word, or a control character, it is text.
    #expect(LineMarkup.plainText("menu0026") == nil)
    #expect(LineMarkup.plainText("a u0007 b") == nil)
  }
}
