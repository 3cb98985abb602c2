/// What one indexing run read, kept and skipped.
public struct IndexingSummary: Sendable, Hashable, Codable {
  /// One input file's share of the run.
  public struct Source: Sendable, Hashable, Codable {
    /// The path as given.
    public var path: String
    /// The detected format's name.
    public var format: String
    /// Bytes in the file.
    public var bytes: Int
    /// FNV-1a 64-bit checksum of the file's bytes, in hex.
    public var checksum: String
    /// Recipes kept from this file.
    public var recipes: Int
    /// Records skipped as malformed.
    public var skipped: Int

    /// Creates a per-file summary.
    public init(
      path: String, format: String, bytes: Int, checksum: String, recipes: Int, skipped: Int
    ) {
      self.path = path
      self.format = format
      self.bytes = bytes
      self.checksum = checksum
      self.recipes = recipes
      self.skipped = skipped
    }
  }

  /// Recipes written.
  public var recipes: Int = 0
  /// Malformed records skipped.
  public var skipped: Int = 0
  /// The first errors met (at most ``IndexingSummary/maximumReportedErrors``), as `file:line: field: message`.
  public var errors: [String] = []
  /// Per input file.
  public var sources: [Source] = []
  /// Wall time of the run in seconds.
  public var seconds: Double = 0

  /// How many errors a summary keeps word for word; the rest are only counted.
  public static let maximumReportedErrors = 20

  /// An empty summary.
  public init() {}

  /// Counts a skipped record, keeping its message while fewer than the maximum are kept.
  mutating func recordSkip(_ error: CorpusError) {
    skipped += 1
    if errors.count < Self.maximumReportedErrors { errors.append(error.description) }
  }
}
