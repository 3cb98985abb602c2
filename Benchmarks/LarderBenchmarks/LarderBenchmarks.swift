// Larder benchmarks: the entry point the benchmark plugin looks for.
//
// Layout: one file per measured concern, each exposing a `register…Benchmarks()` function that is
// called here: `GeneratorBenchmarks.swift` (synthetic corpus, statistics, JSONL encoding),
// `QueryBenchmarks.swift` (every query type, in memory and SQLite-only, over `BenchmarkIndex`)
// and `IndexBuildBenchmarks.swift` (a whole index build).
//
// Run from `Benchmarks/`:
//   swift package benchmark                                  # everything
//   swift package benchmark --filter 'Synthetic.*'            # a regular expression over names
//   LARDER_BENCH_QUICK=1 swift package benchmark              # smoke run: few iterations
//   LARDER_BENCH_RECIPES=100000 swift package benchmark       # corpus size for the fixtures
//   swift package benchmark list                              # names only
import Benchmark

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = BenchmarkCorpus.defaultConfiguration
  registerGeneratorBenchmarks()
  registerQueryBenchmarks()
  registerIndexBuildBenchmarks()
}
