import LarderCore
import NIOCore
import NIOPosix

/// A write that ``GroupCommit`` may commit together with others. Two writes with the same
/// ``key`` never share a batch, nor run in two batches at once (the later one waits until the
/// batch holding the earlier one is answered), so a batch's statement never touches one row
/// twice and the writes of one key commit in their order.
protocol GroupCommitWrite: Sendable {
  /// What the write changes (a favorite: its profile and recipe).
  associatedtype Key: Hashable & Sendable
  /// What the write changes.
  var key: Key { get }
}

/// Group commit (issue 18): writes that arrive while earlier ones are being committed wait
/// and then go to PostgreSQL together, one call, one round trip and one transaction for the
/// batch, and each caller is answered only once that transaction has committed (or failed):
/// "acknowledged = committed" holds as for one write alone.
///
/// At most ``maximumRunning`` batches run at once; a write that finds a free slot starts a
/// batch at once (no batch waits for company, so a lone write costs what it costs alone), and
/// writes that arrive while every slot is busy form the next batch (at most ``maximumBatch``
/// writes) when a slot frees. Each slot is a task that commits batches in a loop while writes
/// are waiting, so a busy replica makes a task per burst, not per write. Writes that are
/// waiting together are concurrent (neither was answered before the other was sent), so any
/// order between them is one the callers could have seen; writes of one key keep their order.
///
/// A batch gives up at ``limit`` after its oldest write was submitted: its writes are answered
/// ``DeadlineExceeded`` (their transaction may still commit, as for a single call that timed
/// out) and its slot goes to the writes waiting, so no write waits much longer than ``limit``
/// for its answer.
///
/// - Complexity: O(waiting) to form a batch, O(1) to submit a write.
final class GroupCommit<Write: GroupCommitWrite, Outcome: Sendable>: Sendable {
  /// Commits one batch: one result per write, in the batch's order. A failure of the whole
  /// batch is that failure for every write (nothing of it committed).
  typealias Commit = @Sendable ([Write]) async -> [Result<Outcome, any Error>]

  /// The batches that may be committing at once.
  let maximumRunning: Int
  /// The most writes in one batch.
  let maximumBatch: Int
  /// How long after its oldest write's submission a batch is answered ``DeadlineExceeded``.
  let limit: Duration

  private let state = Locked(State())

  /// An empty queue.
  init(maximumRunning: Int, maximumBatch: Int, limit: Duration) {
    precondition(maximumRunning >= 1 && maximumBatch >= 1)
    self.maximumRunning = maximumRunning
    self.maximumBatch = maximumBatch
    self.limit = limit
  }

  /// `write`'s outcome, once the batch that holds it has committed. `commit` commits the
  /// batches a slot started by this call runs (every caller of one queue passes the same
  /// function: the queue is made before its owner can hand out a function of itself).
  /// - Throws: what `commit` answered for it; ``DeadlineExceeded`` after ``limit``.
  func submit(_ write: Write, commit: @escaping Commit) async throws -> Outcome {
    try await withCheckedThrowingContinuation { continuation in
      let submitted = NIODeadline.now()
      let batch: Batch? = state.withLock { state in
        state.waiting.append(
          Waiting(write: write, continuation: continuation, submitted: submitted))
        // A write whose key a running batch holds waits for that batch's slot to take it.
        guard state.running < maximumRunning, let batch = state.takeBatch(maximumBatch) else {
          return nil
        }
        state.running += 1
        return batch
      }
      if let batch { startSlot(with: batch, commit: commit) }
    }
  }

  /// The writes waiting for a batch now and the batches committing (for tests).
  var counts: (waiting: Int, running: Int) {
    state.withLock { ($0.waiting.count, $0.running) }
  }

  /// A task that commits `batch`, then the batches formed meanwhile, until nothing waits.
  private func startSlot(with batch: Batch, commit: @escaping Commit) {
    Task { [self] in
      var next: Batch? = batch
      while let batch = next {
        armDeadline(of: batch, commit: commit)
        let results = await commit(batch.writes)
        // The deadline may have answered the batch and handed the slot on already.
        guard batch.answer(results) else { return }
        next = takeNextOrFreeSlot(after: batch)
      }
    }
  }

  /// Answers `batch` with ``DeadlineExceeded`` at its oldest write's submission plus
  /// ``limit``, unless its commit answers first; then hands its slot on.
  private func armDeadline(of batch: Batch, commit: @escaping Commit) {
    let deadline = batch.oldest + TimeAmount(limit)
    let timer = MultiThreadedEventLoopGroup.singleton.any().scheduleTask(deadline: deadline) {
      [self] in
      guard batch.fail(DeadlineExceeded()) else { return }
      if let next = takeNextOrFreeSlot(after: batch) { startSlot(with: next, commit: commit) }
    }
    batch.setTimer(timer)
  }

  /// The next batch for a slot that has answered `finished`, or `nil` (and the slot freed)
  /// when no waiting write can go now (none waits, or each waits for a key another running
  /// batch holds: that batch's slot takes it when it finishes).
  private func takeNextOrFreeSlot(after finished: Batch) -> Batch? {
    state.withLock { state in
      state.release(finished.writes.map(\.key))
      guard let next = state.takeBatch(maximumBatch) else {
        state.running -= 1
        return nil
      }
      return next
    }
  }

  /// One write waiting for its answer.
  fileprivate struct Waiting: Sendable {
    var write: Write
    var continuation: CheckedContinuation<Outcome, any Error>
    var submitted: NIODeadline
  }

  private struct State: Sendable {
    /// Writes not in a batch yet, in submission order.
    var waiting: [Waiting] = []
    /// The slots committing a batch.
    var running = 0
    /// The keys of the writes in running batches (not answered yet).
    var committing = Set<Write.Key>()

    /// Takes up to `maximum` waiting writes in order, leaving for a later batch a write whose
    /// key is already in this batch or in a running one (and every later write of that key);
    /// `nil`, and nothing taken, when no waiting write can go now.
    mutating func takeBatch(_ maximum: Int) -> Batch? {
      var taken: [Waiting] = []
      var left: [Waiting] = []
      var blocked = committing
      for entry in waiting {
        // A key seen once is blocked for the rest of the scan, taken or not: a later write
        // of a key left waiting must not overtake it.
        if taken.count < maximum, blocked.insert(entry.write.key).inserted {
          taken.append(entry)
        } else {
          left.append(entry)
        }
      }
      guard !taken.isEmpty else { return nil }
      waiting = left
      for entry in taken { committing.insert(entry.write.key) }
      return Batch(taken)
    }

    /// Forgets the keys of a batch that was answered.
    mutating func release(_ keys: [Write.Key]) {
      for key in keys { committing.remove(key) }
    }
  }

  /// A batch being committed: its writes are answered exactly once, by its commit or by its
  /// deadline, whichever comes first.
  private final class Batch: Sendable {
    let writes: [Write]
    let oldest: NIODeadline
    private let members: Locked<Members>

    private struct Members: Sendable {
      var waiting: [Waiting]?
      var timer: Scheduled<Void>?
    }

    init(_ waiting: [Waiting]) {
      writes = waiting.map(\.write)
      oldest = waiting.map(\.submitted).min() ?? .now()
      members = Locked(Members(waiting: waiting))
    }

    func setTimer(_ timer: Scheduled<Void>) {
      let answered = members.withLock { members in
        members.timer = timer
        return members.waiting == nil
      }
      if answered { timer.cancel() }
    }

    /// Answers each write with its result; `false` when the batch was answered already.
    func answer(_ results: [Result<Outcome, any Error>]) -> Bool {
      guard let taken = take() else { return false }
      let (waiting, timer) = taken
      timer?.cancel()
      for (index, entry) in waiting.enumerated() {
        entry.continuation.resume(
          with: index < results.count
            ? results[index] : .failure(GroupCommitMissingResult()))
      }
      return true
    }

    /// Answers every write with `error`; `false` when the batch was answered already.
    func fail(_ error: any Error) -> Bool {
      guard let waiting = take()?.0 else { return false }
      for entry in waiting { entry.continuation.resume(throwing: error) }
      return true
    }

    private func take() -> ([Waiting], Scheduled<Void>?)? {
      members.withLock { members in
        guard let waiting = members.waiting else { return nil }
        members.waiting = nil
        return (waiting, members.timer)
      }
    }
  }
}

/// A batch's commit answered fewer results than it had writes (a bug, answered as an error
/// rather than a write left waiting).
struct GroupCommitMissingResult: Error {}
