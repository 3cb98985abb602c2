import ArgumentParser
import Foundation
import LarderCore
import LarderServer
import LarderStore

/// `larder show ID`: one recipe in full.
struct ShowCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "show",
    abstract: "Show a recipe: ingredients, steps with their ingredients, nutrition, diets.")

  @Argument(help: "The recipe's id.")
  var id: String

  @Option(
    help: ArgumentHelp(
      "Scale the amounts to this many servings (1-48; batches when the recipe states none), in kitchen measures.",
      valueName: "n"),
    transform: bounded(Servings.self))
  var servings: Servings?

  @OptionGroup var index: IndexOptions
  @OptionGroup var output: OutputOptions

  func run() throws {
    guard let recipe = try OpenedIndex(index).readText({ try $0.recipe(publicID: id) }) else {
      throw CommandFailure(
        "no recipe with id \"\(id)\" (find ids with `larder search` or `larder find`)")
    }
    let detail = RecipeDetail(
      recipe: recipe, vocabulary: try Vocabulary.bundled(), servings: servings)
    if output.json { return try Console.printJSON(ResponseShapes.RecipeAnswer(detail)) }
    print(detail.title)
    print(
      [
        detail.category, detail.area, detail.minutes.map { "\($0) min" },
        detail.scale.map { scale in
          detail.servings == nil
            ? "\(scale.servings) batch\(scale.servings == 1 ? "" : "es")"
            : "serves \(scale.servings) (scaled from \(detail.servings ?? 1))"
        } ?? detail.servings.map { "serves \($0)" },
      ]
      .compactMap { $0 }.joined(separator: " · "))
    if let summary = detail.summary { print("\n\(summary)") }
    print("\nIngredients:")
    for line in detail.ingredients {
      // Scaled, a line is its kitchen amount and what it is; as stated, the line as written.
      if detail.scale != nil, let amount = line.amount {
        let what = [line.name, line.preparation].compactMap { $0 }.joined(separator: ", ")
        print("  - \(amount) \(what)  (as written: \(line.text))")
      } else {
        print("  - \(line.text)  [\(line.name)]")
      }
    }
    print("\nSteps:")
    for step in detail.steps {
      let names = step.ingredients.map { detail.ingredients[$0].name }
      print(
        "  \(step.number). \(step.text)"
          + (names.isEmpty ? "" : "  (\(names.joined(separator: ", ")))"))
    }
    if let n = detail.nutrition {
      let parts: [(String, Double?, String)] = [
        ("calories", n.calories, "kcal"), ("protein", n.proteinGrams, "g"),
        ("fat", n.fatGrams, "g"),
        ("carbs", n.carbohydrateGrams, "g"), ("fiber", n.fiberGrams, "g"),
        ("sugar", n.sugarGrams, "g"),
        ("sodium", n.sodiumMilligrams, "mg"),
      ]
      print(
        "\nNutrition per serving: "
          + parts.compactMap { name, value, unit in
            value.map { "\(name) \(Int($0.rounded())) \(unit)" }
          }.joined(separator: ", "))
    }
    let d = detail.diets
    print(
      "\nDiets: vegan \(d.vegan.rawValue), vegetarian \(d.vegetarian.rawValue), pescatarian \(d.pescatarian.rawValue), gluten-free \(d.glutenFree.rawValue), dairy-free \(d.dairyFree.rawValue), nut-free \(d.nutFree.rawValue)"
    )
  }
}
