import LarderCore

/// Composes a synthetic recipe title such as "Smoky Salmon Curry with Fish Sauce" from the
/// recipe's hero ingredient, its category's dish words and, sometimes, an adjective, the area and
/// a second ingredient.
struct SyntheticTitle {
  /// The vocabulary whose title words are used.
  let vocabulary: [SyntheticIngredient]

  /// The title for a recipe of `category` and `area` with ingredient ranks `chosen`; `main` is
  /// the category's main ingredient when it has one.
  func compose(
    category: SyntheticCategoryProfile, area: String, chosen: [Int], main: Int?,
    using generator: inout SplitMix64
  ) -> String {
    // The hero is the main ingredient, else the rarest one (the most telling).
    let hero = main ?? chosen.max() ?? 0
    var title = ""
    if generator.nextUnit() < 0.55 {
      title +=
        SyntheticTitleWords.adjectives[
          generator.nextIndex(below: SyntheticTitleWords.adjectives.count)]
      title += " "
    }
    if generator.nextUnit() < 0.2, area != "Unknown" {
      title += area + " "
    }
    let heroWord = vocabulary[hero].titleWord
    title += heroWord + " " + category.dishes[generator.nextIndex(below: category.dishes.count)]
    if generator.nextUnit() < 0.4 {
      // A second, less common ingredient, for "... with Fish Sauce".
      var second: Int?
      for rank in chosen where rank != hero && rank > 30 && vocabulary[rank].titleWord != heroWord {
        if second.map({ rank > $0 }) ?? true { second = rank }
      }
      if let second { title += " with " + vocabulary[second].titleWord }
    }
    return title
  }
}
