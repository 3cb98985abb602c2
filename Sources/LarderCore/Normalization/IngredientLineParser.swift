/// Reads a free-text ingredient line into quantity, unit, canonical name, preparation and
/// comment: `1 ½ cups (350 ml) finely chopped red onions, divided` → 1.5 `cup` `red onion`,
/// preparation `finely chopped`, comment `divided`.
///
/// The line is read left to right:
/// 1. Parenthesized text becomes comment (`(14 oz)`, `(see note)`), except an amount that
///    only restates the one before it in other units (`1 ½ cups (350 ml)`); `optional`
///    anywhere sets ``ParsedIngredient/isOptional``.
/// 2. A heading before a colon is dropped into the comment (`For the garnish: parsley`).
/// 3. `zest of`, `juice of`, `finely grated zest and juice of` become preparation and the
///    name is the fruit: `Juice of 2 limes` → 2 `lime`, preparation `juice of`. A lemon gives
///    both, so a pantry search for `lemon` finds these lines.
/// 4. The amount: numbers, mixed numbers (`1 1/2`, `1½`, `1-1/2`), Unicode fractions, decimal
///    commas (`1,5`), ranges (`2-3`, `2 to 3`, `2 or 3`), `a`/`an` (1), `half`, `a couple of`
///    (2), number words. `1 x 400g tin` keeps 1 and notes the size `400 g` in the comment.
/// 5. The unit (``UnitTable``), possibly after a size word (`1 large bunch` → `bunch`), then an
///    optional `of`. Dual measures (`150g/5¼oz`, `1lb 9oz`, `2 tbsp plus 1 tsp`) keep the first.
/// 6. The name runs to the first comma or a word that ends it (`to taste`, `for frying`,
///    `such as`, `with`, `in`); the rest is comment, or preparation when it starts with a
///    preparation word (`, finely chopped`).
/// 7. The name is resolved (see ``resolveName(_:)``): `salt and pepper to taste` gives name
///    `salt`, comment `and pepper, to taste`; `beef or chicken stock` gives `beef stock`.
///
/// Sizes (`2 large eggs` → `egg`) are dropped; other descriptors that do not change the food
/// (`fresh`, `chopped`, `finely`, `organic`) go to the preparation.
///
/// - Complexity: O(n) in the line's length, plus O(w²) vocabulary lookups for a name of w
///   words that is not itself known (w is capped at 12).
public struct IngredientLineParser: Sendable {
  /// The vocabulary names resolve through; an empty one leaves every name unknown.
  public let vocabulary: Vocabulary

  /// Creates a parser resolving names through `vocabulary`.
  public init(vocabulary: Vocabulary = Vocabulary()) {
    self.vocabulary = vocabulary
  }

  /// Parses one ingredient line.
  public func parse(_ line: String) -> ParsedIngredient {
    var reader = LineReader(line: line, tokens: IngredientTokenizer.tokenize(line))
    reader.read()
    var resolution = resolveName(reader.nameWords)
    // "elachi (cardamom)": a short gloss in parentheses names the food the words don't.
    if !resolution.known, let gloss = knownGloss(reader.groupComments) {
      resolution.name = gloss
      resolution.known = true
    }
    var preparation = reader.leadingPreparation
    if !resolution.preparation.isEmpty {
      preparation.append(resolution.preparation.joined(separator: " "))
    }
    preparation.append(contentsOf: reader.trailingPreparation)
    var comments = reader.headComments
    if let alternative = resolution.comment { comments.append(alternative) }
    comments.append(contentsOf: reader.tailComments)
    comments.append(contentsOf: reader.groupComments)
    return ParsedIngredient(
      line: line, quantity: reader.quantity, unit: reader.unit, name: resolution.name,
      preparation: preparation.isEmpty ? nil : preparation.joined(separator: ", "),
      comment: comments.isEmpty ? nil : comments.joined(separator: ", "),
      isOptional: reader.isOptional, known: resolution.known)
  }

  /// The canonical form of a bare name, as the parser would resolve it (`Spring Onions` →
  /// `green onion` when the vocabulary says so, otherwise `spring onion`).
  public func canonicalName(_ name: String) -> String {
    resolveName(TextFolding.words(name).map(String.init)).name
  }

  /// The food a parenthesized gloss of at most three words names (`(cardamom)`), or `nil`.
  private func knownGloss(_ groups: [String]) -> String? {
    for group in groups {
      let words = TextFolding.words(group).map(String.init)
      // Only a plain name: "(finely chopped vegetables)" describes, it does not gloss.
      guard words.count <= 3, let first = words.first, Int(first) == nil,
        words.allSatisfy({ IngredientDescriptors.role($0) == nil })
      else { continue }
      let resolution = resolveName(words)
      if resolution.known { return resolution.name }
    }
    return nil
  }

  /// A resolved name.
  struct Resolution {
    var name: String
    var known: Bool
    var preparation: [String] = []
    var comment: String?
  }

  /// Resolves folded name words to a canonical name.
  ///
  /// Order: the whole phrase; then, at the first `and`/`or`, the left alternative (or the
  /// right when the left is only descriptors: `fresh or frozen peas`; `beef or chicken stock`
  /// shares its head noun: `beef stock`); then the longest known suffix (`boneless skinless
  /// chicken breast` → `chicken breast`); then, without descriptors, the whole phrase, its
  /// longest known suffix and its longest known sub-phrase (rightmost first). When nothing is
  /// known the name is the phrase without descriptors, last word singular.
  func resolveName(_ allWords: [String]) -> Resolution {
    var words = allWords.count > 12 ? Array(allWords.prefix(12)) : allWords
    // "vacherin mont d'or": a known name may end in a connector word.
    if let id = lookup(words[...]) { return Resolution(name: vocabulary.name(at: id), known: true) }
    while let first = words.first, first == "and" || first == "or" || first == "of" {
      words.removeFirst()
    }
    while let last = words.last, last == "and" || last == "or" || last == "of" {
      words.removeLast()
    }
    guard !words.isEmpty else { return Resolution(name: "", known: false) }
    if let id = lookup(words[...]) { return Resolution(name: vocabulary.name(at: id), known: true) }

    var comment: String?
    // "small bread and butter pickles": a known name with a connector inside, after descriptors.
    if let start = words.firstIndex(where: { IngredientDescriptors.role($0) == nil }), start > 0,
      let id = lookup(words[start...])
    {
      return Resolution(name: vocabulary.name(at: id), known: true)
    }
    // "peeled, seeded, and chopped fresh or canned plum tomatoes": alternatives made only of
    // descriptors are skipped until one names a food.
    while var split = words.firstIndex(where: { $0 == "and" || $0 == "or" }) {
      // "half and half or whole milk": a known name may span a connector.
      while let next = words[(split + 1)...].firstIndex(where: { $0 == "and" || $0 == "or" }),
        lookup(words[..<next]) != nil
      {
        split = next
      }
      let left = Array(words[..<split])
      // "chicken or vegetable broth or water": the second alternative ends at the next one.
      let rightEnd =
        words[(split + 1)...].firstIndex(where: { $0 == "and" || $0 == "or" }) ?? words.count
      let right = Array(words[(split + 1)..<rightEnd])
      if left.allSatisfy({ IngredientDescriptors.role($0) != nil }) {
        words = Array(words[(split + 1)...])
        continue
      }
      comment = words[split...].joined(separator: " ")
      words = firstAlternative(left, sharing: right)
      if let id = lookup(words[...]) {
        return Resolution(name: vocabulary.name(at: id), known: true, comment: comment)
      }
      break
    }
    if words.isEmpty { return Resolution(name: "", known: false, comment: comment) }

    // Descriptor positions, so they can be left out and reported as preparation.
    var isDescriptor = [Bool](repeating: false, count: words.count)
    var isPreparation = [Bool](repeating: false, count: words.count)
    let wordTraits = words.map(IngredientLexicon.traits)
    var index = 0
    while index < words.count {
      if index + 1 < words.count,
        IngredientDescriptors.isPairDescriptor(words[index], words[index + 1])
      {
        isDescriptor[index] = true
        isDescriptor[index + 1] = true
        isPreparation[index] = true
        isPreparation[index + 1] = true
        index += 2
        continue
      }
      if wordTraits[index].isDescriptor {
        isDescriptor[index] = true
        isPreparation[index] = wordTraits[index].contains(.preparation)
      }
      index += 1
    }
    func preparation(outside range: Range<Int>?) -> [String] {
      var result: [String] = []
      for i in words.indices where isPreparation[i] && !(range?.contains(i) ?? false) {
        result.append(words[i])
      }
      return result
    }

    if !vocabulary.isEmpty {
      // Longest known suffix of the phrase as written.
      for start in words.indices.dropFirst() {
        if let id = lookup(words[start...]) {
          return Resolution(
            name: vocabulary.name(at: narrowed(id, before: words[..<start])), known: true,
            preparation: preparation(outside: start..<words.count), comment: comment)
        }
      }
    }
    // Without descriptors.
    var coreIndices = words.indices.filter { !isDescriptor[$0] }
    if coreIndices.isEmpty { coreIndices = Array(words.indices) }
    let core = coreIndices.map { words[$0] }
    let corePreparation = coreIndices.count < words.count ? preparation(outside: nil) : []
    if !vocabulary.isEmpty {
      for length in stride(from: core.count, through: 1, by: -1) {
        // Rightmost first: the head noun comes last.
        for start in stride(from: core.count - length, through: 0, by: -1) {
          if let id = lookup(core[start..<(start + length)]) {
            // "hazelnut gremolata": an unknown head noun is not replaced by its modifier.
            if start + length < core.count, !isTrailingNoise(core[(start + length)...]) {
              continue
            }
            return Resolution(
              name: vocabulary.name(at: narrowed(id, before: core[..<start])), known: true,
              preparation: corePreparation,
              comment: comment)
          }
        }
      }
    }
    return Resolution(
      name: Singularizer.singularizePhrase(core.joined(separator: " ")), known: false,
      preparation: corePreparation, comment: comment)
  }

  /// The name words of the first of two alternatives, `left` `and`/`or` `right`.
  ///
  /// Alternatives may share the head noun of the second: `beef or chicken stock` → `beef
  /// stock`, `smooth or crunchy peanut butter` → `smooth peanut butter`, `fine sea or table
  /// salt` → `fine sea salt`. The first alternative takes the longest known head of the second
  /// when that makes a food of the second's family, or when the first is no food on its own; a first
  /// alternative that is a whole food keeps its own name (`butter or olive oil` → `butter`).
  private func firstAlternative(_ left: [String], sharing right: [String]) -> [String] {
    guard right.count > 1 else { return left }
    let second = lookup(right[...])
    for start in 1..<right.count {
      // "butter or olive oil" is not "butter oil": the shared head must make a food of the
      // second alternative's family (`beef stock` beside `chicken stock`).
      guard let other = second ?? lookup(right[start...]) else { continue }
      // The whole first alternative, or its last word ("smoked chicken or turkey breast").
      for modifier in [left[...], left.suffix(1)] {
        if let shared = lookup((modifier + right[start...])[...]),
          vocabulary.areRelated(shared, other) || sameHead(shared, other)
        {
          return left + right[start...]
        }
      }
    }
    // A first alternative that ends in a food keeps it ("fennel cured salami or other ...").
    for start in left.indices where lookup(left[start...]) != nil { return left }
    let leftCore = left.filter { IngredientDescriptors.role($0) == nil }
    if leftCore.count == 1, lookup(leftCore[...]) != nil { return left }
    for start in 1..<right.count where lookup(right[start...]) != nil {
      return left + right[start...]
    }
    if let head = right.last, leftCore.count == 1, head != leftCore[0],
      IngredientDescriptors.role(head) == nil
    {
      return left + [head]
    }
    return left
  }

  /// Whether two entries' canonical names end in the same word (`lemon juice`, `lime juice`).
  private func sameHead(_ first: Int, _ second: Int) -> Bool {
    vocabulary.name(at: first).split(separator: " ").last
      == vocabulary.name(at: second).split(separator: " ").last
  }

  /// The most specific food a phrase names: a known `match` (`chili` in `poblano chile
  /// pepper`), or a word before it that names one of its kinds (`poblano`, a kind of chili).
  private func narrowed(_ match: Int, before modifiers: ArraySlice<String>) -> Int {
    for word in modifiers.reversed() where IngredientDescriptors.role(word) == nil {
      if let kind = lookup([word][...]), kind != match, vocabulary.isKind(kind, of: match) {
        return kind
      }
    }
    return match
  }

  /// Whether words left after a known name are only noise that follows a name in real lines
  /// (`salt pepper`, `butter melted`), rather than a head noun the name only modifies.
  private func isTrailingNoise(_ words: ArraySlice<String>) -> Bool {
    words.allSatisfy { word in
      IngredientDescriptors.role(word) != nil || lookup([word][...]) != nil || word.count <= 2
        || word.hasSuffix("ed") || (word.hasSuffix("ing") && !Self.foodsInIng.contains(word))
        || Self.formNouns.contains(Singularizer.singularize(word))
    }
  }

  /// Nouns that follow a food to say its form or portion (`asparagus stems`, `cod fillets`),
  /// never the head of another food.
  static let formNouns: Set<String> = [
    "stem", "piece", "chunk", "half", "halve", "floret", "leaf", "strip", "cube", "slice",
    "fillet", "portion", "segment", "wedge", "round", "ring", "spear", "sprig", "stalk", "bunch",
    "knob", "pinch", "dash", "block", "bar", "ball", "can", "tin", "jar", "packet", "bag",
    "sachet", "bottle", "box", "excess", "fat", "skin", "bone", "each", "approx", "total",
    "weight", "weighing", "top", "end", "tip", "bit", "part", "side", "rib", "steak", "breast",
    "crumb", "meal", "puree", "pulp", "flesh", "neck", "after", "before", "plus", "about",
  ]

  /// Foods whose name ends in `-ing`: as the last word they are a head noun, not a participle
  /// (`raspberry filling` is no raspberry).
  static let foodsInIng: Set<String> = [
    "filling", "icing", "frosting", "dressing", "stuffing", "pudding", "topping", "seasoning",
    "coating", "dumpling", "casing", "sling", "ring", "herring", "whiting", "ling", "riesling",
    "greening", "spring", "wing", "dipping",
  ]

  /// The entry of a phrase of folded words, its last word singularized.
  @inline(__always)
  private func lookup(_ words: ArraySlice<String>) -> Int? {
    guard !vocabulary.isEmpty, let last = words.last else { return nil }
    var key = ""
    for word in words.dropLast() {
      key += word
      key += " "
    }
    key += Singularizer.singularize(last)
    return vocabulary.entryID(forKey: key)
  }
}
