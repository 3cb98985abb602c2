import Testing

@testable import LarderServer

@Suite struct SuggestCacheTests {
  @Test func answersAreMadeOnceThenServedFromTheCache() {
    let cache = SuggestCache(capacity: 4)
    var made = 0
    let first = cache.answer(for: "a") {
      made += 1
      return [1]
    }
    let second = cache.answer(for: "a") {
      made += 1
      return [2]
    }
    #expect(first == [1] && second == [1])
    #expect(made == 1)
  }

  @Test func memoryStaysBounded() {
    let cache = SuggestCache(capacity: 4)
    for i in 0..<100 { _ = cache.answer(for: "k\(i)") { [UInt8(i)] } }
    #expect(cache.count <= 4)
    #expect(cache.answer(for: "k99") { [0] } == [99])
  }
}
