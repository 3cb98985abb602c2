import Foundation

/// Instants as Larder writes them into its files and tables: ISO 8601 in UTC to the second
/// (`2026-11-27T10:45:10Z`), the form `ISO8601DateFormatter` writes by default, made without
/// it. A new `ISO8601DateFormatter` builds an ICU date format, number format and calendar:
/// made for every saved favorite, that was 12 % of a replica's CPU under a write load (issue
/// 18). This is `gmtime_r` and twenty bytes.
enum UTCTimestamp {
  /// `date` in UTC, fractions of a second dropped (as `ISO8601DateFormatter` drops them):
  /// `2026-11-27T10:45:10Z`.
  static func string(from date: Date) -> String {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    _ = gmtime_r(&seconds, &parts)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(20)
    func append(_ value: Int32, digits: Int) {
      var divisor: Int32 = 1
      for _ in 1..<digits { divisor *= 10 }
      var rest = value
      while divisor > 0 {
        bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor % 10))
        rest %= divisor
        divisor /= 10
      }
    }
    append(parts.tm_year + 1900, digits: 4)
    bytes.append(UInt8(ascii: "-"))
    append(parts.tm_mon + 1, digits: 2)
    bytes.append(UInt8(ascii: "-"))
    append(parts.tm_mday, digits: 2)
    bytes.append(UInt8(ascii: "T"))
    append(parts.tm_hour, digits: 2)
    bytes.append(UInt8(ascii: ":"))
    append(parts.tm_min, digits: 2)
    bytes.append(UInt8(ascii: ":"))
    append(parts.tm_sec, digits: 2)
    bytes.append(UInt8(ascii: "Z"))
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Now, as ``string(from:)`` writes it.
  static func now() -> String { string(from: Date()) }
}
