import Foundation

/// Reads a file in fixed-size chunks and hands out its lines without loading the whole file.
///
/// Memory stays flat: the buffer holds at most one line plus one chunk. A line longer than the
/// caller's limit is not buffered; its bytes are skipped up to the next newline and the caller
/// gets ``Line/tooLong(number:byteCount:)`` instead.
///
/// - Complexity: O(n) over the file; each byte is scanned once for the newline.
struct ChunkedFileReader {
  /// One line of the file.
  enum Line {
    /// The line's bytes without the newline (and without a trailing `\r`), 1-based number.
    case bytes(UnsafeBufferPointer<UInt8>, number: Int)
    /// The line was longer than the limit and was skipped.
    case tooLong(number: Int, byteCount: Int)
  }

  /// How many bytes one `read` asks for.
  static let chunkSize = 1 << 20

  private let handle: FileHandle
  private let path: String
  private var buffer: [UInt8] = []
  /// Where the unconsumed bytes of `buffer` start.
  private var start = 0
  private var isAtEnd = false
  /// Bytes read from the file so far (for progress).
  private(set) var bytesRead = 0

  /// Opens `path` for reading, naming it `name` in errors (a spooled stream keeps the name the
  /// user gave); throws a `.badFile` error when it cannot be opened.
  init(path: String, name: String? = nil) throws(CorpusError) {
    self.path = name ?? path
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw CorpusError(
        .badFile, at: SourceLocation(file: self.path, line: 0), "cannot open the file for reading")
    }
    self.handle = handle
    buffer.reserveCapacity(Self.chunkSize * 2)
  }

  /// Reads the next chunk into the buffer; returns `false` at the end of the file.
  private mutating func fill() throws(CorpusError) -> Bool {
    if isAtEnd { return false }
    let data: Data?
    do {
      data = try handle.read(upToCount: Self.chunkSize)
    } catch {
      throw CorpusError(
        .badFile, at: SourceLocation(file: path, line: 0),
        "read failed after \(bytesRead) bytes: \(error.localizedDescription)")
    }
    guard let data, !data.isEmpty else {
      isAtEnd = true
      return false
    }
    if start > 0 {
      buffer.removeFirst(start)
      start = 0
    }
    buffer.append(contentsOf: data)
    if bytesRead == 0, buffer.starts(with: [0xEF, 0xBB, 0xBF]) {
      start = 3  // a UTF-8 byte order mark is not part of the text
    }
    bytesRead += data.count
    return true
  }

  /// Calls `body` with each line in order until it returns `.stop` or the file ends.
  ///
  /// `limit` is the longest line, in bytes, that is handed out whole.
  mutating func forEachLine(
    limit: Int, _ body: (Line) throws -> CorpusFile.Flow
  ) throws {
    var lineNumber = 0
    while true {
      // Find the next newline in the unconsumed bytes, reading more as needed.
      var scanned = 0  // bytes after `start` known to hold no newline
      var skipped = 0  // bytes of an over-long line already dropped
      var newline: Int? = nil
      while true {
        let from = start + scanned
        newline = buffer.withUnsafeBufferPointer { pointer -> Int? in
          guard from < pointer.count, let base = pointer.baseAddress else { return nil }
          guard let hit = memchr(base + from, 0x0A, pointer.count - from) else { return nil }
          return from + (UnsafeRawPointer(hit) - UnsafeRawPointer(base + from))
        }
        if newline != nil { break }
        scanned = buffer.count - start
        if scanned > limit {
          // Too long: drop what we have and keep skipping to the next newline.
          skipped += scanned
          buffer.removeAll(keepingCapacity: true)
          start = 0
          scanned = 0
        }
        if try !fill() { break }
      }
      let lineEnd = newline ?? buffer.count
      if newline == nil, lineEnd == start, skipped == 0 { return }  // clean end of file
      lineNumber += 1
      let length = skipped + lineEnd - start
      let flow: CorpusFile.Flow
      if length > limit {
        flow = try body(.tooLong(number: lineNumber, byteCount: length))
      } else {
        flow = try buffer.withUnsafeBufferPointer { pointer in
          var lineLength = lineEnd - start
          if lineLength > 0, pointer[start + lineLength - 1] == 0x0D { lineLength -= 1 }
          let line = UnsafeBufferPointer(rebasing: pointer[start..<start + lineLength])
          return try body(.bytes(line, number: lineNumber))
        }
      }
      start = newline.map { $0 + 1 } ?? buffer.count
      if flow == .stop { return }
      if newline == nil { return }
    }
  }

  /// Reads everything that is left in the file (for whole-document JSON).
  mutating func readToEnd() throws(CorpusError) -> [UInt8] {
    while try fill() {}
    let rest = Array(buffer[start...])
    buffer.removeAll()
    start = 0
    return rest
  }

  /// Reads up to `count` bytes from the start of the file without consuming them.
  mutating func peek(count: Int) throws(CorpusError) -> ArraySlice<UInt8> {
    while buffer.count - start < count, try fill() {}
    return buffer[start..<min(buffer.count, start + count)]
  }
}
