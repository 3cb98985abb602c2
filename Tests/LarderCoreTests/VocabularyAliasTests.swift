import LarderCore
import Testing

/// The bundled vocabulary's aliases are the same food under another name, never a neighbour
/// (the rule at the top of `Data/README.md`).
@Suite struct VocabularyAliasTests {
  let vocabulary: Vocabulary
  let parser: IngredientLineParser

  init() throws {
    vocabulary = try Vocabulary.bundled()
    parser = IngredientLineParser(vocabulary: vocabulary)
  }

  /// An alias that is also another entry's name, or that a line resolves to another food,
  /// would merge two foods.
  @Test func everyAliasNamesOnlyItsOwnFood() {
    var nameKeys: [String: String] = [:]
    for entry in vocabulary.entries { nameKeys[Vocabulary.key(entry.name)] = entry.name }
    var problems: [String] = []
    for entry in vocabulary.entries {
      for alias in entry.aliases {
        if let other = nameKeys[Vocabulary.key(alias)], other != entry.name {
          problems.append("\"\(alias)\" of \(entry.name) is the name of \(other)")
        }
        let resolved = parser.canonicalName(alias)
        if resolved != entry.name {
          problems.append("\"\(alias)\" of \(entry.name) resolves to \(resolved)")
        }
      }
    }
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  @Test(arguments: [
    ("walleye", "pike"), ("bologna", "mortadella"), ("butterscotch", "toffee"),
    ("apple jelly", "redcurrant jelly"), ("buttermilk biscuits", "cookie"),
    ("phyllo shells", "conchiglie"), ("ham bone", "ham hock"), ("minced meat", "ground beef"),
    ("fudge", "toffee"), ("zander", "pike"), ("escargot", "whelk"),
  ])
  func neighboursAreDifferentFoods(name: String, neighbour: String) {
    let food = parser.parse(name)
    #expect(food.known, "\(name)")
    #expect(food.name != neighbour, "\(name)")
    #expect(!vocabulary.ancestors(of: food.name).contains(neighbour), "\(name)")
  }

  @Test(arguments: [
    ("1 cup apple butter", "apple butter"), ("2 tbsp chile sauce", "chili sauce"),
    ("1 envelope onion soup mix", "onion soup mix"), ("1 box lime gelatin", "jello"),
    ("1 package chocolate instant pudding", "instant pudding mix"),
    ("2 tbsp vanilla syrup", "flavoured syrup"), ("turkey giblets", "giblet"),
    ("1 can cherry pie filling", "cherry pie filling"),
  ])
  func productsAreTheirOwnFood(line: String, product: String) {
    let parsed = parser.parse(line)
    #expect(parsed.name == product, "\(line)")
  }

  /// A flavoured product is found by its product and by nothing about its flavour.
  @Test func flavourIsNotAParent() {
    #expect(vocabulary.ancestors(of: "apple pie filling") == ["pie filling"])
    #expect(!vocabulary.ancestors(of: "apple butter").contains("butter"))
    #expect(parser.parse("2 tbsp hazelnut gremolata").known == false)
  }
}
