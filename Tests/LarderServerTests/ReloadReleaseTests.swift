import Foundation
import LarderStore
import LarderTestSupport
import Testing

@testable import LarderCore
@testable import LarderServer

/// A reload lets go of the index it replaced, whole (its live index, views and snapshot, not
/// only the served shell: the opening no longer keeps the live index), on the release thread
/// once no request holds it, freeing it a part at a time. What the new index shares with it (a
/// reload of the same base shares the base) stays and answers the same; a request that holds
/// the old index across the reload still answers from it, the same answers as before.
@Suite struct ReloadReleaseTests {
  /// Weak references to an index's shell, live index, latest view and base snapshot.
  final class Watched: @unchecked Sendable {
    // Safety: written once in `init`, then only read (weak loads are atomic).
    weak var served: ServedIndex?
    weak var live: LiveIndex?
    weak var view: LiveView?
    weak var snapshot: Snapshot?

    init(_ index: ServedIndex) {
      served = index
      live = index.live
      view = index.live.view
      snapshot = index.live.view.base.snapshot
    }

    /// Whether the shell, the live index and its view are gone.
    var indexGone: Bool { served == nil && live == nil && view == nil }
  }

  /// Whether `condition` holds, polled for at most a minute (a loaded machine: the release
  /// thread polls every 2 ms for the last holder, then frees the parts paced).
  static func eventually(_ condition: () -> Bool) async throws -> Bool {
    for _ in 0..<600 where !condition() { try await Task.sleep(for: .milliseconds(100)) }
    return condition()
  }

  static let requests = [
    SuggestRequest(text: "ga", kind: [.ingredient], limit: 10, excluded: []),
    SuggestRequest(text: "chi", kind: .all, limit: 5, excluded: []),
    SuggestRequest(text: "tom", kind: [.ingredient], limit: 3, excluded: ["tomato"]),
    SuggestRequest(text: "so", kind: [.recipe], limit: 5, excluded: []),
  ]

  /// `requests` answered by `index`'s latest view (not from its cache).
  static func answers(_ index: ServedIndex) async throws -> [[Suggestion]] {
    try await index.withView { view in
      try requests.map {
        try view.suggest($0.text, limit: $0.limit, kind: $0.kind, excluding: Set($0.excluded))
      }
    }
  }

  /// Fills `index`'s suggest cache with `requests` (cached answers are parts to free too).
  static func cacheAnswers(_ index: ServedIndex) async throws {
    for request in requests { _ = try await index.suggestAnswer(request) }
  }

  @Test func aReplacedRebuiltIndexIsFreedWholeOnceNoRequestHoldsIt() async throws {
    let server = try await LiveServer.start()
    // Answers cached and the title tables built on the old index: parts to free too.
    try await Self.cacheAnswers(server.holder.index)
    let watched = Watched(server.holder.index)
    let generation = server.holder.index.generation
    let corpus = try Fixtures.file(named: "again.jsonl", contents: CorpusSamples.larderJSONL)
    _ = try IndexBuild(vocabulary: try Vocabulary.bundled(), policy: .skip)
      .run(paths: [corpus], destination: server.indexURL)

    let fresh = try await server.holder.reload()
    #expect(fresh.generation != generation)
    #expect(try await Self.eventually { watched.indexGone }, "the index and its live index go")
    #expect(
      try await Self.eventually { watched.snapshot == nil },
      "its snapshot (another generation's) goes, a part of the paced release")
    #expect(try await server.get("/v1/recipes/pea-soup").status == 200)
  }

  @Test func whatTheNewIndexSharesStaysAndAnswersTheSame() async throws {
    let server = try await LiveServer.start()
    try await Self.cacheAnswers(server.holder.index)
    let watched = Watched(server.holder.index)
    // A write the served index does not hold: the reload opens the files again and shares
    // the unchanged base (snapshot, titles, ids) with the index it replaces.
    try server.writeBehindTheServer()
    let fresh = try await server.holder.reload()
    let before = try await Self.answers(fresh)
    #expect(try await Self.eventually { watched.indexGone })
    #expect(watched.snapshot === fresh.live.view.base.snapshot, "the shared base is not freed")
    // Asked again: the shared parts the release let go of answer the same.
    #expect(try await Self.answers(fresh) == before)
    #expect(try await server.get("/v1/recipes?with=garlic").status == 200)
  }

  @Test func aRequestHoldingTheOldIndexAcrossAReloadStillAnswers() async throws {
    let server = try await LiveServer.start()
    var old: ServedIndex? = server.holder.index
    try await Self.cacheAnswers(old!)
    let before = try await Self.answers(old!)
    let recipe = try await old!.read { try $0.recipe(RecipeID(0)) }
    let watched = Watched(old!)
    let corpus = try Fixtures.file(named: "again.jsonl", contents: CorpusSamples.larderJSONL)
    _ = try IndexBuild(vocabulary: try Vocabulary.bundled(), policy: .skip)
      .run(paths: [corpus], destination: server.indexURL)
    let fresh = try await server.holder.reload()
    #expect(fresh !== old)

    // Held across the reload (as a request in flight holds it), long enough for the release
    // thread to poll many times: nothing of it is freed, and it answers as before, from its
    // own readers and snapshot.
    try await Task.sleep(for: .milliseconds(200))
    #expect(watched.live != nil)
    #expect(try await Self.answers(old!) == before)
    #expect(try await old!.read { try $0.recipe(RecipeID(0)) } == recipe)

    // Let go of: then the release thread frees it.
    old = nil
    #expect(try await Self.eventually { watched.indexGone })
  }
}
