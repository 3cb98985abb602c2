import Foundation

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
/// - Complexity: O(method length) per recipe to split and lowercase the method into clauses;
///   per line with a bare name, O(clauses × names) substring tests, then the clauses that may
///   name its food are read word by word (once per recipe each) and every mention costs at most
///   ten vocabulary lookups (a window of four words).
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

  /// The method's clauses (split at punctuation: `sugar, lime leaves` is no `sugar lime`), each
  /// read word by word only when a food looked for may be in it (its lowercased text holds the
  /// start of one of the food's one-word names): most clauses never are.
  private struct MethodClauses {
    /// One clause read: its folded words, their singulars and the food each word names alone.
    struct Clause {
      var folded: [String]
      var singular: [String]
      var foods: [Int?]
    }

    private let raw: [Substring]
    private let lowered: [[UInt8]]
    private var read: [Int: Clause] = [:]

    /// Whether `text` holds `part` (bytes): `memchr` for each place the first byte occurs, then
    /// `memcmp` (a clause is short, and this runs for every clause and food looked for).
    static func holds(_ text: [UInt8], _ part: [UInt8]) -> Bool {
      guard let first = part.first, text.count >= part.count else { return false }
      return text.withUnsafeBufferPointer { haystack in
        part.withUnsafeBufferPointer { needle in
          var start = 0
          let last = haystack.count - needle.count
          while start <= last {
            guard
              let found = memchr(haystack.baseAddress! + start, Int32(first), last - start + 1)
            else { return false }
            let offset = haystack.baseAddress!.distance(
              to: UnsafePointer(found.assumingMemoryBound(to: UInt8.self)))
            if memcmp(haystack.baseAddress! + offset, needle.baseAddress!, needle.count) == 0 {
              return true
            }
            start = offset + 1
          }
          return false
        }
      }
    }

    /// Whether a byte is punctuation that ends a clause (`,;:.()!?` or a line break).
    static func endsClause(_ byte: UInt8) -> Bool {
      switch byte {
      case UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "."),
        UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "!"), UInt8(ascii: "?"),
        UInt8(ascii: "\n"):
        return true
      default:
        return false
      }
    }

    init(_ steps: [String]) {
      raw = steps.flatMap { $0.utf8.split(whereSeparator: Self.endsClause).map { Substring($0) } }
      lowered = raw.map { Array($0.lowercased().utf8) }
    }

    /// The clauses where one of `stems` occurs, read.
    mutating func clauses(holding stems: [[UInt8]], vocabulary: Vocabulary) -> [Clause] {
      var result: [Clause] = []
      for index in lowered.indices where stems.contains(where: { Self.holds(lowered[index], $0) }) {
        if read[index] == nil {
          let words = TextFolding.words(raw[index]).map(String.init)
          let singulars = words.map { Singularizer.singularize($0) }
          read[index] = Clause(
            folded: words, singular: singulars,
            foods: singulars.map { vocabulary.entryID(forKey: $0) })
        }
        result.append(read[index]!)
      }
      return result
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
        let fresh = freshSpice(line, food, at: index, foods: foods, steps: steps, method: &method)
      else { continue }
      result[index]?.name = vocabulary.name(at: fresh)
    }
    for (index, line) in lines.enumerated() {
      guard source.ingredients[index].name == nil, let line, let food = foods[index],
        foods.enumerated().allSatisfy({ $0.offset == index || $0.element != food }),
        let word = bareWord(of: food, in: line.text)
      else { continue }
      if method == nil { method = MethodClauses(steps) }
      let mentions = method!.clauses(holding: stems(of: food, word: word), vocabulary: vocabulary)
        .filter { $0.foods.contains(food) }
      if !mentions.isEmpty, let specific = onlyReading(of: food, in: mentions),
        !foods.contains(specific)
      {
        result[index]?.name = vocabulary.name(at: specific)
      } else if let ground = bakedGroundSpice(line, food, foods: foods, in: mentions) {
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
    _ line: IngredientLine, _ food: Int, foods: [Int?], in mentions: [MethodClauses.Clause]
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
    return namesItFresh(mentions) ? nil : ground
  }

  /// Whether a method clause that names the spice says it is fresh (`grate the ginger`).
  private func namesItFresh(_ mentions: [MethodClauses.Clause]) -> Bool {
    mentions.contains { $0.singular.contains(where: Self.freshWords.contains) }
  }

  /// The fresh spice of a line the parser reads as the ground one only because a spoonful of
  /// the bare word is most often the jar (`1 teaspoon ginger` → ground ginger, a rule of the line
  /// alone), when its recipe says otherwise: another line already has the ground spice (then this
  /// one is the other ginger), or the method names the spice fresh (`Add the grated ginger`).
  /// Lines that write `ground` or `powder` keep what they say. Only for the spices spooned in
  /// fresh or whole as often as ground (ginger, cardamom): a method's `chopped coriander` is
  /// the leaf of another line, not a sign about `2 tsp Coriander`.
  private func freshSpice(
    _ line: IngredientLine, _ food: Int, at index: Int, foods: [Int?], steps: [String],
    method: inout MethodClauses?
  ) -> Int? {
    guard let fresh = vocabulary.parentIndex(of: food),
      case let freshName = vocabulary.name(at: fresh),
      IngredientLineParser.spicesOftenWholeOrFresh.contains(freshName),
      vocabulary.name(at: food) == "ground " + freshName
    else { return nil }
    let words = TextFolding.words(line.text).map { Singularizer.singularize(String($0)) }
    guard words.contains(freshName), !words.contains(where: Self.groundWords.contains) else {
      return nil
    }
    if foods.indices.contains(where: { $0 != index && foods[$0] == food }) { return fresh }
    if method == nil { method = MethodClauses(steps) }
    let mentions = method!.clauses(
      holding: stems(of: fresh, word: freshName), vocabulary: vocabulary
    ).filter { $0.foods.contains(fresh) }
    return namesItFresh(mentions) ? fresh : nil
  }

  /// Words in a line that name the ground form itself.
  static let groundWords: Set<String> = ["ground", "powder", "powdered"]

  /// The food group of the herbs and spices file.
  static let spiceGroup = Vocabulary.foodGroup(ofFile: "30-herbs-spices.tsv")

  /// The starts of the one-word names and aliases of `food` and of `word`, lowercased, that a
  /// clause naming the food holds (`lim` for `lime`, `limes`).
  private func stems(of food: Int, word: String) -> [[UInt8]] {
    let entry = vocabulary.entries[food]
    let names = ([word, entry.name] + entry.aliases).filter { !$0.contains(" ") }
    return Array(Set(names.map { Array($0.lowercased().prefix(max(3, $0.count - 1)).utf8) }))
  }

  /// The bare one-word name `text` names `food` by (folded, as written), or `nil`: such a word
  /// is there, no longer name or alias of the food covers it, and the word before it is no
  /// form modifier.
  private func bareWord(of food: Int, in text: String) -> String? {
    let words = TextFolding.words(text).map(String.init)
    guard
      let place = words.lastIndex(where: {
        vocabulary.entryID(forKey: Singularizer.singularize($0)) == food
      })
    else { return nil }
    if place > 0, Self.formModifiers.contains(words[place - 1]) { return nil }
    for length in 2...Self.window {
      for start in max(0, place - length + 1)...place where start + length <= words.count {
        let phrase = words[start..<(start + length)].joined(separator: " ")
        if vocabulary.entryID(forKey: Vocabulary.key(phrase)) == food { return nil }
      }
    }
    return words[place]
  }

  /// The one more specific food every mention of `food` in the method reads as, or `nil` when a
  /// mention reads as the food itself, as another food, or the readings differ.
  private func onlyReading(of food: Int, in mentions: [MethodClauses.Clause]) -> Int? {
    var only: Int?
    for clause in mentions {
      for place in clause.foods.indices where clause.foods[place] == food {
        guard let reading = reading(at: place, in: clause.folded), reading.entry != food,
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
