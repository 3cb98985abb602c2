import Foundation

/// Turns corpus inputs that can be read only once (standard input as `-` or `/dev/stdin`, a
/// pipe, a FIFO, a process substitution such as `<(cat f)`) into regular files, read once.
///
/// A corpus file is read more than once (format detection peeks at its start, the checksum and
/// the record walk each read it), so a stream would be half-consumed by the first pass and a FIFO
/// would block the second open. Such an input is copied, in one streaming pass with flat memory,
/// into a file in `directory`; regular files are read where they are.
public struct CorpusSpool: Sendable {
  /// Where spooled copies are written; the caller removes it when the run ends.
  public let directory: URL

  /// A spool writing into `directory` (created when needed).
  public init(directory: URL) { self.directory = directory }

  /// The name that stands for standard input on the command line.
  public static let standardInputName = "-"

  /// The path to read for `path`: `path` itself for a regular file (or a missing one, which
  /// ``CorpusFile`` reports), else a spooled regular copy.
  /// - Throws: ``CorpusError`` of kind `.badFile` naming `path` when the stream cannot be read.
  public func readablePath(for path: String) throws -> String {
    let isStandardInput = path == Self.standardInputName
    if !isStandardInput {
      var status = stat()
      // stat follows symlinks: /dev/stdin is a link to the descriptor's pipe or file.
      guard stat(path, &status) == 0 else { return path }
      let type = status.st_mode & S_IFMT
      if type == S_IFREG || type == S_IFDIR { return path }
    }
    let source =
      isStandardInput ? FileHandle.standardInput : FileHandle(forReadingAtPath: path)
    guard let source else {
      throw CorpusError(
        .badFile, at: SourceLocation(file: path, line: 0), "cannot open the stream for reading")
    }
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let copy = directory.appendingPathComponent("input-\(UUID().uuidString)")
    guard FileManager.default.createFile(atPath: copy.path, contents: nil),
      let sink = FileHandle(forWritingAtPath: copy.path)
    else {
      throw CorpusError(
        .badFile, at: SourceLocation(file: path, line: 0),
        "cannot spool the stream into \(directory.path)")
    }
    defer { try? sink.close() }
    do {
      while let chunk = try source.read(upToCount: 1 << 20), !chunk.isEmpty {
        try sink.write(contentsOf: chunk)
      }
    } catch {
      throw CorpusError(
        .badFile, at: SourceLocation(file: path, line: 0),
        "reading the stream failed: \(error.localizedDescription)")
    }
    return copy.path
  }
}
