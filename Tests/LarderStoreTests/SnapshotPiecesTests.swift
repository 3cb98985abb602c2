import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderStore

/// An index file stores its snapshot in pieces (``SnapshotPieces``) so a reload reads it a row at
/// a time; a file of format 2 (one row) still opens, and a damaged set of pieces is refused with
/// ``IndexOpenError/notAnIndex(_:)``.
@Suite struct SnapshotPiecesTests {
  /// Pauses at every checkpoint, for no time.
  static let everyCheckpoint = LoadPacing(work: .zero, pause: .zero)

  /// A real index of a seeded corpus large enough for several pieces, and its snapshot.
  private static func builtIndex(seed: UInt64) throws -> (url: URL, snapshot: [UInt8]) {
    print("seed \(seed)")
    let (recipes, relations) = RandomCorpus.make(seed: seed, recipes: 6000, vocabulary: 60)
    let url = try Fixtures.temporaryDirectory().appendingPathComponent("index.sqlite")
    _ = try IndexWriter.write(
      count: recipes.count, recipe: { recipes[$0] }, relations: relations, to: url)
    return (url, RandomCorpus.snapshot(recipes, relations).serialized())
  }

  private static func rowNames(_ url: URL) throws -> [String] {
    let connection = try Connection(path: url.path, mode: .readOnly)
    let statement = try connection.statement("SELECT part FROM snapshot ORDER BY part")
    var names: [String] = []
    while try statement.step() { names.append(statement.text(0)) }
    return names
  }

  private static func change(_ url: URL, _ sql: String, _ values: [SQLiteValue] = []) throws {
    let connection = try Connection(path: url.path, mode: .readWriteCreate)
    try connection.statement(sql).run(values)
  }

  private static func expectRefused(_ url: URL) throws {
    let reader = try IndexReader(url: url)
    #expect(throws: IndexOpenError.notAnIndex(url.path)) { try reader.loadSnapshot() }
    #expect(throws: IndexOpenError.notAnIndex(url.path)) {
      try reader.loadSnapshot(pacer: LoadPacer(everyCheckpoint), reusingSuggestionIndexesOf: nil)
    }
  }

  @Test func piecesAreNamedInKeyOrderAndCoverTheBytes() {
    let rows = SnapshotPieces.rows(part: "snapshot", byteCount: 2 * SnapshotPieces.pieceBytes + 5)
    #expect(
      rows.map(\.name) == ["snapshot#00000/00003", "snapshot#00001/00003", "snapshot#00002/00003"])
    #expect(rows.map(\.bytes.count) == [SnapshotPieces.pieceBytes, SnapshotPieces.pieceBytes, 5])
    #expect(SnapshotPieces.rows(part: "core", byteCount: 0).map(\.name) == ["core#00000/00001"])
    #expect(SnapshotPieces.piece(ofRow: "snapshot#00002/00003", part: "snapshot")! == (2, 3))
    #expect(SnapshotPieces.piece(ofRow: "snapshot#00003/00003", part: "snapshot") == nil)
    #expect(SnapshotPieces.piece(ofRow: "snapshots#00000/00001", part: "snapshot") == nil)
  }

  @Test(arguments: RandomCorpus.seeds)
  func aRealIndexRoundTripsInPieces(seed: UInt64) throws {
    let (url, snapshot) = try Self.builtIndex(seed: seed)
    let names = try Self.rowNames(url)
    #expect(
      names.count == (snapshot.count + SnapshotPieces.pieceBytes - 1) / SnapshotPieces.pieceBytes)
    #expect(names.count > 1)
    #expect(names.allSatisfy { $0.hasPrefix(SnapshotSink.partName + "#") })
    let reader = try IndexReader(url: url)
    #expect(try reader.info().formatVersion == IndexSchema.formatVersion)
    #expect(try reader.snapshotParts() == [SnapshotSink.partName: snapshot])
    #expect(try reader.loadSnapshot().serialized() == snapshot)
    let pacer = LoadPacer(Self.everyCheckpoint)
    let paced = try reader.loadSnapshot(pacer: pacer, reusingSuggestionIndexesOf: nil)
    #expect(paced.serialized() == snapshot)
    #expect(pacer.pauses >= names.count)
  }

  /// Rewrites a new file into format 2's layout (the whole snapshot in one row named `snapshot`,
  /// `format_version` 2), as the code before pieces wrote it.
  @Test func aFileOfTheOneRowLayoutStillOpens() throws {
    let (url, snapshot) = try Self.builtIndex(seed: 7)
    try Self.change(url, "DELETE FROM snapshot")
    try Self.change(
      url, "INSERT INTO snapshot(part, data) VALUES (?1, ?2)",
      [.text(SnapshotSink.partName), .blob(snapshot)])
    try Self.change(url, "UPDATE meta SET value = '2' WHERE key = 'format_version'")
    #expect(try Self.rowNames(url) == [SnapshotSink.partName])
    let reader = try IndexReader(url: url)
    #expect(try reader.info().formatVersion == 2)
    #expect(try reader.snapshotParts() == [SnapshotSink.partName: snapshot])
    #expect(try reader.loadSnapshot().serialized() == snapshot)
    let paced = try reader.loadSnapshot(
      pacer: LoadPacer(Self.everyCheckpoint), reusingSuggestionIndexesOf: nil)
    #expect(paced.serialized() == snapshot)
  }

  @Test func aMissingMiddlePieceIsRefused() throws {
    let (url, _) = try Self.builtIndex(seed: 11)
    let names = try Self.rowNames(url)
    try Self.change(url, "DELETE FROM snapshot WHERE part = ?1", [.text(names[1])])
    try Self.expectRefused(url)
  }

  @Test func aMissingLastPieceIsRefused() throws {
    let (url, _) = try Self.builtIndex(seed: 12)
    let names = try Self.rowNames(url)
    try Self.change(url, "DELETE FROM snapshot WHERE part = ?1", [.text(names.last!)])
    try Self.expectRefused(url)
  }

  @Test func aShortPieceIsRefused() throws {
    let (url, _) = try Self.builtIndex(seed: 13)
    let names = try Self.rowNames(url)
    try Self.change(
      url, "UPDATE snapshot SET data = substr(data, 1, 100) WHERE part = ?1", [.text(names[0])])
    try Self.expectRefused(url)
  }

  @Test func aNewerFormatIsRefusedWithItsVersion() throws {
    let (url, _) = try Self.builtIndex(seed: 14)
    try Self.change(url, "UPDATE meta SET value = '4' WHERE key = 'format_version'")
    #expect(throws: IndexOpenError.unsupportedVersion(path: url.path, found: 4)) {
      try IndexReader(url: url)
    }
  }
}
