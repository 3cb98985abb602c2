import ArgumentParser
import Foundation
import LarderCore
import LarderStore

/// `larder info`: what an index holds.
struct InfoCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "info", abstract: "Describe an index: counts, categories, areas, sources.")

  @OptionGroup var index: IndexOptions
  @OptionGroup var output: OutputOptions
  @Flag(
    name: .long,
    help: "Also load the in-memory layer and report its open time and bytes, part by part.")
  var memory = false

  func run() throws {
    let reader = try IndexReader(url: try index.resolve())
    let info = try reader.info()
    let report = try memory ? MemoryReport(reader: reader) : nil
    // Written by a compaction: where in a shared change log a replica seeded with this file
    // starts (absent: from the beginning).
    let logThrough = try reader.metadata("change_log_through").flatMap { Int64($0) }
    if output.json {
      return try Console.printJSON(
        InfoOutput(info: info, memory: report, changeLogThrough: logThrough))
    }
    print("Recipes: \(info.recipes)   Ingredients: \(info.ingredients)   Skipped: \(info.skipped)")
    print("Format: \(info.formatVersion)   Built: \(info.builtAt)")
    if let logThrough { print("Recipe change log: holds it through change \(logThrough)") }
    print("Categories: " + info.categories.map { "\($0.name) \($0.count)" }.joined(separator: ", "))
    print("Areas: " + info.areas.map { "\($0.name) \($0.count)" }.joined(separator: ", "))
    for source in info.sources {
      print(
        "Source: \(source.path) (\(source.format), \(source.recipes) recipes, \(source.skipped) skipped, fnv1a64 \(source.checksum))"
      )
    }
    guard let report else { return }
    print(
      String(
        format: "In memory: %.1f MB, %.1f bytes per posting (%d postings), opened in %.2f s",
        Double(report.totalBytes) / 1e6, report.bytesPerPosting, report.postings,
        report.openSeconds))
    for part in report.parts {
      let name = part.name.padding(toLength: 48, withPad: " ", startingAt: 0)
      print(
        name
          + String(
            format: " %9.1f MB  %5.2f B/posting", Double(part.bytes) / 1e6,
            Double(part.bytes) / Double(max(report.postings, 1))))
    }
  }
}

/// The in-memory layer's open time and footprint, as `larder info --memory` reports it.
struct MemoryReport: Encodable {
  /// One part of the footprint.
  struct Part: Encodable {
    var name: String
    var bytes: Int
  }
  var openSeconds: Double
  var totalBytes: Int
  var postings: Int
  var bytesPerPosting: Double
  var parts: [Part]

  /// Loads the snapshot of `reader`'s index once, timing the load.
  init(reader: IndexReader) throws {
    let start = DispatchTime.now().uptimeNanoseconds
    let snapshot = try reader.loadSnapshot()
    openSeconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let footprint = snapshot.footprint()
    totalBytes = footprint.totalBytes
    postings = footprint.postings
    bytesPerPosting = footprint.bytesPerPosting
    parts = footprint.parts.map { Part(name: $0.name, bytes: $0.bytes) }
  }
}

/// `larder info --json`: the index description, with `memory` when asked for and
/// `changeLogThrough` when a compaction recorded the file's place in a shared change log.
struct InfoOutput: Encodable {
  var info: IndexInfo
  var memory: MemoryReport?
  var changeLogThrough: Int64?

  enum CodingKeys: String, CodingKey { case memory, changeLogThrough }

  func encode(to encoder: any Encoder) throws {
    try info.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(memory, forKey: .memory)
    try container.encodeIfPresent(changeLogThrough, forKey: .changeLogThrough)
  }
}
