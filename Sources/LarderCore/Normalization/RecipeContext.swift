/// Makes a terse line's food more specific from what its recipe's method says about it, as a
/// cook reading the whole recipe does: TheMealDB's `6 Lime` in a rendang whose method adds "the
/// kaffir lime leaves" is six lime leaves, `3 tbs Starch` in a method that mixes in "corn
/// starch" is cornstarch.
///
/// The rule (written for cooks in `Data/README.md`), for one normalized line of food `F`:
/// - The line names `F` by a bare one-word name (`Lime`, `Starch`, `2 Cinnamon`): one word of
///   `F`'s name or aliases, with no longer name or alias of `F` in the line and no form
///   modifier before it (`ground cinnamon`, `fresh limes` are read as written; `4 Sticks
///   Onions` is bare: the sticks are its unit).
/// - No other line of the recipe has the food `F`: with two lines of one food the method does
///   not say which it means.
/// - Every place the method names `F` (by any one-word name or alias, in any number) reads, with
///   the words around it in the same clause, as one and the same more specific food `S`: the
///   longest run of words around the mention that is a vocabulary name or alias. A mention read
///   as `F` itself (`the lime`, `garnish with parsley`) or as any other food (`lime juice` beside
///   `lime leaves`) leaves the line as written.
/// - `S` is a kind of `F` (`cornstarch` of `starch`) or names `F` in its own name (`kaffir lime
///   leaf`, `parsley root`), every other word of the mention is a form word
///   (``formWords``: leaves, stick, root, ground, seeds, ...), and no other line of the recipe
///   already has `S` (then the line is another ingredient than the method's `S`).
///
/// What a kitchen makes from the food is never taken: `lime juice`, `lemon zest`, `chicken
/// stock` and `brown butter` have no form word, so `2 Lemons` in a method that squeezes "the
/// lemon juice" stays lemon (the cook buys lemons).
///
/// - Complexity: O(method words) per recipe to read the method into clauses, then, per line
///   with a bare name, O(mentions × window²) vocabulary lookups (a window of four words).
struct RecipeContext {
  /// Words written before a food that make it another product a cook buys (a form or a
  /// kind), never something made from it in the kitchen. Folded.
  static let formModifiers: Set<String> = [
    "ground", "dried", "green", "spring", "kaffir", "makrut", "corn", "flat",
  ]

  /// Nouns that, with a food, name another product a cook buys (a form or a part). Folded and
  /// singular. Before the food in a line they are its unit (`4 Sticks Onions`).
  static let formNouns: Set<String> = [
    "leaf", "stick", "quill", "root", "powder", "seed", "pod", "breast", "thigh", "drumstick",
    "wing",
  ]

  /// Every word a mention may hold besides the food's name for its more specific reading.
  static let formWords = formModifiers.union(formNouns)

  /// The longest run of words, around a mention, looked up as a name.
  static let window = 4

  /// The vocabulary names resolve through.
  let vocabulary: Vocabulary

  /// The method's clauses, each its folded words, as read once per recipe.
  private struct MethodClauses {
    var folded: [[String]] = []
    var singular: [[String]] = []
    var present: Set<String> = []

    init(_ steps: [String]) {
      for step in steps {
        // A clause ends at punctuation: `sugar, lime leaves` is no `sugar lime`.
        for clause in step.split(whereSeparator: { ",;:.()!?\n".contains($0) }) {
          let words = TextFolding.words(clause).map(String.init)
          guard !words.isEmpty else { continue }
          let singulars = words.map { Singularizer.singularize($0) }
          folded.append(words)
          singular.append(singulars)
          present.formUnion(singulars)
        }
      }
    }
  }

  /// What one mention of the food reads as: the entry and the other words of the mention.
  private struct Reading {
    var entry: Int
    var otherWords: [String]
  }

  /// `lines`, the normalized ingredients of `source` in its order, with the food of each line
  /// with a bare name made more specific where the method reads it unambiguously as one more
  /// specific food. `nil` lines (no food) stay, and so do names the source gave already
  /// normalized (Larder JSONL `name`), which are kept exactly.
  func refined(_ lines: [IngredientLine?], of source: SourceRecipe) -> [IngredientLine?] {
    let steps = source.recipe.steps
    guard !steps.isEmpty, !vocabulary.isEmpty, lines.count == source.ingredients.count,
      source.ingredients.contains(where: { $0.name == nil })
    else { return lines }
    let foods = lines.map { line in
      line.flatMap { vocabulary.entryID(forKey: Vocabulary.key($0.name)) }
    }
    var method: MethodClauses?
    var result = lines
    for (index, line) in lines.enumerated() {
      guard source.ingredients[index].name == nil, let line, let food = foods[index],
        foods.enumerated().allSatisfy({ $0.offset == index || $0.element != food }),
        case let names = oneWordNames(of: food), !names.isEmpty,
        namesBarely(food, oneWordNames: names, in: line.text)
      else { continue }
      if method == nil { method = MethodClauses(steps) }
      guard let method else { continue }
      if !method.present.isDisjoint(with: names),
        let specific = onlyReading(of: food, oneWordNames: names, in: method),
        !foods.contains(specific)
      {
        result[index]?.name = vocabulary.name(at: specific)
      } else if let ground = bakedGroundSpice(line, food, foods: foods, names: names, in: method) {
        result[index]?.name = vocabulary.name(at: ground)
      }
    }
    return result
  }

  /// The leaveners that make a recipe a bake.
  static let leaveners = ["baking soda", "baking powder"]

  /// Words near a spice in the method that say it is fresh (grated root, not the powder).
  static let freshWords: Set<String> = [
    "fresh", "grate", "grated", "mince", "minced", "peel", "peeled", "chop", "chopped", "slice",
    "sliced", "root", "knob", "thumb", "inch", "julienne", "crush", "crushed", "paste",
  ]

  /// A spoonful of a bare spice the vocabulary keeps fresh or whole and ground (`1 teaspoon
  /// ginger`, `1/4 tsp cardamom`) in a recipe raised with baking soda or powder is the ground
  /// spice (`ground ginger`): it goes into the dry mix (molasses cookies, banana bread). Not when
  /// the line or the method names it fresh, grated, minced or by the root (`2 tsp minced
  /// ginger` in a fried chicken's batter), nor when another line has the ground spice.
  private func bakedGroundSpice(
    _ line: IngredientLine, _ food: Int, foods: [Int?], names: Set<String>,
    in method: MethodClauses
  ) -> Int? {
    guard line.unit == "tsp" || line.unit == "tbsp", line.preparation == nil,
      !TextFolding.words(line.text).contains(where: { Self.freshWords.contains(String($0)) }),
      vocabulary.entries[food].foodGroup == Self.spiceGroup,
      let ground = vocabulary.entryID(forKey: "ground " + vocabulary.name(at: food)),
      vocabulary.parentIndex(of: ground) == food, !foods.contains(ground),
      Self.leaveners.contains(where: { leavener in
        foods.contains { $0 != nil && vocabulary.name(at: $0!) == leavener }
      })
    else { return nil }
    for clause in method.singular where clause.contains(where: names.contains) {
      if clause.contains(where: { Self.freshWords.contains($0) }) { return nil }
    }
    return ground
  }

  /// The food group of the herbs and spices file.
  static let spiceGroup = Vocabulary.foodGroup(ofFile: "30-herbs-spices.tsv")

  /// The one-word names and aliases of an entry, as lookup keys (folded, singular).
  private func oneWordNames(of food: Int) -> Set<String> {
    let entry = vocabulary.entries[food]
    var names: Set<String> = []
    for surface in [entry.name] + entry.aliases {
      let key = Vocabulary.key(surface)
      if !key.contains(" ") { names.insert(key) }
    }
    return names
  }

  /// Whether `text` names `food` by a bare one-word name: such a word is there, no longer name
  /// or alias of the food covers it, and the word before it is no form modifier.
  private func namesBarely(_ food: Int, oneWordNames names: Set<String>, in text: String) -> Bool {
    let words = TextFolding.words(text).map(String.init)
    let singular = words.map { Singularizer.singularize($0) }
    guard let place = singular.lastIndex(where: { names.contains($0) }) else { return false }
    if place > 0, Self.formModifiers.contains(words[place - 1]) { return false }
    for length in 2...Self.window {
      for start in max(0, place - length + 1)...place where start + length <= words.count {
        let phrase = words[start..<(start + length)].joined(separator: " ")
        if vocabulary.entryID(forKey: Vocabulary.key(phrase)) == food { return false }
      }
    }
    return true
  }

  /// The one more specific food every mention of `food` in the method reads as, or `nil` when a
  /// mention reads as the food itself, as another food, or the readings differ.
  private func onlyReading(
    of food: Int, oneWordNames names: Set<String>, in method: MethodClauses
  ) -> Int? {
    var only: Int?
    for (clause, singular) in zip(method.folded, method.singular) {
      for place in singular.indices where names.contains(singular[place]) {
        guard let reading = reading(at: place, in: clause), reading.entry != food,
          only == nil || only == reading.entry,
          reading.otherWords.allSatisfy({ Self.formWords.contains($0) })
        else { return nil }
        only = reading.entry
      }
    }
    guard let only, vocabulary.isKind(only, of: food) || namesFood(only, food) else { return nil }
    return only
  }

  /// The longest run of words around `place` (at most ``window``) that is a vocabulary name or
  /// alias, with its words other than the mention; `nil` when none is (never for a name).
  private func reading(at place: Int, in words: [String]) -> Reading? {
    for length in stride(from: Self.window, through: 1, by: -1) {
      for start in max(0, place - length + 1)...place where start + length <= words.count {
        let phrase = words[start..<(start + length)].joined(separator: " ")
        guard let entry = vocabulary.entryID(forKey: Vocabulary.key(phrase)) else { continue }
        let others = (start..<(start + length)).filter { $0 != place }.map {
          Singularizer.singularize(words[$0])
        }
        return Reading(entry: entry, otherWords: others)
      }
    }
    return nil
  }

  /// Whether `specific`'s name holds every word of `food`'s name (`parsley root`, `parsley`).
  private func namesFood(_ specific: Int, _ food: Int) -> Bool {
    let words = Set(vocabulary.name(at: specific).split(separator: " "))
    return vocabulary.name(at: food).split(separator: " ").allSatisfy { words.contains($0) }
  }
}
