import Foundation
import LarderCore
import LarderStore

/// One opened index as the server serves it: the index file with its live segment (a
/// ``LiveIndex``: every engine route answers over its latest view, and every recipe write goes
/// through ``apply(_:)``), and the vocabulary for diet labels, step mentions and new recipes.
/// A reload builds a new one.
///
/// Blocking work (SQLite reads and writes, fsync, view builds) runs on the index's own
/// ``StorageThreads``, never on the async request threads. Reads run in parallel, one per
/// storage thread, each with a base-file connection of its own.
///
/// With a shared change log (``changeLog``, `larder serve --postgres`) a write is committed to
/// the log first, then applied here, in log order, with every change before it that this
/// replica has not applied yet; the ``ChangeLogFollower`` applies the rest
/// (``applyLogged(_:)``). Both go through the same gate, which a reload closes.
public final class ServedIndex: Sendable {
  /// The index file.
  public let url: URL
  /// The index and its live segment.
  public let live: LiveIndex
  /// The vocabulary.
  public let vocabulary: Vocabulary
  /// The pantry staples.
  public let staples: [String]
  /// Finished suggest answers of this index, by ``writeGeneration`` and request.
  public let suggestCache = AnswerCache<AfterWrites<SuggestRequest>>()
  /// Finished `/v1/recipes` pages of this index, by ``writeGeneration`` and parsed query (the
  /// ingredients as typed, exclusions, filters, matching, order and page: everything the page
  /// depends on, besides the index and its writes). Pages run to tens of kilobytes, so they
  /// get a byte budget of their own.
  public let allOfCache = AnswerCache<AfterWrites<AllOfQuery>>(
    capacity: 4_096, byteBudget: 16 << 20)
  /// The generation of the base file the index was opened on (`meta.generation`).
  public let generation: String
  /// The shared recipe change log every write goes to first, or `nil` when this process is
  /// the only writer (no `--postgres`).
  public let changeLog: PostgresChangeLog?
  private let threads: StorageThreads
  /// Writes started, counted as they begin (see ``writeGeneration``).
  private let writes = Locked(0)
  /// Writes in progress and reloads holding the index closed to them.
  private let gate = Locked(WriteGate())
  /// What applying each recent change of the log did, by sequence number: the write that
  /// committed a change reads its outcome here, also when the follower applied it first.
  private let outcomes = Locked<[Int64: RecipeChangeOutcome]>([:])
  /// Held (on a storage thread) while changes of the log are applied and their outcomes
  /// recorded, so a write that finds its change applied finds its outcome too.
  private let applying = Locked(())
  private let normalizer: RecipeNormalizer

  /// Writes in progress and reloads waiting for them (see ``closeToWrites()``).
  private struct WriteGate {
    /// How many reloads hold the index closed to writes.
    var closers = 0
    /// Writes (and change-log applications) that passed the gate and have not finished.
    var inFlight = 0
    /// Reloads waiting for ``inFlight`` to reach 0.
    var drained: [CheckedContinuation<Void, Never>] = []
  }

  /// How an index is opened: what else the machine is doing meanwhile.
  public enum Opening: Sendable, Hashable {
    /// Nothing is served yet (the server's start): open on the storage threads, at full speed.
    case first
    /// Beside requests that an older index still serves (a reload): open on a thread that
    /// yields the cores to every request (``YieldingThread``) and gives them back every
    /// quarter millisecond (``LoadPacing/besideRequests``), so keystrokes, this server's and
    /// other processes', do not wait behind the load.
    case besideRequests

    /// How the opening paces itself: not at all when nothing is served yet.
    var pacing: LoadPacing? {
      switch self {
      case .first: nil
      case .besideRequests: .besideRequests
      }
    }
  }

  /// Opens `url` with its live segment (created when missing) on storage threads of its own;
  /// `automaticCompaction` says when a write starts a compaction in the background, `opening`
  /// where the opening runs.
  public convenience init(
    url: URL, vocabulary: Vocabulary, staples: [String],
    automaticCompaction: AutomaticCompaction = .standard, changeLog: PostgresChangeLog? = nil,
    opening: Opening = .first
  ) async throws {
    try await self.init(
      url: url, vocabulary: vocabulary, staples: staples,
      automaticCompaction: automaticCompaction, changeLog: changeLog, opening: opening,
      previous: nil)
  }

  /// Opens `previous`'s file again beside the requests `previous` serves (a reload), on a
  /// thread that yields to them. Whatever cannot have changed is taken from `previous`
  /// instead of made again: the vocabulary's relations and the normalizer (the same
  /// vocabulary), the storage threads, and, when the file still holds the base `previous`
  /// holds (the same `meta.generation`), the base's snapshot, ids, titles and readers
  /// (``LiveIndex/init(url:relations:automaticCompaction:readers:reusingBaseOf:pacing:)``). A
  /// reload of an unchanged file then reads only the live segment; one of a rebuilt file loads
  /// it, paced (``LoadPacing/besideRequests``), still taking what the rebuild left the same
  /// (the snapshot's suggestion indexes, the id table).
  convenience init(reopening previous: ServedIndex) async throws {
    try await self.init(
      url: previous.url, vocabulary: previous.vocabulary, staples: previous.staples,
      automaticCompaction: previous.live.automaticCompaction, changeLog: previous.changeLog,
      opening: .besideRequests, previous: previous)
  }

  private init(
    url: URL, vocabulary: Vocabulary, staples: [String],
    automaticCompaction: AutomaticCompaction, changeLog: PostgresChangeLog?,
    opening: Opening, previous: ServedIndex?
  ) async throws {
    self.url = url
    self.changeLog = changeLog
    // Shared with `previous`: a reload that started threads of its own would make and stop
    // as many threads each time.
    let threads =
      previous?.threads ?? StorageThreads(count: ReaderPool.standardSize, name: "larder-index")
    self.threads = threads
    // Handed to `open` in a box it empties: the thread that runs `open` keeps the closure
    // until it ends, and a capture would keep the replaced index alive that long, so that its
    // last release could free it there, unpaced (``YieldingThread/release(_:patience:)`` frees
    // it paced).
    let handover = Locked(previous?.live)
    let previousNormalizer = previous?.normalizer
    // Everything that takes more than microseconds runs in `open`, off the caller's thread
    // (one of Swift concurrency's, which serve requests): the vocabulary's relations and the
    // normalizer's tables take milliseconds to build.
    let open: @Sendable () throws -> (LiveIndex, String, RecipeNormalizer) = {
      let previousLive = handover.withLock { $0.take() }
      let relations = previousLive?.relations ?? IngredientRelations(vocabulary: vocabulary)
      let live = try LiveIndex(
        url: url, relations: relations, automaticCompaction: automaticCompaction,
        readers: threads.count, reusingBaseOf: previousLive, pacing: opening.pacing)
      let generation = try live.read { try $0.baseGeneration() }
      return (live, generation, previousNormalizer ?? RecipeNormalizer(vocabulary: vocabulary))
    }
    let opened =
      switch opening {
      case .first: try await threads.run(open)
      case .besideRequests: try await YieldingThread.run(open)
      }
    (live, generation, normalizer) = opened
    self.vocabulary = vocabulary
    self.staples = staples
    Self.opened.withLock { $0 += 1 }
  }

  deinit { Self.opened.withLock { $0 -= 1 } }

  /// How many served indexes this process holds (opened and not yet freed): 1 while one is
  /// served, 2 while a reload opens the next one or requests still finish on the one it
  /// replaced. A count that stays above 1 after reloads means something keeps a replaced
  /// index (its snapshot, arrays and connections) alive. `GET /metrics` reports it as
  /// `larder_indexes_held`.
  public static var held: Int { opened.withLock { $0 } }
  private static let opened = Locked(0)

  /// The ingredient tables of the latest view (a full build's names, counts, families,
  /// aliases and suggestion arrays: ``LiveView/ingredientTables``), for ingredient and
  /// category suggestions and name resolution (pantry and grocery names, family coverage).
  /// Answered at once when they are built (the base's snapshot while no write changed it);
  /// after writes, built on a storage thread, never on the caller's.
  public func ingredientTables() async throws -> Snapshot {
    if let built = live.builtView?.builtIngredientTables { return built }
    return try await threads.run { try self.live.view.answering { $0.ingredientTables } }
  }

  /// Runs `body` on a storage thread over the latest view (every write acknowledged before
  /// this call is in it), for a query that reads no recipe text: merged queries may build the
  /// view's merge structures, which never runs on an async request thread.
  public func withView<T: Sendable>(_ body: @escaping @Sendable (LiveView) throws -> T)
    async throws -> T
  {
    try await threads.run { try self.live.view.answering(body) }
  }

  /// A count that changes whenever a write may have changed what queries answer: part of
  /// every cached answer's key, so no answer made before a write is served after it.
  /// Raised when a write starts and again when it ends, so a suggest that reads the count
  /// after a write's acknowledgement reads a count no answer made before it was keyed by.
  public var writeGeneration: Int { writes.withLock { $0 } }

  /// Runs `body` on a storage thread over one consistent read of the latest view: every
  /// write acknowledged before this call is in it.
  public func read<T: Sendable>(_ body: @escaping @Sendable (LiveReadAccess) throws -> T)
    async throws -> T
  {
    try await threads.run { try self.live.read(body) }
  }

  /// Runs `work` (parsing a request body, say) on a storage thread, off the request threads.
  public func offload<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await threads.run(work)
  }

  /// Applies one recipe write: the one place a write reaches the index. Without a change log
  /// the write commits to the live segment; with one (``changeLog``) it commits to the log
  /// first, then this index applies the log through it, in order. Returns once the write is
  /// durable here; every read that starts after that sees it.
  /// - Throws: ``ServedIndexError/reloading`` while a reload replaces this index (nothing is
  ///   written; retry); ``LiveIndexError`` when a recipe cannot be indexed, ``SQLiteError``
  ///   when the segment cannot be written (nothing is written);
  ///   ``RecipeChangeLogUnavailable`` when the change log cannot be reached (see
  ///   ``PostgresChangeLog/append(json:)``); ``ServedIndexError/notAppliedYet(seq:reason:)``
  ///   when the log took the write but this index could not apply it yet.
  public func apply(_ write: RecipeWrite) async throws -> RecipeWriteResult {
    try enterWrite()
    defer { leaveWrite() }
    let change = try await threads.run { () -> RecipeChange in
      switch write {
      case .upsert(let sources):
        let recipes = sources.map(self.normalizer.normalize)
        try LiveIndex.validate(recipes)
        return .upsert(recipes)
      case .delete(let ids): return .delete(ids)
      }
    }
    guard let changeLog else {
      let outcome = try await applyLocally { try self.applyWithoutLog(change) }
      return result(of: outcome)
    }
    let json = try await threads.run { try change.json() }
    let seq = try await changeLog.append(json: json)
    do {
      try await catchUp(through: seq, from: changeLog)
    } catch {
      throw ServedIndexError.notAppliedYet(seq: seq, reason: "\(error)")
    }
    // Taken where the follower applies: if it applied this change, its outcome is recorded.
    let outcome = try await threads.run {
      self.applying.withLock { _ in self.outcomes.withLock { $0.removeValue(forKey: seq) } }
    }
    guard let outcome else {
      throw ServedIndexError.notAppliedYet(seq: seq, reason: "applied without its outcome")
    }
    return result(of: outcome)
  }

  /// Applies changes of the shared log read after this index's position (the follower's
  /// path; the write path catches up the same way), in order, skipping those already applied.
  /// - Throws: ``ServedIndexError/reloading`` while a reload replaces this index;
  ///   ``LoggedChangeNotApplied`` for a change this index cannot decode or apply (the changes
  ///   before it stay applied, none after it is applied).
  public func applyLogged(_ changes: [(seq: Int64, json: String)]) async throws {
    try enterWrite()
    defer { leaveWrite() }
    try await applyLoggedInGate(changes)
  }

  /// The last change of the shared log this index holds.
  public var changeLogPosition: Int64 { live.changeLogPosition }

  /// Reads the log after this index's position through `seq` (in pages) and applies it.
  private func catchUp(through seq: Int64, from log: PostgresChangeLog) async throws {
    while live.changeLogPosition < seq {
      let page = try await log.changes(after: live.changeLogPosition, limit: 500)
      let wanted = page.filter { $0.seq <= seq }
      if wanted.isEmpty { break }
      try await applyLoggedInGate(wanted)
    }
  }

  /// The most recipes (written or deleted) one batch of logged changes commits at once: a
  /// replica catching up pays one durable commit per batch instead of one per change, and a
  /// batch still holds the index's writer for milliseconds, not seconds.
  static let batchRecipes = 1_000

  private func applyLoggedInGate(_ changes: [(seq: Int64, json: String)]) async throws {
    guard !changes.isEmpty else { return }
    try await applyLocally {
      try self.applying.withLock { _ in
        var batch: [LoggedRecipeChange] = []
        var recipes = 0
        for (seq, json) in changes where seq > self.live.changeLogPosition {
          let change: RecipeChange
          do {
            change = try RecipeChange(json: json)
          } catch {
            // The changes before it are applied; the follower stops here and says so.
            try self.applyBatch(batch)
            throw LoggedChangeNotApplied(seq: seq, error: error)
          }
          batch.append(LoggedRecipeChange(seq: seq, change: change))
          switch change {
          case .upsert(let written): recipes += written.count
          case .delete(let ids): recipes += ids.count
          }
          if recipes >= Self.batchRecipes {
            try self.applyBatch(batch)
            batch = []
            recipes = 0
          }
        }
        try self.applyBatch(batch)
      }
    }
  }

  /// Applies `batch` (consecutive changes of the log) as one durable transaction; when the
  /// index refuses it, one change at a time, so that the changes before the one it cannot
  /// apply are applied and that one is named (``LoggedChangeNotApplied``). Called with
  /// ``applying`` held.
  private func applyBatch(_ batch: [LoggedRecipeChange]) throws {
    guard !batch.isEmpty else { return }
    if let applied = try? live.apply(batch) {
      record(applied)
      return
    }
    for logged in batch {
      let applied: RecipeChangeOutcome?
      do {
        applied = try live.apply(logged)
      } catch {
        throw LoggedChangeNotApplied(seq: logged.seq, error: error)
      }
      if let applied { record([logged.seq: applied]) }
    }
  }

  /// Keeps what applying changes did for the writes that committed them (read right after
  /// their commit): a bounded few beyond the latest batch.
  private func record(_ applied: [Int64: RecipeChangeOutcome]) {
    guard let last = applied.keys.max() else { return }
    let keep = 512 + applied.count
    outcomes.withLock { table in
      table.merge(applied) { $1 }
      if table.count > 2 * keep { table = table.filter { $0.key > last - Int64(keep) } }
    }
  }

  /// Runs `work` (which changes the live index) on a storage thread, with the write count
  /// raised before and after it (see ``writeGeneration``).
  private func applyLocally<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws
    -> T
  {
    writes.withLock { $0 += 1 }
    defer { writes.withLock { $0 += 1 } }
    return try await threads.run(work)
  }

  /// One change applied to the live segment directly (no shared log).
  private func applyWithoutLog(_ change: RecipeChange) throws -> RecipeChangeOutcome {
    switch change {
    case .upsert(let recipes): return .upserted(try live.upsert(recipes))
    case .delete(let ids): return .deleted(try live.delete(ids: ids))
    }
  }

  private func result(of outcome: RecipeChangeOutcome) -> RecipeWriteResult {
    switch outcome {
    case .upserted(let outcomes):
      return RecipeWriteResult(upserted: outcomes, recipes: live.recipeCount)
    case .deleted(let deletion):
      return RecipeWriteResult(deletion: deletion, recipes: live.recipeCount)
    }
  }

  /// Lets one write through unless a reload holds the index closed.
  private func enterWrite() throws {
    try gate.withLock { gate in
      guard gate.closers == 0 else { throw ServedIndexError.reloading }
      gate.inFlight += 1
    }
  }

  private func leaveWrite() {
    let waiting = gate.withLock { gate -> [CheckedContinuation<Void, Never>] in
      gate.inFlight -= 1
      guard gate.inFlight == 0 else { return [] }
      defer { gate.drained = [] }
      return gate.drained
    }
    for reload in waiting { reload.resume() }
  }

  /// Stops this index taking writes (waiting for those in progress, a write to the shared
  /// log included until it is applied here), so a reload can open the same files without a
  /// write landing in a segment it has already read; writes meanwhile get
  /// ``ServedIndexError/reloading``. Undone by ``reopenToWrites()``.
  func closeToWrites() async {
    await withCheckedContinuation { (reload: CheckedContinuation<Void, Never>) in
      let drained = gate.withLock { gate -> Bool in
        gate.closers += 1
        if gate.inFlight == 0 { return true }
        gate.drained.append(reload)
        return false
      }
      if drained { reload.resume() }
    }
  }

  /// Undoes one ``closeToWrites()`` (a reload that failed keeps this index).
  func reopenToWrites() { gate.withLock { $0.closers -= 1 } }
}

extension ServedIndex: PacedReleasable {
  /// Adds this index's parts to `release`: its cached answers (emptied into it), then its live
  /// index's (``LiveIndex/holdParts(in:)``). What it shares with the index that replaced it
  /// (storage threads, vocabulary, normalizer) is not among them.
  public func holdParts(in release: inout PacedRelease) {
    suggestCache.holdAnswers(in: &release)
    allOfCache.holdAnswers(in: &release)
    live.holdParts(in: &release)
  }
}

/// A write to the served index's recipes (see ``ServedIndex/apply(_:)``).
public enum RecipeWrite: Sendable, Hashable {
  /// Add each recipe, or replace the one with its id in place, as one transaction.
  case upsert([SourceRecipe])
  /// Delete the recipes with these public ids, as one transaction (unknown ids are reported).
  case delete([String])
}

/// What a ``RecipeWrite`` did.
public struct RecipeWriteResult: Sendable {
  /// For an upsert: what each recipe did, in order.
  public var upserted: [LiveRecipeOrder.UpsertOutcome] = []
  /// For a delete: the ids deleted and those not found.
  public var deletion: LiveDeletion? = nil
  /// How many recipes the index holds after the write.
  public var recipes: Int
}

/// Why the served index refused a write.
public enum ServedIndexError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A reload is replacing the index; nothing was written.
  case reloading
  /// The shared change log took the write (change `seq`) but this index could not apply it
  /// yet: every replica, this one included, applies it as it follows the log.
  case notAppliedYet(seq: Int64, reason: String)

  /// The message.
  public var description: String {
    switch self {
    case .reloading: "the index is being reloaded; nothing was written, send the write again"
    case .notAppliedYet(let seq, let reason):
      "the change log took the write as change \(seq), not applied here yet (\(reason))"
    }
  }
}

/// The index being served, swapped atomically on reload: a request takes the current
/// ``ServedIndex`` once and finishes on it, even if a reload happens meanwhile.
public final class IndexHolder: Sendable {
  /// The index served and the order of reloads.
  private struct State {
    var current: ServedIndex
    /// Reloads started so far; each takes the next number.
    var started = 0
    /// The number of the reload that made ``current`` (0: the first index).
    var installed = 0
  }

  private let state: Locked<State>

  /// Starts with `index`.
  public init(_ index: ServedIndex) { state = Locked(State(current: index)) }

  /// How many of the old index's cached suggest answers a reload computes on the new index
  /// before it swaps (Solr's cache autowarming): the keystrokes typed most lately are answered
  /// from the cache at once after the swap instead of all missing together.
  static let warmedSuggestAnswers = 2_048

  /// The index to use for one request.
  public var index: ServedIndex { state.withLock { $0.current } }

  /// Re-opens the same file (rebuilt in place) and swaps snapshot and readers to it together;
  /// when the files hold nothing the served index does not (the same base generation, and a
  /// segment with no write it has not applied: ``LiveIndex/matchesFiles()``), returns the
  /// served index and opens nothing. The new index is built on a thread that yields to
  /// requests while the old one goes on serving them, sharing what did not change (``ServedIndex/init(reopening:)``: an unchanged
  /// file's base is not loaded again); the swap is one assignment under the lock. Of reloads that overlap, the one started
  /// last wins: one that finishes after a later one is dropped (it may have read an older file)
  /// and the index the later one installed is returned. On failure the old index stays.
  @discardableResult
  public func reload() async throws -> ServedIndex {
    let (old, number) = state.withLock { state in
      state.started += 1
      return (state.current, state.started)
    }
    // The new index reads the live segment when it opens: no write may land in it after that
    // through the old one, so the old one takes no writes until it is replaced.
    await old.closeToWrites()
    // Nothing in the files that the served index does not hold (Lucene's `openIfChanged`
    // answering null): keep serving it; nothing is opened, warmed or let go of.
    let unchanged: Bool
    do {
      unchanged = try await old.offload { old.live.matchesFiles() }
    } catch {
      old.reopenToWrites()
      throw error
    }
    if unchanged {
      old.reopenToWrites()
      return state.withLock { $0.current }
    }
    let fresh: ServedIndex
    do {
      fresh = try await ServedIndex(reopening: old)
      try await fresh.warmSuggestAnswers(from: old, limit: Self.warmedSuggestAnswers)
    } catch {
      old.reopenToWrites()
      throw error
    }
    let installed = state.withLock { state in
      guard number > state.installed else { return state.current }
      state.current = fresh
      state.installed = number
      return fresh
    }
    // The replaced index (or this reload's, when a later one won) is let go of off the request
    // threads: freeing a snapshot it alone held takes milliseconds.
    YieldingThread.release(installed === fresh ? old : fresh)
    return installed
  }
}
