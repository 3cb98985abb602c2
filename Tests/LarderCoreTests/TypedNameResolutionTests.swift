import LarderTestSupport
import Testing

@testable import LarderCore

/// Typed text and recipe lines fold the same way: every name and alias of the bundled
/// vocabulary, typed as a person writes it (apostrophes, hyphens, accents, capitals, plurals),
/// names its food through the resolution `find`, `pantry` and `grocery` use, and is offered by
/// suggestions.
@Suite struct TypedNameResolutionTests {
  static let vocabulary: Vocabulary = try! Vocabulary.bundled()

  /// One recipe per canonical name, so every food has a recipe and can be suggested.
  static let snapshot: Snapshot = {
    let recipes = vocabulary.entries.enumerated().map { index, entry in
      Recipe(
        id: "\(index)", title: "Dish \(index)", category: "Side",
        ingredients: [IngredientLine(text: entry.name, name: entry.name)])
    }
    return RandomCorpus.snapshot(recipes, IngredientRelations(vocabulary: vocabulary))
  }()

  /// How people write a name: as in the file, capitalised, and with a regular plural `-s` when
  /// the one singular rule (``Singularizer``) reads it back.
  static func spellings(of surface: String) -> [String] {
    var forms = [surface, surface.uppercased()]
    let last = String(TextFolding.words(surface).last ?? "")
    if !last.isEmpty, Singularizer.singularize(last + "s") == last {
      forms.append(surface + "s")
    }
    return forms
  }

  @Test func everyNameAndAliasResolvesToItsFood() {
    let snapshot = Self.snapshot
    var wrong: [String] = []
    for entry in Self.vocabulary.entries {
      for surface in [entry.name] + entry.aliases {
        for typed in Self.spellings(of: surface) {
          // A plural whose singular is another entry's name is that entry ("pea" + "s").
          if typed != surface, typed != surface.uppercased(),
            let other = Self.vocabulary.canonicalName(for: typed), other != entry.name
          {
            continue
          }
          let resolved = snapshot.resolveIngredient(typed).map(snapshot.ingredientName)
          if resolved != entry.name {
            wrong.append("\(typed) → \(resolved ?? "nothing"), want \(entry.name)")
          }
        }
      }
    }
    #expect(wrong.isEmpty, "\(wrong.count): \(wrong.prefix(40).joined(separator: "; "))")
  }

  @Test(arguments: [
    ("baker's yeast", "yeast"), ("Confectioners' sugar", "powdered sugar"),
    ("confectioners’ sugar", "powdered sugar"), ("Crème Fraîche", "creme fraiche"),
    ("jalapeños", "jalapeno"), ("self-raising flour", "self raising flour"),
    ("all-purpose flour", "flour"), ("Spring Onions", "green onion"), ("kiwis", "kiwi fruit"),
  ])
  func typedTextFoldsLikeALine(typed: String, food: String) {
    let snapshot = Self.snapshot
    #expect(snapshot.resolveIngredient(typed).map(snapshot.ingredientName) == food)
    let parsed = IngredientLineParser(vocabulary: Self.vocabulary).parse("1 tbsp \(typed)")
    #expect(parsed.name == food, "the line reading of \(typed)")
  }

  @Test func suggestionsOfferEveryNameTypedWithPunctuation() {
    let snapshot = Self.snapshot
    var missing: [String] = []
    for entry in Self.vocabulary.entries {
      for surface in [entry.name] + entry.aliases {
        let offered = snapshot.suggest(surface, limit: 5).map(\.value)
        if !offered.contains(entry.name) { missing.append("\(surface) → \(offered)") }
      }
    }
    #expect(missing.isEmpty, "\(missing.count): \(missing.prefix(40).joined(separator: "; "))")
  }

  /// Names already chosen are left out of suggestions however they were typed: an alias, a
  /// plural or capitals resolve to the same food as in every other query.
  @Test func excludedNamesResolveLikeTypedNames() {
    let snapshot = Self.snapshot
    #expect(snapshot.suggest("green on", limit: 5).map(\.value).contains("green onion"))
    for typed in ["green onion", "Scallions", "SPRING ONION"] {
      let offered = snapshot.suggest("green on", limit: 5, excluding: [typed]).map(\.value)
      #expect(!offered.contains("green onion"), "\(typed): \(offered)")
    }
  }
}
