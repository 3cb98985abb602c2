import Testing

@testable import LarderServer

@Suite struct SuggestCacheTests {
  @Test func answersAreMadeOnceThenServedFromTheCache() async {
    let cache = SuggestCache(capacity: 4)
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
    let cache = SuggestCache(capacity: 4)
    for i in 0..<100 { _ = await cache.answer(for: "k\(i)") { [UInt8(i)] } }
    #expect(cache.count <= 4)
    #expect(await cache.answer(for: "k99") { [0] } == [99])
  }
}
