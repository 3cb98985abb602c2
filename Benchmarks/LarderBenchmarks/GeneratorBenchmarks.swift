// What is measured: the synthetic corpus generator of LarderCore and the tools around it.
//   - building the generator (22,000-name vocabulary, 14 per-category alias tables);
//   - generating recipes (1,000 per inner loop; per-recipe cost, throughput in recipes/s);
//   - CorpusStatistics over the shared corpus (distinct names, postings, df by rank);
//   - encoding recipes as harness JSONL (what `larder generate` writes).
// Corpus model: SyntheticCorpus seed 42 — Zipf-like popularity over 22k ranked names (salt ≈ 40 %
// of recipes), 5–20 ingredients (mean ≈ 9.1), TheMealDB's 14 categories with affinity, 29 areas.
// How to run: `cd Benchmarks && swift package benchmark --filter 'Synthetic|CorpusStatistics|JSONL'`
// (LARDER_BENCH_QUICK=1 for a smoke run, LARDER_BENCH_RECIPES=N for the statistics corpus size).
import Benchmark
import LarderCore
import LarderTooling

func registerGeneratorBenchmarks() {
  Benchmark(
    "SyntheticCorpus.init",
    configuration: .init(
      metrics: [.wallClock, .mallocCountTotal], maxIterations: BenchmarkCorpus.isQuick ? 2 : 20)
  ) { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(SyntheticCorpus(seed: BenchmarkCorpus.seed))
    }
  }

  Benchmark(
    "SyntheticCorpus.recipe (1k recipes)",
    configuration: .init(scalingFactor: .kilo)
  ) { benchmark in
    let generator = BenchmarkCorpus.generator
    let start = benchmark.currentIteration * 1_000
    benchmark.startMeasurement()
    for index in benchmark.scaledIterations {
      blackHole(generator.recipe(at: start + index))
    }
  }

  Benchmark(
    "CorpusStatistics.measure (shared corpus)",
    configuration: .init(maxIterations: BenchmarkCorpus.isQuick ? 2 : 50)
  ) { benchmark in
    let recipes = BenchmarkCorpus.recipes
    benchmark.startMeasurement()
    blackHole(CorpusStatistics.measure(recipes))
  }

  Benchmark(
    "RecipeJSONLineEncoder harness-jsonl (1k recipes)",
    configuration: .init(scalingFactor: .kilo)
  ) { benchmark in
    let recipes = BenchmarkCorpus.recipes
    let encoder = RecipeJSONLineEncoder(format: .harnessJSONL)
    var buffer: [UInt8] = []
    buffer.reserveCapacity(1 << 20)
    benchmark.startMeasurement()
    for index in benchmark.scaledIterations {
      encoder.append(recipes[index % recipes.count], to: &buffer)
    }
    blackHole(buffer)
  }
}
