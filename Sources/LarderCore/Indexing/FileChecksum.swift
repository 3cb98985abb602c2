import Foundation

/// FNV-1a 64-bit over a file's bytes: cheap, dependency-free, and enough to tell whether a
/// source file changed since an index was built (it is not a security checksum).
public enum FileChecksum {
  /// The checksum of the file at `path` and its size, read in 1 MiB chunks.
  /// - Complexity: O(file size), constant memory.
  public static func fnv1a64(path: String) throws -> (checksum: String, bytes: Int) {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw CorpusError(.badFile, at: SourceLocation(file: path, line: 0), "cannot open the file")
    }
    defer { try? handle.close() }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    var total = 0
    while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
      total += chunk.count
      chunk.withUnsafeBytes { raw in
        for byte in raw {
          hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
      }
    }
    let hex = String(hash, radix: 16)
    return (String(repeating: "0", count: 16 - hex.count) + hex, total)
  }
}
