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
    let text = LineMarkup.plainText(line) ?? line
    var reader = LineReader(line: text, tokens: IngredientTokenizer.tokenize(text))
    reader.read()
    // "Black Pepper and Cheese: 2 cups grated cheddar ...": a long heading, then a measured food.
    if reader.headingBeforeComma, let (measured, heading) = measuredAfterHeading(text) {
      return ParsedIngredient(
        line: line, quantity: measured.quantity, unit: measured.unit, name: measured.name,
        preparation: measured.preparation,
        comment: ([heading] + [measured.comment].compactMap { $0 }).joined(separator: ", "),
        isOptional: measured.isOptional || reader.isOptional, known: true)
    }
    // "Caned tomatoes": a kind-making word that lost one of its doubled letters.
    if reader.nameWords.contains(where: { Self.kindWordsLosingALetter[$0] != nil }) {
      reader.nameWords = reader.nameWords.map { Self.kindWordsLosingALetter[$0] ?? $0 }
    }
    // "800g peeled and chopped tomatoes": two cutting words joined by `and` before the food
    // are one preparation, as `peeled, chopped tomatoes` is, no alternative of `peeled`.
    if let and = reader.nameWords.firstIndex(of: "and"), and > 0, and + 2 < reader.nameWords.count,
      Self.cuttingWords.contains(reader.nameWords[and - 1]),
      Self.cuttingWords.contains(reader.nameWords[and + 1]),
      reader.nameWords[..<and].allSatisfy({ IngredientLexicon.traits($0).isDescriptor })
    {
      reader.nameWords.remove(at: and)
    }
    var resolution = resolveWritten(reader.nameWords)
    if resolution.known, let singular = withSingularModifier(reader.nameWords, current: resolution)
    {
      resolution = singular
    }
    // "1/4 cupmilk", "1 teaspoonbaking powder": a unit glued to the food it measures; also
    // when the words after it name the food more generally ("3/4 cupheavy cream" is no cream
    // of another kind, "1 tablespooncream cheese" no cheese).
    if reader.unit == nil, reader.quantity != nil,
      let (unit, food) = gluedUnit(reader.nameWords),
      case let unglued = resolveWritten(food), unglued.known,
      !resolution.known
        || (unglued.name != resolution.name && isKind(unglued.name, of: resolution.name))
        // "1 teaspoonvanilla extract", "1/2 teaspoonsground cinnamon": the name read without
        // the glued word (flavouring extract, cinnamon) never saw what it says.
        || (unglued.name != resolution.name
          && resolveWritten(Array(reader.nameWords.dropFirst())).name == resolution.name)
    {
      reader.unit = unit
      reader.nameWords = food
      resolution = unglued
    }
    // "Five Spice Powder": a number word that begins a known name is no amount.
    if reader.unit == nil, reader.quantity != nil, let first = reader.tokens.first,
      first.kind == .word, first.traits.contains(.numberWord), first.text != "a",
      first.text != "an", let id = lookup(([first.text] + reader.nameWords)[...])
    {
      reader.quantity = nil
      resolution = Resolution(name: vocabulary.name(at: id), known: true)
    }
    // "chipotle peppers in adobo sauce", "tomatoes with green chilies": a name the vocabulary
    // spells with `in` or `with` runs on past the word that otherwise ends the name.
    if let named = nameRunningOn(reader, current: resolution) { resolution = named }
    // "ground hot red (cayenne) pepper": a gloss inside the name makes a name with the words
    // after it (`cayenne pepper`), which says which food the line means.
    if let inner = innerGlossName(reader, current: resolution) { resolution = inner }
    // "Sichuan pepper seeds": seeds of a spice the vocabulary keeps no seed of are the spice,
    // not seeds in general.
    if resolution.known, let last = reader.nameWords.last, last.hasPrefix("seed"),
      Singularizer.singularize(last) == "seed",
      lookup([last][...]).map({ vocabulary.name(at: $0) == resolution.name }) ?? false,
      case let spice = resolveWritten(Array(reader.nameWords.dropLast())), spice.known,
      let spiceID = vocabulary.entryID(forKey: Vocabulary.key(spice.name)),
      let spices = lookup(["spice"][...]), vocabulary.isKind(spiceID, of: spices)
    {
      resolution = Resolution(name: spice.name, known: true)
    }
    // "orange-flavoured liqueur", "chilli flavoured olive oil": a food flavouring a product
    // names the flavoured kind the vocabulary has, as the two words together would.
    if resolution.known,
      let flavour = reader.nameWords.firstIndex(where: Self.flavouringWords.contains), flavour > 0,
      let flavoured = flavouredKind(
        Array(reader.nameWords[..<flavour] + reader.nameWords[(flavour + 1)...]), of: resolution)
    {
      resolution = flavoured
    }
    // "short pasta penne, casarecce, fusilli": a category, then one of its kinds and another
    // after the comma, lists examples; the category names the food.
    if let category = categoryBeforeExamples(reader, resolution) { resolution = category }
    // "elachi (cardamom)": a short gloss in parentheses names the food the words don't.
    if !resolution.known, let gloss = knownGloss(reader.groupComments) {
      resolution.name = gloss
      resolution.known = true
    }
    // "6 chickens' feet": after a gloss had its say ("ladies' fingers (okra)").
    if !resolution.known, let singular = withSingularModifier(reader.nameWords, current: resolution)
    {
      resolution = singular
    }
    // "bay leaves: 2": a short heading names the food when the words after the colon don't.
    if !resolution.known, !reader.headingWords.isEmpty {
      let heading = resolveName(reader.headingWords)
      if heading.known { resolution = heading }
    }
    // "Condiments of your choice: Parsley, origan or cumin": a long heading that names no
    // food is followed by the food.
    if !resolution.known, reader.headingBeforeComma, let clause = reader.firstClause,
      case let after = resolveName(clause), after.known
    {
      resolution = after
    }
    // "Toppings: (hot sauce, guacamole, salsa)": a heading, then only a list in parentheses,
    // names the list's first food.
    if !resolution.known, reader.nameWords.isEmpty, let heading = reader.headComments.first,
      !resolveName(TextFolding.words(heading).map(String.init)).known,
      let list = reader.groupComments.first,
      case let first = TextFolding.words(list.prefix(while: { $0 != "," && $0 != ";" })).map(
        String.init),
      !first.isEmpty, case let named = resolveName(first), named.known
    {
      resolution = named
    }
    // "~4 small pinches of (Mozzarella, Oaxaca, or Montery Jack cheese)": an amount with no
    // name and no heading, whose food is named only in parentheses, names the list's first
    // food (as a heading's list in parentheses does, above).
    // Not when an alternative with its own amount follows (`30 small or 20 large rounds rice
    // paper (also known as ...)`): that alternative names the food, below.
    if !resolution.known, reader.headingWords.isEmpty, !reader.headingBeforeComma,
      reader.alternativeText == nil,
      reader.nameWords.allSatisfy({ IngredientDescriptors.role($0) != nil }),
      let list = reader.groupComments.first,
      case let first = TextFolding.words(list.prefix(while: { $0 != "," && $0 != ";" })).map(
        String.init),
      !first.isEmpty, case let named = resolveName(first), named.known
    {
      resolution = named
    }
    // After the gloss and heading, so they are believed before a guess at a misspelling.
    resolution = withRepairedSpelling(resolution, of: reader.nameWords)
    // "Creme Cheese", "sour creme": cream written the French way, where the vocabulary
    // names the food with `cream` (not `creme fraiche`, `creme de cassis`, known as written).
    if reader.nameWords.contains("creme"),
      case let english = resolveWritten(reader.nameWords.map { $0 == "creme" ? "cream" : $0 }),
      english.known, english.name != resolution.name,
      !resolution.known || isKind(english.name, of: resolution.name)
    {
      resolution = english
    }
    // "dry porcini", "dry beans": `dry` before a food is `dried` where that names the dried
    // kind the vocabulary keeps (dried mushroom, dried bean), never another food: `dry white
    // wine`, `dry sherry` and `dry yeast` are what they are.
    if let dry = reader.nameWords.firstIndex(of: "dry"),
      // "rinsed and patted dry anchovy fillet": dry after a participle says how it was left.
      dry == 0
        || !(reader.nameWords[dry - 1].hasSuffix("ed") || reader.nameWords[dry - 1] == "pat"),
      case let dried = resolveWritten(reader.nameWords.map { $0 == "dry" ? "dried" : $0 }),
      dried.known, dried.name != resolution.name,
      !resolution.known || isKind(dried.name, of: resolution.name)
    {
      resolution = dried
    }
    // "mixed ground spice": a descriptor inside a name the vocabulary has without it, where
    // that name is a kind of the food the words name, or of the one word they name (mixed
    // spice). Not a word of state or a cut (`mixed frozen fruit` is no dried mixed fruit,
    // `mixed chopped herbs` no jar of dried ones).
    if resolution.known, reader.nameWords.count >= 3,
      let firstCore = reader.nameWords.firstIndex(where: { IngredientDescriptors.role($0) == nil }),
      let lastCore = reader.nameWords.lastIndex(where: { IngredientDescriptors.role($0) == nil }),
      reader.nameWords[firstCore...lastCore].contains(where: {
        IngredientDescriptors.role($0) != nil
      }),
      case let core = reader.nameWords[firstCore...lastCore].filter({
        IngredientDescriptors.role($0) == nil
      }),
      let kind = lookup(core[...]),
      let id = vocabulary.entryID(forKey: Vocabulary.key(resolution.name)), kind != id,
      vocabulary.isKind(kind, of: id)
        || (sameHead(kind, id) && !resolution.name.contains(" ")),
      !reader.nameWords.contains(where: {
        Self.stateWords[$0] != nil || Self.cuttingWords.contains($0)
      })
    {
      resolution = Resolution(name: vocabulary.name(at: kind), known: true)
    }
    // "flaked toasted almonds", "sliced raw almonds": a word that makes a kind keeps it across
    // a word of how the food was left (as `toasted flaked almonds` already reads).
    if resolution.known, let kind = kindAcrossLeftWord(reader.nameWords, of: resolution) {
      resolution = kind
    }
    // "plain four", "2 garlic gloves", "tomato puré": a slip that spells another real
    // word, which spelling repair leaves alone; read as meant when that names a food.
    // The meant word must make a name with the word before it (`rubber gloves` stay gloves).
    if !resolution.known, let meant = withoutRealWordSlip(reader.nameWords),
      case let named = resolveWritten(meant), named.known
    {
      resolution = named
    }
    // "1 tbsp grated tangerine zest", "2 strips mandarin peel": the zest of a citrus fruit the
    // vocabulary keeps no zest of is that fruit, which the cook buys for it (as `zest and
    // juice of 1 lemon` names the lemon). Not dried or candied peel, a product of its own.
    if !resolution.known, let fruit = citrusOfUnknownZest(reader.nameWords) {
      resolution = Resolution(name: fruit, known: true)
    }
    if !resolution.known, let food = redundantHead(reader.nameWords) {
      resolution = Resolution(name: food, known: true)
    }
    // "hash brown potatoes", "sponge finger biscuits": a known food before a head that only
    // restates what it is names that food, not the head.
    if resolution.known, let food = foodBeforeRestatingHead(reader.nameWords, of: resolution) {
      resolution = Resolution(name: food, known: true, comment: resolution.comment)
    }
    // "Savoyard biscuits (or sponge finger biscuits)": a head named only on its own, glossed
    // by another name of the same thing that is a known food restated by that head.
    if resolution.known, let food = restatingGloss(reader, of: resolution) {
      resolution = Resolution(name: food, known: true, comment: resolution.comment)
    }
    // "candied orange rind": rind and zest of candied fruit are its peel, where the
    // vocabulary names the candied peel (candied orange peel → candied peel).
    if reader.nameWords.contains("candied"),
      reader.nameWords.contains(where: { Self.peelSynonyms.contains($0) }),
      case let peel = resolveWritten(
        reader.nameWords.map { Self.peelSynonyms.contains($0) ? "peel" : $0 }),
      peel.known, peel.name != resolution.name
    {
      resolution = peel
    }
    // "firm, ripe peaches", "smoked, dry-cured lardons": an adjective set off by a comma runs
    // on to the food in the next clause. So does an adjective whose plural is a food (`crisp,
    // sweet apples` are no crisps, `canned sweet, cream-style corn` no sweets).
    // "green Thai, serrano, or cayenne chiles": two words unknown as written may begin such
    // a list too.
    if let clause = reader.firstClause, !clause.isEmpty,
      case let named = reader.nameWords.filter({ IngredientDescriptors.role($0) == nil }),
      named.count == 1
        && (!resolution.known || Self.adjectivesWhosePluralIsAFood.contains(named[0]))
        || named.count == 2 && !resolution.known
          && clause.contains(where: { $0 == "or" || $0 == "and" })
        || named.count == 1 && clause.contains(where: { $0 == "or" || $0 == "and" })
          && sharedHeadOfList(named[0], clause) != nil
    {
      // A clause with `or`/`and` makes a list of alternatives whose first takes the head
      // ("sunflower, sesame or pumpkin seeds" → sunflower seed), kept only when the first
      // word changes the food ("pulque; or substitute tequila" is no tequila); without, one
      // phrase ("smoked, undyed haddock").
      if clause.contains(where: { $0 == "or" || $0 == "and" }) {
        let listed = resolveWritten(reader.nameWords + ["or"] + clause)
        if listed.known, listed.name != resolveWritten(clause).name {
          resolution = Resolution(name: listed.name, known: true)
        }
      } else {
        // One phrase, or the first word kept as a kind when the phrase loses it ("smoked,
        // undyed haddock" → smoked haddock).
        let phrase = resolveWritten(reader.nameWords + clause)
        let listed = resolveWritten(reader.nameWords + ["or"] + clause)
        if phrase.known, listed.known,
          let phraseID = vocabulary.entryID(forKey: Vocabulary.key(phrase.name)),
          let listedID = vocabulary.entryID(forKey: Vocabulary.key(listed.name)),
          vocabulary.isKind(listedID, of: phraseID)
        {
          resolution = Resolution(name: listed.name, known: true)
        } else if phrase.known {
          resolution = Resolution(name: phrase.name, known: true)
        }
      }
    }
    // "2 long or 4 short cucumbers": the food is named only in the second alternative.
    // Only when the first names at most two words besides descriptors (`2 long or ...`):
    // "Sriracha mayonnaise sauce or 1 tbsp wasabi" is a food the vocabulary lacks, not wasabi.
    if !resolution.known, let alternative = reader.alternativeText,
      reader.nameWords.lazy.filter({ IngredientDescriptors.role($0) == nil }).count <= 2,
      let name = alternativeName(reader.nameWords, alternative)
    {
      resolution = Resolution(name: name, known: true)
    }
    // "coconut spread (margarine made with coconut oil) or vegetable shortening": a first
    // alternative the vocabulary lacks is the food its own gloss names, not the second.
    if resolution.known, let glossed = glossedFirstAlternative(reader) {
      resolution = Resolution(name: glossed, known: true, comment: resolution.comment)
    }
    // "bouillon cube (vegetable, pork or chicken)", "sugar (half light muscovado, half golden
    // caster)": a gloss whose first item makes a kind of the food names it.
    // "beef—brisket, breast, or flank": so does the text after a dash that ends the name.
    if resolution.known,
      let kind = glossKind(
        of: resolution.name,
        glosses: reader.groupComments + [reader.textAfterDash].compactMap { $0 },
        reader.nameWords)
    {
      resolution.name = kind
    }
    // "2 tbsp oil, vegetable", "1 cup milk, whole or 2%": the clause after the comma that ends
    // the name may gloss the food as a parenthesis does (`milk (whole or 2%)`).
    if resolution.known, let kind = kindAfterComma(reader, of: resolution) {
      resolution.name = kind
    }
    // "butter (unsalted)", "1 Onion (large, yellow, chopped)": one word of a gloss of short
    // descriptions that makes a kind with the food names that kind.
    if resolution.known, let kind = kindAmongGlossWords(reader, of: resolution) {
      resolution.name = kind
    }
    if resolution.known, let product = productOfParticiple(resolution.name, reader.nameWords) {
      resolution.name = product
    }
    // "3 cups water with 2 vegetable bouillon cubes", "boiling water mixed with 3 tsp vegetable
    // stock powder": water the line makes into a stock is that stock.
    if resolution.known, let water = lookup(["water"][...]),
      vocabulary.entryID(forKey: resolution.name) == water,
      // A short clause only: each `with` reads its rest as a line, so this bounds how deep a
      // line of `water with water with ...` nests.
      let with = reader.tailComments.first, with.hasPrefix("with "), with.utf8.count <= 80,
      case let made = parse(String(with.dropFirst(5))), made.known,
      let stock = lookup(["stock"][...]), let madeID = vocabulary.entryID(forKey: made.name),
      vocabulary.isKind(madeID, of: stock), madeID != lookup(["stock", "cube"][...])
    {
      resolution = Resolution(name: made.name, known: true)
    }
    // "6 bashed to break shells Cardamom", "Garnish with Mint": TheMealDB's measure, holding a
    // clause, joined to its capitalised name; when nothing else named a food, the name at the
    // end does. Last, so every other reading is tried first.
    if !resolution.known, let food = capitalisedNameAtTheEnd(line) {
      resolution = Resolution(name: food, known: true)
    }
    if resolution.known { resolution.name = refined(resolution.name, reader: reader) }
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

  /// The food named by the last one to three words of `line` when they begin with a capital
  /// after a word in lower case, as TheMealDB joins a measure to its ingredient name (`600g
  /// stewing cut into strips Beef`); `nil` when the line has a comma or parenthesis, or those
  /// words name no food.
  private func capitalisedNameAtTheEnd(_ line: String) -> String? {
    guard line.utf8.count <= 80, !line.contains(","), !line.contains("("),
      // "Dough for 1/3 recipe White Bread": a part of another recipe, not its name.
      !line.lowercased().contains("recipe")
    else { return nil }
    let words = line.split(separator: " ")
    guard words.count >= 3 else { return nil }
    for length in 1...min(3, words.count - 2) {
      let start = words.count - length
      guard let first = words[start].first, first.isUppercase,
        let before = words[start - 1].first, before.isLowercase,
        // A title (`Warm Scallop Salad with Parsnips`) has capitals before; a cross-reference
        // names what it is for (`Grilling Marinade for Beef`, `dough for Crusty White Loaf`).
        words[1..<(start - 1)].allSatisfy({ $0.first.map { !$0.isUppercase } ?? true }),
        words[start - 1] != "for"
      else { continue }
      let named = resolveWritten(
        words[start...].flatMap { TextFolding.words($0).map(String.init) })
      if named.known { return named.name }
    }
    return nil
  }

  /// The kind of the food the first clause after the name makes with the name's words, where
  /// that clause's first alternative is one or two words of kind, no preparation and no food
  /// of its own kind (`oil, vegetable` → vegetable oil, `milk, whole or 2%` → whole milk,
  /// `olive oil, extra virgin` → extra virgin olive oil); `nil` otherwise. Not a list of
  /// alternatives that are kinds or foods themselves (`Bread, pita, or crackers` is bread) nor
  /// a participle (`butter, clarified`, `cream, whipped`: what the cook does).
  private func kindAfterComma(_ reader: LineReader, of current: Resolution) -> String? {
    guard let clause = reader.firstClause, !clause.isEmpty,
      case let first = clause.prefix(while: { $0 != "or" && $0 != "and" }),
      (1...2).contains(first.count),
      first.allSatisfy({
        IngredientDescriptors.role($0) != .preparation && !($0.count > 3 && $0.hasSuffix("ed"))
      }),
      let id = vocabulary.entryID(forKey: current.name)
        ?? vocabulary.entryID(forKey: Vocabulary.key(current.name)),
      // A food of its own only as the whole clause (`oil, vegetable`): `Sugar, cinnamon, or
      // herbs` lists alternatives.
      lookup(first).map({
        $0 != id && !vocabulary.isKind($0, of: id) && first.count == clause.count
      })
        ?? true,
      case let core = reader.nameWords.filter({ IngredientDescriptors.role($0) == nil }),
      !core.isEmpty, let kind = lookup((Array(first) + core)[...]), kind != id,
      vocabulary.isKind(kind, of: id)
    else { return nil }
    return vocabulary.name(at: kind)
  }

  /// The kind of the food one word of a parenthesised gloss makes with the name's words, where
  /// every piece of the gloss is a short description (`butter (Salted, Melted)` → salted
  /// butter, `Onion (large, yellow, chopped)` → yellow onion); `nil` otherwise. A piece of
  /// several words (`salted or unsalted`, `not unsalted`) offers or refuses, so it names none.
  private func kindAmongGlossWords(_ reader: LineReader, of current: Resolution) -> String? {
    guard let gloss = reader.groupComments.first, gloss.utf8.count <= 40,
      let id = vocabulary.entryID(forKey: current.name)
        ?? vocabulary.entryID(forKey: Vocabulary.key(current.name)),
      case let core = reader.nameWords.filter({ IngredientDescriptors.role($0) == nil }),
      !core.isEmpty
    else { return nil }
    let pieces = gloss.split(separator: ",").map { TextFolding.words($0).map(String.init) }
    // Short descriptions only; an alternative only of another food (`unsalted, or ghee`), not
    // a list of kinds (`skim, low-fat, or whole`, `fetuccine, tagliatelle, or linguine`) or
    // examples (`EVOO, avocado, canola, etc.`).
    guard
      pieces.allSatisfy({ piece in
        piece.count == 1 && !Self.exampleWords.contains(piece[0])
          || piece.count == 2 && piece[0] == "or"
            && lookup(piece[1...]).map({ !vocabulary.isKind($0, of: id) }) ?? false
          || piece.count == 2 && IngredientDescriptors.isPairDescriptor(piece[0], piece[1])
      })
    else { return nil }
    var found: Int?
    for piece in pieces where piece.count == 1 {
      // Not a cut (`tomato (diced)` is fresh, cut at home).
      guard !Self.cuttingWords.contains(piece[0]),
        let kind = lookup((piece + core)[...]), kind != id, vocabulary.isKind(kind, of: id)
      else { continue }
      // "Onion (sweet, yellow, large)": two kinds named leave the food as it is.
      if let found, found != kind { return nil }
      found = kind
    }
    return found.map { vocabulary.name(at: $0) }
  }

  /// The kind of `current` the words name without one word of how the food was left (toasted,
  /// raw, natural) written after the first word: "flaked toasted almonds" → flaked almond,
  /// "sliced natural almonds" → flaked almond. `nil` when that names no more specific food.
  /// Not `fresh`, which says a food is no product (`chopped fresh tomatoes` are no tin).
  private func kindAcrossLeftWord(_ words: [String], of current: Resolution) -> Resolution? {
    guard words.count >= 3, words.count <= 6,
      let across = words.indices.dropFirst().first(where: {
        Self.wordsOfHowLeft.contains(words[$0])
      })
    else { return nil }
    var without = words
    without.remove(at: across)
    let named = resolveWritten(without)
    guard named.known, named.name != current.name, isKind(named.name, of: current.name) else {
      return nil
    }
    return named
  }

  /// Words of how a food was left that stand between a kind-making word and the food
  /// (``kindAcrossLeftWord(_:of:)``).
  /// Also where it comes from or how it was raised (`crushed Italian tomatoes`, `hard-boiled
  /// free-range eggs`).
  private static let wordsOfHowLeft: Set<String> = [
    "toasted", "raw", "natural", "italian", "free range", "organic",
  ]

  /// The food the words name with a plural word before the last made singular, when that
  /// names a more specific food than `current` ("1 tsp onions seeds" → nigella seed, "3 tbsp
  /// vegetables oil" → vegetable oil, "4 coxes apples" → cox apple): names spell their
  /// modifiers singular. `nil` otherwise.
  private func withSingularModifier(_ words: [String], current: Resolution) -> Resolution? {
    guard words.count >= 2, words.count <= 6 else { return nil }
    for index in 0..<(words.count - 1) {
      // Most words end in no `s`: a byte test before the singular form.
      let word = words[index]
      guard word.utf8.count >= 4, word.utf8.last == UInt8(ascii: "s"), !word.hasSuffix("ss"),
        // "sausages or sausage meat": an alternative of its own; "leaves lettuce": a form.
        words[index + 1] != "or", words[index + 1] != "and",
        case let single = Singularizer.singularize(word), single != word,
        !Self.formNouns.contains(single)
      else { continue }
      var singular = words
      singular[index] = single
      // The singular must begin a name the vocabulary has ("onion seeds"), not only let
      // another rule read past it.
      guard lookup(singular[index...]) != nil else { continue }
      let named = resolveWritten(singular)
      guard named.known, named.name != current.name,
        !current.known || named.name.hasSuffix(current.name) || isKind(named.name, of: current.name)
      else { continue }
      return named
    }
    return nil
  }

  /// The citrus fruit whose zest, rind or peel `words` name, when the vocabulary keeps no
  /// zest of it (`tangerine zest` → tangerine), or `nil`.
  private func citrusOfUnknownZest(_ words: [String]) -> String? {
    guard words.count >= 2, let last = words.last,
      Self.zestWords.contains(Singularizer.singularize(last)),
      !words.contains(where: { $0 == "dried" || $0 == "candied" }),
      case let fruit = resolveWritten(Array(words.dropLast())), fruit.known,
      let id = vocabulary.entryID(forKey: Vocabulary.key(fruit.name)),
      let citrus = lookup(["citrus"][...]), vocabulary.isKind(id, of: citrus)
    else { return nil }
    return fruit.name
  }

  /// The words for a citrus fruit's outer skin used for its flavour.
  private static let zestWords: Set<String> = ["zest", "rind", "peel"]

  /// The food a list of alternatives whose last names a head makes with the first word, when
  /// that first word is a food of its own: "rendered duck, goose, or chicken fat" → duck fat,
  /// not duck. `nil` when the first word and the head make no known food whose last word is
  /// the head ("1 onion, carrot and celery stick") or the clause is no list of foods.
  private func sharedHeadOfList(_ first: String, _ clause: [String]) -> String? {
    // A list names foods only: "garlic, peeled and crushed with a little salt" is no list.
    guard let last = clause.last, lookup([first][...]) != nil,
      !clause.contains(where: {
        IngredientDescriptors.role($0) == .preparation
          || Self.connectors.contains($0)
            && $0 != "or" && $0 != "and"
      }),
      case let head = Singularizer.singularize(last),
      let id = lookup([first, head][...]), vocabulary.name(at: id).hasSuffix(head)
    else { return nil }
    return vocabulary.name(at: id)
  }

  /// The line after a long heading's colon, parsed, when it starts with an amount and names
  /// a known food (`Black Pepper and Cheese: 2 cups grated cheddar and 2 teaspoons black
  /// pepper` → cheddar): the heading names a variation or a group, the measured words what
  /// to buy. `nil` otherwise (`Salt and pepper: 1 tsp each` keeps the heading's salt).
  private func measuredAfterHeading(_ text: String) -> (parsed: ParsedIngredient, heading: String)?
  {
    // A heading with its own amount ("2 cups mixed greens: 1 cup arugula, ...") is the food.
    guard let colon = text.firstIndex(of: ":"),
      !text[..<colon].unicodeScalars.contains(where: { $0.properties.numericType != nil })
    else { return nil }
    let rest = text[text.index(after: colon)...].drop(while: { $0 == " " })
    // A digit or a vulgar fraction (`½`) starts an amount.
    guard let first = rest.unicodeScalars.first, first.properties.numericType != nil else {
      return nil
    }
    let measured = parse(String(rest))
    guard measured.known, measured.quantity != nil else { return nil }
    return (measured, String(text[..<colon]))
  }

  /// The product a participle before the food makes with the food's last words, where the
  /// vocabulary names it and it keeps the food's head: `2 roasted red bell peppers` → roasted
  /// red pepper (`roasted bell pepper`), a product of its own, not a kind of the pepper. Not
  /// among alternatives (`fresh or roasted peppers`). `nil` otherwise.
  private func productOfParticiple(_ name: String, _ nameWords: [String]) -> String? {
    guard let participle = nameWords.first(where: Self.productParticiples.contains),
      !nameWords.contains(where: { $0 == "or" || $0 == "and" }),
      let id = vocabulary.entryID(forKey: name) ?? vocabulary.entryID(forKey: Vocabulary.key(name))
    else { return nil }
    let words = name.split(separator: " ").map(String.init)
    guard let head = words.last, participle != words.first else { return nil }
    // Only a colour may be left out (`roasted bell pepper` for `red bell pepper`): `roasted
    // Sichuan peppercorns` are no roasted pepper, and a product more general than the food
    // (`roasted ground hazelnuts`, hazelnut) names nothing new.
    for start in words.indices {
      if let product = lookup(([participle] + words[start...])[...]), product != id,
        vocabulary.name(at: product).hasSuffix(head), !vocabulary.isKind(id, of: product)
      {
        return vocabulary.name(at: product)
      }
      guard LineReader.colours.contains(words[start]) else { break }
    }
    return nil
  }

  /// Participles that make a product of a food (`roasted`, `pickled`, `candied`); not
  /// `toasted`, which bread and seeds only describe.
  private static let productParticiples: Set<String> = ["roasted", "pickled", "candied", "fried"]

  /// The canonical form of a bare name, as the parser would resolve it (`Spring Onions` →
  /// `green onion` when the vocabulary says so, otherwise `spring onion`).
  public func canonicalName(_ name: String) -> String {
    resolveName(TextFolding.words(name).map(String.init)).name
  }

  /// The food a known `name` becomes with what the rest of the line says: the zest of a fruit
  /// (`zest of 1 lime` → `lime zest`, but `zest and juice of 1 lime` uses the whole lime), its
  /// canned form (`1 can of pears`), jelly in packets (`1 packet lime jelly` → `jello`), peppers counted as vegetables (`2 peppers, cut into
  /// strips` → `bell pepper`; a spoonful of pepper stays the spice) and a kind written after a
  /// comma (`Coriander, Ground` → `ground coriander`). Each applies only when the vocabulary
  /// has the resulting food.
  private func refined(_ name: String, reader: LineReader) -> String {
    // A canonical name is its own key, except plural-looking names (`sprinkles`).
    guard
      let id = vocabulary.entryID(forKey: name) ?? vocabulary.entryID(forKey: Vocabulary.key(name))
    else { return name }
    // "1 clove, peeled and sliced garlic" (a TheMealDB measure joined to its name), "2 cloves,
    // minced garlic": a count noun alone, then preparation that ends in the food it counts
    // (`garlic clove` is garlic), names that food, not the spice.
    if reader.nameWords.count == 1, let clause = reader.trailingPreparation.last,
      let last = TextFolding.words(clause).last.map(String.init),
      let food = lookup([last][...]), food != id,
      lookup([last, reader.nameWords[0]][...]) == food
    {
      return vocabulary.name(at: food)
    }
    if let part = zestPart(reader),
      let zest = vocabulary.entryID(forKey: Vocabulary.key("\(name) \(part)")), zest != id
    {
      return vocabulary.name(at: zest)
    }
    // "8 Cayenne Pepper", "2 fresh cayenne peppers": the ground spice is measured by the
    // spoon; counted peppers are the fresh (or dried whole) chilies it is made from.
    if reader.unit == nil, let count = reader.quantity?.low, count >= 1,
      let last = reader.nameWords.last,
      Self.pepperNouns.contains(Singularizer.singularize(last)),
      !reader.nameWords.contains(where: Self.groundSpiceWords.contains),
      // "A sprinkle of cayenne pepper", "1?8 teaspoon cayenne": a measure the reader did not
      // take as the unit still measures the spice.
      !reader.nameWords.contains("of"),
      !reader.tokens.contains(where: { $0.traits.contains(.unit) }),
      let spice = lookup(["cayenne"][...]), id == spice
    {
      let kind =
        reader.nameWords.contains("dried")
        ? "dried chili" : reader.nameWords.contains("green") ? "green chili" : "red chili"
      if let chili = vocabulary.entryID(forKey: kind) { return vocabulary.name(at: chili) }
    }
    // "1 tsp powdered cumin", "1 tbsp powdered garlic": `powdered` says what `ground` or
    // `powder` says, where the vocabulary keeps that kind or product apart.
    if let powdered = powderedForm(name, id: id, reader) { return vocabulary.name(at: powdered) }
    if let whole = wholeBird(id, name: name, reader: reader) { return vocabulary.name(at: whole) }
    // "4 hoki steaks", "2 pork steaks": a steak cut from a fish or another animal's meat is
    // that food, not the beef steak `steak` alone names.
    if let animal = steakOfAnimal(reader, steakID: id) { return vocabulary.name(at: animal) }
    // "1 tbsp coarse baker's sugar": white sugar with coarse crystals is the decorating
    // sugar (sanding, pearl), not the fine caster sugar its other words may name.
    if reader.nameWords.contains("coarse"),
      !reader.nameWords.contains(where: { $0 == "or" || $0 == "and" }),
      let sugar = lookup(["sugar"][...]),
      id == sugar || lookup(["caster", "sugar"][...]) == id,
      let decorating = lookup(["decorating", "sugar"][...])
    {
      return vocabulary.name(at: decorating)
    }
    // "12 anchovies (stored in vinegar)", "anchovies, in vinegar": anchovies kept in vinegar
    // are the white (marinated) ones, not the salted or oil-packed fillets.
    if let anchovy = lookup(["anchovy"][...]), id == anchovy, keptInVinegar(reader),
      let white = lookup(["white", "anchovy"][...])
    {
      return vocabulary.name(at: white)
    }
    // "5 green chillies in brine", "small onions (packed in brine)": a food kept in brine is
    // the pickled product the vocabulary keeps of it or of its parent (green chili → pickled
    // chili), the jar a cook buys. Not a product already (`roasted red peppers in brine`).
    if keptInBrine(reader), !reader.nameWords.contains(where: Self.productParticiples.contains) {
      for food in [name] + vocabulary.ancestors(of: name).prefix(1) {
        if let pickled = vocabulary.entryID(forKey: "pickled \(food)"), pickled != id {
          return vocabulary.name(at: pickled)
        }
      }
    }
    // "2 free-range eggs, whites only", "1 egg, yolk only": the eggs are bought, the clause
    // says the part the recipe uses.
    if let part = eggPart(reader), let egg = lookup(["egg"][...]),
      id == egg || vocabulary.isKind(id, of: egg),
      let used = vocabulary.entryID(forKey: "egg \(part)")
    {
      return vocabulary.name(at: used)
    }
    // "2 tbsp juice from 1 lemon": a measured part is the product it makes with its food
    // (lemon juice), where the vocabulary has one; "juice from 2 lemons" counts lemons. The
    // skin is never the whole food, counted or not ("skin from 2 chickens" → chicken skin).
    if let part = reader.takenPart, reader.unit != nil || part == "skin",
      let product = vocabulary.entryID(forKey: Vocabulary.key("\(name) \(part)")), product != id
    {
      return vocabulary.name(at: product)
    }
    // "2 racks of lamb", "Rack of lamb", "rib of beef with 4 ribs": a count unit that names a
    // cut makes, with `of`, the cut the vocabulary keeps apart (rack of lamb, beef rib roast).
    // "2 x 250g rib eye steaks": the unit word may begin the cut's name too (rib eye steak).
    if let unit = reader.unit, Self.cutUnits.contains(unit),
      let cut = vocabulary.entryID(forKey: Vocabulary.key("\(unit) of \(name)"))
        ?? lookup(([unit] + reader.nameWords)[...]),
      cut != id, vocabulary.isKind(cut, of: id)
    {
      return vocabulary.name(at: cut)
    }
    // "1 stick cinnamon", "3 Pods Cardamom": a count noun before the food may name the form
    // the vocabulary keeps apart (cinnamon stick, green cardamom pods).
    if let part = countedForm(reader),
      let form = vocabulary.entryID(forKey: Vocabulary.key("\(name) \(part)")), form != id,
      vocabulary.isKind(form, of: id)
    {
      return vocabulary.name(at: form)
    }
    // "2 Cinnamon", "3 Cardamom", "4 cardamoms, broken open": a spice counted whole with no
    // measure is its whole form (a cinnamon stick, a cardamom pod), where the vocabulary keeps
    // that apart; `1 1/2 Cinnamon` is a spoon amount left unwritten.
    if reader.unit == nil, let count = reader.quantity?.low, count >= 1, count == count.rounded(),
      let spice = lookup(["spice"][...]), vocabulary.isKind(id, of: spice),
      reader.nameWords.allSatisfy({
        IngredientDescriptors.role($0) == .dropped || lookup([$0][...]) == id
      })
    {
      for form in Self.wholeSpiceForms {
        if let whole = vocabulary.entryID(forKey: Vocabulary.key("\(name) \(form)")), whole != id,
          vocabulary.isKind(whole, of: id)
        {
          return vocabulary.name(at: whole)
        }
      }
    }
    // "1/3 cup Lemon", "2 tblsp Orange": a citrus fruit measured by volume is its juice, where
    // the vocabulary has that juice by name (`yuzu juice`, an alias of fruit juice, would lose
    // the yuzu).
    // Not a grated fruit (`1 tsp finely grated tangerine`), whose zest is meant.
    if let unit = reader.unit, Self.volumeUnits.contains(unit),
      reader.nameWords.filter({ IngredientDescriptors.role($0) == nil }).count == 1,
      !reader.nameWords.contains(where: { Self.cuttingWords.contains($0) }),
      zestPart(reader) == nil, reader.takenPart == nil,
      !["zest", "rind", "peel", "grated"].contains(where: { reader.line.lowercased().contains($0) }
      ),
      let citrus = lookup(["citrus"][...]), vocabulary.isKind(id, of: citrus),
      let juice = vocabulary.entryID(forKey: Vocabulary.key("\(name) juice")), juice != id,
      vocabulary.name(at: juice) == "\(name) juice"
    {
      return vocabulary.name(at: juice)
    }
    // "tinned whole tomatoes"; not "fresh or tinned pineapple", where fresh comes first.
    let cannedWord =
      reader.nameWords.contains { $0 == "canned" || $0 == "tinned" }
      && !reader.nameWords.contains { $0 == "or" || $0 == "and" }
    // "pineapple slices (tinned or canned, for decoration)": a gloss that starts by saying so.
    let cannedGloss = reader.groupComments.contains { gloss in
      let first = TextFolding.words(gloss.prefix(while: { $0 != "," && $0 != ";" }))
      return first.contains { $0 == "canned" || $0 == "tinned" }
        && first.allSatisfy { $0 == "canned" || $0 == "tinned" || $0 == "or" || $0 == "and" }
    }
    if reader.inCans || cannedWord || cannedGloss,
      let canned = lookup(["canned", name][...]), canned != id
    {
      // "1 can crushed Roma tomatoes", "1 can diced San Marzano tomatoes": a variety in the
      // can does not lose the canned kind a word of the first alternative names with the
      // food's head (crushed tomato), as `1 can crushed tomatoes` names it.
      let head = String(name.split(separator: " ").last ?? "")
      let firstAlternative = reader.nameWords.prefix(while: { $0 != "or" && $0 != "and" })
      for word in firstAlternative where !name.split(separator: " ").contains(Substring(word)) {
        if let kind = lookup([word, head][...]), kind != canned, vocabulary.isKind(kind, of: canned)
        {
          return vocabulary.name(at: kind)
        }
      }
      return vocabulary.name(at: canned)
    }
    // "1 packet strawberry jelly": jelly sold in packets is the dessert (UK), not jam.
    if reader.unit == "packet", Singularizer.singularize(reader.nameWords.last ?? "") == "jelly",
      let jello = lookup(["jello"][...])
    {
      return vocabulary.name(at: jello)
    }
    // "4 mashed potatoes", "3 chopped tomatoes": counted, they are whole foods to be cut,
    // not the product (mash, canned chopped tomato) the cutting word names.
    // A count of cans ("2 x 400g chopped tomatoes") is the product.
    if reader.quantity != nil, reader.unit == nil, !reader.inCans, !reader.sizeGiven,
      reader.nameWords.contains(where: { Self.cuttingWords.contains($0) }),
      !reader.nameWords.contains(where: {
        $0 == "or" || $0 == "and" || $0 == "canned" || $0 == "tinned"
      }),
      case let whole = resolveWritten(reader.nameWords.filter { !Self.cuttingWords.contains($0) }),
      whole.known, whole.name != name
    {
      return whole.name
    }
    // "1 cup chopped tomato (1 medium tomato)", "2 tablespoons seeded, finely diced tomato":
    // a tomato chopped or diced by the cup, the spoon or the handful (written singular: "1
    // cup chopped tomatoes" may well be the tin), or cut finely, is a fresh one cut for the
    // dish; the tin (`400g chopped tomatoes`) is weighed or counted in cans. Named more
    // generally, never another food: canned chopped tomato is a tomato.
    if let cannedTomato = lookup(["canned", "tomato"][...]),
      id == cannedTomato || vocabulary.isKind(id, of: cannedTomato), !reader.inCans,
      reader.nameWords.contains(where: { $0 == "chopped" || $0 == "diced" }),
      !reader.nameWords.contains(where: { Self.cannedOrMixWords.contains($0) }),
      reader.unit.map({ $0 == "cup" || $0 == "handful" || Self.spoonUnits.contains($0) }) ?? false
        && reader.nameWords.last == "tomato"
        || reader.nameWords.contains(where: { Self.freshCutWords.contains($0) }),
      case let whole = resolveWritten(reader.nameWords.filter { !Self.cuttingWords.contains($0) }),
      whole.known, whole.name != name
    {
      return whole.name
    }
    // "crushed red hot pepper", "crushed bird's eye chillies": chilies sold crushed are dried
    // flakes, unless fresh or counted ("2 red chillies, crushed" are fresh ones to crush).
    // Only the first alternative counts: "crushed chile pequin or cayenne" is flakes, "fresh
    // or crushed chilies" not.
    let leadingAlternative = reader.nameWords.prefix { $0 != "or" && $0 != "and" }
    if leadingAlternative.contains("crushed"), !leadingAlternative.contains("fresh"),
      leadingAlternative.contains(where: { IngredientDescriptors.role($0) == nil }),
      reader.quantity == nil || reader.unit != nil,
      let chili = lookup(["chili"][...]), id == chili || vocabulary.isKind(id, of: chili),
      let flakes = lookup(["chili", "flake"][...])
    {
      return vocabulary.name(at: flakes)
    }
    // "1 tablespoon ground pure mild red chile", "¼ cup ground hot chile": chilies bought
    // ground are the powder (chili powder covers ground chilies), or its own kind where the
    // vocabulary has one (`ground Kashmiri chiles` → kashmiri chili powder).
    if let chili = lookup(["chili"][...]), id == chili || vocabulary.isKind(id, of: chili),
      reader.nameWords.firstIndex(of: "ground").map({ ground in
        !reader.nameWords[..<ground].contains(where: { $0 == "or" || $0 == "and" })
      }) ?? reader.leadingPreparation.contains(where: { TextFolding.words($0).contains("ground") }),
      !reader.nameWords.contains("fresh"),
      let powder = lookup(["chili", "powder"][...])
    {
      if let own = vocabulary.entryID(forKey: Vocabulary.key("\(name) powder")),
        own != powder, vocabulary.isKind(own, of: powder)
      {
        return vocabulary.name(at: own)
      }
      return vocabulary.name(at: powder)
    }
    if reader.quantity != nil, reader.unit == nil, lookup(["pepper"][...]) == id,
      Singularizer.singularize(reader.nameWords.last ?? "") == "pepper",
      !reader.nameWords.contains(where: { Self.spicePepperWords.contains($0) }),
      let bell = lookup(["bell", "pepper"][...])
    {
      return vocabulary.name(at: bell)
    }
    // "small handful of coriander, finely chopped", "2 tbsp chopped coriander": a plant whose
    // leaves the vocabulary keeps as a kind of it (`coriander leaf` is cilantro) is that kind
    // when chopped, cut or bought by the bunch, handful or sprig: seeds are ground or crushed.
    if let leaf = vocabulary.entryID(forKey: "\(name) leaf"), leaf != id,
      vocabulary.isKind(leaf, of: id),
      reader.unit.map(Self.leafyUnits.contains) ?? false
        || (reader.nameWords
          + (reader.leadingPreparation + reader.trailingPreparation).flatMap {
            TextFolding.words($0).map(String.init)
          }).contains(where: Self.knifeWords.contains)
    {
      return vocabulary.name(at: leaf)
    }
    if let food = foodFromMeasure(of: id, reader: reader) { return vocabulary.name(at: food) }
    // "ground beef chuck", "ground pork shoulder", "minced venison steak": meat ground from a
    // cut is the ground meat of its animal, where the vocabulary has it.
    if let ground = reader.nameWords.firstIndex(where: { $0 == "ground" || $0 == "minced" }),
      !reader.nameWords.contains(where: { $0 == "or" || $0 == "and" }),
      lookup(reader.nameWords[(ground + 1)...]) == id,
      !vocabulary.entries[id].flags.isDisjoint(with: [.meat, .poultry])
    {
      for general in vocabulary.ancestors(of: name) {
        if let meat = vocabulary.entryID(forKey: Vocabulary.key("ground \(general)")), meat != id {
          return vocabulary.name(at: meat)
        }
      }
    }
    // "4 large eggs, hard boiled", "eggs, hardboiled", "2 eggs, hard-cooked": a state after
    // the comma, one descriptor when hyphenated or two words ending in a participle, makes the
    // kind it names before the food, as `hard-boiled eggs` does. More preparation may follow
    // with `and` ("eggs, hard boiled and chopped"). One participle alone only describes
    // ("cream, whipped" is no whipped cream).
    if let clause = reader.firstClause,
      let state = clause.count == 1
        ? IngredientDescriptors.spacedForms[clause[0]]
        : clause.count == 2 || clause.count > 3 && clause[2] == "and"
          ? clause[..<2].joined(separator: " ") : nil,
      IngredientDescriptors.role(state) != nil || clause.count > 1 && clause[1].hasSuffix("ed"),
      let kind = vocabulary.entryID(forKey: Vocabulary.key("\(state) \(name)")), kind != id,
      vocabulary.isKind(kind, of: id)
    {
      return vocabulary.name(at: kind)
    }
    // "Cumin, ground", "Salt, kosher": one word right after the comma that makes a kind. Not a
    // cutting word or other participle ("Bacon, diced" is no lardon, "cream, whipped" no
    // whipped cream), not a food ("salt1 clove garlic" is no
    // garlic salt), not after a colour already named ("peppers - 1 each red, green").
    if let clause = reader.firstClause, clause.count == 1, case let word = clause[0],
      Self.kindWords.contains(word)
        || (IngredientDescriptors.role(word) == nil && !word.hasSuffix("ed")
          && lookup([word][...]) == nil),
      !reader.nameWords.contains(where: { LineReader.colours.contains($0) || Int($0) != nil }),
      let kind = vocabulary.entryID(forKey: Vocabulary.key("\(word) \(name)")),
      kind != id, vocabulary.isKind(kind, of: id)
    {
      return vocabulary.name(at: kind)
    }
    // "1½ teaspoon cumin ground", "12g cinnamon ground": `ground` written right after the
    // food, with no comma, says what `Cumin, ground` says.
    if reader.nameWords.count >= 2, reader.nameWords.last == "ground",
      lookup(reader.nameWords.dropLast()) == id,
      let kind = vocabulary.entryID(forKey: Vocabulary.key("ground \(name)")),
      kind != id, vocabulary.isKind(kind, of: id)
    {
      return vocabulary.name(at: kind)
    }
    return name
  }

  /// The food that the way a line measures a known food `id` says it is, or `nil`: `red
  /// pepper` by the spoon is the ground spice (`1 tsp red pepper` → cayenne), peppers in a jar
  /// are roasted ones (`1 jar red peppers`), and tomato purée by the can, the cup or a glassful
  /// is the American sieved tomato (passata), while by the spoon or the gram it is the British
  /// concentrate (tomato paste). Each applies only when the vocabulary has both foods.
  private func foodFromMeasure(of id: Int, reader: LineReader) -> Int? {
    let unit = reader.unit
    // "2 tbsp red pepper, finely diced": a spoonful of a cut vegetable says how it is cut.
    func isCut() -> Bool {
      reader.nameWords.contains { Self.cuttingWords.contains($0) }
        || (reader.leadingPreparation + reader.trailingPreparation).contains { text in
          TextFolding.words(text).contains { Self.cuttingWords.contains(String($0)) }
        }
    }
    if let unit, Self.spoonUnits.contains(unit), lookup(["red", "bell", "pepper"][...]) == id,
      case let core = reader.nameWords.filter({ IngredientDescriptors.role($0) == nil }),
      core.count == 2, core[0] == "red", Singularizer.singularize(core[1]) == "pepper",
      !isCut(), let cayenne = lookup(["cayenne"][...])
    {
      return cayenne
    }
    if let ground = groundSpiceBySpoon(id, reader: reader) { return ground }
    // "pinch of chilli", "Pinch of peperoncino": a pinch of bare chilli is the dried, ground
    // spice a cook pinches, not a fresh pod.
    if unit == "pinch", lookup(["chili"][...]) == id,
      reader.nameWords.filter({ IngredientDescriptors.role($0) == nil }).count == 1, !isCut(),
      let powder = lookup(["chili", "powder"][...])
    {
      return powder
    }
    // "1l bouillon", "1dl bouillon": bare bouillon by the litre or the cup is the liquid stock
    // (as `2 cups chicken bouillon` is chicken stock), not the cube.
    if let unit, Self.liquidUnits.contains(unit), lookup(["stock", "cube"][...]) == id,
      reader.nameWords.filter({ IngredientDescriptors.role($0) == nil }) == ["bouillon"],
      let stock = lookup(["stock"][...])
    {
      return stock
    }
    // "2 red peppers from a jar", "bottled red sweet peppers": said after the name or as a
    // word before it, the jar is the same.
    if unit == "jar" || reader.nameWords.contains(where: { $0 == "jarred" || $0 == "bottled" })
      || (reader.tailComments + reader.groupComments).contains(where: { text in
        let words = TextFolding.words(text)
        return words.first == "from" && words.contains("jar")
      }),
      let bell = lookup(["bell", "pepper"][...]), id == bell || vocabulary.isKind(id, of: bell),
      let roasted = lookup(["roasted", "red", "pepper"][...])
    {
      return roasted
    }
    if reader.nameWords.contains("puree"), lookup(["tomato", "paste"][...]) == id,
      !reader.nameWords.contains(where: { Self.concentrateWords.contains($0) }),
      reader.inCans || isAmericanPureeMeasure(unit, reader.quantity),
      let passata = lookup(["passata"][...])
    {
      return passata
    }
    return nil
  }

  /// The ground spice a spoonful or a pinch of a bare spice is (`1 tsp cumin`, `Pinch
  /// Turmeric`, `¼ tsp ginger` → ground cumin, ground turmeric, ground ginger): what a cook
  /// takes from the shelf, since seeds, a piece of root or fresh leaves are written as such
  /// (`cumin seeds`, `1 tsp grated ginger`, `2 tbsp chopped coriander`). Only for a herb or
  /// spice the vocabulary keeps a ground kind of, named with no other word than a spoon's
  /// size and with no preparation; not a spice spooned in whole or fresh as often as ground
  /// (`2 tsp ginger` in a stir-fry is minced fresh root, `½ tbsp cardamom` in a mandi whole
  /// pods); `nil` otherwise.
  private func groundSpiceBySpoon(_ id: Int, reader: LineReader) -> Int? {
    guard let unit = reader.unit, Self.spoonfulUnits.contains(unit),
      vocabulary.entries[id].foodGroup == "herbs-spices",
      !Self.spicesOftenWholeOrFresh.contains(vocabulary.name(at: id))
        || (vocabulary.name(at: id) == "ginger" && isAtMostATeaspoon(unit, reader.quantity)
          && !reader.line.contains("Ginger")),
      reader.leadingPreparation.isEmpty, reader.trailingPreparation.isEmpty,
      case let name = vocabulary.name(at: id),
      let ground = vocabulary.entryID(forKey: Vocabulary.key("ground \(name)")), ground != id,
      vocabulary.isKind(ground, of: id),
      case let words = reader.nameWords.filter({ !Self.spoonSizeWords.contains($0) }),
      lookup(words[...]) == id,
      !TextFolding.words(reader.line).contains(where: { Self.wholeSpiceWords.contains(String($0)) })
    else { return nil }
    // "2 tbsp coriander": a herb whose leaves are a kind of it is chopped by the tablespoon.
    if unit != "tsp" && unit != "pinch",
      vocabulary.entryID(forKey: "\(name) leaf").map({ vocabulary.isKind($0, of: id) }) ?? false
    {
      return nil
    }
    return ground
  }

  /// Words anywhere in a line that say a spice is not the ground one (`1 tbsp coriander
  /// stalks`, `½ tsp cardamom (about 8 pods)`, `1 tsp turmeric (fresh or powder)`).
  private static let wholeSpiceWords: Set<String> = [
    "seed", "seeds", "pod", "pods", "stalk", "stalks", "sprig", "sprigs", "stem", "stems",
    "leaf", "leaves", "root", "stick", "sticks", "fresh", "whole", "dried",
  ]

  /// Spices a cook spoons in fresh or whole as often as ground (minced ginger root, cardamom
  /// pods), so a bare spoonful names neither; but see ``isAtMostATeaspoon(_:_:)`` for ginger.
  static let spicesOftenWholeOrFresh: Set<String> = ["ginger", "cardamom"]

  /// Whether the amount is at most one teaspoon: bare ginger that little (`¼ tsp ginger`,
  /// `1 teaspoon ginger` sifted with flour) is the ground spice, as three blind judges read it
  /// in three parts; fresh root by the spoon is written grated or minced, and bare amounts
  /// of it run larger (`2 tsp ginger` in a stir-fry). Not a pinch, and not `1 tsp Ginger` as
  /// TheMealDB writes its names (capitalised): 9 of its 12 recipes with a teaspoon or less of
  /// bare ginger mince fresh root into a stir-fry, and its `pinch Ginger` is grated over a
  /// couscous.
  private func isAtMostATeaspoon(_ unit: String, _ quantity: Quantity?) -> Bool {
    unit == "tsp" && (quantity.map { ($0.high ?? $0.low) <= 1 } ?? false)
  }

  /// Spoonfuls and pinches, not a dash (`Dash Coriander` to decorate a plate is leaves).
  private static let spoonfulUnits: Set<String> = ["tsp", "tbsp", "dessertspoon", "spoon", "pinch"]

  /// Words that say how full a spoon is, not what is in it (`1 heaped tsp cumin`).
  private static let spoonSizeWords: Set<String> = [
    "heaped", "heaping", "level", "scant", "generous", "good", "rounded", "large", "small",
    "big",
  ]

  /// Whether an amount of tomato purée is one American cooks buy sieved tomato in (a cup, a
  /// glassful, a can's weight in ounces), not the spoonful or grams of the British concentrate.
  private func isAmericanPureeMeasure(_ unit: String?, _ quantity: Quantity?) -> Bool {
    guard let unit else { return false }
    let amount = quantity?.low ?? 1
    switch unit {
    case "cup", "pint", "quart", "l", "dl", "gallon": return true
    case "ml": return amount >= 100
    case "fl oz": return amount >= 4
    case "oz": return amount >= 8
    default: return false
    }
  }

  /// The food named by words that end in a head only repeating what the food is, or `nil`: a
  /// spice is a powder (`paprika powder` → paprika, `ginger powder` → ground ginger, where the
  /// vocabulary has the ground form), and a sauce a sauce (`tamari sauce` → tamari, a kind of
  /// soy sauce). A powder of anything else is another product (`raspberry powder`, `miso
  /// powder`), and so is a sauce made of a food that is no sauce (`mushroom sauce`); crumbles
  /// are the food crumbled (`tofu crumbles` → tofu).
  private func redundantHead(_ words: [String]) -> String? {
    guard words.count >= 2, let last = words.last,
      case let head = Singularizer.singularize(last),
      head == "powder" || head == "sauce" || last == "crumbles",
      case let before = resolveName(Array(words.dropLast())), before.known,
      let id = vocabulary.entryID(forKey: before.name)
        ?? vocabulary.entryID(forKey: Vocabulary.key(before.name))
    else { return nil }
    if head == "powder" {
      let ground = vocabulary.entryID(forKey: Vocabulary.key("ground \(before.name)"))
      if let ground, ground != id { return vocabulary.name(at: ground) }
      // "Japanese seven-spice powder": a spice or a blend of spices, sold ground, is its powder.
      guard
        let spice = lookup(["spice"][...]),
        vocabulary.isKind(id, of: spice)
          || lookup(["spice", "blend"][...]).map({ vocabulary.isKind(id, of: $0) }) ?? false
      else {
        return nil
      }
      return before.name
    }
    // "Spicy Tofu Crumbles", "bacon crumbles": crumbles of a food are that food crumbled
    // (a crumble, the pudding, is written singular).
    if last == "crumbles" { return before.name }
    // A sauce: the food's own name, one of its aliases (`picante sauce` for salsa, so
    // `tomato salsa sauce` is salsa) or one of its ancestors' names ends in `sauce`.
    let names =
      [before.name] + vocabulary.entries[id].aliases + vocabulary.ancestors(of: before.name)
    return names.contains { $0 == "sauce" || $0.hasSuffix(" sauce") } ? before.name : nil
  }

  /// Words that join a name to another phrase rather than end a name.
  private static let connectors: Set<String> = ["of", "and", "or", "with", "in", "for", "a"]

  /// Words for the outer skin of a citrus fruit that, candied, is its candied peel.
  private static let peelSynonyms: Set<String> = ["rind", "rinds", "zest", "zests"]

  /// Whether the known food `head` only restates what the known food `food` is: `food` is a
  /// kind of it, or one of `food`'s own names ends in it (`savoiardi biscuit` for
  /// ladyfinger, so sponge finger biscuits are ladyfingers). A name that begins with it
  /// says what the food is for or made of (`dashi kombu` is kombu for dashi; konbu dashi is
  /// still dashi).
  private func restates(_ head: Int, _ food: Int) -> Bool {
    if vocabulary.isKind(food, of: head) { return true }
    // "spaghetti noodles", "macaroni noodles": in American use any pasta is a noodle.
    if vocabulary.name(at: head) == "noodle", let pasta = lookup(["pasta"][...]),
      vocabulary.isKind(food, of: pasta)
    {
      return true
    }
    let headName = vocabulary.name(at: head)
    guard !headName.contains(" ") else { return false }
    return ([vocabulary.name(at: food)] + vocabulary.entries[food].aliases).contains {
      $0.hasSuffix(" " + headName)
    }
  }

  /// The food named by the words before the last when the last alone named `current` and
  /// only restates that food (`frozen shredded hash brown potatoes` → hash brown), or `nil`.
  private func foodBeforeRestatingHead(_ words: [String], of current: Resolution) -> String? {
    // "sprinkle of sugar": words that end in a connector say how much of the head, or list.
    // Cheapest first: a head of one word (`restates`), a word before it that no descriptor is
    // (`fresh basil` names no other food).
    guard words.count >= 2, !current.name.contains(" "), let last = words.last,
      !Self.connectors.contains(words[words.count - 2]),
      words.dropLast().contains(where: { IngredientDescriptors.role($0) == nil }),
      let head = lookup([Singularizer.singularize(last)][...]) ?? lookup([last][...]),
      vocabulary.name(at: head) == current.name,
      case let before = resolveWritten(Array(words.dropLast())), before.known,
      let food = vocabulary.entryID(forKey: before.name)
        ?? vocabulary.entryID(forKey: Vocabulary.key(before.name)),
      food != head, restates(head, food)
    else { return nil }
    return vocabulary.name(at: food)
  }

  /// The food a gloss offering another name (`(or sponge finger biscuits)`) names when the
  /// line's own words named only their head (`Savoyard biscuits` → biscuit) and the gloss's
  /// food is restated by that head; `nil` otherwise.
  private func restatingGloss(_ reader: LineReader, of current: Resolution) -> String? {
    guard reader.groupComments.contains(where: { $0.prefix(3).lowercased() == "or " }),
      reader.nameWords.count >= 2, let last = reader.nameWords.last,
      let head = lookup([Singularizer.singularize(last)][...]) ?? lookup([last][...]),
      vocabulary.name(at: head) == current.name,
      !resolveWritten(Array(reader.nameWords.dropLast())).known
    else { return nil }
    for gloss in reader.groupComments {
      var words = TextFolding.words(gloss).map(String.init)
      // Another name is a few words (`or a mixture of wholemeal flour and plain flour` is a
      // recipe of its own).
      guard words.first == "or", (3...5).contains(words.count), words.last == last,
        !words.dropFirst().contains(where: {
          Self.connectors.contains($0) || $0.first?.isNumber == true
        })
      else { continue }
      words.removeFirst()
      guard let food = foodBeforeRestatingHead(words, of: current) else { continue }
      return food
    }
    return nil
  }

  /// The unit and the name words when the first name word is a measure glued to a word
  /// (`cupmilk` → `cup`, `milk`), or `nil`. The unit must be two letters or more (`g`, `t`
  /// begin too many words) and the rest three or more.
  private func gluedUnit(_ words: [String]) -> (String, [String])? {
    guard let first = words.first, first.utf8.count >= 5, lookup([first][...]) == nil else {
      return nil
    }
    let letters = Array(first)
    for length in stride(from: min(letters.count - 3, 11), through: 2, by: -1) {
      guard let unit = UnitTable.unit(for: String(letters[..<length]), original: ""),
        unit.kind == .measure
      else { continue }
      return (unit.name, [String(letters[length...])] + words.dropFirst())
    }
    return nil
  }

  /// The count noun before the food (`stick` in `1 stick cinnamon`, `pod` in `3 pods
  /// cardamom`), read as the unit or as the first name word, singular; `nil` when there is none.
  private func countedForm(_ reader: LineReader) -> String? {
    if let unit = reader.unit, Self.formsBeforeFood.contains(unit) { return unit }
    guard reader.nameWords.count >= 2,
      let first = reader.nameWords.first(where: { IngredientDescriptors.role($0) == nil }),
      case let noun = Singularizer.singularize(first), Self.formsBeforeFood.contains(noun),
      // "shank-end leg hogget": a second form noun says which part; neither is the form.
      reader.nameWords.filter({ Self.formsBeforeFood.contains(Singularizer.singularize($0)) })
        .count == 1
    else { return nil }
    return noun
  }

  /// Count nouns that, written before a food, name the form or cut the vocabulary may keep
  /// apart (`1 stick cinnamon`, `2 sprigs coriander`, `1 shoulder salt marsh lamb`). Not the
  /// pieces and slices a cook cuts anything into: `2 pieces bacon` is no lardon, `3 slices of
  /// turkey` no deli meat, and `rib of beef` is a roast, not short ribs.
  private static let formsBeforeFood: Set<String> = [
    "stick", "pod", "sprig", "leaf", "stalk", "stem", "bulb", "clove", "ear", "cob", "floret",
    "spear", "quill", "shoulder", "leg", "loin", "breast", "thigh", "wing", "drumstick",
    "knuckle", "shank", "neck", "cheek", "fillet", "tail", "crown", "head", "shell", "cube",
  ]

  /// Count units that name a cut of meat (`2 racks of lamb`, `rib of beef`).
  private static let cutUnits: Set<String> = ["rack", "rib"]

  /// The whole forms a spice is counted in (`cinnamon stick`, `cardamom pod`).
  private static let wholeSpiceForms = ["stick", "pod"]

  /// Units of volume, in which a fruit is measured only as its juice.
  private static let volumeUnits: Set<String> = [
    "cup", "tbsp", "tsp", "ml", "fl oz", "l", "dl", "dessertspoon",
  ]

  /// Words that make chopped tomatoes the tinned product or a mix (`canned diced tomatoes`,
  /// `diced tomatoes and green chilies`).
  private static let cannedOrMixWords: Set<String> = [
    "canned", "tinned", "can", "tin", "cans", "tins", "or", "and", "with",
  ]

  /// Words that say a cook cut the food at home (`finely chopped`, `seeded, diced`).
  private static let freshCutWords: Set<String> = [
    "finely", "coarsely", "roughly", "seeded", "deseeded", "fresh", "ripe",
  ]

  /// Units a herb's leaves are bought or picked by, never its seeds.
  private static let leafyUnits: Set<String> = ["bunch", "handful", "sprig"]

  /// Units a liquid is poured by, never a spoonful (`1l bouillon` is stock, `1 tsp bouillon`
  /// the powder or cube).
  private static let liquidUnits: Set<String> = [
    "cup", "l", "dl", "ml", "fl oz", "pint", "quart",
  ]

  /// Units of a spoonful (or less) of a ground spice.
  private static let spoonUnits: Set<String> = [
    "tsp", "tbsp", "dessertspoon", "spoon", "pinch", "dash",
  ]

  /// The nouns of a pepper counted whole (`8 cayenne peppers`).
  private static let pepperNouns: Set<String> = ["pepper", "chile", "chili", "chilli"]

  /// Words that say a pepper is the ground spice, counted or not.
  private static let groundSpiceWords: Set<String> = [
    "ground", "powder", "powdered", "flake", "flakes",
  ]

  /// Words that make tomato purée the concentrate whatever its amount.
  private static let concentrateWords: Set<String> = [
    "concentrate", "concentrated", "double", "paste",
  ]

  /// The ground kind (`ground cumin`) or the powder (`garlic powder`) of the food `name`
  /// (entry `id`) when `powdered` comes before its words and no alternatives are offered;
  /// `nil` otherwise.
  private func powderedForm(_ name: String, id: Int, _ reader: LineReader) -> Int? {
    let words = reader.nameWords
    guard let at = words.firstIndex(of: "powdered"), at + 1 < words.count,
      !words.contains(where: { $0 == "or" || $0 == "and" })
    else { return nil }
    let nameWords = name.split(separator: " ").map(String.init)
    if let ground = lookup((["ground"] + nameWords)[...]), ground != id,
      vocabulary.isKind(ground, of: id)
    {
      return ground
    }
    if let powder = lookup((nameWords + ["powder"])[...]), powder != id,
      !vocabulary.isKind(id, of: powder)
    {
      return powder
    }
    return nil
  }

  /// The fish or meat whose words come right before a last word `steak` (`hoki` in `hoki
  /// steaks`), when the line's food is plain `steak` (`steakID`); `nil` otherwise, and for a
  /// food `steak` is a kind of (`beef steak` stays steak).
  private func steakOfAnimal(_ reader: LineReader, steakID: Int) -> Int? {
    let words = reader.nameWords
    // Most lines end in another word: a prefix test before singularizing and looking up.
    guard words.count >= 2, let last = words.last, last.hasPrefix("steak"),
      Singularizer.singularize(last) == "steak", lookup(["steak"][...]) == steakID
    else { return nil }
    for start in 0..<(words.count - 1) {
      guard let food = lookup(words[start..<(words.count - 1)]), food != steakID,
        !vocabulary.isKind(steakID, of: food)
      else { continue }
      let flags = vocabulary.flags(of: vocabulary.name(at: food))
      return flags.contains(.fish) || flags.contains(.meat) ? food : nil
    }
    return nil
  }

  /// Whether a clause or gloss after the name says the food is kept in vinegar (`(stored in
  /// vinegar)`, `, in vinegar`), and not in oil as well.
  private func keptInVinegar(_ reader: LineReader) -> Bool {
    let clauses = reader.trailingPreparation + reader.tailComments + reader.groupComments
    // Most lines say nothing of vinegar: a plain substring test before any folding.
    guard clauses.contains(where: { $0.contains("vinegar") }) else { return false }
    return clauses.contains { clause in
      let words = TextFolding.words(clause)
      return words.contains("in") && words.last == "vinegar" && !words.contains("oil")
    }
  }

  /// Whether a clause or gloss after the name says the food is kept in brine (`, in brine`,
  /// `(packed in brine)`); not meat soaked or marinated in it, nor `in brine or vinegar`.
  private func keptInBrine(_ reader: LineReader) -> Bool {
    let clauses = reader.tailComments + reader.groupComments
    // Most lines say nothing of brine: a plain substring test before any folding.
    guard clauses.contains(where: { $0.contains("brine") }) else { return false }
    return clauses.contains { text in
      text.split(separator: ",").contains { clause in
        let words = TextFolding.words(clause)
        guard let last = words.last, last == "brine", let inWord = words.firstIndex(of: "in")
        else { return false }
        return words[..<inWord].allSatisfy(Self.keptInWords.contains)
      }
    }
  }

  /// Words that may say how a food is kept before `in brine` (`packed in brine`).
  private static let keptInWords: Set<Substring> = ["packed", "preserved", "kept", "stored"]

  /// The part of an egg a short clause after the name keeps (`white` in `2 eggs, whites
  /// only`), or `nil` when no clause says so or one keeps some eggs whole.
  private func eggPart(_ reader: LineReader) -> String? {
    let clauses = reader.trailingPreparation + reader.tailComments + reader.groupComments
    // Most lines name no part: a plain substring test before any folding.
    guard clauses.contains(where: { $0.contains("only") }) else { return nil }
    var part: String?
    for clause in clauses {
      let words = TextFolding.words(clause)
      // "10 eggs, 9 whole, 1 yolk only": some whole, some parted, is still eggs.
      if words.contains("whole") { return nil }
      guard words.count == 2, words[1] == "only" else { continue }
      switch words[0] {
      case "white", "whites": part = "white"
      case "yolk", "yolks": part = "yolk"
      default: continue
      }
    }
    return part
  }

  /// The whole bird (`whole chicken`) a line counts, or `nil`: "1 chicken, about 3½ lb", "Two
  /// 4-pound chickens, each cut into 8 pieces", "1 free-range chicken" are bought whole (and
  /// jointed at home when the line says so), where a weight or a cup (`450g chicken`, `2 cups
  /// chicken`) may be any of its parts. Only the bird's own name with words of size, rearing or
  /// state: `1 boneless chicken`, `1 cooked turkey` and `10 chicken pieces` are no whole bird.
  private func wholeBird(_ id: Int, name: String, reader: LineReader) -> Int? {
    guard vocabulary.entries[id].flags.contains(.poultry), !reader.inCans,
      let amount = reader.quantity?.low,
      reader.unit == nil ? amount >= 1 : isWeightOfAWholeBird(amount, reader),
      let whole = vocabulary.entryID(forKey: "whole \(name)"), whole != id,
      vocabulary.isKind(whole, of: id),
      reader.nameWords.allSatisfy({ word in
        IngredientDescriptors.role(word) == .dropped || Self.wholeBirdWords.contains(word)
          || lookup([word][...]) == id
      }),
      // "6 bone in, skin on chicken", "4 boned chicken": pieces, said before the name.
      case let lower = reader.line.lowercased(),
      case let before = lower[..<(lower.range(of: name)?.lowerBound ?? lower.startIndex)],
      !before.contains("bone"), !before.contains("skin")
    else { return nil }
    return whole
  }

  /// Whether a weighed bird is a whole one: a bird's weight (1 kg, 2 lb or more) and a word
  /// after the name that only a whole bird takes (`1.4kg/3lb chicken, jointed`, `3½ pounds
  /// chicken, cut into 8 pieces`, `4.5kg turkey, giblets removed`), or the weight joined to
  /// the name by a hyphen (`4-pound chicken`: a chicken of 4 pounds). `1.5kg chicken` alone
  /// or `3 pounds chicken, any cut` may be parts.
  private func isWeightOfAWholeBird(_ amount: Double, _ reader: LineReader) -> Bool {
    guard let unit = reader.unit, let least = Self.wholeBirdWeights[unit], amount >= least else {
      return false
    }
    let head = reader.line.prefix(while: { $0 != "," && $0 != "(" }).lowercased()
    if ["-pound", "-lb", "-kg"].contains(where: head.contains) { return true }
    let after = (reader.trailingPreparation + reader.tailComments).flatMap {
      TextFolding.words($0)
    }
    return after.contains(where: { Self.wholeBirdClues.contains(String($0)) })
      || after.contains("cut")
        && after.contains(where: { $0 == "pieces" || $0 == "portions" || $0 == "quarters" })
  }

  /// The least weight, per unit, of a bird bought whole (about 1 kg).
  private static let wholeBirdWeights: [String: Double] = [
    "kg": 1, "g": 1000, "lb": 2, "oz": 32,
  ]

  /// Words after a bird's name that only a whole bird takes.
  private static let wholeBirdClues: Set<String> = [
    "jointed", "spatchcocked", "butterflied", "quartered", "split", "trussed", "giblets",
  ]

  /// Words of rearing or state that a whole bird may carry (`free-range`, `oven-ready`,
  /// `corn-fed`, `fresh or frozen`).
  private static let wholeBirdWords: Set<String> = [
    "free", "range", "organic", "fresh", "frozen", "oven", "ready", "roasting", "young", "corn",
    "fed", "farm", "raised", "pasture", "pastured", "heritage", "kosher", "or", "thawed",
    "defrosted", "plump", "broiling", "frying", "stewing", "boiling",
  ]

  /// `zest` or `rind` when the line uses only that part of a fruit: `finely grated zest of`,
  /// `rind of` before it, or a short clause after it (`1 large lemon, zest only`); `nil` when
  /// the juice is used too or the part is thrown away (`peel removed`).
  private func zestPart(_ reader: LineReader) -> String? {
    // Most lines name no part: a plain substring test before any folding.
    func mentionsPart(_ text: String) -> Bool {
      text.contains("zest") || text.contains("rind") || text.contains("peel")
    }
    guard
      reader.leadingPreparation.contains(where: mentionsPart)
        || reader.trailingPreparation.contains(where: mentionsPart)
        || (reader.tailComments + reader.groupComments).contains(where: {
          $0.lowercased().contains("zest") || $0.lowercased().contains("rind")
            || $0.lowercased().contains("peel only")
        })
    else { return nil }
    let leading = reader.leadingPreparation.map { TextFolding.words($0) }
    // Each clause apart: "peel only, white pith removed" keeps the peel, whose pith goes.
    let trailing = (reader.trailingPreparation + reader.tailComments).flatMap {
      $0.split(separator: ",").map { TextFolding.words($0)[...] }
    }
    if leading.contains(where: { $0.contains("juice") || $0.contains("juiced") })
      || trailing.contains(where: { $0.contains("juice") || $0.contains("juiced") })
    {
      return nil
    }
    // "½ medium lemon (zested)", "½ lemon (the grated zest)": a gloss says it as a clause
    // after a comma does, unless it uses the juice too (`(zest and juice)`); a gloss that
    // only says where the juice goes (`zest only (juice reserved)`) leaves the zest.
    let glosses = reader.groupComments.map {
      TextFolding.words($0).drop(while: { Self.wordsBeforeZest.contains($0) })
    }.filter { !$0.contains("juice") && !$0.contains("juiced") }
    for words in leading {
      if let part = words.first(where: { $0 == "zest" || $0 == "rind" || $0 == "peel" }) {
        return String(part)
      }
    }
    for clause in trailing + glosses {
      // "finely grated zest only", "pared rind only": how the zest is taken comes first.
      let words = clause.drop(while: { Self.wordsBeforeZest.contains($0) })
      guard let first = words.first,
        first == "zest" || first == "rind" || first == "zested"
          // "peel only": `peel` alone may be the verb ("peel and slice").
          || (first == "peel" && words.contains("only")),
        words.count <= 3, !words.contains(where: { $0 == "removed" || $0 == "discarded" })
      else { continue }
      // "1/2 lime, zested": the participle uses the zest as `zest only` does.
      return first == "zested" ? "zest" : String(first)
    }
    return nil
  }

  /// Words that may come before `zest` in a clause that names only the zest (`the finely
  /// grated zest`, `pared zest only`, `strips of zest only`).
  private static let wordsBeforeZest: Set<Substring> = [
    "the", "finely", "grated", "freshly", "coarsely", "pared", "strips", "of",
  ]

  /// Descriptors that, written after a comma, make a kind of the food (`Cumin, ground`,
  /// `Coriander, fresh`), unlike cutting words (`diced`, `chopped`).
  static let kindWords: Set<String> = [
    "ground", "dried", "smoked", "canned", "tinned", "fresh", "frozen", "cooked", "unsalted",
    "salted", "whole",
  ]

  /// Each kind-making word (``kindWords``) with one letter of a doubled pair left out (`caned`,
  /// `tined`, `coked`), the commonest slip in writing them, mapped to the word.
  static let kindWordsLosingALetter: [String: String] = {
    var slips: [String: String] = [:]
    for word in kindWords {
      let letters = Array(word.utf8)
      for index in letters.indices.dropFirst() where letters[index] == letters[index - 1] {
        var slip = letters
        slip.remove(at: index)
        slips[String(decoding: slip, as: UTF8.self)] = word
      }
    }
    return slips
  }()

  /// Words that make `pepper` the spice even when counted (`2 black peppercorns`).
  private static let spicePepperWords: Set<String> = [
    "black", "white", "ground", "cracked", "peppercorn", "peppercorns", "pink", "szechuan",
    "sichuan", "cayenne", "long",
  ]

  /// The food of `first` (name words that name none) and an alternative with its own amount
  /// (`1 red and 1 green pepper`, `2 long or 4 short cucumbers`, `100m/3½fl oz double cream`).
  ///
  /// Read as one phrase with `or`, the first alternative keeps its place and may share the
  /// second's head (`red or green pepper` → red bell pepper, beside the second's green bell
  /// pepper). That reading is kept only when it is a sibling of the second's own food, not
  /// merely more general (`m or double cream` gives cream, the second heavy cream).
  private func alternativeName(_ first: [String], _ alternative: String) -> String? {
    var reader = LineReader(line: alternative, tokens: IngredientTokenizer.tokenize(alternative))
    reader.read()
    let joined = resolveWritten(first + ["or"] + reader.nameWords)
    let second = resolveWritten(reader.nameWords)
    guard second.known,
      let secondID = vocabulary.entryID(forKey: Vocabulary.key(second.name))
    else { return joined.known ? joined.name : nil }
    if joined.known, let joinedID = vocabulary.entryID(forKey: Vocabulary.key(joined.name)),
      joinedID != secondID, !vocabulary.isKind(secondID, of: joinedID),
      vocabulary.areRelated(joinedID, secondID)
    {
      return joined.name
    }
    return second.name
  }

  /// The food the gloss of a first alternative the vocabulary lacks names, when the gloss
  /// stands right before `or` (`coconut spread (margarine made with coconut oil) or vegetable
  /// shortening` → margarine): the gloss's words up to a word that ends a name, at most three
  /// besides descriptors. `nil` when the first alternative is known or no such gloss names a
  /// food.
  private func glossedFirstAlternative(_ reader: LineReader) -> String? {
    guard !reader.groupComments.isEmpty, let or = reader.nameWords.firstIndex(of: "or"), or > 0,
      !resolveWritten(Array(reader.nameWords[..<or])).known
    else { return nil }
    let line = reader.line.lowercased()
    for gloss in reader.groupComments where line.contains(gloss.lowercased() + ") or ") {
      var words: [String] = []
      for word in TextFolding.words(gloss) {
        let word = String(word)
        if IngredientLexicon.traits(word).contains(.endsName) || Self.negations.contains(word)
          || Self.exampleWords.contains(word) || Self.glossLinkingWords.contains(word)
        {
          break
        }
        words.append(word)
      }
      guard !words.isEmpty,
        words.filter({ IngredientDescriptors.role($0) == nil }).count <= 3,
        Int(words[0]) == nil
      else { continue }
      let named = resolveName(words)
      if named.known { return named.name }
    }
    return nil
  }

  /// Words after which a gloss says how its food is made or used, not what it is (`margarine
  /// made with coconut oil`).
  private static let glossLinkingWords: Set<String> = [
    "made", "with", "from", "using", "for", "of", "in",
  ]

  /// The food the name words and the clause that ended them name together, when the
  /// vocabulary spells a name with `in` or `with` (`chipotle peppers in adobo sauce`, `tomato
  /// with green chili`): the longest run of the name's last words and the clause that is a
  /// name or an alias as written, right after the name (no comma between). `nil` otherwise
  /// (`chicken in pieces`), among alternatives
  /// (the clause belongs to the last one), and when that food is more general than the
  /// `current` one (`marinated anchovies in oil` stay white anchovies).
  private func nameRunningOn(_ reader: LineReader, current: Resolution) -> Resolution? {
    guard !reader.nameWords.isEmpty, let clause = reader.tailComments.first,
      // Most lines' clauses start otherwise (`to taste`, `divided`): tested before folding.
      let lead = clause.utf8.first,
      lead | 0x20 == UInt8(ascii: "i") || lead | 0x20 == UInt8(ascii: "w"),
      !reader.nameWords.contains(where: { $0 == "or" || $0 == "and" }),
      case let words = TextFolding.words(clause).map(String.init),
      let first = words.first, first == "in" || first == "with", (2...5).contains(words.count),
      // Right after the name: "pineapple chunks, in juice" says how they are kept.
      let at = reader.line.range(of: clause),
      reader.line[..<at.lowerBound].last(where: { $0 != " " }) != ","
    else { return nil }
    // The name's last word may be plural before `in` (`tomatoes with green chili`).
    var singular = reader.nameWords
    singular[singular.count - 1] = Singularizer.singularize(singular[singular.count - 1])
    for start in reader.nameWords.indices {
      guard
        let id = lookup((reader.nameWords[start...] + words)[...])
          ?? lookup((singular[start...] + words)[...])
      else { continue }
      return isMoreGeneral(id, than: current)
        ? nil : Resolution(name: vocabulary.name(at: id), known: true)
    }
    return nil
  }

  /// The category a line names when its words are a category followed by one of its kinds,
  /// and the clause after the comma names another kind of it (`short pasta penne, casarecce,
  /// fusilli` → pasta): a list of examples, as with `such as`. `nil` otherwise (`pasta penne,
  /// cooked` is penne).
  private func categoryBeforeExamples(_ reader: LineReader, _ resolution: Resolution)
    -> Resolution?
  {
    guard resolution.known, reader.nameWords.count >= 2, let clause = reader.firstClause,
      // "brisket, or braising steak" offers an alternative, not an example.
      let lead = clause.first, lead != "or", lead != "and", clause.count <= 3,
      let id = vocabulary.entryID(forKey: Vocabulary.key(resolution.name)),
      let kindStart = (1..<reader.nameWords.count).first(where: {
        lookup(reader.nameWords[$0...]) == id
      }),
      // "beef brisket": the word before is part of the kind's own name, no category.
      lookup(reader.nameWords[(kindStart - 1)...]) != id,
      case let before = resolveWritten(Array(reader.nameWords[..<kindStart])), before.known,
      let category = vocabulary.entryID(forKey: Vocabulary.key(before.name)), category != id,
      vocabulary.isKind(id, of: category),
      let next = lookup(clause.filter { $0 != "or" && $0 != "and" }[...]), next != id,
      vocabulary.isKind(next, of: category)
    else { return nil }
    return Resolution(name: vocabulary.name(at: category), known: true)
  }

  /// The food `words` (the line's words without its flavouring word) name, when it is a
  /// kind of the `current` food or one of its siblings (`orange liqueur` for liqueur, `chili
  /// oil` for olive oil), and the word before the flavouring word is a food (`neutral-flavored
  /// oil` stays oil); `nil` otherwise.
  private func flavouredKind(_ words: [String], of current: Resolution) -> Resolution? {
    guard let id = vocabulary.entryID(forKey: Vocabulary.key(current.name)),
      case let named = resolveWritten(words), named.known, named.name != current.name,
      let kind = vocabulary.entryID(forKey: Vocabulary.key(named.name)),
      vocabulary.isKind(kind, of: id)
        || (vocabulary.parentIndex(of: kind) != nil
          && vocabulary.parentIndex(of: kind) == vocabulary.parentIndex(of: id))
    else { return nil }
    return Resolution(name: named.name, known: true)
  }

  /// Words that say a product is flavoured with the food before them (`orange-flavoured`).
  private static let flavouringWords: Set<String> = [
    "flavored", "flavoured", "infused", "scented",
  ]

  /// Whether the food `id` is more general than the known `current` resolution.
  private func isMoreGeneral(_ id: Int, than current: Resolution) -> Bool {
    guard current.known,
      let currentID = vocabulary.entryID(forKey: Vocabulary.key(current.name))
    else { return false }
    return vocabulary.isKind(currentID, of: id)
  }

  /// The food a short parenthesized gloss inside the name makes with the name words after it
  /// (`ground hot red (cayenne) pepper` → `cayenne pepper`, cayenne; `royal (black) cumin
  /// seeds` → black cumin), or `nil`. Not among alternatives, not when that food is more
  /// general than the `current` one (`arborio (risotto) rice` stays arborio), and not when the
  /// words before the gloss already name a food (`enoki (straw) mushrooms`) or make one with
  /// the words after it (`brewer's (nutritional) yeast`), unless only by a colour (`red
  /// pepper`).
  private func innerGlossName(_ reader: LineReader, current: Resolution) -> Resolution? {
    guard !reader.groupComments.isEmpty, reader.nameWords.count >= 2,
      !reader.nameWords.contains(where: { $0 == "or" || $0 == "and" })
    else { return nil }
    var folded: String?
    for gloss in reader.groupComments where gloss.utf8.count <= 40 {
      let glossWords = TextFolding.words(gloss).map(String.init)
      guard (1...2).contains(glossWords.count), Int(glossWords[0]) == nil,
        glossWords.allSatisfy({ IngredientDescriptors.role($0) == nil })
      else { continue }
      // Folded once, only for a line with such a gloss.
      if folded == nil { folded = " \(TextFolding.fold(reader.line)) " }
      let line = folded!
      // The name words after the gloss, as written right after it.
      for count in (1...min(2, reader.nameWords.count - 1)).reversed() {
        let after = Array(reader.nameWords.suffix(count))
        let before = reader.nameWords.dropLast(count)
        guard line.contains(" \((glossWords + after).joined(separator: " ")) "),
          let id = lookup((glossWords + after)[...])
        else { continue }
        let named = before.filter { IngredientDescriptors.role($0) == nil }
        if isMoreGeneral(id, than: current) || (!named.isEmpty && lookup(named[...]) != nil) {
          return nil
        }
        if let last = before.last, !LineReader.colours.contains(last),
          lookup(([last] + after)[...]) != nil
        {
          return nil
        }
        return Resolution(name: vocabulary.name(at: id), known: true)
      }
    }
    return nil
  }

  /// The food a parenthesized gloss of at most three words names (`(cardamom)`), or `nil`; a
  /// gloss listing foods (`(sourdough, baguette)`) names the nearest food they are all kinds
  /// of (bread), or else its first food, as a list does.
  private func knownGloss(_ groups: [String]) -> String? {
    for group in groups {
      if let list = listedCategory(group) { return list }
      let words = TextFolding.words(group).map(String.init)
      // Only a plain name: "(finely chopped vegetables)" describes, it does not gloss, and
      // "(not olive)" names what the food is not.
      guard words.count <= 3, let first = words.first, Int(first) == nil,
        !Self.negations.contains(first),
        words.allSatisfy({ IngredientDescriptors.role($0) == nil })
      else { continue }
      let resolution = resolveName(words)
      if resolution.known { return resolution.name }
    }
    return nil
  }

  /// The nearest food every item of a gloss listing two or more foods is (`sourdough,
  /// baguette` → bread), else the list's first food; `nil` when the gloss is no such list
  /// (an item the vocabulary does not know, `5-mm sticks`, makes it a description).
  private func listedCategory(_ gloss: String) -> String? {
    let items = gloss.split(whereSeparator: { $0 == "," || $0 == ";" }).map {
      TextFolding.words($0).map(String.init).filter { $0 != "or" && $0 != "and" }
    }.filter { !$0.isEmpty }
    guard items.count >= 2, items.allSatisfy({ $0.count <= 3 }) else { return nil }
    var ids: [Int] = []
    for item in items {
      guard item.allSatisfy({ IngredientDescriptors.role($0) == nil }),
        let id = lookup(item[...])
      else { break }
      ids.append(id)
    }
    guard ids.count == items.count else { return nil }
    var candidate: Int? = ids[0]
    while let category = candidate {
      if ids.allSatisfy({ $0 == category || vocabulary.isKind($0, of: category) }) {
        return vocabulary.name(at: category)
      }
      candidate = vocabulary.parentIndex(of: category)
    }
    return vocabulary.name(at: ids[0])
  }

  /// The more specific food a parenthesized gloss of alternatives makes of the known food
  /// `name`: its first item before the name words, as alternatives share a head (`vegetable`
  /// + `bouillon cube` in `bouillon cube (vegetable, pork or chicken)`), or a first item that
  /// is a kind of the food on its own (`broth (kakejiru; see below)`, `sugar (half light
  /// muscovado, half golden caster)`); `nil` when no gloss does. A gloss of examples names no
  /// kind (`steak (ribeye, sirloin, or your favorite cut)` is any steak), nor does one of
  /// descriptions (`onion (sweet, yellow, large, chopped)`).
  private func glossKind(of name: String, glosses: [String], _ nameWords: [String]) -> String? {
    guard !glosses.isEmpty,
      let id = vocabulary.entryID(forKey: name) ?? vocabulary.entryID(forKey: Vocabulary.key(name))
    else { return nil }
    let core = nameWords.filter { IngredientDescriptors.role($0) == nil }
    glosses: for gloss in glosses {
      // Amounts ("(14 oz)") and sentences are no list of kinds; both are common.
      if gloss.utf8.count > 80 || gloss.utf8.first.map({ $0 >= 0x30 && $0 <= 0x39 }) == true {
        continue
      }
      // "soy sauce (or tamari)": a gloss that starts with `or` offers a substitute, and
      // "virgin olive oil (not extra virgin)" one that starts with `not` a food it is not.
      // Folded once, piece by piece: a comma is a word break, so the pieces' words are the
      // gloss's words.
      // A semicolon ends a piece as a comma does (`kakejiru; see below`).
      let pieces = gloss.split(whereSeparator: { $0 == "," || $0 == ";" }).map {
        TextFolding.words($0).map(String.init)
      }
      if let lead = pieces.first(where: { !$0.isEmpty })?.first,
        lead == "or" || lead == "and" || Self.negations.contains(lead)
      {
        continue
      }
      // "chicken (cooked or raw)", "corn (fresh or frozen)": a gloss offering any of the
      // states a food can be in names no kind; the cook may use either.
      if offersEitherState(pieces) { continue }
      // "sugar (brown or white is fine)": a gloss that leaves the choice to the cook names
      // the plain food, not its first alternative.
      if leavesChoiceOpen(pieces) { continue }
      // "olive oil (extra virgin)": a gloss of one short piece
      // that makes a kind with the food's own words, a size word too (`extra`, which items
      // below drop), names that kind; not a cutting word (`tomatoes (chopped)` are fresh).
      if pieces.count == 1, let only = pieces.first, (2...3).contains(only.count),
        only.allSatisfy({ IngredientDescriptors.role($0) != .preparation }),
        let kind = lookup((only + core)[...]), kind != id, vocabulary.isKind(kind, of: id)
      {
        return vocabulary.name(at: kind)
      }
      // "milk (whole or 2%)": a first alternative of one or two words, descriptors too, that
      // makes a kind with the food's own words names that kind.
      if let first = pieces.first, let or = first.firstIndex(of: "or"), or > 0, or <= 2,
        let kind = lookup((Array(first[..<or]) + core)[...]), kind != id,
        vocabulary.isKind(kind, of: id)
      {
        return vocabulary.name(at: kind)
      }
      // Items split at commas, `or` and `and`, each without descriptors and share words.
      var items: [[String]] = []
      var current: [String] = []
      var currentHasWords = false
      var sharesOut = false
      var offersAlternatives = false
      func endItem() -> Bool {
        // An item of descriptors only makes the gloss a description.
        if currentHasWords && current.isEmpty { return false }
        if !current.isEmpty { items.append(current) }
        current = []
        currentHasWords = false
        return true
      }
      for words in pieces {
        for word in words {
          if word == "or" || word == "and" {
            if word == "or" { offersAlternatives = true }
            guard endItem() else { continue glosses }
          } else if Self.shareWords.contains(word) {
            sharesOut = true
          } else {
            currentHasWords = true
            if Int(word) != nil { continue glosses }
            if IngredientDescriptors.role(word) == nil { current.append(word) }
          }
        }
        guard endItem() else { continue glosses }
      }
      // Examples ("spaghetti or any other long noodle") and long glosses name no kind.
      guard let item = items.first, items.allSatisfy({ $0.count <= 3 }),
        !items.joined().contains(where: { Self.exampleWords.contains($0) })
      else { continue }
      if let joined = lookup((item + core)[...]), joined != id, vocabulary.areRelated(joined, id) {
        return vocabulary.name(at: joined)
      }
      // "chicken (breasts, thighs or drumsticks)", "pork (shoulder or butt)": a first item
      // that names a cut or part after the food's words names that kind of it.
      // "lamb (leg steak)", "beef (fillet)": one item alone names the cut of a meat.
      if offersAlternatives
        || (items.count == 1
          && !vocabulary.entries[id].flags.isDisjoint(with: [.meat, .poultry])),
        let part = lookup((core + item)[...]), part != id,
        vocabulary.isKind(part, of: id)
      {
        return vocabulary.name(at: part)
      }
      // "sugar (half light muscovado, half golden caster)", "stock (dashi or chicken stock)": a
      // first item that alone is a kind of the food names that kind, when the gloss shares
      // the amount out or only lists foods ("melting cheese (sharp cheddar and Gruyère are
      // good choices)" gives examples).
      // Items listed without `or` after a mixed food are what the mix holds ("mixed fresh
      // herbs (parsley, basil, chives)" is herbs), not a kind.
      if let alone = lookup(item[...]), alone != id, vocabulary.isKind(alone, of: id),
        sharesOut
          || (items.count == 1 || offersAlternatives)
            && items.allSatisfy({ lookup($0[...]) != nil })
            && !nameWords.contains(where: { Self.mixWords.contains($0) })
      {
        return vocabulary.name(at: alone)
      }
    }
    return nil
  }

  /// Whether a gloss's folded pieces are only alternatives between states of a food (`cooked
  /// or raw`, `fresh or frozen`, `canned or dried`), at least two of them different (`tinned
  /// or canned` is one state, the can).
  private func offersEitherState(_ pieces: [[String]]) -> Bool {
    var states: Set<String> = []
    var sawAlternative = false
    for word in pieces.joined() {
      if word == "or" || word == "and" {
        sawAlternative = true
      } else if word == "either" {
        continue
      } else if let state = Self.stateWords[word] {
        states.insert(state)
      } else {
        return false
      }
    }
    return sawAlternative && states.count >= 2
  }

  /// Whether a gloss says any of its alternatives will do (`brown or white is fine`, `either
  /// works`): two words that say so, anywhere in it.
  private func leavesChoiceOpen(_ pieces: [[String]]) -> Bool {
    let words = Array(pieces.joined())
    return zip(words, words.dropFirst()).contains { pair in
      Self.openChoicePhrases.contains([pair.0, pair.1])
    }
  }

  /// Two-word phrases with which a gloss leaves the choice between its alternatives open.
  private static let openChoicePhrases: Set<[String]> = [
    ["is", "fine"], ["are", "fine"], ["either", "works"], ["either", "will"], ["both", "work"],
    ["either", "is"], ["will", "do"], ["is", "ok"], ["are", "ok"], ["either", "one"],
  ]

  /// Words that say what state a food is in when used, each mapped to its state (`tinned` is
  /// `canned`), for glosses that leave the state to the cook (``offersEitherState(_:)``).
  private static let stateWords: [String: String] = [
    "cooked": "cooked", "raw": "raw", "uncooked": "raw", "fresh": "fresh", "frozen": "frozen",
    "thawed": "frozen", "defrosted": "frozen", "canned": "canned", "tinned": "canned",
    "dried": "dried", "dry": "dried", "hot": "hot", "cold": "cold", "warm": "warm",
    "chilled": "cold", "leftover": "cooked", "homemade": "homemade", "bought": "bought",
    "store": "bought", "jarred": "canned",
  ]

  /// `words` with the first real-word slip (``realWordSlips``) read as meant, when the meant
  /// word makes a known name with the word before it (`plain four` → `plain flour`, but
  /// `rubber gloves` stay gloves); `nil` when there is none.
  private func withoutRealWordSlip(_ words: [String]) -> [String]? {
    for index in words.indices.dropFirst() {
      guard let meant = Self.realWordSlips[words[index]],
        lookup([words[index - 1], meant][...]) != nil
      else { continue }
      var repaired = words
      repaired[index] = meant
      return repaired
    }
    return nil
  }

  /// Misspellings of food words that are other real words (`four` for flour, `glove` for
  /// clove), tried only when the words as written name no food.
  private static let realWordSlips: [String: String] = [
    "four": "flour", "glove": "clove", "gloves": "cloves", "pure": "puree",
  ]

  /// Adjectives that, in the plural, name a food (`crisps`, `sweets`): written singular before
  /// a comma they describe the food that follows.
  private static let adjectivesWhosePluralIsAFood: Set<String> = ["crisp", "sweet"]

  /// Words that start a gloss naming what the food is not (`(not extra virgin)`, `(no
  /// salt added)`).
  private static let negations: Set<String> = ["not", "no", "never", "nor"]

  /// Words that make a gloss a list of examples (`or any other long noodle`, `etc`).
  private static let exampleWords: Set<String> = [
    "any", "other", "etc", "such", "like", "eg", "favorite", "favourite", "choice",
  ]

  /// Words that make a food a mix of others (`mixed herbs`, `assorted fish`).
  private static let mixWords: Set<String> = [
    "mixed", "mix", "assorted", "assortment", "combination", "selection", "medley", "variety",
  ]

  /// Words that share out an amount inside a gloss (`half light muscovado, half golden caster`).
  private static let shareWords: Set<String> = ["half", "halves", "mix", "mixed", "part", "parts"]

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
    withRepairedSpelling(resolveWritten(allWords), of: allWords)
  }

  /// `resolution` of `allWords`, named after a spelling repair when that names a food where
  /// the words name none, or a kind of the food they name (``repairedSpelling(of:)``).
  private func withRepairedSpelling(_ resolution: Resolution, of allWords: [String])
    -> Resolution
  {
    var resolution = resolution
    guard !vocabulary.isEmpty else { return resolution }
    if resolution.known {
      // "emental cheese": a misspelt word before a known food may only make it more specific
      // (swiss cheese is a cheese), never another food.
      // Only a word right before a word of the food's name ("emental cheese", "muscavado
      // sugar") is tried: repairing every unknown word of every known line costs too much.
      // "sancho pepper": a misspelt word before the words that alone name the food (`pepper`)
      // may also make another food of those words (`sansho pepper`, sansho).
      guard
        let id = vocabulary.entryID(forKey: resolution.name)
          ?? vocabulary.entryID(forKey: Vocabulary.key(resolution.name)),
        let index = misspeltWordBeforeName(resolution.name, in: allWords),
        case let renames = lookup(allWords[(index + 1)...]) == id,
        renames || vocabulary.hasKinds(id),
        let repaired = repairedSpelling(of: allWords, at: index),
        let kind = vocabulary.entryID(forKey: Vocabulary.key(repaired)),
        kind != id, renames || vocabulary.isKind(kind, of: id)
      else { return resolution }
      resolution.name = repaired
      return resolution
    }
    guard let repaired = repairedSpelling(of: allWords) else { return resolution }
    resolution.name = repaired
    resolution.known = true
    return resolution
  }

  /// The first word of `words` that may be misspelt (``SpellingRepair/isCandidate(_:in:)``)
  /// and comes right before a word of the known `name`, as written or with a plural ending:
  /// `emental` in `emental cheese`. Every known line asks, so the cheapest tests come first
  /// (a short word is no candidate) and the name's words are split only when needed.
  private func misspeltWordBeforeName(_ name: String, in words: [String]) -> Int? {
    var named: [Substring]?
    var index = 0
    while index + 1 < words.count {
      defer { index += 1 }
      // Most words are no candidate (short, known, a descriptor): one hash lookup or two.
      guard SpellingRepair.isCandidate(words[index], in: vocabulary) else { continue }
      let next = words[index + 1]
      if named == nil { named = name.split(separator: " ") }
      // A string comparison, cheaper than singularizing every word of every line.
      guard
        named!.contains(where: {
          next == $0 || (next.hasPrefix($0) && next.count <= $0.count + 2)
        })
      else { continue }
      return index
    }
    return nil
  }

  /// Resolves the name words as written (see ``resolveName(_:)``), without spelling repair.
  private func resolveWritten(_ allWords: [String]) -> Resolution {
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
    // "2 x 6-bone racks of lamb", "legs of lamb": a name with `of` has its plural on the word
    // before `of`, which the lookup (last word singular) does not undo.
    if let of = words.firstIndex(of: "of"), of > 0,
      case let single = Singularizer.singularize(words[of - 1]), single != words[of - 1],
      case let singular = words[..<(of - 1)] + [single] + words[of...],
      lookup(singular[(of - 1)...]) != nil
    {
      words = Array(singular)
      if let id = lookup(words[...]) {
        return Resolution(name: vocabulary.name(at: id), known: true)
      }
    }

    // "short rib of beef": a food named before `of` that is a kind of the food after it is
    // that food; the `of` phrase says what it is cut from (the words from `rib` on are
    // another food, `rib of beef`).
    if let of = words.firstIndex(of: "of"), of > 0, of + 1 < words.count,
      let cut = lookup(words[..<of]),
      ((of + 2)...min(words.count, of + 4)).contains(where: { end in
        lookup(words[(of + 1)..<end]).map { vocabulary.isKind(cut, of: $0) } ?? false
      })
    {
      return Resolution(name: vocabulary.name(at: cut), known: true)
    }
    // "dried leaves of summer savoury", "halves of peaches": a form noun before `of` names a
    // part of the food after it.
    if let of = words.firstIndex(of: "of"), of > 0, of + 1 < words.count,
      !(0..<of).contains(where: { lookup(words[$0...]) != nil }),
      words[..<of].allSatisfy({
        IngredientDescriptors.role($0) != nil
          || Self.formNouns.contains(Singularizer.singularize($0))
      })
    {
      words.removeFirst(of + 1)
      if let id = lookup(words[...]) {
        return Resolution(name: vocabulary.name(at: id), known: true)
      }
    }
    var comment: String?
    // "small bread and butter pickles": a known name with a connector inside, after
    // descriptors; the longest wins ("additional whole milk": `whole` is a descriptor too).
    if let first = words.firstIndex(where: { IngredientDescriptors.role($0) == nil }), first > 0 {
      for start in 1...first {
        if let id = lookup(words[start...]) {
          return Resolution(
            name: vocabulary.name(
              at: narrowed(id, before: words[..<start], named: words[start...])),
            known: true)
        }
      }
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
      var right = Array(words[(split + 1)..<rightEnd])
      // "white or yellow onion diced": a participle after the last food is no head to share.
      while right.count > 1, rightEnd == words.count, let last = right.last,
        IngredientDescriptors.role(last) != nil
      {
        right.removeLast()
      }
      // "sunflower or sesame or pumpkin seeds", "green thai or serrano or cayenne chiles": a
      // one-word alternative after a short first one shares the head of the last one.
      if right.count == 1, split <= 2, rightEnd < words.count {
        let next =
          words[(rightEnd + 1)...].firstIndex(where: { $0 == "and" || $0 == "or" })
          ?? words.count
        if next - rightEnd > 2 { right = Array(words[(rightEnd + 1)..<next]) }
      }
      if left.allSatisfy({ IngredientDescriptors.role($0) != nil }) {
        // "whole or 2% milk", "ground or whole cumin": a descriptor that makes a known food
        // with the second's head is the first alternative all the same.
        // The head is the second's whole food, after its own descriptors: `fresh or canned
        // coconut milk` is no `fresh milk`.
        for head in right.indices where lookup(right[head...]) != nil {
          if let id = lookup(left + right[head...]) {
            return Resolution(
              name: vocabulary.name(at: id), known: true,
              comment: words[split...].joined(separator: " "))
          }
          if IngredientDescriptors.role(right[head]) == nil { break }
        }
        words = Array(words[(split + 1)...])
        continue
      }
      comment = words[split...].joined(separator: " ")
      words = firstAlternative(left, sharing: right, listed: words[split] == "and")
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
      // Longest known suffix of the phrase as written. "non-citrus fruits": a name right after `non` is what the food is not.
      func notNegated(_ start: Int) -> Bool { start == 0 || words[start - 1] != "non" }
      var full: (start: Int, id: Int)?
      for start in words.indices.dropFirst() where notNegated(start) {
        if let id = lookup(words[start...]) {
          full = (start, id)
          break
        }
      }
      // "chinese parsley leaves", "exotic mushroom caps": a part noun after the name
      // (``partNouns``) may hide a longer name. It is left out when it does not change the
      // food (`parsley leaves` is parsley, but `lime leaves` are no lime).
      let last = words.count - 1
      if last > 0, Self.partNouns.contains(Singularizer.singularize(words[last])),
        full.map({ $0.start == last || lookup(words[$0.start..<last]) == $0.id }) ?? true
      {
        // Only a name after descriptors: in `cavolo nero cabbage leaves` the cabbage is a
        // modifier's word, and the sub-phrase search below finds `cavolo nero`.
        for start in 0..<min(full?.start ?? last, last) where notNegated(start) {
          if start > 0, !isDescriptor[start - 1] { break }
          if let id = lookup(words[start..<last]) {
            return Resolution(
              name: vocabulary.name(at: narrowed(id, before: words[..<start])), known: true,
              preparation: preparation(outside: start..<words.count), comment: comment)
          }
        }
      }
      if let (start, id) = full {
        // "semolina pasta flour": a food right before a name that stands for one kind of its
        // head (`pasta flour`, an alias of 00 flour) names the kind itself when it makes a
        // food with that head (`semolina flour`).
        if let kind = kindBeforeAlias(words, at: start, of: id, isDescriptor: isDescriptor) {
          return Resolution(
            name: vocabulary.name(at: kind), known: true,
            preparation: preparation(outside: (start - 1)..<words.count), comment: comment)
        }
        // "tarragon white-wine vinegar", "truffle olive oil": a food before a name of several
        // words that makes a sibling of it with the name's head is the flavoured product.
        if let flavoured = flavouredSibling(words, at: start, of: id, isDescriptor: isDescriptor) {
          return Resolution(
            name: vocabulary.name(at: flavoured), known: true,
            preparation: preparation(outside: (start - 1)..<words.count), comment: comment)
        }
        // "avocado chopped cilantro", "couscous fine semolina": a food, then a cutting or grade
        // word, then an unrelated food is a lost comma or an apposition; the first food wins.
        if let (firstStart, firstEnd, first) = foodBeforeGap(words, before: start, of: id) {
          return Resolution(
            name: vocabulary.name(at: first), known: true,
            preparation: preparation(outside: firstStart..<firstEnd), comment: comment)
        }
        // "Port Salut cheese", "burrito sized tortilla": words before the name that name a
        // kind of it, alone or with the name's words across a descriptor.
        if let (kindStart, kind) = kindNamedBefore(words, at: start, of: id) {
          return Resolution(
            name: vocabulary.name(at: kind), known: true,
            preparation: preparation(outside: kindStart..<words.count), comment: comment)
        }
        return Resolution(
          name: vocabulary.name(at: narrowed(id, before: words[..<start], named: words[start...])),
          known: true,
          preparation: preparation(outside: start..<words.count), comment: comment)
      }
    }
    // "unsalted butter melted", "3 tablespoons unsalted butter melted": descriptors after the
    // food (a comma left out) end the name; the words before them name it as written, where
    // that is a kind of what the words without descriptors name (not `butter`).
    var beforeTrailing: (start: Int, end: Int, id: Int)?
    if !vocabulary.isEmpty, let lastCore = words.indices.last(where: { !isDescriptor[$0] }),
      lastCore + 1 < words.count
    {
      for start in 0...lastCore where start == 0 || words[start - 1] != "non" {
        if let id = lookup(words[start...lastCore]) {
          beforeTrailing = (start, lastCore + 1, id)
          break
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
        for start in stride(from: core.count - length, through: 0, by: -1)
        where start == 0 || core[start - 1] != "non" {
          if let id = lookup(core[start..<(start + length)]) {
            // "hazelnut gremolata": an unknown head noun is not replaced by its modifier.
            if start + length < core.count, !isTrailingNoise(core[(start + length)...]) {
              continue
            }
            if let written = beforeTrailing, written.id != id, vocabulary.isKind(written.id, of: id)
            {
              return Resolution(
                name: vocabulary.name(
                  at: narrowed(
                    written.id, before: words[..<written.start],
                    named: words[written.start..<written.end])),
                known: true, preparation: preparation(outside: written.start..<written.end),
                comment: comment)
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

  /// The one food the words name once a single misspelt word is repaired (``SpellingRepair``:
  /// `cinnamom stick`, `white whine`, `bayleaves`), or `nil` when no repair names a food or
  /// repairs name different foods; with `only`, just the word at that index is tried.
  private func repairedSpelling(of allWords: [String], at only: Int? = nil) -> String? {
    let words = allWords.count > 12 ? Array(allWords.prefix(12)) : allWords
    var found: String?
    for (index, word) in words.enumerated()
    where (only == nil || only == index) && IngredientLexicon.traits(word).isEmpty
      && lookup([word][...]) == nil
    {
      for repair in SpellingRepair.repairs(of: word, in: vocabulary) {
        var repaired = words
        repaired.replaceSubrange(index...index, with: repair)
        // The repaired word must complete a name with its neighbours up to the next `and` /
        // `or`: `artichoke bases` is no `artichoke bass`, so no sea bass.
        var start = index
        while start > 0, repaired[start - 1] != "and", repaired[start - 1] != "or" { start -= 1 }
        var end = index + repair.count
        while end < repaired.count, repaired[end] != "and", repaired[end] != "or" { end += 1 }
        let phrase = repaired[start..<end]
        let core = phrase.filter { IngredientDescriptors.role($0) == nil }
        guard lookup(phrase) != nil || (!core.isEmpty && lookup(core[...]) != nil) else {
          continue
        }
        let resolution = resolveWritten(repaired)
        guard resolution.known else { continue }
        if let found, found != resolution.name { return nil }
        found = resolution.name
      }
    }
    return found
  }

  /// The name words of the first of two alternatives, `left` `and`/`or` `right`.
  ///
  /// Alternatives may share the head noun of the second: `beef or chicken stock` → `beef
  /// stock`, `smooth or crunchy peanut butter` → `smooth peanut butter`, `fine sea or table
  /// salt` → `fine sea salt`. The first alternative takes the longest known head of the second
  /// when that makes a food of the second's family, or when the first is no food on its own; a first
  /// alternative that is a whole food keeps its own name (`butter or olive oil` → `butter`).
  private func firstAlternative(_ left: [String], sharing right: [String], listed: Bool)
    -> [String]
  {
    guard right.count > 1 else { return left }
    // The second's food after its own descriptors: in `boiled sausage or boiled chicken meat`
    // it is chicken, so `meat` is no head to share (sausage meat is no chicken).
    let second = lookup(right[...]) ?? lookup(right.drop { IngredientDescriptors.role($0) != nil })
    for start in 1..<right.count {
      // "butter or olive oil" is not "butter oil": the shared head must make a food of the
      // second alternative's family (`beef stock` beside `chicken stock`).
      guard let other = second ?? lookup(right[start...]) else { continue }
      // The whole first alternative, or its last word ("smoked chicken or turkey breast").
      for modifier in [left[...], left.suffix(1)] {
        // "sour creme or creme fraiche": a known first alternative whose last word only
        // begins the second is no shared head.
        if modifier.count == 1, left.count > 1, modifier.first == right.first,
          lookup(left[...]) != nil
        {
          continue
        }
        // "chilli powder or sugar": the last word of a first alternative that ends in a food
        // of several words, and is no food alone, is that food's head, no modifier to share
        // (`powder sugar` is powdered sugar); "smoked chicken or turkey breast" shares.
        if modifier.count == 1, left.count > 1, lookup(modifier) == nil,
          left.indices.dropLast().contains(where: { lookup(left[$0...]) != nil })
        {
          continue
        }
        if let shared = lookup((modifier + right[start...])[...]),
          vocabulary.areRelated(shared, other) || sameHead(shared, other)
        {
          return left + right[start...]
        }
      }
    }
    // "garlic and herb goat cheese", "spinach and ricotta ravioli": flavours listed with `and`
    // before a product name the product (with `or` they are alternatives: "trout or salmon
    // eggs", "jicama or water chestnuts").
    let product = right.drop { IngredientDescriptors.role($0) != nil }
    if listed, product.count > 1, lookup(product) == nil,
      left.indices.contains(where: { lookup(left[$0...]) != nil })
    {
      for split in (product.startIndex + 1)..<product.endIndex
      where lookup(product[..<split]) != nil && lookup(product[split...]) != nil {
        return Array(product[split...])
      }
    }
    // "Boursin Garlic and Fine Herbs": a product called by a name of its own (a brand), then
    // its flavours listed with `and`, is the product, not its first flavour.
    if listed, left.count == 2, lookup(left[...]) == nil, lookup(left.suffix(1)) != nil,
      let product = lookup(left.prefix(1)), isNameOfItsOwn(left[0], for: product)
    {
      return Array(left.prefix(1))
    }
    // "toffee or caramel ice cream": a one-word flavour, then another flavour before a head of
    // several words, are flavours of that head; the first takes it (toffee ice cream, read as
    // ice cream when the vocabulary has no such kind), not the flavour alone.
    // Neither flavour makes a kind with the head, and neither is of the head's family
    // (`poblano or green bell peppers`, `mirin or sweet rice wine` are alternative foods).
    if left.count == 1, let first = lookup(left[...]), right.count >= 3,
      let start = (1...(right.count - 2)).first(where: { start in
        guard let head = lookup(right[start...]), let flavour = lookup(right[..<start]) else {
          return false
        }
        // Flavours of one group (toffee and caramel, meat and chicken), no colour (`spinach or
        // green amaranth leaves`) and no food of another group (`chicken or vegetable broth
        // Kosher salt`).
        return vocabulary.entries[flavour].foodGroup == vocabulary.entries[first].foodGroup
          && !LineReader.colours.contains(right[right.startIndex])
          && lookup(left + right[start...]) == nil
          && lookup(right[..<start] + right[start...]) == nil
          && !vocabulary.areRelated(head, first) && !vocabulary.areRelated(head, flavour)
          && !sameHead(head, first)
      })
    {
      return left + right[start...]
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

  /// The food written right before `words[start...]`, when those words are an alias that
  /// names one kind of a more general food and the food before them is another kind of that
  /// head: `semolina pasta flour` is semolina (`semolina flour`), not 00 flour (`pasta flour`).
  /// The word before must name the same food alone and with the head, so a modifier that
  /// only describes (`green chile pepper`, `beef cube steak`) is left alone. `nil` when the
  /// words are the entry's own name, or no such food.
  private func kindBeforeAlias(
    _ words: [String], at start: Int, of id: Int, isDescriptor: [Bool]
  ) -> Int? {
    guard start > 0, words.count - start > 1, !isDescriptor[start - 1],
      let alone = lookup(words[(start - 1)..<start]), alone != id,
      case let canonical = vocabulary.name(at: id),
      canonical != words[start...].joined(separator: " "),
      canonical != Vocabulary.key(words[start...].joined(separator: " ")),
      let head = words.last, lookup([words[start - 1], head][...]) == alone,
      // "beef tri tip roast": an alias of a kind of the food before it names that kind.
      !vocabulary.isKind(id, of: alone)
    else { return nil }
    return alone
  }

  /// The food that the word before a known name of several words (`words[start...]`, entry
  /// `id`) makes with the name's head, when that food is a sibling of the name (the same
  /// parent) and the word is a plant food that flavours (``flavourGroups``), not a colour:
  /// `tarragon` + `vinegar` in `tarragon white wine vinegar` is tarragon vinegar (herb
  /// vinegar), a vinegar flavoured on a white wine base. `nil` otherwise.
  private func flavouredSibling(
    _ words: [String], at start: Int, of id: Int, isDescriptor: [Bool]
  ) -> Int? {
    // A colour is no flavour: `green red lentils` and `green thai chiles` are no green lentil
    // or green chili.
    guard start > 0, words.count - start > 1, !isDescriptor[start - 1],
      !LineReader.colours.contains(words[start - 1]),
      let flavour = lookup(words[(start - 1)..<start]),
      Self.flavourGroups.contains(vocabulary.entries[flavour].foodGroup), let head = words.last,
      let flavoured = lookup([words[start - 1], head][...]), flavoured != id,
      let parent = vocabulary.parentIndex(of: id), vocabulary.parentIndex(of: flavoured) == parent,
      // "vegetable spray oil": a whole group is no flavour.
      !Self.groupNames.contains(vocabulary.name(at: flavour)),
      // "plum cherry tomatoes": before a plant food, a plant of another family says its
      // shape, not its flavour; one of its family names its kind (`kalamata black olives`).
      !Self.flavourGroups.contains(vocabulary.entries[id].foodGroup)
        || vocabulary.areRelated(flavour, parent) || vocabulary.isKind(flavour, of: parent)
    else { return nil }
    return flavoured
  }

  /// Names of whole food groups, which flavour nothing (`vegetable spray oil` is cooking spray).
  private static let groupNames: Set<String> = [
    "vegetable", "fruit", "herb", "spice", "nut", "seed", "green", "mushroom",
  ]

  /// The food groups (``Vocabulary/foodGroup(ofFile:)``) of the foods that flavour a product
  /// (`tarragon vinegar`, `truffle oil`, `lemon curd`); `sweet` (sweets, candy) flavours no
  /// `sweet red onion`.
  private static let flavourGroups: Set<String> = ["vegetables", "fruits", "herbs-spices"]

  /// A kind of the known food `match`, found at `words[start...]`, that the words before it
  /// name, with where those words start: two or three words that name a kind alone (`Port
  /// Salut cheese`, `Cox's Orange Pippin apples`, `rib eye steaks`), or words that make a kind
  /// with the name's own words once descriptors between them are left out (`burrito sized
  /// tortilla` → `burrito tortilla`, a flour tortilla). One-word kinds are
  /// ``narrowed(_:before:named:)``'s. `nil` when none does.
  private func kindNamedBefore(_ words: [String], at start: Int, of match: Int) -> (Int, Int)? {
    guard start > 0 else { return nil }
    // The name words before the match, skipping descriptors, back to a form noun.
    var named: [Int] = []
    var pairStart: Int?
    for index in stride(from: start - 1, through: 0, by: -1) {
      let word = words[index]
      // "non-waxy potatoes": what follows `non` is what the food is not.
      if word == "non" { return nil }
      if IngredientDescriptors.role(word) != nil || index == pairStart { continue }
      // "black oil-cured olives": a pair of words that describe together is a descriptor.
      if index > 0, IngredientDescriptors.isPairDescriptor(words[index - 1], word) {
        pairStart = index - 1
        continue
      }
      if Self.formNouns.contains(Singularizer.singularize(word)) || word == "and" || word == "or" {
        break
      }
      named.insert(index, at: 0)
      if named.count == 3 { break }
    }
    guard !named.isEmpty else { return nil }
    let matchWords = words[start...]
    for count in stride(from: named.count, through: 1, by: -1) {
      let indices = named.suffix(count)
      let phrase = indices.map { words[$0] }
      let contiguous = indices.last! - indices.first! == count - 1 && indices.last! == start - 1
      // Alone: only contiguous words, two or more (one word is `narrowed`'s rule).
      if count >= 2, contiguous, let kind = lookup(phrase[...]), kind != match,
        vocabulary.isKind(kind, of: match)
      {
        return (indices.first!, kind)
      }
      // With the food's own name, when the name was written as an alias: "bird's eye chili
      // pepper" is a birds eye chili (`chili pepper` is chili).
      if count >= 2, contiguous,
        case let key = (phrase + [vocabulary.name(at: match)]).joined(separator: " "),
        let kind = vocabulary.entryID(forKey: key)
          ?? vocabulary.entryID(forKey: Vocabulary.key(key)),
        kind != match, vocabulary.isKind(kind, of: match)
      {
        return (indices.first!, kind)
      }
      // With the name's words, across descriptors only (contiguous phrases were tried as the
      // longest known suffix already).
      // Not a mix word: `mixed chopped herbs` are fresh herbs mixed, no dried mixed herb.
      if indices.last! < start - 1, !phrase.contains(where: { Self.mixWords.contains($0) }),
        let kind = lookup((phrase + matchWords)[...]), kind != match,
        vocabulary.isKind(kind, of: match)
      {
        return (indices.first!, kind)
      }
    }
    // "baby heritage carrots", "black Greek olives": a word that makes a kind with the food's
    // name (baby carrot) names it across one or two words of origin or breed that name no
    // food (`heritage`, `Greek`), as it would right before the name. Not a food's own word
    // with them (`orange blossom extract`, `black gram lentils`), not across a plural noun
    // (`black trompettes mushrooms`), not a mix word (`mixed savoury herbs` are fresh ones),
    // not across a connector unless right after the first name word and the other order
    // names the kind too (`belly of pork` is pork belly, `pot roast of beef` no roast beef),
    // not a kind whose colour another colour written contradicts (`Chinese red vinegar` is no
    // black vinegar), and not where a kind-making word already names the kind (`dried red New
    // Mexican chiles`, ``narrowed``).
    // Checked last, as it costs lookups: no kind-making word names a kind already.
    func notNarrowed() -> Bool { narrowed(match, before: words[..<start]) == match }
    if named.count >= 2 {
      // "yellow wax chili pepper": the word right before a name of several words may make a
      // kind with its head (`wax pepper`), which is nearer than any word before it.
      if matchWords.count >= 2, let head = matchWords.last, let nearest = named.last,
        nearest == start - 1, let kind = lookup([words[nearest], head][...]), kind != match,
        vocabulary.isKind(kind, of: match), notNarrowed()
      {
        return (nearest, kind)
      }
      for (position, index) in named.enumerated().dropLast().reversed()
      where (lookup([words[index]][...]) == nil || LineReader.colours.contains(words[index]))
        && !Self.mixWords.contains(words[index])
        && lookup(words[index...named.last!]) == nil
        && named[(position + 1)...].allSatisfy({ between in
          let word = words[between]
          // "belly of pork" is pork belly: a connector only right after the first name word.
          return lookup([word][...]) == nil
            && (!Self.connectors.contains(word) || position == 0 && between == index + 1)
            && !(word.hasSuffix("s") && !word.hasSuffix("ss"))
        })
      {
        let colours = named[(position + 1)...].map { words[$0] }.filter(LineReader.colours.contains)
        if let kind = lookup(([words[index]] + matchWords)[...]), kind != match,
          vocabulary.isKind(kind, of: match),
          colours.allSatisfy({ colour in
            !vocabulary.name(at: kind).split(separator: " ").contains {
              LineReader.colours.contains(String($0)) && $0 != colour
            }
          }),
          // Across `of`, the words the other way round name it too (`pork belly`; a `roast
          // of beef` is no `beef roast` the vocabulary knows, so no roast beef).
          !named[(position + 1)...].contains(where: { Self.connectors.contains(words[$0]) })
            || lookup((matchWords + [words[index]])[...]) == kind,
          notNarrowed()
        {
          return (index, kind)
        }
      }
    }
    return nil
  }

  /// Whether `word`, an alias of the entry `id`, is a name of its own for the food (a brand
  /// such as `boursin` for cheese spread) rather than a spelling or a word of its name
  /// (`chilli` for chili): it shares no word, nor the first four letters of one, with the
  /// canonical name.
  private func isNameOfItsOwn(_ word: String, for id: Int) -> Bool {
    guard word.utf8.count >= 5 else { return false }
    return !vocabulary.name(at: id).split(separator: " ").contains { part in
      part == word || (part.count >= 4 && word.hasPrefix(part.prefix(4)))
    }
  }

  /// Whether the known name `name` is a kind of the known name `general`.
  private func isKind(_ name: String, of general: String) -> Bool {
    guard
      let id = vocabulary.entryID(forKey: name) ?? vocabulary.entryID(forKey: Vocabulary.key(name)),
      let generalID = vocabulary.entryID(forKey: general)
        ?? vocabulary.entryID(forKey: Vocabulary.key(general))
    else { return false }
    return vocabulary.isKind(id, of: generalID)
  }

  /// Whether two entries' canonical names end in the same word (`lemon juice`, `lime juice`).
  private func sameHead(_ first: Int, _ second: Int) -> Bool {
    vocabulary.name(at: first).split(separator: " ").last
      == vocabulary.name(at: second).split(separator: " ").last
  }

  /// The food that ends before a gap of descriptors holding a cutting or grade word, when the
  /// known name `match` found after the gap (from `matchStart`) is an unrelated food: its
  /// range in `words` and entry. `avocado chopped cilantro` (a list whose comma was lost)
  /// names avocado, `couscous fine semolina` (an apposition) couscous; `cheese grated
  /// parmesan` keeps the more specific parmesan, since the two are related.
  private func foodBeforeGap(_ words: [String], before matchStart: Int, of match: Int)
    -> (Int, Int, Int)?
  {
    func isGapWord(_ word: String) -> Bool {
      IngredientDescriptors.role(word) != nil || Self.gradeWords.contains(word)
    }
    // The gap runs from the end of the first food to the match's first name word.
    guard
      let matchCore = words[matchStart...].firstIndex(where: { !isGapWord($0) }),
      matchCore > 0, isGapWord(words[matchCore - 1])
    else { return nil }
    var gapStart = matchCore - 1
    while gapStart > 0, isGapWord(words[gapStart - 1]) { gapStart -= 1 }
    // The word right after the first food must be the knife or grade word: in `oil-packed
    // sliced sun-dried tomatoes` the oil is a compound's word, not a food of its own.
    guard gapStart > 0,
      Self.knifeWords.contains(words[gapStart]) || Self.gradeWords.contains(words[gapStart])
    else { return nil }
    for start in 0..<gapStart {
      if start > 0, IngredientDescriptors.role(words[start - 1]) == nil { break }
      if let first = lookup(words[start..<gapStart]) {
        return vocabulary.areRelated(first, match) ? nil : (start, gapStart, first)
      }
    }
    return nil
  }

  /// Words of knife and grater work: after a food they describe it (`avocado chopped`), and
  /// before a bare count they say the food is bought whole (`4 mashed potatoes`).
  static let cuttingWords: Set<String> = [
    "chopped", "diced", "minced", "sliced", "grated", "shredded", "cubed", "julienned",
    "crushed", "mashed", "halved", "quartered", "snipped", "peeled", "pureed",
  ]

  /// The cutting words that never join a food before them into a compound adjective, so a
  /// food before them ends there (`butter-mashed potatoes`, `garlic-crushed` do join).
  static let knifeWords: Set<String> = [
    "chopped", "diced", "minced", "sliced", "grated", "shredded", "cubed", "julienned",
  ]

  /// Words of grain size (`fine semolina`, `coarse salt`), no descriptors but no food either.
  static let gradeWords: Set<String> = ["fine", "coarse"]

  /// The most specific food a phrase names: a known `match` (`chili` in `poblano chile
  /// pepper`), or a word before it that names one of its kinds (`poblano`, a kind of chili).
  private func narrowed(
    _ match: Int, before modifiers: ArraySlice<String>, named: ArraySlice<String> = []
  ) -> Int {
    // Not across a form noun: in `kaffir leaves lime` the leaves stand between, so `kaffir`
    // does not make the lime a kaffir lime.
    for word in modifiers.reversed() where IngredientDescriptors.role(word) == nil {
      if let kind = lookup([word][...]), kind != match, vocabulary.isKind(kind, of: match) {
        return kind
      }
      if Self.formNouns.contains(Singularizer.singularize(word)) { break }
    }
    // "dried grated coconut", "smoked thick-cut bacon": a kind-making word (``kindWords``)
    // before the food makes the kind it names with the food, across words that name no food
    // of their own (descriptors, `unsweetened`).
    if modifiers.contains(where: { Self.kindWords.contains($0) }) {
      for word in modifiers.reversed() {
        if Self.kindWords.contains(word) {
          let key = "\(word) \(vocabulary.name(at: match))"
          if let kind = vocabulary.entryID(forKey: key)
            ?? vocabulary.entryID(forKey: Vocabulary.key(key)),
            kind != match,
            vocabulary.isKind(kind, of: match)
          {
            return kind
          }
          // "dried baby shrimps": an alias that names a kind by its size (`baby shrimp`, a
          // brown shrimp) gives way to the kind the word makes with the head (`dried
          // shrimp`), when both are kinds of that head.
          if let head = named.last, named.count >= 2,
            named.dropLast().allSatisfy({ Self.sizeWordsInAliases.contains($0) }),
            let headID = lookup([head][...]),
            let kind = lookup([word, head][...]), kind != match,
            vocabulary.isKind(kind, of: headID), vocabulary.isKind(match, of: headID)
          {
            return kind
          }
        } else if IngredientDescriptors.role(word) == nil,
          lookup([word][...]) != nil || Self.formNouns.contains(Singularizer.singularize(word))
        {
          break
        }
      }
    }
    // "Red Chili Pepper", "smoked back bacon rashers": the word right before a name written
    // as an alias (`chili pepper`, `bacon rasher`) makes a kind with the food's own name
    // (`red chili`, `back bacon`), as it would before the name itself. Not after `non`.
    if let last = named.last,
      (named.dropLast() + [Singularizer.singularize(last)]).joined(separator: " ")
        != vocabulary.name(at: match),
      let index = modifiers.lastIndex(where: { IngredientDescriptors.role($0) == nil }),
      index == modifiers.startIndex || modifiers[index - 1] != "non",
      case let key = "\(modifiers[index]) \(vocabulary.name(at: match))",
      let kind = vocabulary.entryID(forKey: key) ?? vocabulary.entryID(forKey: Vocabulary.key(key)),
      kind != match, vocabulary.isKind(kind, of: match)
    {
      return kind
    }
    return match
  }

  /// Size words that begin aliases naming a kind by its size (`baby shrimp`, `small shrimp`).
  private static let sizeWordsInAliases: Set<String> = [
    "baby", "small", "mini", "tiny", "little", "large", "jumbo", "giant",
  ]

  /// Whether words left after a known name are only noise that follows a name in real lines
  /// (`salt pepper`, `butter melted`), rather than a head noun the name only modifies.
  private func isTrailingNoise(_ words: ArraySlice<String>) -> Bool {
    words.allSatisfy { word in
      IngredientDescriptors.role(word) != nil || lookup([word][...]) != nil || word.count <= 2
        || word.hasSuffix("ed") || word.hasSuffix("ly")
        || (word.hasSuffix("ing") && !Self.foodsInIng.contains(word))
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
    "cut", "cob", "log", "shaving", "needle", "pod",
    // Parts of an animal or a plant sold or cooked as they are (`wood pigeon crowns`, `squid
    // wings`, `cod cheeks`, `walnut kernels`): the food is the animal or plant.
    "crown", "wing", "thigh", "leg", "drumstick", "carcass", "cheek", "tail", "shoulder", "loin",
    "shank", "knuckle", "haunch", "saddle", "joint", "chop", "cutlet", "trimming", "kernel",
    "lobe", "shoot", "base", "shell", "stick", "head", "square", "body",
    // Cuts and forms a food is sold or cut in (`venison medallions`, `trout darne`, `carrot
    // julienne`, `gelatine granules`).
    "medallion", "darne", "julienne", "granule",
  ]

  /// Form nouns that name a piece of the food before them (`parsley leaves`, `mushroom
  /// caps`, `bluefish filets`), dropped when that finds a longer name.
  static let partNouns: Set<String> = [
    "leaf", "sprig", "stalk", "stem", "floret", "spear", "cap", "piece", "chunk", "cube",
    "strip", "slice", "wedge", "segment", "fillet", "filet", "half", "halve",
    // "lamb leg meat", "crawfish tail meat": the meat of a named food is that food, and
    // "blue cheese crumbles" are the cheese; "baby back rib racks" are the ribs.
    "meat", "crumble", "rack",
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
    guard !vocabulary.isEmpty, !words.isEmpty else { return nil }
    // An index loop: every parse makes dozens of these keys.
    let lastIndex = words.endIndex - 1
    var key = ""
    var index = words.startIndex
    while index < lastIndex {
      key += words[index]
      key += " "
      index += 1
    }
    key += Singularizer.singularize(words[lastIndex])
    return vocabulary.entryID(forKey: key)
  }
}
