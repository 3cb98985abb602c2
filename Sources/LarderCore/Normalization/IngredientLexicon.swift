/// What the line parser needs to know about a folded word, gathered so that each word of a
/// line costs one hash lookup (in ``IngredientTokenizer``) instead of one per question.
struct WordTraits: OptionSet, Sendable, Hashable {
  let rawValue: UInt16

  /// A unit spelling (`cup`, `tbsp`, `tins`) or the `t` of `T`/`t`.
  static let unit = WordTraits(rawValue: 1 << 0)
  /// A size word that may stand between an amount and its unit (`large` bunch).
  static let unitAdjective = WordTraits(rawValue: 1 << 1)
  /// A word that may precede an amount (`about`, `scant`).
  static let amountPrefix = WordTraits(rawValue: 1 << 2)
  /// A number word (`two`, `a`, `half`, `dozen`).
  static let numberWord = WordTraits(rawValue: 1 << 3)
  /// A word that ends the name part (`to`, `for`, `with`).
  static let endsName = WordTraits(rawValue: 1 << 4)
  /// A descriptor kept in the preparation (`chopped`, `fresh`).
  static let preparation = WordTraits(rawValue: 1 << 5)
  /// A descriptor dropped altogether (`large`, `some`).
  static let dropped = WordTraits(rawValue: 1 << 6)
  /// A word that starts a preparation clause after a comma (`cut`, `thawed`).
  static let beginsPreparation = WordTraits(rawValue: 1 << 7)

  /// Whether the word describes rather than names the food.
  var isDescriptor: Bool { !isDisjoint(with: [.preparation, .dropped]) }
}

/// The table behind ``WordTraits``, built once from ``UnitTable``, ``IngredientDescriptors``
/// and the reader's word lists.
///
/// - Complexity: one hash lookup per word.
enum IngredientLexicon {
  /// The traits of a folded word (empty for ordinary words such as food names).
  @inline(__always)
  static func traits(_ word: String) -> WordTraits { table[word] ?? [] }

  private static let table: [String: WordTraits] = {
    var table: [String: WordTraits] = [:]
    func add(_ words: some Sequence<String>, _ traits: WordTraits) {
      for word in words { table[word, default: []].formUnion(traits) }
    }
    add(UnitTable.spellings, .unit)
    add(["t", "fl", "fluid", "dessert", "table", "tea"], .unit)
    add(LineReader.unitAdjectives, .unitAdjective)
    add(LineReader.amountPrefixes, .amountPrefix)
    add(LineReader.numberWords.keys, .numberWord)
    add(["a", "an", "half", "dozen"], .numberWord)
    add(IngredientDescriptors.nameEnders, .endsName)
    add(IngredientDescriptors.preparationVerbs, .beginsPreparation)
    for (word, role) in IngredientDescriptors.words {
      add([word], role == .preparation ? [.preparation, .beginsPreparation] : .dropped)
    }
    return table
  }()
}
