/// The ingredient candidates of every typed text that starts many suffixes, computed when a
/// snapshot is made or loaded: the per-node top-k of a completion trie, kept only where it
/// pays. A text such as "f", "fres" or "fresh" starts thousands of word suffixes, and picking
/// the best distinct names among them costs dozens of range-minimum probes scattered over a
/// large table (several microseconds); a text that starts few suffixes is answered fast
/// without help. Only a few thousand texts start at least ``wideRange`` suffixes, whatever the
/// corpus size (the count depends on the vocabulary, not on the recipes), so each is answered
/// once here and then read.
///
/// Each entry is the list ``Snapshot/prefixCandidates(_:fetch:)`` gives for the text with a
/// fetch deep enough for ``depth`` candidates, in suggestion order. A request for at most
/// ``depth`` candidates (limit plus excluded names) takes a prefix of it after removing the
/// excluded ones: the list the general path gives, or a better one, since the general path
/// fetches fewer strings per text.
///
/// Plural spellings of the wide texts that are whole words ("carrots", "tomatoes") are stored
/// too: their singular forms read wide word ranges, which made a typed plural the slowest exact
/// keystroke.
///
/// - Build: one ``Snapshot/prefixCandidates(_:fetch:)`` per ASCII path of the ingredient or
///   alias ``SuffixTrie`` over at least ``wideRange`` suffixes, and per plural of such a path
///   that is a whole word (a few thousand texts for a 14,000-name vocabulary, about 1 MB;
///   milliseconds). ``wideRange`` 16 rather than 32 kept the keystroke replay's p99 about 10 %
///   lower for that megabyte (BENCHMARKS.md).
/// - Lookup: one hash of the typed text, then a slice of at most ``depth``.
/// - Memory: 9 bytes per stored candidate plus the keys.
struct PrefixCandidateTable: Sendable, Equatable {
  /// Texts that start at least this many suffixes of either array are stored.
  static let wideRange = 16
  /// Candidates stored per text.
  static let depth = 24

  /// Where a stored text's candidates lie, and its fetch bound (``Snapshot/prefixCandidates(_:fetch:fetchBound:)``):
  /// a name whose id is past it was not read for the text itself.
  private struct Slot: Sendable, Equatable {
    var range: Range<Int>
    var fetchBound: UInt32
  }

  private var slots: [String: Slot] = [:]
  private var ids: [IngredientID] = []
  private var aliases: [UInt32] = []
  private var exact: [Bool] = []

  /// A table with no texts (every lookup misses).
  static let empty = PrefixCandidateTable()

  private init() {}

  /// Precomputes every wide text of `snapshot`'s ingredient and alias tries (giving the core
  /// back as `pacer` says: a checkpoint per text computed).
  init(snapshot: Snapshot, pacer: LoadPacer? = nil) {
    var keys = Set<[UInt8]>()
    for trie in [snapshot.ingredientTrie, snapshot.aliasTrie] {
      trie.forEachPath(spanningAtLeast: Self.wideRange) { path in
        if path.allSatisfy({ $0 < 0x80 }) { keys.insert(path) }
        pacer?.step()
      }
    }
    // The plurals of wide texts that are whole words: their singular form reads a wide word
    // range (with a typed plural, a popular name's most frequent exact keystroke).
    for key in keys {
      let word = String(decoding: key, as: UTF8.self)
      let whole = key.withUnsafeBufferPointer { key in
        !snapshot.ingredientSuffixes.range(ofWord: key).isEmpty
          || !snapshot.aliasSuffixes.range(ofWord: key).isEmpty
      }
      pacer?.step()
      guard whole else { continue }
      for plural in Self.plurals(of: word)
      where SearchFolding.singularForms(of: plural).contains(word) {
        keys.insert(Array(plural.utf8))
      }
    }
    for key in keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
      store(String(decoding: key, as: UTF8.self), of: snapshot)
      pacer?.checkpoint()
    }
  }

  /// `previous` (the table of `update.previous`) for `snapshot`, made from that snapshot by
  /// `update`: its recipe and family counts differ for `update.countsChanged` (new ids) only,
  /// and the names `update.addedNames` came and `update.removedNames` went.
  ///
  /// A text's candidates are fetched from the suffixes it starts (its own, and for each of
  /// its singular forms the suffixes that hold it as a whole word), so they are recomputed
  /// only for each text that is, or whose singular form is, the start of a word suffix of a
  /// changed, added or removed name, or the start of an alias of one (alias suffixes are
  /// whole aliases): a text's plurals are the texts whose singular form it can be. Other
  /// texts' candidates cannot hold such a name; names whose counts did not change keep their
  /// order among themselves (count, then name bytes), so the ranks pick the same names and the
  /// family counts order them the same: their lists are the same names, renumbered. Of the
  /// texts a changed name starts (as themselves, not through a singular form or an alias),
  /// those whose fetch was full keep their list too when every such name ranks past the
  /// text's fetch bound before and after (the bound's own name unchanged): the fetch read the
  /// same names.
  ///
  /// The stored texts are the same (the tries depend on the names alone) but where a name
  /// came or went: only the start of a word suffix of such a name, or a plural of one, can
  /// start a different number of suffixes or stop or start being a whole word, so only those
  /// are looked up again (``isStored(_:in:)``).
  /// The lists stay where they lie in `previous`'s arrays (their ids renumbered); a list
  /// recomputed is appended and its text's slot moved to it, and the lists no slot reaches
  /// are dropped once they outnumber the others.
  /// - Complexity: O(Σ L²) for the changed names' and aliases' word suffixes of length L,
  ///   O(C) to renumber the C stored candidates (a copy of each list when compacting), one
  ///   ``Snapshot/prefixCandidates(_:fetch:)`` per text recomputed, and a few suffix-array
  ///   searches per word-suffix start of an added or removed name.
  init(
    updating previous: PrefixCandidateTable, snapshot: Snapshot, by update: Snapshot.TablesUpdate
  ) {
    let changed = update.countsChanged
    let newIDs = update.newIDs
    guard !changed.isEmpty || newIDs != nil else {
      self = previous
      return
    }
    // Every start of a word suffix of `string` (or of the whole string only): stored texts
    // are ASCII, so a start stops at the first other byte.
    func forEachStart(of string: String, everyWord: Bool, _ body: (String) -> Void) {
      let bytes = Array(string.utf8)
      for start in bytes.indices where start == 0 || (everyWord && bytes[start - 1] == 0x20) {
        var end = start
        while end < bytes.count && bytes[end] < 0x80 {
          end += 1
          body(String(decoding: bytes[start..<end], as: UTF8.self))
        }
      }
    }
    // The texts a changed name starts, with the names' old and new ids (`UInt32.max` where
    // absent), and the texts to recompute whatever the bounds say: plurals of those (their
    // singular forms read other ranges) and the starts of aliases of changed or removed names.
    var reached: [String: [(old: UInt32, new: UInt32)]] = [:]
    var forced = Set<String>()
    var restored = Set<String>()
    var oldIDs = [UInt32](repeating: .max, count: snapshot.ingredientCount)
    if let newIDs {
      for (old, new) in newIDs.enumerated() where new != .max { oldIDs[Int(new)] = UInt32(old) }
    } else {
      for id in oldIDs.indices { oldIDs[id] = UInt32(id) }
    }
    let changedIDs = Set(changed.map(\.rawValue))
    for id in changed {
      let move = (old: oldIDs[id.index], new: id.rawValue)
      forEachStart(of: snapshot.ingredientNames[id.index], everyWord: true) { text in
        reached[text, default: []].append(move)
        forced.formUnion(Self.plurals(of: text))
      }
    }
    for name in update.removedNames + update.addedNames.map({ snapshot.ingredientNames[$0.index] })
    {
      forEachStart(of: name, everyWord: true) { text in
        restored.insert(text)
        restored.formUnion(Self.plurals(of: text))
      }
    }
    for alias in 0..<snapshot.aliasNames.count
    where changedIDs.contains(snapshot.aliasTargets[alias])
      || newIDs.map({ $0[Int(update.previous.aliasTargets[alias])] == .max }) ?? false
    {
      forEachStart(of: snapshot.aliasNames[alias], everyWord: false) { text in
        forced.insert(text)
        forced.formUnion(Self.plurals(of: text))
      }
    }
    // Every list kept where it lies, renumbered in one pass (ids in lists no slot reaches
    // any more included: a removed name's is `UInt32.max`), every bound renumbered in place;
    // then the lists recomputed are appended and their slots moved to them.
    self = previous
    if let newIDs {
      ids = previous.ids.map {
        IngredientID(rawValue: $0.rawValue == .max ? .max : newIDs[$0.index])
      }
      for i in slots.values.indices where slots.values[i].fetchBound != .max {
        slots.values[i].fetchBound = newIDs[Int(slots.values[i].fetchBound)]
      }
    }
    for text in forced.union(reached.keys) where !restored.contains(text) {
      guard let slot = slots[text], let oldSlot = previous.slots[text] else { continue }
      // The text read the same names if no changed name was read before or is now: each
      // ranked past the bound (whose name did not change) on both sides.
      let bound = slot.fetchBound
      let recompute =
        forced.contains(text) || oldSlot.fetchBound == .max || bound == .max
        || changedIDs.contains(bound)
        || (reached[text] ?? []).contains { $0.old <= oldSlot.fetchBound || $0.new <= bound }
      if recompute { store(text, of: snapshot) }
    }
    for text in restored { slots[text] = nil }
    // Lists no slot reaches are dropped once they outnumber the live ones.
    if ids.count > 2 * liveCount { self = compacted() }
    for text in restored where Self.isStored(text, in: snapshot) { store(text, of: snapshot) }
  }

  /// How many candidates the slots reach.
  private var liveCount: Int { slots.values.reduce(0) { $0 + $1.range.count } }

  /// This table with only the lists its slots reach.
  /// - Complexity: O(texts + live candidates).
  private func compacted() -> PrefixCandidateTable {
    var table = PrefixCandidateTable()
    table.slots.reserveCapacity(slots.count)
    for (text, slot) in slots {
      let first = table.ids.count
      table.ids.append(contentsOf: ids[slot.range])
      table.aliases.append(contentsOf: aliases[slot.range])
      table.exact.append(contentsOf: exact[slot.range])
      table.slots[text] = Slot(range: first..<table.ids.count, fetchBound: slot.fetchBound)
    }
    return table
  }

  /// Whether a table made anew for `snapshot` stores `text`: `text` is the path of a trie
  /// node (ASCII, at most ``SuffixTrie/maxDepth`` bytes) that at least ``wideRange`` suffixes
  /// of either array start with, or a plural of such a path that is a whole word and that
  /// folds back to it.
  /// - Complexity: a few suffix-array searches for `text` and each of its singular forms.
  static func isStored(_ text: String, in snapshot: Snapshot) -> Bool {
    func isWide(_ text: String) -> Bool {
      let bytes = Array(text.utf8)
      guard !bytes.isEmpty, bytes.count <= SuffixTrie.maxDepth, bytes.allSatisfy({ $0 < 0x80 })
      else { return false }
      return bytes.withUnsafeBufferPointer {
        snapshot.ingredientSuffixes.range(of: $0).count >= wideRange
          || snapshot.aliasSuffixes.range(of: $0).count >= wideRange
      }
    }
    if isWide(text) { return true }
    return SearchFolding.singularForms(of: text).contains { word in
      plurals(of: word).contains(text) && isWide(word)
        && Array(word.utf8).withUnsafeBufferPointer {
          !snapshot.ingredientSuffixes.range(ofWord: $0).isEmpty
            || !snapshot.aliasSuffixes.range(ofWord: $0).isEmpty
        }
    }
  }

  /// Computes and stores the candidates of `text` in `snapshot`.
  private mutating func store(_ text: String, of snapshot: Snapshot) {
    var fetchBound = UInt32.max
    let candidates = snapshot.prefixCandidates(
      text, fetch: Self.depth * 2 + 4, fetchBound: &fetchBound)
    let first = ids.count
    for candidate in candidates.prefix(Self.depth) {
      ids.append(candidate.id)
      aliases.append(candidate.alias)
      exact.append(candidate.match == .exact)
    }
    slots[text] = Slot(range: first..<ids.count, fetchBound: fetchBound)
  }

  /// The plural spellings ``SearchFolding/singularForms(of:)`` folds back to `word`.
  static func plurals(of word: String) -> [String] {
    word.hasSuffix("y")
      ? [word + "s", word + "es", String(word.dropLast()) + "ies"] : [word + "s", word + "es"]
  }

  /// Whether both tables store the same texts with the same candidates (wherever their
  /// lists lie in the arrays: a table updated from another keeps its own order of texts).
  /// - Complexity: O(stored candidates) hash lookups.
  static func == (a: PrefixCandidateTable, b: PrefixCandidateTable) -> Bool {
    guard a.slots.count == b.slots.count else { return false }
    for (text, slot) in a.slots {
      guard let otherSlot = b.slots[text], otherSlot.fetchBound == slot.fetchBound else {
        return false
      }
      let (range, other) = (slot.range, otherSlot.range)
      guard other.count == range.count,
        a.ids[range] == b.ids[other], a.aliases[range] == b.aliases[other],
        a.exact[range] == b.exact[other]
      else { return false }
    }
    return true
  }

  /// The number of texts stored.
  var textCount: Int { slots.count }

  /// Approximate bytes held: the candidate arrays, and per text its key and hash slot.
  var byteCount: Int {
    ids.count * 9 + slots.keys.reduce(0) { $0 + max($1.utf8.count, 16) + 24 }
  }

  /// The stored candidates of `folded`, or `nil` when it is not stored or `count` exceeds
  /// ``depth``.
  /// - Complexity: O(|folded|) to hash, O(depth) to copy the list.
  func candidates(_ folded: String, count: Int) -> [Snapshot.Candidate]? {
    guard count <= Self.depth, !slots.isEmpty, let range = slots[folded]?.range else { return nil }
    return range.map { i in
      (id: ids[i], match: exact[i] ? .exact : .prefix, alias: aliases[i])
    }
  }
}
