/// Errors about whole lines, shared by the line-based readers.
enum LineErrors {
  /// A line over ``CorpusFile/maximumRecordBytes``.
  static func tooLong(at location: SourceLocation, byteCount: Int) -> CorpusError {
    let megabytes = CorpusFile.maximumRecordBytes >> 20
    return CorpusError(
      .badRecord, at: location,
      "line is \(byteCount) bytes, longer than the \(megabytes) MB limit for one record; skipped")
  }

  /// A JSON syntax error in one line; invalid UTF-8 gets its own wording.
  static func syntax(
    _ error: JSONSyntaxError, in bytes: UnsafeBufferPointer<UInt8>, at location: SourceLocation
  )
    -> CorpusError
  {
    if let offset = UTF8Validation.firstInvalidOffset(bytes) {
      return CorpusError(
        .badRecord, at: location, "not valid UTF-8 (invalid byte at column \(offset + 1))")
    }
    return CorpusError(
      .badRecord, at: location, "invalid JSON at column \(error.offset + 1): \(error.message)")
  }
}

/// One non-blank line of a line-per-record file, as the line-based readers see it.
enum RecordLine {
  /// The line's bytes and where it starts.
  case bytes(UnsafeBufferPointer<UInt8>, SourceLocation)
  /// A line over ``CorpusFile/maximumRecordBytes``, already turned into a bad-record error.
  case tooLong(CorpusError)

  /// The line parsed as one JSON value, or the bad-record error naming the column (or the
  /// invalid UTF-8 byte).
  static func json(_ bytes: UnsafeBufferPointer<UInt8>, at location: SourceLocation) -> Result<
    JSONValue, CorpusError
  > {
    do {
      return .success(try JSONParser.parse(bytes))
    } catch {
      return .failure(LineErrors.syntax(error, in: bytes, at: location))
    }
  }
}

extension ChunkedFileReader {
  /// Walks the records of a line-per-record file (Larder JSONL, JSON-LD lines, TheMealDB lines):
  /// blank lines are skipped, an over-long line arrives as ``RecordLine/tooLong(_:)``, and
  /// `body` also gets the bytes read so far (newlines included), for progress.
  mutating func forEachRecordLine(
    file: String, _ body: (RecordLine, _ bytesRead: Int) throws -> CorpusFile.Flow
  ) throws {
    var progress = 0
    try forEachLine(limit: CorpusFile.maximumRecordBytes) { line in
      switch line {
      case .tooLong(let number, let byteCount):
        progress += byteCount + 1
        let location = SourceLocation(file: file, line: number)
        return try body(.tooLong(LineErrors.tooLong(at: location, byteCount: byteCount)), progress)
      case .bytes(let bytes, let number):
        progress += bytes.count + 1
        guard bytes.contains(where: { $0 > 0x20 }) else { return .continue }  // blank line
        return try body(.bytes(bytes, SourceLocation(file: file, line: number)), progress)
      }
    }
  }
}
