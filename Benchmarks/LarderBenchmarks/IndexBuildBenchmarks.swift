// What is measured: a whole index build (`IndexBuild`, what `larder index` runs) of the shared
// corpus: reading Larder JSONL, normalizing, SQLite inserts on a second thread, the FTS5 index,
// the postings and title-word tables, the snapshot built on the second core, the atomic rename.
// One build per iteration: wall clock per build (recipes/s = recipes in the name / seconds),
// peak resident memory of the process. Corpus model: BenchmarkCorpus (SyntheticCorpus seed 42,
// LARDER_BENCH_RECIPES recipes, default 10,000), as a JSONL file written once.
// How to run: `cd Benchmarks && swift package benchmark --filter 'Index.build'`
// (`LARDER_BENCH_RECIPES=100000` for the 100k model the foundation issue's target is set on).
import Benchmark
import Foundation
import LarderCore
import LarderStore
import LarderTooling

func registerIndexBuildBenchmarks() {
  Benchmark(
    "Index.build (\(BenchmarkCorpus.size) recipes)",
    configuration: .init(
      metrics: [.wallClock, .peakMemoryResident],
      maxDuration: .seconds(BenchmarkCorpus.isQuick ? 1 : 30),
      maxIterations: BenchmarkCorpus.isQuick ? 1 : 5)
  ) { benchmark in
    let corpus = BenchmarkIndex.corpus
    let destination = BenchmarkIndex.directory.appendingPathComponent("build.sqlite")
    benchmark.startMeasurement()
    let summary = try IndexBuild(vocabulary: Vocabulary()).run(
      paths: [corpus.path], destination: destination)
    benchmark.stopMeasurement()
    blackHole(summary)
    try? FileManager.default.removeItem(at: destination)
  }
}
