import CZlib
import Foundation

/// gzip for the page's static files (RFC 1952, through the system's zlib): each file is
/// compressed once when the server starts, and sent compressed to a client that accepts it.
enum Gzip {
  /// `bytes` as one gzip member at the highest level, or `nil` when zlib fails.
  /// - Complexity: O(n), once per file at start.
  static func compress(_ bytes: [UInt8]) -> [UInt8]? {
    var stream = z_stream()
    guard larder_deflate_init_gzip(&stream, Z_BEST_COMPRESSION) == Z_OK else { return nil }
    defer { deflateEnd(&stream) }
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 32)
    var input = bytes
    let status = input.withUnsafeMutableBufferPointer { source in
      output.withUnsafeMutableBufferPointer { target in
        stream.next_in = source.baseAddress
        stream.avail_in = uInt(source.count)
        stream.next_out = target.baseAddress
        stream.avail_out = uInt(target.count)
        return deflate(&stream, Z_FINISH)
      }
    }
    guard status == Z_STREAM_END else { return nil }
    return Array(output.prefix(Int(stream.total_out)))
  }

  /// Whether an `Accept-Encoding` header value accepts gzip: `gzip` (or `x-gzip`, or `*`) named
  /// with no `q` or a `q` above 0 (RFC 9110, 12.5.3). `gzip;q=0` refuses it.
  static func isAccepted(by acceptEncoding: String?) -> Bool {
    guard let acceptEncoding else { return false }
    var star: Bool?
    for item in acceptEncoding.split(separator: ",") {
      let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
      guard let coding = parts.first?.lowercased() else { continue }
      var weight = 1.0
      for parameter in parts.dropFirst() {
        let pair = parameter.split(separator: "=", maxSplits: 1)
        if pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "q" {
          weight = Double(pair[1].trimmingCharacters(in: .whitespaces)) ?? 0
        }
      }
      if coding == "gzip" || coding == "x-gzip" { return weight > 0 }
      if coding == "*" { star = weight > 0 }
    }
    return star ?? false
  }
}
