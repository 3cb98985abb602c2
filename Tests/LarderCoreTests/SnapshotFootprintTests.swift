import LarderTestSupport
import Testing

@testable import LarderCore

@Suite struct SnapshotFootprintTests {
  @Test func countsEveryPostingAndSumsItsParts() {
    let (recipes, relations) = RandomCorpus.make(seed: 11, recipes: 400)
    let snapshot = RandomCorpus.snapshot(recipes, relations)
    let oracle = Oracle(recipes, relations)
    let footprint = snapshot.footprint()
    let postings = recipes.indices.map { oracle.distinctNames($0).count }.reduce(0, +)
    #expect(footprint.postings == postings)
    #expect(footprint.recipes == recipes.count)
    #expect(footprint.totalBytes == footprint.parts.map(\.bytes).reduce(0, +))
    #expect(footprint.parts.allSatisfy { $0.bytes > 0 })
    // The posting lists alone hold one 4-byte id per posting.
    let lists = footprint.parts.first { $0.name.hasPrefix("posting lists") }
    #expect((lists?.bytes ?? 0) >= 4 * postings)
    #expect(footprint.bytesPerPosting == Double(footprint.totalBytes) / Double(postings))
  }
}
