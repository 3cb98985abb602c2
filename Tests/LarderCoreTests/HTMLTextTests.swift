import Testing

@testable import LarderCore

@Suite struct HTMLTextTests {
  @Test func decodesNamedNumericAndDoubleEncodedEntities() {
    #expect(HTMLText.plain("Mac &amp; Cheese") == "Mac & Cheese")
    #expect(HTMLText.plain("Mum&#39;s &#x2F; Dad&#8217;s") == "Mum's / Dad’s")
    #expect(HTMLText.plain("1 &frac12; cups") == "1 ½ cups")
    #expect(HTMLText.plain("Mum&amp;#39;s") == "Mum's")
    #expect(HTMLText.plain("AT&T &unknown; & more") == "AT&T &unknown; & more")
  }

  @Test func stripsTagsAndCollapsesWhitespace() {
    #expect(HTMLText.plain("<p>Hot <b>soup</b></p>\n\n  today") == "Hot soup today")
    #expect(HTMLText.plain("<p>One.</p><p>Two.</p>", lines: .kept) == "One.\nTwo.")
    #expect(HTMLText.plain("Line one<br/>Line two", lines: .kept) == "Line one\nLine two")
    #expect(HTMLText.plain("5 < 6 always") == "5 < 6 always")
  }
}
