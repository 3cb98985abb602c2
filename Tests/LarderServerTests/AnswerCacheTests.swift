import Testing

@testable import LarderServer

@Suite struct AnswerCacheTests {
  @Test func answersAreMadeOnceThenServedFromTheCache() async {
    let cache = AnswerCache<String>(capacity: 4)
    var made = 0
    let first = await cache.answer(for: "a") {
      made += 1
      return [1]
    }
    let second = await cache.answer(for: "a") {
      made += 1
      return [2]
    }
    #expect(first == [1] && second == [1])
    #expect(made == 1)
  }

  @Test func memoryStaysBounded() async {
    let cache = AnswerCache<String>(capacity: 4)
    for i in 0..<100 { _ = await cache.answer(for: "k\(i)") { [UInt8(i)] } }
    #expect(cache.count <= 4)
    #expect(await cache.answer(for: "k99") { [0] } == [99])
  }

  @Test func bytesStayWithinTheBudget() async {
    let cache = AnswerCache<Int>(capacity: 1_000, byteBudget: 100)
    for i in 0..<50 {
      let answer = await cache.answer(for: i) { [UInt8](repeating: UInt8(i), count: 30) }
      #expect(answer == [UInt8](repeating: UInt8(i), count: 30))
      #expect(cache.bytes <= 100)
    }
    #expect(cache.count <= 3)
    // Larger than the whole budget: answered, not kept.
    let big = await cache.answer(for: 999) { [UInt8](repeating: 7, count: 101) }
    #expect(big.count == 101)
    #expect(await cache.answer(for: 999) { [1] } == [1])
  }

  @Test func errorsAreNotKept() async throws {
    struct Refused: Error {}
    let cache = AnswerCache<String>()
    await #expect(throws: Refused.self) { try await cache.answer(for: "x") { throw Refused() } }
    #expect(cache.count == 0)
    #expect(await cache.answer(for: "x") { [5] } == [5])
  }
}
