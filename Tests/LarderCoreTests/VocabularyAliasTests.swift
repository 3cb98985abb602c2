import Foundation
import LarderCore
import LarderTestSupport
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
    ("hungarian wax pepper", "banana pepper"), ("4 kirby cucumbers", "gherkin"),
    ("pea aubergines", "thai eggplant"), ("jam sugar", "preserving sugar"),
    ("white stilton", "stilton"), ("munster", "muenster"), ("cherry brandy", "brandy"),
    ("vegetarian oyster sauce", "oyster sauce"), ("marie rose sauce", "cocktail sauce"),
    ("cachaca", "rum"), ("arrack", "anise spirit"), ("coffee creamer", "vegan cream"),
    ("hazelnut milk", "cashew milk"), ("chicken carcass", "whole chicken"),
    ("minute tapioca", "tapioca pearl"), ("konnyaku", "shirataki"),
    ("court bouillon", "fish stock"), ("banana chips", "dried banana"),
    ("seasoned salt", "all purpose seasoning"), ("1 tsp pink salt", "himalayan salt"),
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

  /// A neighbour split out of an entry states its own flags: a diet label must not follow the
  /// entry it was once an alias of.
  @Test func splitNeighboursCarryTheirOwnFlags() {
    #expect(!vocabulary.flags(of: "vegetarian oyster sauce").contains(.shellfish))
    #expect(vocabulary.flags(of: "sambal terasi").contains(.shellfish))
    #expect(!vocabulary.flags(of: "fish pie mix").contains(.shellfish))
  }

  /// Every change the alias audit recorded (`Tests/Fixtures/vocabulary-review/alias-audit.tsv`)
  /// still holds: a split or moved alias names its new food, a dropped one no longer names the
  /// entry it left, a changed parent is the parent.
  @Test func aliasAuditStillHolds() throws {
    let url = Fixtures.repositoryRoot.appendingPathComponent(
      "Tests/Fixtures/vocabulary-review/alias-audit.tsv")
    let rows = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").dropFirst()
    var problems: [String] = []
    for row in rows {
      let columns = row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard columns.count == 6 else {
        problems.append("malformed row: \(row)")
        continue
      }
      let (entry, alias, decision, target) = (columns[1], columns[2], columns[3], columns[4])
      switch decision {
      case "split", "move", "add":
        if vocabulary.canonicalName(for: target) != target {
          problems.append("\(target) (from \(entry)) is no entry")
        }
        if alias != "-", vocabulary.canonicalName(for: alias) != target {
          problems.append(
            "\"\(alias)\" names \(vocabulary.canonicalName(for: alias) ?? "nothing"), not \(target)"
          )
        }
      case "drop":
        if vocabulary.canonicalName(for: alias) == entry {
          problems.append("\"\(alias)\" still names \(entry)")
        }
      case "parent":
        let newParent = target.components(separatedBy: " -> ").last
        if vocabulary.parent(of: entry) != newParent {
          problems.append(
            "\(entry)'s parent is \(vocabulary.parent(of: entry) ?? "none"), not \(newParent ?? "?")"
          )
        }
      default:
        problems.append("unknown decision \(decision) for \(entry)")
      }
    }
    #expect(rows.count > 200)
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }
}
