import ArgumentParser
import Foundation
import LarderStore

/// `--index PATH`, shared by every command that reads an index.
struct IndexOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "The index file. Default: the index of the embedded corpus in Data/, built on first use into $XDG_CACHE_HOME/larder.",
      valueName: "path"))
  var index: String?

  /// The index file to read, building the default one when no path was given.
  func resolve() throws -> URL {
    if let index { return URL(fileURLWithPath: index) }
    return try DefaultIndex.ensure { message in Console.note(message) }
  }
}

/// `--json`, shared by every command that prints results.
struct OutputOptions: ParsableArguments {
  @Flag(name: .long, help: "Print JSON instead of text.")
  var json = false
}

/// Writing to standard output and standard error.
enum Console {
  /// Prints a line to standard error (progress, notes), leaving standard output for results.
  static func note(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
  }

  /// Writes a line to standard output at once (no buffering: a script may be waiting for it).
  static func line(_ message: String) {
    FileHandle.standardOutput.write(Data((message + "\n").utf8))
  }

  /// Prints `value` as JSON with sorted keys (stable output for scripts and golden tests).
  static func printJSON<T: Encodable>(_ value: T, pretty: PrettyPrint = .pretty) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting =
      pretty == .pretty
      ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
      : [.sortedKeys, .withoutEscapingSlashes]
    let data = try encoder.encode(value)
    FileHandle.standardOutput.write(data)
    FileHandle.standardOutput.write(Data("\n".utf8))
  }

  /// Prints JSON bytes written elsewhere (the API's hand-written answers) as ``printJSON(_:pretty:)``
  /// prints: keys sorted, indented.
  static func printJSON(bytes: [UInt8]) throws {
    let value = try JSONSerialization.jsonObject(with: Data(bytes))
    let data = try JSONSerialization.data(
      withJSONObject: value, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
    FileHandle.standardOutput.write(data)
    FileHandle.standardOutput.write(Data("\n".utf8))
  }

  /// Whether JSON output is indented or one line.
  enum PrettyPrint { case pretty, compact }
}
