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
