import Foundation

/// A corpus file opened for reading: its path, its format (given or detected by content) and a
/// streaming walk over its records.
///
/// ```swift
/// let file = try CorpusFile(path: "recipes.jsonl")
/// try file.forEachRecord { result in
///     switch result {
///     case .success(let record): index(record)
///     case .failure(let error): report(error)  // one bad record; the walk goes on
///     }
///     return .continue
/// }
/// ```
///
/// Line-based formats (Larder JSONL, JSON-LD lines, CSV) are read in 1 MB chunks with flat
/// memory; whole-document JSON (TheMealDB, a JSON-LD array or `@graph`) is read whole, as JSON
/// cannot be split without parsing it.
///
/// What each format yields (details on each reader):
/// - Larder JSONL (``LarderJSONLReader``): every field of `Data/README.md`; a plain-string
///   ingredient becomes a ``SourceIngredient`` with only `name` set (pre-normalized).
/// - TheMealDB (``MealDBReader``): ingredient `line` = `"<measure> <ingredient>"`, no `name`;
///   steps split from `strInstructions`; `strTags` → tags; `strSource` → source.
/// - schema.org JSON-LD (``SchemaOrgReader``): raw `recipeIngredient` lines; first
///   category/cuisine → category/area, the rest and `keywords` → tags; a lone `totalTime`
///   becomes the cook time; ids from `@id`/`url`, else `<file name>#<n>`.
/// - RecipeNLG CSV (``RecipeNLGReader``): raw ingredient lines; id = link when unique, else
///   `csv-<row>`.
///
/// Whether a per-record error stops an import is the caller's decision; readers only report.
public struct CorpusFile: Sendable {
  /// Whether a record walk goes on after the current record.
  public enum Flow: Sendable, Hashable {
    /// Hand over the next record.
    case `continue`
    /// End the walk now.
    case stop
  }

  /// How far a record walk has read, for progress display.
  public struct Progress: Sendable, Hashable {
    /// Bytes read from the file so far (whole-document formats read everything first).
    public var bytesRead: Int
    /// The file's size in bytes.
    public var totalBytes: Int

    /// Creates a progress report.
    public init(bytesRead: Int, totalBytes: Int) {
      self.bytesRead = bytesRead
      self.totalBytes = totalBytes
    }
  }

  /// The longest record, in bytes, that is read; a longer line is reported as a bad record.
  public static let maximumRecordBytes = 10 << 20

  /// The file path as given (the name every error uses).
  public let path: String
  /// The file actually read: `path`, or a spooled copy of a stream (``CorpusSpool``).
  let readPath: String
  /// The file's format.
  public let format: CorpusFormat
  /// The file's size in bytes when opened.
  public let byteCount: Int
  /// One JSON value per line, or one for the whole file.
  let layout: CorpusLayout

  /// Opens a file and detects its format by content (the first non-space bytes and the keys
  /// present), unless `format` is given.
  ///
  /// - Throws: ``CorpusError`` of kind `.badFile` when the file is missing, unreadable, a
  ///   directory, empty, of no known format, or starts with bytes that are not UTF-8.
  public init(path: String, format: CorpusFormat? = nil) throws {
    try self.init(reading: path, named: path, format: format)
  }

  /// Opens `readPath` (a spooled copy of a stream) as the corpus file named `path` in messages.
  public init(reading readPath: String, named path: String, format: CorpusFormat? = nil) throws {
    let location = SourceLocation(file: path, line: 0)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: readPath, isDirectory: &isDirectory) else {
      throw CorpusError(.badFile, at: location, "no such file")
    }
    guard !isDirectory.boolValue else {
      throw CorpusError(.badFile, at: location, "is a directory, not a file")
    }
    var reader = try ChunkedFileReader(path: readPath, name: path)
    let sample = try reader.peek(count: CorpusFormatDetector.sampleSize)
    guard sample.contains(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) else {
      throw CorpusError(.badFile, at: location, "the file is empty")
    }
    if sample.starts(with: [0x1F, 0x8B]) {
      throw CorpusError(
        .badFile, at: location, "the file is gzip-compressed; decompress it first (gunzip)")
    }
    // A first line that is not UTF-8 means the file is not text in a format we read (UTF-16,
    // Latin-1, binary); a bad byte further down spoils only its own record.
    let firstLine = sample[sample.startIndex..<(sample.firstIndex(of: 0x0A) ?? sample.endIndex)]
    let isTruncated =
      firstLine.endIndex == sample.endIndex && sample.count == CorpusFormatDetector.sampleSize
    if let offset = UTF8Validation.firstInvalidOffset(
      firstLine, end: isTruncated ? .mayBeCut : .complete)
    {
      throw CorpusError(
        .badFile, at: SourceLocation(file: path, line: 1),
        "not UTF-8 text (invalid byte at offset \(offset)); save the file as UTF-8")
    }
    if let format {
      self.format = format
      self.layout = CorpusFormatDetector.layout(of: sample, format: format)
    } else {
      guard let (detected, layout) = CorpusFormatDetector.detect(sample) else {
        throw CorpusError(
          .badFile, at: location,
          "unknown corpus format: expected Larder JSONL, TheMealDB JSON, schema.org JSON-LD or RecipeNLG CSV"
        )
      }
      self.format = detected
      self.layout = layout
    }
    self.path = path
    self.readPath = readPath
    let attributes = try? FileManager.default.attributesOfItem(atPath: readPath)
    self.byteCount = (attributes?[.size] as? NSNumber)?.intValue ?? 0
  }

  /// Streams the records in file order. Each is a ``SourceRecipe`` whose fields are in the
  /// ranges of ``RecordValidation``, or a per-record ``CorpusError`` (kind `.badRecord`) naming
  /// `file:line` (or the JSON path) and the field.
  /// The walk ends when `body` returns `.stop`.
  ///
  /// - Throws: what `body` throws, or a `.badFile` ``CorpusError`` when the file cannot be read
  ///   on (an I/O error, or a whole-document JSON file that does not parse).
  public func forEachRecord(_ body: (Result<SourceRecipe, CorpusError>) throws -> Flow) throws {
    try forEachRecordWithProgress { result, _ in try body(result) }
  }

  /// Like ``forEachRecord(_:)``, also passing how far the file has been read.
  public func forEachRecordWithProgress(
    _ body: (Result<SourceRecipe, CorpusError>, Progress) throws -> Flow
  ) throws {
    // Every reader's records pass the one range and size check (RecordValidation).
    func checked(_ result: Result<SourceRecipe, CorpusError>, _ progress: Progress) throws -> Flow {
      try body(result.flatMap(RecordValidation.check), progress)
    }
    var reader = try ChunkedFileReader(path: readPath, name: path)
    let total = byteCount
    switch (format, layout) {
    case (.larderJSONL, _):
      try LarderJSONLReader(file: path).read(&reader) {
        try checked($0, Progress(bytesRead: $1, totalBytes: total))
      }
    case (.theMealDB, .lines):
      try MealDBReader(file: path).readLines(&reader) {
        try checked($0, Progress(bytesRead: $1, totalBytes: total))
      }
    case (.theMealDB, .document):
      let bytes = try reader.readToEnd()
      let read = reader.bytesRead
      try MealDBReader(file: path).read(bytes) {
        try checked($0, Progress(bytesRead: read, totalBytes: total))
      }
    case (.schemaOrg, .lines):
      try SchemaOrgReader(file: path).readLines(&reader) {
        try checked($0, Progress(bytesRead: $1, totalBytes: total))
      }
    case (.schemaOrg, .document):
      let bytes = try reader.readToEnd()
      let read = reader.bytesRead
      try SchemaOrgReader(file: path).readDocument(bytes) {
        try checked($0, Progress(bytesRead: read, totalBytes: total))
      }
    case (.recipeNLG, _):
      try RecipeNLGReader(file: path).read(&reader) {
        try checked($0, Progress(bytesRead: $1, totalBytes: total))
      }
    }
  }
}
