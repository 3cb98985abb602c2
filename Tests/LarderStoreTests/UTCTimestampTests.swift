import Foundation
import LarderCore
import Testing

@testable import LarderStore

/// The timestamps the user-state stores write (issue 18 replaced `ISO8601DateFormatter` on
/// the write path): the same text as that formatter, for any instant.
@Suite struct UTCTimestampTests {
  @Test func writesWhatISO8601DateFormatterWrites() {
    let seed = UInt64.random(in: 0...UInt64.max)
    print("UTCTimestampTests seed: \(seed)")
    var generator = SplitMix64(seed: seed)
    let formatter = ISO8601DateFormatter()
    // From 1970 to 2100, with fractions of a second, and the edges of days and years.
    var instants: [Double] = [0, 0.999, 59.5, 86_399.999, 951_782_400, 4_102_444_799.75]
    for _ in 0..<5_000 {
      instants.append(Double(generator.next() % 4_102_444_800_000) / 1000)
    }
    for seconds in instants {
      let date = Date(timeIntervalSince1970: seconds)
      #expect(
        UTCTimestamp.string(from: date) == formatter.string(from: date),
        "at \(seconds) s (seed \(seed))")
    }
  }

  @Test func aKnownInstant() {
    #expect(
      UTCTimestamp.string(from: Date(timeIntervalSince1970: 1_795_776_310.9))
        == "2026-11-27T10:45:10Z")
  }
}
