/// A whole-file JSON document with the line where each record starts.
struct JSONDocument {
  /// The parsed document.
  let root: JSONValue
  /// The 1-based line of each element of the records array, in order (empty when unknown).
  let recordLines: [Int]

  /// Parses `bytes`, recording where elements of arrays `depth` levels deep start.
  ///
  /// - Throws: a `.badFile` ``CorpusError`` naming the line of a syntax error; a document that
  ///   does not parse has no records to salvage.
  init(_ bytes: [UInt8], file: String, recordDepth depth: Int) throws(CorpusError) {
    do {
      let (root, offsets) = try JSONParser.parse(bytes, elementOffsetsAtDepth: depth)
      self.root = root
      self.recordLines = Self.lineNumbers(of: offsets, in: bytes)
    } catch {
      let line = Self.lineNumbers(of: [error.offset], in: bytes).first ?? 0
      if let offset = UTF8Validation.firstInvalidOffset(bytes) {
        let badLine = Self.lineNumbers(of: [offset], in: bytes).first ?? 0
        throw CorpusError(
          .badFile, at: SourceLocation(file: file, line: badLine), "not valid UTF-8 text")
      }
      throw CorpusError(
        .badFile, at: SourceLocation(file: file, line: line), "invalid JSON: \(error.message)")
    }
  }

  /// The 1-based line of each offset; `offsets` must be ascending.
  ///
  /// - Complexity: O(n) in the document length.
  static func lineNumbers(of offsets: [Int], in bytes: [UInt8]) -> [Int] {
    var lines: [Int] = []
    lines.reserveCapacity(offsets.count)
    var line = 1
    var position = 0
    for offset in offsets {
      let target = min(offset, bytes.count)
      while position < target {
        if bytes[position] == 0x0A { line += 1 }
        position += 1
      }
      lines.append(line)
    }
    return lines
  }

  /// The line of record `index`, or 0 when unknown.
  func line(ofRecord index: Int) -> Int {
    index < recordLines.count ? recordLines[index] : 0
  }
}
