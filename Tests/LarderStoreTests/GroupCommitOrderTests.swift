import LarderCore
import Testing

@testable import LarderStore

/// ``GroupCommit``'s order of one key's writes, without PostgreSQL: the commit function is
/// the test's own and holds each batch until the test lets it go, so which batches run at
/// once is known. Two writes of one key never run in two batches at once, so they commit in
/// the order they were submitted, even with a second slot free.
@Suite struct GroupCommitOrderTests {
  /// A write of `key`, named `name` so the test can see the order of commits.
  struct Write: GroupCommitWrite {
    var key: String
    var name: String
  }

  /// A commit function whose batches each wait for the test's go: `started` lists the
  /// batches that reached it, in order.
  final class HeldCommits: Sendable {
    private let state = Locked(
      (started: [[String]](), gates: [CheckedContinuation<Void, Never>]()))

    var started: [[String]] { state.withLock { $0.started } }

    func commit(_ writes: [Write]) async -> [Result<String, any Error>] {
      await withCheckedContinuation { gate in
        state.withLock {
          $0.started.append(writes.map(\.name))
          $0.gates.append(gate)
        }
      }
      return writes.map { .success($0.name) }
    }

    /// Lets the batch that started `index`-th (from 0) finish.
    func release(_ index: Int) {
      let gate = state.withLock { $0.gates[index] }
      gate.resume()
    }
  }

  /// Waits (bounded: 2,000 polls of 5 ms) until `condition` holds.
  func wait(_ what: String, until condition: () -> Bool) async throws {
    for _ in 0..<2_000 {
      if condition() { return }
      try await Task.sleep(for: .milliseconds(5))
    }
    Issue.record("timed out waiting for \(what)")
    throw CancellationError()
  }

  @Test func aKeysLaterWriteWaitsForTheBatchHoldingItsEarlierOneWithASlotFree() async throws {
    let queue = GroupCommit<Write, String>(
      maximumRunning: 2, maximumBatch: 64, limit: .seconds(600))
    let commits = HeldCommits()
    let commit: GroupCommit<Write, String>.Commit = { await commits.commit($0) }
    func submit(_ key: String, _ name: String) -> Task<String, any Error> {
      Task { try await queue.submit(Write(key: key, name: name), commit: commit) }
    }
    // Both slots busy with other keys.
    let first = submit("a", "a1")
    try await wait("the first batch") { commits.started.count == 1 }
    let second = submit("b", "b1")
    try await wait("the second batch") { commits.started.count == 2 }
    // One key removed, then saved again: both wait.
    let removal = submit("k", "k-remove")
    try await wait("one write waiting") { queue.counts.waiting == 1 }
    let save = submit("k", "k-save")
    try await wait("two writes waiting") { queue.counts.waiting == 2 }

    // The first slot frees: it takes the removal alone (the save of its key stays).
    commits.release(0)
    #expect(try await first.value == "a1")
    try await wait("the removal's batch") { commits.started.count == 3 }
    #expect(commits.started[2] == ["k-remove"])
    // The second slot frees with the save waiting: the save's key is committing, so it
    // stays queued and the slot goes idle instead of committing the save beside the removal.
    commits.release(1)
    #expect(try await second.value == "b1")
    try await wait("the second slot idle") { queue.counts.running == 1 }
    #expect(commits.started.count == 3)
    #expect(queue.counts.waiting == 1)

    // The removal commits; then the save goes.
    commits.release(2)
    #expect(try await removal.value == "k-remove")
    try await wait("the save's batch") { commits.started.count == 4 }
    #expect(commits.started[3] == ["k-save"])
    commits.release(3)
    #expect(try await save.value == "k-save")
    #expect(queue.counts.running == 0 && queue.counts.waiting == 0)
  }

  @Test func aLoneWriteOfAKeyBeingCommittedWaitsEvenWithASlotFree() async throws {
    let queue = GroupCommit<Write, String>(
      maximumRunning: 2, maximumBatch: 64, limit: .seconds(600))
    let commits = HeldCommits()
    let commit: GroupCommit<Write, String>.Commit = { await commits.commit($0) }
    let first = Task { try await queue.submit(Write(key: "k", name: "k1"), commit: commit) }
    try await wait("the first batch") { commits.started.count == 1 }
    let second = Task { try await queue.submit(Write(key: "k", name: "k2"), commit: commit) }
    try await wait("the second write waiting") { queue.counts.waiting == 1 }
    #expect(queue.counts.running == 1)
    commits.release(0)
    #expect(try await first.value == "k1")
    try await wait("the second batch") { commits.started.count == 2 }
    #expect(commits.started[1] == ["k2"])
    commits.release(1)
    #expect(try await second.value == "k2")
  }
}
