import Foundation
import LarderCore

/// An index that takes writes: recipes added, replaced and deleted by public id, each write
/// durable when the call returns and seen by every read that starts after it, with no rebuild.
///
/// The index file at ``url`` is the base (as `larder index` built it, never written in place);
/// writes go to its live segment (``LiveSegmentFile``, `PATH-live`, WAL with `synchronous=FULL`)
/// and to the in-memory ``LiveRecipeOrder`` (each written recipe's id, title and version: the
/// recipes whole are read back from the segment by version, ``LiveSegmentRecords``); the next
/// read makes a new ``LiveView`` of it
/// (cheap: it sorts the places writes changed), whose queries answer as a full build of the
/// written state does: merged from the base snapshot and a small snapshot of the written
/// recipes, or, for query types not merged yet, on the whole snapshot the view builds on
/// first use. ``compact()`` writes a new base of
/// the present recipes (temporary file, renamed into place) and empties the segment of what
/// the new base holds; writes that arrive meanwhile stay in the segment.
///
/// Reads take a consistent view: ``read(_:)`` hands one view (and the base file's text, for
/// recipe detail and summaries) to its body; a write that finishes while the body runs is not
/// seen by it, and is seen by the next read. Up to `readers` bodies run at once, each with a
/// base-file connection of its own (``LiveBaseReaders``).
///
/// - Complexity: a write is one durable SQLite transaction; the next read makes a view in
///   O(C log C) for the C places writes changed; see the README's write-path paragraph for
///   what each query type builds on first use.
public final class LiveIndex: Sendable {
  /// The base index file.
  public let url: URL
  /// The families, aliases and flags every view's snapshot is built with (the vocabulary's).
  public let relations: IngredientRelations
  /// ``relations`` as every view's builds read them, prepared once.
  private let preparedRelations: PreparedRelations
  /// The written recipes whole, read from the segment file by version (memory holds only
  /// their ids, titles and versions).
  private let records: LiveSegmentRecords

  /// What writes change: the segment file and the order. Held for a whole write, so writes
  /// are applied in the order they commit.
  private let writer: Locked<WriterState>
  /// The latest state a read must see: set by every write (after its commit) and by
  /// compaction's swap. Small to copy: the order keeps only what writes changed.
  private let latest: Locked<Target>
  /// What reads see: the newest view built, and the readers of the base file it was made over.
  private let published: Locked<Published>
  /// Held while a view is built, so concurrent reads after a write build it once.
  private let refreshing = Locked(())
  /// Held for a whole compaction, so two never run at once.
  private let compaction = Locked(())
  /// Whether a background compaction has been started and not finished.
  private let compacting = Locked(false)
  /// The segment size (written plus deleted places) from which a write starts a compaction in
  /// the background; `nil` never does.
  public let automaticCompaction: AutomaticCompaction

  private struct WriterState {
    var segment: LiveSegmentFile
    var generation: String
    var order: LiveRecipeOrder
    var lastSequence: Int64
    var version: Int
    /// The last change of the shared change log applied (see ``LiveIndex/changeLogPosition``).
    var changeLogPosition: Int64
  }

  /// The state of the index after the last write: what the next view is built from.
  private struct Target: Sendable {
    var base: LiveBase
    var order: LiveRecipeOrder
    var readers: LiveBaseReaders
    var version: Int
  }

  private struct Published: Sendable {
    var view: LiveView
    var readers: LiveBaseReaders
    var version: Int
  }

  /// Opens the index at `url` with its live segment (created when missing), replaying the
  /// segment's writes over the base.
  ///
  /// A segment whose writes its own compaction already put into the base (a compaction
  /// stopped between its rename and emptying the segment: the base names this segment in
  /// `compacted_segment`) loses those; a segment of another base (left beside an index that
  /// `larder index` rebuilt, or beside a compacted file copied from another replica) is
  /// emptied. Temporary files of a stopped compaction are removed. The segment's records are
  /// replayed (each record's id and title: the recipes stay in the file) on a second thread
  /// while the base snapshot loads.
  /// - Parameters:
  ///   - automaticCompaction: when a write starts a compaction in the background.
  ///   - readers: how many reads may run at once (each holds a base-file connection of its
  ///     own; a server gives one per storage thread, a command 1).
  ///   - previous: an index of the same file opened before (a reload's): when the file still
  ///     holds the base that index holds (the same `meta.generation`, a random id per build),
  ///     its base (snapshot, ids, titles, the ids' place table) and base readers are shared
  ///     instead of loaded or hashed again,
  ///     as Lucene's `openIfChanged` keeps unchanged segments; the live segment is read anew.
  ///     Of another generation (a rebuilt file), what depends only on what did not change is
  ///     still taken: the prepared relations when `relations` are that index's, and the
  ///     snapshot's suggestion indexes when its ingredient tables are the same
  ///     (``Snapshot/init(serializedBytes:pacer:reusingSuggestionIndexesOf:)``).
  ///   - pacing: how the opening gives its cores back (``LoadPacing``; a server's reload beside
  ///     requests), or `nil` to open at full speed. Each of the opening's two threads paces
  ///     itself.
  /// - Throws: ``IndexOpenError`` for a missing or damaged base, ``SQLiteError`` for the
  ///   segment, ``SegmentRecordDamaged`` (or `DecodingError`, for a segment's older JSON
  ///   records) for a damaged segment record.
  public init(
    url: URL, relations: IngredientRelations,
    automaticCompaction: AutomaticCompaction = .standard, readers: Int = 1,
    reusingBaseOf previous: LiveIndex? = nil, pacing: LoadPacing? = nil
  ) throws {
    let pacer = pacing.map(LoadPacer.init)
    self.url = url
    self.relations = relations
    self.automaticCompaction = automaticCompaction
    readerCount = max(1, readers)
    records = LiveSegmentRecords(indexURL: url)
    IndexWriter.removeStaleTemporaryFiles(for: url)
    let reader = try IndexReader(url: url)
    let generation = try reader.generation()
    // Shared only with the same number of readers, so the bound on parallel reads holds.
    let reused =
      previous?.readerCount == readerCount
      ? previous?.baseAndReaders(ofGeneration: generation) : nil
    let (segment, logPosition) = try LiveSegmentFile.open(
      forBase: reader, generation: generation, indexURL: url)
    // The order (the base ids' table) is made and the segment's records' ids and titles
    // replayed into it on the other core while this one loads the base snapshot: an index
    // with a 10k segment opens in about the time of its base alone.
    // A reload of the same file (`previous`) shares the base's ids and titles: nothing to read.
    // The replay thread is started from the opening thread, so it inherits that thread's
    // scheduling (a reload's `SCHED_IDLE`; new threads inherit it): it yields to keystrokes too.
    let stored = try segment.storedOperations()
    let (publicIDs, titles) =
      try reused.map { ($0.base.publicIDs, $0.base.titles) }
      ?? reader.publicIDsAndTitles(pacer: pacer)
    // The same vocabulary (a reload's): its prepared form is the previous index's.
    let previousPrepared =
      previous.map { $0.relations == relations ? $0.preparedRelations : nil } ?? nil
    // What a rebuilt file may share with the base it replaces: its snapshot's suggestion
    // indexes, and its id table when the ids are the same (a rebuild of the same corpus).
    let previousBase =
      reused == nil ? previous?.latest.withLock { (base: $0.base, order: $0.order) } : nil
    // A reused base keeps its id table too (`BasePlaces`, a hash of every base id).
    let reusedOrder = reused.map { LiveRecipeOrder(sharingBaseOf: $0.order) }
    // The same thread then makes the written recipes' part of the first view's merge
    // structures from the records already read (it needs no base): the first merged query
    // after opening pays only the deletion marks, not a read and decode of every record.
    let replaying = BackgroundJob {
      Result { () throws -> (LiveRecipeOrder, Int64, PreparedRelations, LiveWrittenRecipes?) in
        let pacer = pacing.map(LoadPacer.init)
        var order: LiveRecipeOrder
        if let reusedOrder {
          order = reusedOrder
        } else if let previousBase,
          Self.same(publicIDs, previousBase.base.publicIDs, pacer: pacer)
        {
          order = LiveRecipeOrder(sharingBaseOf: previousBase.order)
        } else {
          order = LiveRecipeOrder(basePublicIDs: publicIDs, pacer: pacer)
        }
        let last = try LiveSegmentFile.replay(stored, into: &order)
        let prepared = previousPrepared ?? PreparedRelations(relations)
        // A record that cannot be decoded whole fails here quietly: the view's own build
        // reads it again and its read reports it (the index still opens, as before).
        let written =
          order.writtenCount == 0
          ? nil
          : try? LiveWrittenRecipes(
            order: order, relations: prepared, recipes: StoredSegmentRecords(stored))
        return (order, last, prepared, written)
      }
    }
    let base =
      try reused?.base
      ?? LiveBase(
        snapshot: try reader.loadSnapshot(
          pacer: pacer, reusingSuggestionIndexesOf: previousBase?.base.snapshot),
        publicIDs: publicIDs, titles: titles)
    let (order, replayed, prepared, written) = try replaying.wait().get()
    preparedRelations = prepared
    let last = max(replayed, try segment.append([]).last)
    let view: LiveView
    if let written {
      view = LiveView(
        base: base, order: order, preparedRelations: prepared, recipes: records, written: written)
    } else {
      view = LiveView(
        base: base, order: order, preparedRelations: prepared, recipes: records, following: nil)
    }
    let pool: LiveBaseReaders
    if let reused {
      pool = reused.readers
    } else {
      pool = try LiveBaseReaders(first: reader, count: readerCount, pacing: pacing)
    }
    writer = Locked(
      WriterState(
        segment: segment, generation: generation, order: order, lastSequence: last, version: 0,
        changeLogPosition: logPosition))
    latest = Locked(Target(base: base, order: order, readers: pool, version: 0))
    appliedPosition = Locked(logPosition)
    published = Locked(Published(view: view, readers: pool, version: 0))
  }

  /// How many reads may run at once (base-file connections per base).
  public let readerCount: Int

  /// Whether the files at ``url`` hold exactly what this index holds: the base of the
  /// generation it opened, and its own segment (the same `segment_id`) with no write it has not
  /// applied (one of another process's `larder add`, say) and the same change-log position. A
  /// reload that finds so has nothing to open, as Lucene's `openIfChanged` answers `null`.
  /// Reads a few small values through read-only connections of its own (a rebuilt or
  /// compacted base, or a new segment, is a new file at the path: this index's own
  /// connections still read the old one). Any error answers `false`, so that opening the files
  /// again reports it.
  public func matchesFiles() -> Bool {
    do {
      let reader = try IndexReader(url: url)
      let generation = try reader.generation()
      guard !generation.isEmpty else { return false }
      let segment = try LiveSegmentFile(readingIndexURL: url)
      let (segmentID, lastSequence) = (try segment.segmentID(), try segment.lastSequence())
      // As an opening reads it: the segment's, else the base's own (a compaction records it).
      let logPosition =
        try segment.changeLogPosition()
        ?? Int64(try reader.metadata("change_log_through") ?? "") ?? 0
      return try writer.withLock { state in
        let servedSegment = try state.segment.segmentID()
        return state.generation == generation && state.lastSequence == lastSequence
          && state.changeLogPosition == logPosition && servedSegment == segmentID
      }
    } catch {
      return false
    }
  }

  /// Whether `ids` and `other` are the same ids in the same order (one comparison per id
  /// instead of a hash and an insert), giving the core back as `pacer` says.
  private static func same(_ ids: [String], _ other: [String], pacer: LoadPacer?) -> Bool {
    guard ids.count == other.count else { return false }
    for (id, otherID) in zip(ids, other) {
      guard id == otherID else { return false }
      pacer?.step()
    }
    return true
  }

  private static func loadBase(_ reader: IndexReader) throws -> LiveBase {
    let snapshot = try reader.loadSnapshot()
    let (publicIDs, titles) = try reader.publicIDsAndTitles()
    return LiveBase(snapshot: snapshot, publicIDs: publicIDs, titles: titles)
  }

  /// The base reads build on now, its readers and the latest order over it (whose base id
  /// table a reload shares), when they are of the base file generation
  /// `generation` (never for a file without one: "" names no build).
  private func baseAndReaders(ofGeneration generation: String) -> (
    base: LiveBase, readers: LiveBaseReaders, order: LiveRecipeOrder
  )? {
    guard !generation.isEmpty else { return nil }
    return latest.withLock { target in
      target.readers.generation == generation
        ? (target.base, target.readers, target.order) : nil
    }
  }

  // MARK: Writes

  /// Adds each recipe, or replaces the recipe with its public id in place, in order, as one
  /// durable transaction; returns what each did.
  /// - Throws: ``LiveIndexError/invalidRecipe(id:reason:)`` (nothing is written) when a recipe
  ///   has an empty id or an ingredient line without a name; ``SQLiteError`` when the segment
  ///   cannot be written (nothing is written).
  @discardableResult
  public func upsert(_ recipes: [Recipe]) throws -> [LiveRecipeOrder.UpsertOutcome] {
    try Self.validate(recipes)
    // Durable first: the order and what reads see change only after the commit.
    let result = try writer.withLock { state in
      let written = try Self.write(upserting: recipes, to: state.segment, order: &state.order)
      state.lastSequence = written.lastSequence
      publish(&state)
      return written.outcomes
    }
    compactIfDue()
    return result
  }

  /// Checks that every recipe can be indexed (what ``upsert(_:)`` checks before writing), so
  /// a writer can refuse a recipe before it reaches a shared change log.
  /// - Throws: ``LiveIndexError/invalidRecipe(id:reason:)`` for the first that cannot.
  public static func validate(_ recipes: [Recipe]) throws {
    for recipe in recipes {
      if recipe.id.isEmpty {
        throw LiveIndexError.invalidRecipe(id: recipe.id, reason: "the id is empty")
      }
      if recipe.ingredients.contains(where: { $0.name.isEmpty }) {
        throw LiveIndexError.invalidRecipe(
          id: recipe.id, reason: "an ingredient line has no ingredient name")
      }
    }
  }

  /// Deletes the recipes with these public ids as one durable transaction; ids not present
  /// are reported in ``LiveDeletion/missing`` and change nothing.
  @discardableResult
  public func delete(ids: [String]) throws -> LiveDeletion {
    let result = try writer.withLock { state in
      let written = try Self.write(deleting: ids, to: state.segment, order: &state.order)
      if let last = written.lastSequence {
        state.lastSequence = last
        publish(&state)
      }
      return written.deletion
    }
    compactIfDue()
    return result
  }

  /// Applies one change of the shared change log, unless the index already holds it: its
  /// writes and the new ``changeLogPosition`` commit in one durable transaction (so a process
  /// killed at any moment neither applies a change twice nor skips one). Changes must come in
  /// log order; one at or below ``changeLogPosition`` is skipped and answers `nil`.
  /// - Throws: ``LiveIndexError/invalidRecipe(id:reason:)`` or ``SQLiteError``; nothing is
  ///   written then and the position stays.
  @discardableResult
  public func apply(_ logged: LoggedRecipeChange) throws -> RecipeChangeOutcome? {
    // A batch of one: one way of applying the log, whatever the batch size.
    try apply([logged])[logged.seq]
  }

  /// Applies consecutive changes of the shared change log, in order, skipping those the index
  /// already holds, as ONE durable transaction with the position of the last (a follower
  /// catching up pays one commit per batch instead of one per change): each change answers as
  /// it would if applied alone, one after the other; a process killed at any
  /// moment has applied the whole batch or none of it.
  /// - Returns: the outcome of each change applied now, by sequence number.
  /// - Throws: ``LiveIndexError/invalidRecipe(id:reason:)`` for a recipe of any change (nothing
  ///   is written: apply the changes one by one to find it) or ``SQLiteError``; nothing is
  ///   written then and the position stays.
  public func apply(_ batch: [LoggedRecipeChange]) throws -> [Int64: RecipeChangeOutcome] {
    for logged in batch {
      if case .upsert(let recipes) = logged.change { try Self.validate(recipes) }
    }
    let result = try writer.withLock { state -> [Int64: RecipeChangeOutcome] in
      // Outcomes come from a copy of the order (the versions are not known before the
      // commit); the order itself changes once the transaction commits.
      var order = state.order
      var operations: [LiveSegmentFile.Operation] = []
      var outcomes: [Int64: RecipeChangeOutcome] = [:]
      var position = state.changeLogPosition
      var changed = false
      for logged in batch where logged.seq > position {
        position = logged.seq
        switch logged.change {
        case .upsert(let recipes):
          operations += recipes.map { .upsert($0) }
          outcomes[logged.seq] = .upserted(
            recipes.map { order.upsert(WrittenRecipe(id: $0.id, title: $0.title, version: 0)) })
          changed = changed || !recipes.isEmpty
        case .delete(let ids):
          let deletion = Self.present(ids, in: order)
          operations += deletion.deleted.map { .delete($0) }
          for id in deletion.deleted { order.delete(id) }
          outcomes[logged.seq] = .deleted(deletion)
          changed = changed || !deletion.deleted.isEmpty
        }
      }
      guard position > state.changeLogPosition else { return [:] }
      let appended = try state.segment.append(operations, changeLogPosition: position)
      state.lastSequence = appended.last
      record(position, in: &state)
      for (operation, version) in zip(operations, appended.versions) {
        operation.apply(to: &state.order, version: version)
      }
      if changed { publish(&state) }
      return outcomes
    }
    compactIfDue()
    return result
  }

  /// Writes the upserts of `recipes` to `segment` in one durable transaction and only then
  /// to `order` (what reads see changes after the commit): the write of ``upsert(_:)`` and of
  /// ``LiveSegmentWriter``.
  /// - Returns: the sequence number of the last operation written, and each recipe's outcome.
  static func write(
    upserting recipes: [Recipe], to segment: LiveSegmentFile, order: inout LiveRecipeOrder
  ) throws -> (lastSequence: Int64, outcomes: [LiveRecipeOrder.UpsertOutcome]) {
    let appended = try segment.append(recipes.map { .upsert($0) })
    let outcomes = zip(recipes, appended.versions).map { recipe, version in
      order.upsert(WrittenRecipe(id: recipe.id, title: recipe.title, version: version))
    }
    return (appended.last, outcomes)
  }

  /// Deletes the ids of `ids` present in `order` (see ``present(_:in:)``) from `segment` in
  /// one durable transaction and only then from `order`: the write of ``delete(ids:)`` and of
  /// ``LiveSegmentWriter``.
  /// - Returns: the sequence number of the last operation written (`nil` when nothing was
  ///   present, so nothing was written), and what was deleted and missing.
  static func write(
    deleting ids: [String], to segment: LiveSegmentFile, order: inout LiveRecipeOrder
  ) throws -> (lastSequence: Int64?, deletion: LiveDeletion) {
    // Which ids are present is decided in order, so an id named twice is deleted once.
    let deletion = present(ids, in: order)
    guard !deletion.deleted.isEmpty else { return (nil, deletion) }
    let last = try segment.append(deletion.deleted.map { .delete($0) }).last
    for id in deletion.deleted { order.delete(id) }
    return (last, deletion)
  }

  /// Which of `ids` a delete removes from `order` (each present id once, in the order given)
  /// and which it does not find.
  static func present(_ ids: [String], in order: LiveRecipeOrder) -> LiveDeletion {
    var deleted: [String] = []
    var missing: [String] = []
    var seen = Set<String>()
    for id in ids {
      if seen.insert(id).inserted && order.contains(id) {
        deleted.append(id)
      } else {
        missing.append(id)
      }
    }
    return LiveDeletion(deleted: deleted, missing: missing)
  }

  /// The last change of the shared change log this index holds (0 for none): kept in the
  /// live segment with the writes, and in the base by a compaction.
  /// - Complexity: O(1); never waits for a write in progress.
  public var changeLogPosition: Int64 { appliedPosition.withLock { $0 } }

  /// ``changeLogPosition`` as last committed, readable while a write holds the writer lock.
  private let appliedPosition: Locked<Int64>

  /// Records a committed change-log position, with the writer lock held.
  private func record(_ position: Int64, in state: inout WriterState) {
    state.changeLogPosition = position
    appliedPosition.withLock { $0 = position }
  }

  /// Makes `state` what the next read sees; called with the writer lock held. O(writes in
  /// the segment) to copy the order; the view itself is built by the next read (so a burst of
  /// writes costs one view, and a write never waits for one).
  private func publish(_ state: inout WriterState) {
    state.version += 1
    let (order, version) = (state.order, state.version)
    latest.withLock {
      $0.order = order
      $0.version = version
    }
  }

  // MARK: Compaction

  /// Writes a new base index of the present recipes (in recipe order, to a temporary file
  /// renamed into place) and drops from the segment the writes it holds. Reads go on over the
  /// old base meanwhile; writes go on too and stay in the segment, replayed over the new base.
  /// - Throws: ``SQLiteError`` or ``IndexOpenError``; the index and its segment are then as
  ///   before (a stopped compaction leaves at most a temporary file, removed on next open).
  public func compact() throws {
    try compaction.withLock { _ in
      let (order, through, generation, logPosition, segmentID) = try writer.withLock { state in
        let id = try state.segment.segmentID()
        return (state.order, state.lastSequence, state.generation, state.changeLogPosition, id)
      }
      let present = order.presentSlots
      let source = try IndexReader(url: url)
      let newGeneration = try IndexWriter.write(
        count: present.count,
        recipe: { i in
          switch present[i] {
          case .live(let written): return try records.recipe(written.version)
          case .base(let rid):
            guard let recipe = try source.recipe(rid) else {
              throw IndexOpenError.notAnIndex(url.path)
            }
            return recipe
          case .deleted: preconditionFailure("present slots hold no deletion")
          }
        }, relations: relations, to: url,
        metadata: [
          "compacted_from": generation, "compacted_through": String(through),
          // Which segment this compaction folded in: a copy of this file opened beside
          // another segment of the same old base is not taken for that segment's compaction.
          "compacted_segment": segmentID,
          // A copy of this file alone (shipped to a new replica) knows where in the shared
          // change log to start.
          "change_log_through": String(logPosition),
        ])
      // The new base's in-memory parts are made before the writer lock: writes wait only for
      // the segment update and the replay of the writes made during the build.
      let reader = try IndexReader(url: url)
      let base = try Self.loadBase(reader)
      let readers = try LiveBaseReaders(first: reader, count: readerCount)
      // `larder index` renamed another file over the path during the build: serve nothing of it.
      guard readers.generation == newGeneration else {
        throw IndexOpenError.generationChanged(path: url.path)
      }
      let fresh = LiveRecipeOrder(basePublicIDs: base.publicIDs)
      try writer.withLock { state in
        try state.segment.rebase(onto: newGeneration, droppingThrough: through)
        var order = fresh
        _ = try LiveSegmentFile.replay(try state.segment.storedOperations(), into: &order)
        state.generation = newGeneration
        state.order = order
        state.version += 1
        let version = state.version
        latest.withLock {
          $0 = Target(base: base, order: order, readers: readers, version: version)
        }
      }
    }
  }

  /// Starts a compaction on a thread of its own when the segment has reached the automatic
  /// threshold and none is running; a failure is kept in ``lastCompactionError``.
  private func compactIfDue() {
    let (size, baseCount) = writer.withLock {
      ($0.order.writtenCount + $0.order.deletedCount, $0.order.baseCount)
    }
    guard let threshold = automaticCompaction.threshold(baseCount: baseCount), size >= threshold
    else { return }
    let start = compacting.withLock { (running: inout Bool) -> Bool in
      if running { return false }
      running = true
      return true
    }
    guard start else { return }
    background.enter()
    let thread = Thread { [self] in
      defer { background.leave() }
      do {
        try compact()
        compactionError.withLock { $0 = nil }
      } catch {
        compactionError.withLock { $0 = "\(error)" }
      }
      compacting.withLock { $0 = false }
    }
    thread.name = "larder-compaction"
    thread.start()
  }

  private let compactionError = Locked<String?>(nil)
  /// Entered while a background compaction runs.
  private let background = DispatchGroup()

  /// Waits until a background compaction that is running has finished (a process that is
  /// about to exit, or to open the same index again, calls this first).
  public func waitForCompaction() { background.wait() }

  /// Why the last automatic compaction failed, or `nil` when it did not (the segment then
  /// keeps every write; the next write that finds the segment due tries again).
  public var lastCompactionError: String? { compactionError.withLock { $0 } }

  /// Whether an automatic compaction is running.
  public var isCompacting: Bool { compacting.withLock { $0 } }

  // MARK: Reads

  /// Runs `body` over one consistent view of the index: every write that returned before
  /// this call is in it.
  ///
  /// Up to ``readerCount`` bodies run at once, each with a base-file connection of its own;
  /// more wait for one. The first read after writes makes the view that holds them (once,
  /// for all reads waiting on it; O(changed places), no snapshot build).
  public func read<Result: Sendable>(_ body: (LiveReadAccess) throws -> Result) throws -> Result {
    refresh()
    // The view and the readers of the base it was made over, taken together.
    let (view, readers) = published.withLock { ($0.view, $0.readers) }
    return try view.answering { view in
      try readers.withReader {
        try body(LiveReadAccess(view: view, reader: $0, records: records))
      }
    }
  }

  /// Builds and publishes the view of the latest state, unless the published one is it.
  private func refresh() {
    let wanted = latest.withLock { $0.version }
    if published.withLock({ $0.version }) >= wanted { return }
    refreshing.withLock { _ in
      let target = latest.withLock { $0 }
      let (previous, version) = published.withLock { ($0.view, $0.version) }
      if version >= target.version { return }
      // Over the same base, the new view's merge structures are derived from the previous
      // view's: a write costs its own recipes, not a read of every written one.
      let view = LiveView(
        base: target.base, order: target.order, preparedRelations: preparedRelations,
        recipes: records, following: previous)
      published.withLock {
        $0 = Published(view: view, readers: target.readers, version: target.version)
      }
    }
  }

  /// The latest view (snapshot queries and ids only; recipe text needs ``read(_:)``). Builds
  /// it when writes made since the last one are not in a view yet.
  public var view: LiveView {
    refresh()
    return published.withLock { $0.view }
  }

  /// The latest view when it is already built, or `nil` when a write is waiting for one:
  /// for a caller that must not block on a build (an async request thread), which then gets
  /// ``view`` on a thread that may block.
  /// - Complexity: O(1), two lock takes.
  public var builtView: LiveView? {
    let wanted = latest.withLock { $0.version }
    return published.withLock { $0.version >= wanted ? $0.view : nil }
  }

  /// How many recipes are present after the last write, without building a view.
  public var recipeCount: Int { latest.withLock { $0.order.count } }

  /// How many recipes the segment holds written versions of, and how many places are
  /// deletion marks: what a compaction would fold into the base.
  public var segmentSize: (written: Int, deleted: Int) {
    writer.withLock { ($0.order.writtenCount, $0.order.deletedCount) }
  }
}

extension LiveIndex: PacedReleasable {
  /// Adds this index's parts to `release`: its base readers one by one (each closes a SQLite
  /// connection and frees its page cache), the published view with its base
  /// (``LiveView/holdParts(in:)``), a base that a compaction put in place and no view holds yet,
  /// and the orders of the latest state and of its writer.
  public func holdParts(in release: inout PacedRelease) {
    let (view, readers) = published.withLock { ($0.view, $0.readers) }
    let target = latest.withLock { $0 }
    for pool in target.readers === readers ? [readers] : [readers, target.readers] {
      pool.holdReaders(in: &release)
    }
    view.holdParts(in: &release)
    if !view.isOver(target.base) { target.base.holdParts(in: &release) }
    release.hold(partsOf: (target.order, writer.withLock { $0.order }))
  }
}

/// When a live index compacts on its own: once its segment holds at least
/// `max(minimumPlaces, baseFraction × base recipes)` written or deleted places (see the
/// README's write-path paragraph for the measurement behind the standard values).
public struct AutomaticCompaction: Sendable, Hashable {
  /// The smallest segment that is compacted, or `nil` for never.
  public var minimumPlaces: Int?
  /// The share of the base's recipes a segment must reach too.
  public var baseFraction: Double

  /// A rule from its parts.
  public init(minimumPlaces: Int?, baseFraction: Double) {
    self.minimumPlaces = minimumPlaces
    self.baseFraction = baseFraction
  }

  /// The default: 10,000 places, or a tenth of the base when larger.
  public static let standard = AutomaticCompaction(minimumPlaces: 10_000, baseFraction: 0.1)
  /// Only ``LiveIndex/compact()`` called by hand compacts.
  public static let never = AutomaticCompaction(minimumPlaces: nil, baseFraction: 0)

  /// The segment size that starts a compaction over a base of `baseCount` recipes.
  func threshold(baseCount: Int) -> Int? {
    minimumPlaces.map { max($0, Int(Double(baseCount) * baseFraction)) }
  }
}

/// What ``LiveIndex/delete(ids:)`` did.
public struct LiveDeletion: Sendable, Hashable {
  /// The ids deleted, in the order given.
  public var deleted: [String]
  /// The ids that named no present recipe.
  public var missing: [String]
}

/// Why a live index refused a write.
public enum LiveIndexError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A recipe that cannot be indexed.
  case invalidRecipe(id: String, reason: String)

  /// The message.
  public var description: String {
    switch self {
    case .invalidRecipe(let id, let reason): "recipe \(id.debugDescription): \(reason)"
    }
  }
}
