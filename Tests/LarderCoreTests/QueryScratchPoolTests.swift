import LarderTestSupport
import Testing

@testable import LarderCore

/// All-of queries without a scratch of their own borrow one from the snapshot's pool: answers
/// as with a fresh scratch, also when many run at once, and the idle ones stay bounded.
@Suite struct QueryScratchPoolTests {
  @Test func concurrentQueriesAnswerAsWithTheirOwnScratch() async throws {
    let (recipes, relations) = RandomCorpus.make(seed: 5, recipes: 3000, vocabulary: 30)
    let snapshot = RandomCorpus.snapshot(recipes, relations)
    let names = ["salt", "onion", "garlic", "butter", "cheese", "olive oil", "pepper", "egg"]
    let queries = names.indices.flatMap { i in
      names[(i + 1)...].map { AllOfQuery([names[i], $0], page: PageRequest(limit: 30)) }
    }
    let expected = try queries.map { try snapshot.allOf($0, scratch: QueryScratch(for: snapshot)) }
    let answers = try await withThrowingTaskGroup(of: (Int, AllOfResult).self) { group in
      for _ in 0..<8 {
        for (i, query) in queries.enumerated() {
          group.addTask { (i, try snapshot.allOf(query)) }
        }
      }
      var answers: [(Int, AllOfResult)] = []
      for try await answer in group { answers.append(answer) }
      return answers
    }
    #expect(answers.count == queries.count * 8)
    for (i, answer) in answers { #expect(answer == expected[i], "\(queries[i].ingredients)") }
    #expect(snapshot.scratchPool.idleCount >= 1)
    #expect(snapshot.scratchPool.idleCount <= snapshot.scratchPool.capacity)
  }

  @Test func idleScratchesStayBoundedAndAreReused() {
    let pool = QueryScratchPool(recipeCount: 100, capacity: 2)
    let first = pool.withScratch { ObjectIdentifier($0) }
    #expect(pool.withScratch { ObjectIdentifier($0) } == first)
    // Three at once: three scratches, two kept.
    pool.withScratch { a in
      pool.withScratch { b in
        pool.withScratch { c in
          #expect(Set([a, b, c].map(ObjectIdentifier.init)).count == 3)
          #expect([a, b, c].allSatisfy { $0.capacity == 100 })
        }
      }
    }
    #expect(pool.idleCount == 2)
    // A throwing body still gives its scratch back.
    struct Failure: Error {}
    #expect(throws: Failure.self) { try pool.withScratch { _ in throw Failure() } }
    #expect(pool.idleCount == 2)
  }
}
