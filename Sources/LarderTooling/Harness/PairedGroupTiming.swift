import Foundation
import LarderCore

/// Latencies of two runners over the same harness queries, timed side by side so both see the
/// same machine, and timed so that a group whose query takes a tenth of a microsecond is not
/// measured in clock reads.
///
/// Per group: a warm-up pass on each runner; then passes over the group's queries, each query
/// answered by one runner and then the other (which goes first alternates by pass and by
/// query), each side timed as one interval of `repetitions` back-to-back answers of that query
/// (the per-query time is the interval over `repetitions`). `repetitions` is the same for both
/// runners: enough answers of the group's mean query to fill about ``targetInterval``
/// nanoseconds, so one clock read costs at most a few hundredths of a sample. Every interval
/// is a sample; none is dropped. Percentiles are nearest-rank over all samples.
///
/// A repeated query runs warm (its lists in cache after the first answer), on both sides
/// alike: the figures compare the two query paths' own cost, not cold misses.
public struct PairedGroupTiming: Sendable {
  /// Nanoseconds that one timed interval aims to fill.
  public static let targetInterval = 5_000.0

  /// One runner's latencies in a group, in microseconds per query.
  public struct Side: Sendable {
    /// Nearest-rank percentiles over the samples.
    public var p50: Double, p99: Double
    /// The slowest sample.
    public var max: Double
  }

  /// The group name.
  public var group: String
  /// Queries in the group.
  public var queries: Int
  /// Answers of one query per timed interval.
  public var repetitions: Int
  /// Passes over the group (samples per side = passes · queries).
  public var passes: Int
  /// The first and the second runner's latencies.
  public var first: Side, second: Side

  /// Times `first` and `second` over each group of `queries` (first-appearance order) for about
  /// `secondsPerGroup` each (at least 3 passes, at most 50).
  public static func measure(
    _ first: BatchRunner, _ second: BatchRunner, queries: [HarnessQuery], secondsPerGroup: Double
  ) -> [PairedGroupTiming] {
    var order: [String] = []
    var members: [String: [Int]] = [:]
    for (i, query) in queries.enumerated() {
      if members[query.group] == nil { order.append(query.group) }
      members[query.group, default: []].append(i)
    }
    var sink = 0
    defer { if sink == -1 { print("") } }
    return order.map { group in
      let group = members[group].map { $0.map { queries[$0] } } ?? []
      return measureGroup(first, second, group, secondsPerGroup: secondsPerGroup, sink: &sink)
    }
  }

  private static func measureGroup(
    _ first: BatchRunner, _ second: BatchRunner, _ queries: [HarnessQuery],
    secondsPerGroup: Double, sink: inout Int
  ) -> PairedGroupTiming {
    let runners = [first, second]
    // Warm-up, then one timed pass per side for the group's mean query.
    for runner in runners {
      for query in queries { sink &+= BatchRunner.weight(runner.answer(query)) }
    }
    var slowestMean = 0.0
    for runner in runners {
      let t0 = BatchRunner.now()
      for query in queries { sink &+= BatchRunner.weight(runner.answer(query)) }
      let mean = Double(BatchRunner.now() - t0) / Double(max(queries.count, 1))
      slowestMean = Swift.max(slowestMean, mean)
    }
    let repetitions = Swift.min(
      Swift.max(Int((targetInterval / Swift.max(slowestMean, 1)).rounded(.up)), 1), 1000)
    var samples: [[Double]] = [[], []]
    let start = BatchRunner.now()
    var passes = 0
    while passes < 50 {
      for (position, query) in queries.enumerated() {
        let firstGoesFirst = (passes + position) % 2 == 0
        for side in firstGoesFirst ? [0, 1] : [1, 0] {
          let runner = runners[side]
          let t0 = BatchRunner.now()
          for _ in 0..<repetitions { sink &+= BatchRunner.weight(runner.answer(query)) }
          let t1 = BatchRunner.now()
          samples[side].append(Double(t1 - t0) / Double(repetitions) / 1000)
        }
      }
      passes += 1
      if passes >= 3 && Double(BatchRunner.now() - start) / 1e9 >= secondsPerGroup { break }
    }
    let sides = samples.map { values -> Side in
      let sorted = values.sorted()
      return Side(
        p50: nearestRank(sorted, 50), p99: nearestRank(sorted, 99), max: sorted.last ?? 0)
    }
    return PairedGroupTiming(
      group: queries.first?.group ?? "", queries: queries.count, repetitions: repetitions,
      passes: passes, first: sides[0], second: sides[1])
  }

  /// The nearest-rank `p`th percentile of ascending `sorted` (0 when empty).
  static func nearestRank(_ sorted: [Double], _ p: Double) -> Double {
    if sorted.isEmpty { return 0 }
    let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
    return sorted[Swift.min(Swift.max(rank - 1, 0), sorted.count - 1)]
  }
}
