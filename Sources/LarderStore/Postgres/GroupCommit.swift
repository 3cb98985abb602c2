import LarderCore
import NIOCore
import NIOPosix

/// A write that ``GroupCommit`` may commit together with others. Two writes with the same
/// ``key`` never share a batch (the second waits for the next one), so a batch's statement
/// never touches one row twice and its answers follow one order of the writes.
protocol GroupCommitWrite: Sendable {
  /// What the write changes (a favorite: its profile and recipe).
  associatedtype Key: Hashable
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
        guard state.running < maximumRunning else { return nil }
        state.running += 1
        return state.takeBatch(maximumBatch)
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
        next = takeNextOrFreeSlot()
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
      if let next = takeNextOrFreeSlot() { startSlot(with: next, commit: commit) }
    }
    batch.setTimer(timer)
  }

  /// The next batch for a slot that has finished one, or `nil` (and the slot freed) when no
  /// write is waiting.
  private func takeNextOrFreeSlot() -> Batch? {
    state.withLock { state in
      guard !state.waiting.isEmpty else {
        state.running -= 1
        return nil
      }
      return state.takeBatch(maximumBatch)
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

    /// Takes up to `maximum` waiting writes in order, leaving a write whose key is already in
    /// the batch (and every later write of that key) for a later batch.
    mutating func takeBatch(_ maximum: Int) -> Batch {
      var taken: [Waiting] = []
      var left: [Waiting] = []
      var keys = Set<Write.Key>()
      for entry in waiting {
        if taken.count < maximum, keys.insert(entry.write.key).inserted {
          taken.append(entry)
        } else {
          left.append(entry)
        }
      }
      waiting = left
      return Batch(taken)
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
