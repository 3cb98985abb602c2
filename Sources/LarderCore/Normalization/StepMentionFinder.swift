/// Finds which of a recipe's ingredient lines a method step uses, for the cooking-mode card of
/// each step: `Whisk the eggs into the flour` uses `egg` and `flour`, but not `eggplant`; `Stir
/// with a fork` does not use `pork`.
///
/// A line is named by a step when one of its forms appears in the step as whole words, after
/// both are folded and each word singularized. Exact forms are its canonical name and
/// vocabulary aliases; general forms are its ancestors and their aliases (`cheddar` is named
/// by `the cheese`, `smoked haddock` by `the fish`) and the head noun, the last word, of its
/// name and of the aliases its own line is written with (`red onion` by `the onions`, `olive
/// oil` by `the oil`), unless that word is a modifier (`egg white` is not named by `white
/// wine`) or a word that names something the method makes or does (`tamarind paste` is not
/// named by `fry the paste`, `bread roll` not by `roll the dough`).
///
/// Where forms of several lines overlap, the step's words decide (see ``StepMentionChoice``):
/// the longest phrase wins (`brown sugar` names brown sugar, not a `sugar` line; `chicken
/// stock` names no `chicken`), an exact form beats a general one (`the onions` names the `onion`
/// line, not `white onion`), and a word still shared by several lines goes to one of them,
/// chosen from the steps so far.
///
/// Not uses: a food named as what a mixture is made of (`the chocolate mixture`), water
/// described as cooking water (`boiling water`, `cold water`), which is not the measured line
/// unless the line says so, and anything in a heading written in capitals (`DEEP FRY THE
/// CHICKEN`).
///
/// Build: ``mentions(inSteps:of:)`` folds each ingredient's forms once per recipe.
/// - Complexity: O(step words × forms) per step, plus O(occurrences²) to resolve overlaps.
public struct StepMentionFinder: Sendable {
  /// The vocabulary supplying aliases and ancestors; empty means names only.
  public let vocabulary: Vocabulary

  /// Creates a finder using `vocabulary` for aliases and ancestors.
  public init(vocabulary: Vocabulary = Vocabulary()) {
    self.vocabulary = vocabulary
  }

  /// The indices into `ingredients` of those `step` uses, ascending, read as a recipe's only
  /// step.
  public func mentions(in step: String, of ingredients: [IngredientLine]) -> [Int] {
    mentions(inSteps: [step], of: ingredients)[0]
  }

  /// For each step, the indices into `ingredients` of those it uses, ascending. Steps are read
  /// in order: which of several lines a shared word names depends on the steps before.
  public func mentions(inSteps steps: [String], of ingredients: [IngredientLine]) -> [[Int]] {
    let lineForms = ingredients.map { forms(of: $0) }
    var choice = StepMentionChoice()
    return steps.map { step in
      // A heading such as `MARINATING THE CHICKEN` names what follows; its steps have the cards.
      guard step.contains(where: \.isLowercase) else { return [] }
      let words = StepWords(step)
      return choice.resolve(occurrences(of: lineForms, ingredients, in: words), in: words)
    }
  }

  /// The places in `words` where a form of a line appears and counts as a use.
  func occurrences(
    of forms: [[MentionForm]], _ ingredients: [IngredientLine], in words: StepWords
  ) -> [MentionOccurrence] {
    var found: [MentionOccurrence] = []
    for (line, lineForms) in forms.enumerated() {
      for form in lineForms {
        for start in words.starts(of: form.words)
        where counts(form, at: start, of: ingredients[line], in: words) {
          found.append(
            MentionOccurrence(
              line: line, start: start, count: form.words.count, isExact: form.isExact))
        }
      }
    }
    return found
  }

  /// Whether `form` at `start` names the line's food as used, not something made of it or
  /// water for cooking in.
  private func counts(
    _ form: MentionForm, at start: Int, of line: IngredientLine, in words: StepWords
  ) -> Bool {
    let end = start + form.words.count
    if end < words.singular.count && Self.madeThings.contains(words.singular[end]) {
      return false
    }
    // Boiling water is cooking water, unless the line itself is boiling water.
    if form.words.last == "water" && end > 1
      && Self.cookingWater.contains(words.singular[end - 2])
      && !TextFolding.words(line.text).contains(where: { $0 == words.singular[end - 2] })
    {
      return false
    }
    return form.isExact || !isInsideOtherFood(start..<end, of: line, in: words)
  }

  /// Whether the words around `range`, a general mention of `line`, name as a longer phrase a
  /// food that is not `line`'s food, a kind of it, a family it belongs to, or a kind of the
  /// food the words in `range` name: `fish stock` is no mention of smoked haddock (`the
  /// fish`), but `warm milk` is one of whole milk and `the stock cube` one of chicken stock.
  private func isInsideOtherFood(_ range: Range<Int>, of line: IngredientLine, in words: StepWords)
    -> Bool
  {
    guard !vocabulary.entries.isEmpty else { return false }
    let lineFood = vocabulary.entry(for: line.name)?.name ?? line.name
    let named = vocabulary.entry(for: words.singular[range].joined(separator: " "))?.name
    let longest = Self.longestPhrase
    for start in max(0, range.upperBound - longest)...range.lowerBound {
      for end in range.upperBound...min(words.singular.count, start + longest)
      where end - start > range.count {
        let phrase = words.singular[start..<end].joined(separator: " ")
        guard let food = vocabulary.entry(for: phrase)?.name, food != lineFood else { continue }
        let families = vocabulary.ancestors(of: food)
        if !families.contains(lineFood) && !families.contains(where: { $0 == named })
          && !vocabulary.ancestors(of: lineFood).contains(food)
        {
          return true
        }
      }
    }
    return false
  }

  /// The most words of a food name looked up around a mention.
  private static let longestPhrase = 4

  /// The word sequences that count as a mention of `line`, exact ones first.
  func forms(of line: IngredientLine) -> [MentionForm] {
    var forms: [MentionForm] = []
    func add(_ surface: String, isExact: Bool) {
      let words = Self.words(surface)
      if !words.isEmpty && !forms.contains(where: { $0.words == words }) {
        forms.append(MentionForm(words: words, isExact: isExact))
      }
    }
    add(line.name, isExact: true)
    let entry = vocabulary.entry(for: line.name)
    if let entry {
      add(entry.name, isExact: true)
      // A one-word alias such as `roll` (bread roll) is mostly a verb in a method.
      for alias in entry.aliases where alias.contains(" ") || !Self.notHeads.contains(alias) {
        add(alias, isExact: true)
      }
    }
    // Heads of the name and of the aliases the line is written with: `purée` names a line
    // written `tomato puree` (an alias of tomato paste), but `tea` does not name beef stock.
    let written = StepWords(line.text).singular
    let exact = forms
    for (index, form) in exact.enumerated() where form.words.count > 1 {
      guard index == 0 || Self.contains(form.words, in: written) else { continue }
      if let head = form.words.last, head.utf8.count > 2, !Self.notHeads.contains(head) {
        add(head, isExact: false)
      }
    }
    if let entry {
      for family in vocabulary.ancestors(of: entry.name) {
        add(family, isExact: false)
        for alias in vocabulary.entry(for: family)?.aliases ?? []
        where alias.contains(" ") || !Self.notHeads.contains(alias) {
          add(alias, isExact: false)
        }
      }
    }
    return forms
  }

  private static func words(_ surface: String) -> [String] {
    Singularizer.singularizePhrase(TextFolding.fold(surface)).split(separator: " ").map(String.init)
  }

  private static func contains(_ phrase: [String], in words: [String]) -> Bool {
    guard words.count >= phrase.count else { return false }
    return (0...(words.count - phrase.count)).contains {
      words[$0..<($0 + phrase.count)].elementsEqual(phrase)
    }
  }

  /// Last words that do not name a food on their own: modifiers (colours, states) and words
  /// for what a method makes or does (`paste`, `sauce`, `roll the dough`, `a cinnamon stick`).
  private static let notHeads: Set<String> = [
    "white", "yellow", "red", "green", "black", "brown", "golden", "dark", "light", "pink",
    "purple", "orange", "blue", "mix", "blend", "style", "free", "only", "whole", "fresh",
    "paste", "sauce", "powder", "mixture", "roll", "stick", "cube", "water",
  ]

  /// Words after a food that make it a name for something made of it (`the egg mixture`).
  private static let madeThings: Set<String> = ["mixture", "layer"]

  /// Words before `water` that make it water to cook in, not a measured ingredient.
  private static let cookingWater: Set<String> = [
    "boiling", "cold", "hot", "iced", "icy", "running", "salted", "tap",
  ]
}

/// One way a step can name an ingredient line: its words, folded and singularized, and whether
/// they name that food exactly (name, alias) or more generally (ancestor, head noun).
struct MentionForm: Hashable {
  var words: [String]
  var isExact: Bool
}

/// Where one form of one line appears in a step's words.
struct MentionOccurrence: Hashable {
  /// The ingredient line's index.
  var line: Int
  /// The first word's index in the step.
  var start: Int
  /// How many words the form has.
  var count: Int
  /// Whether the form names the food exactly.
  var isExact: Bool

  var end: Int { start + count }
}

/// A step's words, folded, and singularized for matching; `plural` says which were plural as
/// written (`the chillies` refers to every chilli line, `the chilli` to one).
struct StepWords {
  var singular: [String]
  var plural: [Bool]
  /// The distinct singular words, so most forms are rejected by one lookup.
  private var present: Set<String>

  init(_ text: String) {
    let folded = TextFolding.words(text).map(String.init)
    singular = folded.map { Singularizer.singularize($0) }
    plural = zip(folded, singular).map { $0 != $1 }
    present = Set(singular)
  }

  /// The indices where `phrase` starts in the words.
  func starts(of phrase: [String]) -> [Int] {
    guard let first = phrase.first, present.contains(first), singular.count >= phrase.count
    else { return [] }
    return (0...(singular.count - phrase.count)).filter { start in
      singular[start] == first
        && singular[start..<(start + phrase.count)].elementsEqual(phrase)
    }
  }
}

extension RecipeNormalizer {
  /// The indices of the ingredients `step` uses (see ``StepMentionFinder``).
  public func mentions(in step: String, of ingredients: [IngredientLine]) -> [Int] {
    StepMentionFinder(vocabulary: vocabulary).mentions(in: step, of: ingredients)
  }
}
