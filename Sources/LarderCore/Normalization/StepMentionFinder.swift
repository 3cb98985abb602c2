/// Finds which of a recipe's ingredients a method step mentions: `Whisk the eggs into the
/// flour` mentions `egg` and `flour`, but not `eggplant`; `Stir with a fork` does not mention
/// `pork`.
///
/// An ingredient is mentioned when one of its forms appears in the step as whole words, after
/// both are folded and each step word singularized: its canonical name, its vocabulary
/// aliases, its parent's name (`cheddar` is mentioned by `the cheese`), and its head noun, the
/// last word of a multi-word name (`red onion` by `the onions`, `olive oil` by `the oil`).
///
/// Build: forms are folded per ingredient on each call (an ingredient list is short).
/// - Complexity: O(step words × forms) with a hash set of step words for one-word forms.
public struct StepMentionFinder: Sendable {
  /// The vocabulary supplying aliases and parents; empty means names only.
  public let vocabulary: Vocabulary

  /// Creates a finder using `vocabulary` for aliases and parents.
  public init(vocabulary: Vocabulary = Vocabulary()) {
    self.vocabulary = vocabulary
  }

  /// The indices into `ingredients` of those `step` mentions, ascending.
  public func mentions(in step: String, of ingredients: [IngredientLine]) -> [Int] {
    let stepWords = TextFolding.words(step).map { Singularizer.singularize($0) }
    guard !stepWords.isEmpty else { return [] }
    let wordSet = Set(stepWords)
    var result: [Int] = []
    for (index, ingredient) in ingredients.enumerated()
    where forms(of: ingredient.name).contains(where: { occurs($0, in: stepWords, wordSet) }) {
      result.append(index)
    }
    return result
  }

  /// The word sequences that count as a mention of `name`.
  func forms(of name: String) -> [[String]] {
    var forms: [[String]] = []
    func add(_ surface: String) {
      let words = Singularizer.singularizePhrase(TextFolding.fold(surface)).split(separator: " ")
        .map(String.init)
      if !words.isEmpty && !forms.contains(words) { forms.append(words) }
    }
    add(name)
    if let entry = vocabulary.entry(for: name) {
      add(entry.name)
      entry.aliases.forEach(add)
      if let parent = entry.parent { add(parent) }
    }
    if let head = forms.first, head.count > 1, let last = head.last, last.utf8.count > 2 {
      add(last)
    }
    return forms
  }

  private func occurs(_ form: [String], in words: [String], _ wordSet: Set<String>) -> Bool {
    guard let first = form.first, wordSet.contains(first) else { return false }
    if form.count == 1 { return true }
    guard words.count >= form.count else { return false }
    for start in 0...(words.count - form.count) where words[start] == first {
      if words[start..<(start + form.count)].elementsEqual(form) { return true }
    }
    return false
  }
}

extension RecipeNormalizer {
  /// The indices of the ingredients `step` mentions (see ``StepMentionFinder``).
  public func mentions(in step: String, of ingredients: [IngredientLine]) -> [Int] {
    StepMentionFinder(vocabulary: vocabulary).mentions(in: step, of: ingredients)
  }
}
