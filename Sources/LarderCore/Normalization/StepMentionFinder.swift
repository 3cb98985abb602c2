/// Finds which of a recipe's ingredients a method step mentions: `Whisk the eggs into the
/// flour` mentions `egg` and `flour`, but not `eggplant`; `Stir with a fork` does not mention
/// `pork`.
///
/// An ingredient is mentioned when one of its forms appears in the step as whole words, after
/// both are folded and each step word singularized: its canonical name, its vocabulary
/// aliases, its parent's name (`cheddar` is mentioned by `the cheese`), and its head noun, the
/// last word of a multi-word name (`red onion` by `the onions`, `olive oil` by `the oil`),
/// unless that word is a colour or another modifier (`egg white` is not mentioned by
/// `white wine`).
///
/// Build: ``mentions(inSteps:of:)`` folds each ingredient's forms once per recipe.
/// - Complexity: O(step words + forms × occurrences of their first word) per step.
public struct StepMentionFinder: Sendable {
  /// The vocabulary supplying aliases and parents; empty means names only.
  public let vocabulary: Vocabulary

  /// Creates a finder using `vocabulary` for aliases and parents.
  public init(vocabulary: Vocabulary = Vocabulary()) {
    self.vocabulary = vocabulary
  }

  /// The indices into `ingredients` of those `step` mentions, ascending.
  public func mentions(in step: String, of ingredients: [IngredientLine]) -> [Int] {
    mentions(inSteps: [step], of: ingredients)[0]
  }

  /// For each step, the indices into `ingredients` of those it mentions, ascending.
  public func mentions(inSteps steps: [String], of ingredients: [IngredientLine]) -> [[Int]] {
    let ingredientForms = ingredients.map { forms(of: $0.name) }
    return steps.map { step in
      let stepWords = TextFolding.words(step).map { Singularizer.singularize(String($0)) }
      guard !stepWords.isEmpty else { return [] }
      let wordSet = Set(stepWords)
      var result: [Int] = []
      for (index, forms) in ingredientForms.enumerated()
      where forms.contains(where: { occurs($0, in: stepWords, wordSet) }) {
        result.append(index)
      }
      return result
    }
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
    if let whole = forms.first, whole.count > 1, let head = whole.last, head.utf8.count > 2,
      !Self.modifiers.contains(head)
    {
      add(head)
    }
    return forms
  }

  /// Last words that describe rather than name a food, so they are no mention on their own.
  private static let modifiers: Set<String> = [
    "white", "yellow", "red", "green", "black", "brown", "golden", "dark", "light", "pink",
    "purple", "orange", "blue", "mix", "blend", "style", "free", "only", "whole", "fresh",
  ]

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
