import Foundation
import LarderCore

/// The read-only connections of one ``LiveIndex`` to one generation of its base file, lent to
/// one read each, so reads of a live index run in parallel (a server's storage threads each
/// read with a connection of their own, as ``ReaderPool`` gives the server without writes).
///
/// All are opened when the pool is made and checked to read the same generation: a compaction
/// renames a new base over the path, and a connection opened by path after that would read the
/// new file beside the old view (see ``ReaderPool``). A compaction makes a new pool for the new
/// base; the old one closes when the last view that uses it is dropped.
///
/// - Complexity: O(1) to lend and take back a reader; a read waits only when every reader is
///   lent (more reads at once than ``count``).
final class LiveBaseReaders: Sendable {
  private let idle: Locked<[IndexReader]>
  /// One permit per reader: a read past the bound waits for one to come back.
  private let permits: DispatchSemaphore
  /// The generation of the base file every reader reads.
  let generation: String
  /// How many readers the pool holds.
  let count: Int

  /// Takes `first` (already open) and opens `count - 1` more readers of the same file,
  /// checking each reads `first`'s generation; a paced opening (`pacing`, a reload's) gives
  /// its core back between them.
  /// - Throws: ``IndexOpenError/generationChanged(path:)`` when the file was replaced while
  ///   they opened; what opening a reader throws.
  init(first: sending IndexReader, count: Int, pacing: LoadPacing? = nil) throws {
    let pacer = pacing.map(LoadPacer.init)
    let generation = try first.generation()
    let url = first.url
    var readers = [first]
    for _ in 1..<max(1, count) {
      // An open parses the file's schema: a fraction of a millisecond each.
      pacer?.checkpoint()
      let reader = try IndexReader(url: url)
      guard try reader.generation() == generation else {
        throw IndexOpenError.generationChanged(path: url.path)
      }
      readers.append(reader)
    }
    self.generation = generation
    self.count = readers.count
    permits = DispatchSemaphore(value: readers.count)
    idle = Locked(readers)
  }

  /// Runs `body` on the calling thread with a reader lent to it alone (waiting for one when
  /// every reader is lent). The reader must not escape `body`.
  func withReader<T>(_ body: (IndexReader) throws -> T) rethrows -> T {
    permits.wait()
    defer { permits.signal() }
    // A permit guarantees an idle reader.
    let lent = idle.withLock { $0.removeLast() }
    defer {
      let returned = ReturnedBaseReader(reader: lent)
      idle.withLock { $0.append(returned.reader) }
    }
    return try body(lent)
  }
}

extension LiveBaseReaders {
  /// Adds each idle reader to `release` as a part of its own (closing one frees its page
  /// cache). Called by the thread letting go of the index, once no read runs.
  func holdReaders(in release: inout PacedRelease) {
    for reader in idle.withLock({ $0.map(ReturnedBaseReader.init) }) {
      release.hold(reader.reader)
    }
  }
}

/// A reader on its way back to the pool; the compiler cannot see that `withReader`'s
/// non-escaping body let go of it.
private struct ReturnedBaseReader: @unchecked Sendable {
  // Safety: built only after `body` returned, when the reader has one owner again, or by the
  // thread letting go of the index, which no read uses any more.
  let reader: IndexReader
}
