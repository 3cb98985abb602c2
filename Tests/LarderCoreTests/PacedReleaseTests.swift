import LarderTestSupport
import Testing

@testable import LarderCore

/// A ``PacedRelease`` holds the parts of something being let go of, so that its deinitialiser
/// frees none of them, then drops them one at a time (large arrays of owning elements a piece
/// at a time) with a checkpoint after each: nothing is freed before the release, everything
/// is after it, and a part still held elsewhere is only let go of.
@Suite struct PacedReleaseTests {
  /// Pauses at every checkpoint, for no time: counts the release's checkpoints.
  static let everyCheckpoint = LoadPacing(work: .zero, pause: .zero)

  /// Logs its number when deinitialised.
  final class Part {
    let number: Int
    let log: Locked<[Int]>
    init(_ number: Int, _ log: Locked<[Int]>) {
      self.number = number
      self.log = log
    }
    deinit {
      let number = number
      log.withLock { $0.append(number) }
    }
  }

  struct Holder {
    let first: Part
    let more: [Part]
    let nested: (Part?, [Int], Part?)
    let owner: Owner
  }

  /// An object: held whole, never walked into.
  final class Owner {
    let inside: [Part]
    init(_ inside: [Part]) { self.inside = inside }
  }

  @Test func partsOutliveTheirHolderAndGoInTheOrderHeld() {
    let log = Locked<[Int]>([])
    let pacer = LoadPacer(Self.everyCheckpoint)
    var release = PacedRelease(pacer: pacer)
    do {
      let (one, two) = (Part(1, log), Part(2, log))
      release.hold(one)
      release.hold(two)
    }
    #expect(log.withLock { $0 }.isEmpty, "held until the release")
    release.release()
    #expect(log.withLock { $0 } == [1, 2])
    #expect(pacer.pauses == 2, "a checkpoint after each part")
  }

  @Test func aValueIsWalkedIntoAndAnObjectHeldWhole() {
    let log = Locked<[Int]>([])
    let pacer = LoadPacer(Self.everyCheckpoint)
    var release = PacedRelease(pacer: pacer)
    do {
      let value = Holder(
        first: Part(1, log), more: [Part(2, log), Part(3, log)],
        nested: (Part(4, log), [7, 8], nil), owner: Owner([Part(5, log)]))
      release.hold(partsOf: value)
    }
    // `first`, `more` whole, the tuple's part and array (its `nil` holds nothing), `owner`.
    #expect(release.count == 5)
    #expect(log.withLock { $0 }.isEmpty)
    release.release()
    let freed = log.withLock { $0 }
    #expect(freed.first == 1)
    #expect(Set(freed) == [1, 2, 3, 4, 5])
    #expect(freed.last == 5, "the object last, with what it holds")
  }

  @Test func anArrayOfOwningElementsGoesAPieceAtATime() {
    let log = Locked<[Int]>([])
    let pacer = LoadPacer(Self.everyCheckpoint)
    var release = PacedRelease(pacer: pacer)
    do {
      let parts = (0..<2_500).map { Part($0, log) }
      release.hold(elementsOf: parts, piece: 1_000, whenUnique: { true })
    }
    release.release()
    let freed = log.withLock { $0 }
    #expect(freed.count == 2_500)
    // From the end, 1,000 at a time: three pieces, a checkpoint after each.
    #expect(Set(freed.prefix(1_000)) == Set(1_500..<2_500))
    #expect(Set(freed.dropFirst(1_000).prefix(1_000)) == Set(500..<1_500))
    #expect(pacer.pauses == 3)
  }

  @Test func anArrayHeldElsewhereIsOnlyLetGoOf() {
    let log = Locked<[Int]>([])
    let pacer = LoadPacer(Self.everyCheckpoint)
    var release = PacedRelease(pacer: pacer)
    var parts = (0..<10).map { Part($0, log) }
    release.hold(elementsOf: parts, piece: 2, whenUnique: { false })
    release.release()
    #expect(log.withLock { $0 }.isEmpty, "still held here: nothing freed, nothing copied")
    #expect(pacer.pauses == 1, "dropped whole, not in pieces")
    parts = []
    #expect(log.withLock { $0 }.count == 10)
  }

  @Test func cachedEntriesGoAPieceAtATime() {
    let log = Locked<[Int]>([])
    let pacer = LoadPacer(Self.everyCheckpoint)
    var release = PacedRelease(pacer: pacer)
    do {
      let entries = Dictionary(uniqueKeysWithValues: (0..<600).map { ($0, Part($0, log)) })
      release.hold(entriesOf: entries, piece: 256)
    }
    release.release()
    #expect(log.withLock { $0 }.count == 600)
    #expect(pacer.pauses == 3, "256, 256 and 88 entries")
  }

  @Test func aSnapshotIsHeldArrayByArrayAndFreedOnlyByTheRelease() {
    let (recipes, relations) = RandomCorpus.make(seed: 5, recipes: 500, vocabulary: 30)
    let pacer = LoadPacer(Self.everyCheckpoint)
    var release = PacedRelease(pacer: pacer)
    weak var watched: Snapshot?
    do {
      let snapshot = RandomCorpus.snapshot(recipes, relations)
      watched = snapshot
      snapshot.holdParts(in: &release)
    }
    // The snapshot, and each of its arrays (nested ones: posting lists, suffix arrays, tries)
    // as a part of its own.
    #expect(release.count > 40)
    #expect(watched != nil)
    release.release()
    #expect(watched == nil)
  }
}
