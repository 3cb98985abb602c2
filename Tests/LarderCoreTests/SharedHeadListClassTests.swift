import LarderCore
import Testing

/// A list of alternatives written with commas whose last names the head (issue 14,
/// 2026-11-28): the first takes the head even when it is a food of its own ("chicken, beef or
/// lamb stock" is chicken stock, not chicken), as "chicken or beef stock" already is. A clause
/// of preparation after a comma is no list. A small vocabulary keeps the rule apart from the
/// data.
@Suite struct SharedHeadListClassTests {
  static let tsv = """
    chicken\t\t\t
    beef\t\t\t
    stock\t\t\t
    chicken stock\tstock\t\t
    beef stock\tstock\t\t
    olive\t\t\t
    oil\t\t\t
    olive oil\toil\t\t
    sunflower oil\toil\t\t
    garlic\t\t\t
    salt\t\t\t
    garlic salt\tsalt\t\t
    onion\t\t\t
    carrot\t\t\t
    """

  let parser: IngredientLineParser

  init() throws {
    parser = IngredientLineParser(vocabulary: try Vocabulary(sources: [(Self.tsv, "85-test.tsv")]))
  }

  func name(_ line: String) -> String { parser.parse(line).name }

  @Test func theFirstFoodOfACommaListTakesTheHead() {
    #expect(name("500ml chicken, beef or vegetable stock") == "chicken stock")
    #expect(name("2 tbsp olive, sunflower or rapeseed oil") == "olive oil")
    // Preparation after the comma, or a head the first makes no food with.
    #expect(name("4 cloves garlic, crushed with a little salt") == "garlic")
    #expect(name("1 onion, carrot and celery stick") == "onion")
  }
}
