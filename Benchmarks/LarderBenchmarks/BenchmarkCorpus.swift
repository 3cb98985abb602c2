// The corpus every benchmark shares: the synthetic corpus of LarderCore (seed 42, the peer
// harness's default), at a size set by LARDER_BENCH_RECIPES (default 10,000), generated once per
// benchmark process. The harness's published statistics for that model: 10k recipes → 4.9k
// distinct names, 91k postings; 1m → 21.7k names, 9.1m postings.
import Benchmark
import Foundation
import LarderCore
import LarderTooling

enum BenchmarkCorpus {
  /// The seed of the benchmark corpus.
  static let seed: UInt64 = 42

  /// Recipes in the shared corpus.
  static let size: Int = environmentInteger("LARDER_BENCH_RECIPES") ?? 10_000

  /// Whether this is a smoke run (LARDER_BENCH_QUICK set): a few iterations per benchmark.
  static let isQuick: Bool = ProcessInfo.processInfo.environment["LARDER_BENCH_QUICK"] != nil

  /// The generator (vocabulary and sampling tables built once).
  static let generator = SyntheticCorpus(seed: seed)

  /// The first ``size`` recipes, materialized for benchmarks that read a corpus.
  static let recipes: [Recipe] = Array(generator.recipes(count: size))

  /// Defaults for every benchmark: wall clock, throughput and allocations; shortened for smoke runs.
  static var defaultConfiguration: Benchmark.Configuration {
    .init(
      metrics: [.wallClock, .throughput, .mallocCountTotal, .peakMemoryResident],
      warmupIterations: isQuick ? 0 : 1,
      maxDuration: isQuick ? .seconds(1) : .seconds(5),
      maxIterations: isQuick ? 3 : 1_000
    )
  }

  private static func environmentInteger(_ name: String) -> Int? {
    ProcessInfo.processInfo.environment[name].flatMap { Int($0) }
  }
}
