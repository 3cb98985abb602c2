import Foundation

/// The ingredient vocabulary: canonical names with their parent, food flags and aliases, read
/// from the tab-separated format of `Data/README.md`.
///
/// Build: ``init(sources:)`` reads every line, then links parents once all files are read, so a
/// parent may be defined after its child or in another file. Every name and alias is indexed by
/// its *key*: folded (``TextFolding``) with the last word singularized (``Singularizer``), so
/// `Scallions`, `scallion` and `SCALLION` all find `green onion`.
///
/// Lookup: ``entry(for:)`` hashes one key. Parent, children and flags are array reads.
///
/// - Complexity: building is O(total characters); a surface lookup is O(length of the text);
///   ``ancestors(of:)`` is O(depth); ``descendants(of:)`` is O(size of the subtree).
public struct Vocabulary: Sendable {
  /// One canonical ingredient.
  public struct Entry: Sendable, Hashable {
    /// The canonical name (`green onion`).
    public var name: String
    /// The canonical name of the more general food, if any (`onion`).
    public var parent: String?
    /// What the food is or contains; a child does not inherit its parent's flags.
    public var flags: FoodFlags
    /// Other names for the same food, as written in the file (`scallion`, `spring onion`).
    public var aliases: [String]
    /// Where the entry is defined, `file:line`, for messages.
    public var location: String
    /// The food group of the file it is defined in (`vegetables` for `10-vegetables.tsv`):
    /// the grocery list's aisle.
    public var foodGroup: String
  }

  /// A name or alias as users may type it, for autocomplete.
  public struct SurfaceForm: Sendable, Hashable {
    /// The name or alias as written in the vocabulary.
    public var text: String
    /// The canonical name it stands for.
    public var canonicalName: String
    /// Whether `text` is an alias rather than the canonical name.
    public var isAlias: Bool
    /// `green onion (scallion)` for an alias, the plain name otherwise.
    public var display: String {
      isAlias ? "\(canonicalName) (\(text))" : text
    }
  }

  /// The entries in file order (files in the order given).
  public private(set) var entries: [Entry] = []
  /// The food groups, one per file, in file order (``foodGroup(ofFile:)``).
  public private(set) var foodGroups: [String] = []
  private var idByKey: [String: Int32] = [:]
  private var parentID: [Int32] = []
  private var childIDs: [[Int32]] = []
  /// Every word of every key (`green`, `onion`, `scallion`), for spelling repair.
  private var keyWords: Set<String> = []
  /// ``keyWords`` as bytes, in byte order: the neighbours of a word in this order share its
  /// longest start with any key word (``longestKeyWordStart(of:)``).
  private var sortedKeyWordBytes: [[UInt8]] = []
  /// The spelling repairs of words against this vocabulary, worked out once each.
  let spellingRepairs = SpellingRepairCache()

  /// A vocabulary with no entries: every lookup misses.
  public init() {}

  /// Reads one vocabulary file's text; `file` names it in errors.
  public init(tsv: String, file: String) throws(VocabularyError) {
    try self.init(sources: [(tsv, file)])
  }

  /// Reads vocabulary files in the given order.
  public init(files: [URL]) throws(VocabularyError) {
    var sources: [(String, String)] = []
    for url in files {
      guard let data = FileManager.default.contents(atPath: url.path) else {
        throw VocabularyError(.unreadable, file: url.path, line: 0, "can't read the file")
      }
      guard let text = String(data: data, encoding: .utf8) else {
        throw VocabularyError(.unreadable, file: url.path, line: 0, "not valid UTF-8")
      }
      sources.append((text, url.path))
    }
    try self.init(sources: sources)
  }

  /// Reads several files' texts, each paired with the name used in errors.
  public init(sources: [(text: String, file: String)]) throws(VocabularyError) {
    var parentNames: [(parent: String, line: Int, file: String)?] = []
    for (text, file) in sources {
      let foodGroup = Self.foodGroup(ofFile: file)
      if !foodGroups.contains(foodGroup) { foodGroups.append(foodGroup) }
      var lineNumber = 0
      for rawLine in text.split(
        omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
      {
        lineNumber += 1
        let line = rawLine.last == "\r" ? rawLine.dropLast() : rawLine
        if line.allSatisfy({ $0 == " " || $0 == "\t" }) || line.first == "#" { continue }
        let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard columns.count <= 4 else {
          throw VocabularyError(
            .malformedLine, file: file, line: lineNumber,
            "expected 4 tab-separated columns (name, parent, flags, aliases), found \(columns.count)"
          )
        }
        let name = columns[0].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else {
          throw VocabularyError(.malformedLine, file: file, line: lineNumber, "empty name")
        }
        guard TextFolding.fold(name) == name else {
          throw VocabularyError(
            .malformedLine, file: file, line: lineNumber,
            "name \"\(name)\" must be lowercase ASCII words separated by one space (\"\(TextFolding.fold(name))\")"
          )
        }
        let parent = columns.count > 1 ? columns[1].trimmingCharacters(in: .whitespaces) : ""
        var flags = FoodFlags()
        if columns.count > 2 {
          for flagName in columns[2].split(separator: ",") {
            let trimmed = flagName.trimmingCharacters(in: .whitespaces).lowercased()
            if trimmed.isEmpty { continue }
            guard let flag = FoodFlags(name: trimmed) else {
              throw VocabularyError(
                .badFlag, file: file, line: lineNumber,
                "unknown flag \"\(trimmed)\" of \"\(name)\" (known: \(FoodFlags.named.map(\.name).joined(separator: ", ")))"
              )
            }
            flags.insert(flag)
          }
        }
        var aliases: [String] = []
        if columns.count > 3 {
          for alias in columns[3].split(separator: "|") {
            let trimmed = alias.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty { aliases.append(trimmed) }
          }
        }
        let id = Int32(entries.count)
        let location = "\(file):\(lineNumber)"
        for surface in [name] + aliases {
          let key = Self.key(surface)
          guard !key.isEmpty else {
            throw VocabularyError(
              .malformedLine, file: file, line: lineNumber, "alias \"\(surface)\" has no letters")
          }
          if let other = idByKey[key], other != id {
            let previous = entries[Int(other)]
            throw VocabularyError(
              .duplicateName, file: file, line: lineNumber,
              "\"\(surface)\" of \"\(name)\" is already used by \"\(previous.name)\" at \(previous.location)"
            )
          }
          idByKey[key] = id
        }
        entries.append(
          Entry(
            name: name, parent: parent.isEmpty ? nil : parent, flags: flags, aliases: aliases,
            location: location, foodGroup: foodGroup))
        parentNames.append(parent.isEmpty ? nil : (parent, lineNumber, file))
      }
    }
    addSpellingVariants()
    for key in idByKey.keys {
      for word in key.split(separator: " ") { keyWords.insert(String(word)) }
    }
    sortedKeyWordBytes = keyWords.map { Array($0.utf8) }.sorted {
      $0.lexicographicallyPrecedes($1)
    }
    parentID = Array(repeating: -1, count: entries.count)
    childIDs = Array(repeating: [], count: entries.count)
    for (index, parentName) in parentNames.enumerated() {
      guard let parentName else { continue }
      guard let parent = idByKey[Self.key(parentName.parent)] else {
        throw VocabularyError(
          .unknownParent, file: parentName.file, line: parentName.line,
          "unknown parent \"\(parentName.parent)\" of \"\(entries[index].name)\": every parent must be an entry"
        )
      }
      // Store the parent's canonical name even when the file used an alias.
      entries[index].parent = entries[Int(parent)].name
      parentID[index] = parent
      childIDs[Int(parent)].append(Int32(index))
    }
    // A loop of parents would make ancestors() endless; reject it here.
    for index in entries.indices {
      var current = parentID[index]
      var steps = 0
      while current >= 0 {
        steps += 1
        if current == Int32(index) || steps > entries.count {
          let parentName = parentNames[index]!
          throw VocabularyError(
            .unknownParent, file: parentName.file, line: parentName.line,
            "the parents of \"\(entries[index].name)\" form a loop")
        }
        current = parentID[Int(current)]
      }
    }
  }

  /// Spellings of one word that recipes use interchangeably: a name or alias written with one
  /// is found written with any other (`dry red chilli` is also `dry red chile`, `dry red
  /// chili`), so the files need not list every spelling.
  static let interchangeableSpellings: [[String]] = [["chili", "chile", "chilli"]]

  /// Registers, for every key holding a word of ``interchangeableSpellings``, the same key
  /// with the other spellings, for the same entry. A key the files name stays theirs, and a
  /// variant two entries would both claim is left out, so no lookup becomes ambiguous.
  ///
  /// - Complexity: O(number of keys · words per key).
  private mutating func addSpellingVariants() {
    var spellingsOf: [String: [String]] = [:]
    for group in Self.interchangeableSpellings {
      for word in group { spellingsOf[word] = group }
    }
    var claims: [String: Int32] = [:]
    var contested: Set<String> = []
    for (key, id) in idByKey {
      let words = key.split(separator: " ").map(String.init)
      var variants: [[String]] = [words]
      for (index, word) in words.enumerated() {
        guard let group = spellingsOf[word] else { continue }
        variants = variants.flatMap { variant in
          group.map { spelling in
            var respelt = variant
            respelt[index] = spelling
            return respelt
          }
        }
      }
      for variant in variants.map({ $0.joined(separator: " ") }) where idByKey[variant] == nil {
        if let other = claims[variant], other != id { contested.insert(variant) }
        claims[variant] = id
      }
    }
    for (variant, id) in claims where !contested.contains(variant) { idByKey[variant] = id }
  }

  /// The food group a vocabulary file holds, from its name: the last path component without
  /// `.tsv` and without the leading sort number (`Data/vocabulary/10-vegetables.tsv` →
  /// `vegetables`, `80-dairy-eggs.tsv` → `dairy-eggs`).
  public static func foodGroup(ofFile file: String) -> String {
    var name = Substring(file.split(separator: "/").last ?? "")
    if name.hasSuffix(".tsv") { name = name.dropLast(4) }
    let unnumbered = name.drop(while: \.isNumber)
    if unnumbered.first == "-", unnumbered.count > 1 { name = unnumbered.dropFirst() }
    return String(name)
  }

  /// The food group of the food a name or alias stands for, or `nil` for an unknown name.
  public func foodGroup(of surface: some StringProtocol) -> String? {
    entry(for: surface)?.foodGroup
  }

  /// The lookup key of a surface form: folded, last word singularized.
  public static func key(_ surface: some StringProtocol) -> String {
    Singularizer.singularizePhrase(TextFolding.fold(surface))
  }

  /// How many canonical entries there are.
  public var count: Int { entries.count }

  /// Whether there are no entries.
  public var isEmpty: Bool { entries.isEmpty }

  /// The entry a name or alias stands for, in any case, accents or number
  /// (`Spring Onions` → `green onion`), or `nil`.
  public func entry(for surface: some StringProtocol) -> Entry? {
    entryID(forKey: Self.key(surface)).map { entries[$0] }
  }

  /// The canonical name a surface form stands for, or `nil`.
  public func canonicalName(for surface: some StringProtocol) -> String? {
    entry(for: surface)?.name
  }

  /// The entry index of an already folded and singularized key (the parser's hot path).
  ///
  /// - Complexity: one hash of `key`.
  @inline(__always)
  func entryID(forKey key: String) -> Int? {
    idByKey[key].map(Int.init)
  }

  /// Whether a folded word occurs in any name or alias (its last word singular).
  ///
  /// - Complexity: one hash of `word`.
  func hasWord(_ word: String) -> Bool { keyWords.contains(word) }

  /// The length of the longest start of `word` (bytes) that also starts some word of a key:
  /// 7 for `cinnamom` (`cinnamon`), 0 when no key word starts with its first letter.
  ///
  /// - Complexity: O(n · log w) for a word of n bytes and w key words (a binary search, then
  ///   the two neighbours in byte order, which share the longest start with it).
  func longestKeyWordStart(of word: [UInt8]) -> Int {
    var low = 0
    var high = sortedKeyWordBytes.count
    while low < high {
      let middle = (low + high) / 2
      if sortedKeyWordBytes[middle].lexicographicallyPrecedes(word) {
        low = middle + 1
      } else {
        high = middle
      }
    }
    func shared(_ other: [UInt8]) -> Int {
      var count = 0
      while count < other.count, count < word.count, other[count] == word[count] { count += 1 }
      return count
    }
    var longest = 0
    if low < sortedKeyWordBytes.count { longest = shared(sortedKeyWordBytes[low]) }
    if low > 0 { longest = max(longest, shared(sortedKeyWordBytes[low - 1])) }
    return longest
  }

  /// Whether the entry `id` has kinds of its own (`cheese`: cheddar, ...).
  ///
  /// - Complexity: O(1).
  func hasKinds(_ id: Int) -> Bool { !childIDs[id].isEmpty }

  /// The entry index of `id`'s parent, or `nil` for a food with none.
  ///
  /// - Complexity: O(1).
  func parentIndex(of id: Int) -> Int? { parentID[id] >= 0 ? Int(parentID[id]) : nil }

  /// Whether the entry `id` is a kind of the entry `ancestor` at any depth.
  ///
  /// - Complexity: O(depth).
  func isKind(_ id: Int, of ancestor: Int) -> Bool {
    var current = parentID[id]
    while current >= 0 {
      if Int(current) == ancestor { return true }
      current = parentID[Int(current)]
    }
    return false
  }

  /// Whether two entries are the same food, one a kind of the other, or kinds of one parent
  /// (`beef stock` and `chicken stock`).
  ///
  /// - Complexity: O(depth).
  func areRelated(_ first: Int, _ second: Int) -> Bool {
    first == second || isKind(first, of: second) || isKind(second, of: first)
      || (parentID[first] >= 0 && parentID[first] == parentID[second])
  }

  /// Whether two surface forms name related entries (see ``areRelated(_:_:)``); `false` when
  /// either is unknown.
  func areRelated(named first: some StringProtocol, _ second: some StringProtocol) -> Bool {
    guard let a = entryID(forKey: Self.key(first)), let b = entryID(forKey: Self.key(second))
    else { return false }
    return areRelated(a, b)
  }

  /// The canonical name at an entry index.
  func name(at id: Int) -> String { entries[id].name }

  /// The parent's canonical name of the entry `surface` stands for, or `nil`.
  public func parent(of surface: some StringProtocol) -> String? {
    entry(for: surface)?.parent
  }

  /// The canonical names of all more general foods, nearest first (`cheddar` → `cheese`, ...).
  public func ancestors(of surface: some StringProtocol) -> [String] {
    guard let id = entryID(forKey: Self.key(surface)) else { return [] }
    var result: [String] = []
    var current = parentID[id]
    while current >= 0 {
      result.append(entries[Int(current)].name)
      current = parentID[Int(current)]
    }
    return result
  }

  /// The canonical names of the direct kinds of this food, in file order.
  public func children(of surface: some StringProtocol) -> [String] {
    guard let id = entryID(forKey: Self.key(surface)) else { return [] }
    return childIDs[id].map { entries[Int($0)].name }
  }

  /// The canonical names of every kind of this food at any depth, depth-first in file order.
  public func descendants(of surface: some StringProtocol) -> [String] {
    guard let id = entryID(forKey: Self.key(surface)) else { return [] }
    var result: [String] = []
    var stack = childIDs[id].reversed().map { $0 }
    while let next = stack.popLast() {
      result.append(entries[Int(next)].name)
      stack.append(contentsOf: childIDs[Int(next)].reversed())
    }
    return result
  }

  /// The flags of the entry `surface` stands for (empty when unknown).
  public func flags(of surface: some StringProtocol) -> FoodFlags {
    entry(for: surface)?.flags ?? []
  }

  /// Every name and alias with the canonical name it stands for, sorted by text, for
  /// autocomplete.
  public var surfaceForms: [SurfaceForm] {
    var forms: [SurfaceForm] = []
    for entry in entries {
      forms.append(SurfaceForm(text: entry.name, canonicalName: entry.name, isAlias: false))
      for alias in entry.aliases {
        forms.append(SurfaceForm(text: alias, canonicalName: entry.name, isAlias: true))
      }
    }
    return forms.sorted { ($0.text, $0.canonicalName) < ($1.text, $1.canonicalName) }
  }
}
