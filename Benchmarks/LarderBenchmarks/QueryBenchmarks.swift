// What is measured: each query type of the engine, in the in-memory snapshot and, where Larder
// has one, in its own SQLite-only path in the same process (compare the two rows' medians for
// the ratio; `larder baseline` prints the ratios of one run side by side):
//   - suggest: every prefix of 200 typed names drawn by recipe count (the keystroke workload of
//     `larder baseline`), in memory and through `IndexReader.sqlSuggest`; and the same names
//     typed with one slip, in memory (the typo pass; SQLite has no typo tolerance);
//   - all-of, 2 ingredients common+common, common+rare, rare+rare, zero-result, and 3 common,
//     in memory (exact names, as the harness asks) and through `IndexReader.sqlAllOf`;
//   - a category page (20 recipes by title), in memory and through `IndexReader.sqlCategoryPage`;
//   - pantries of 5/10/20/50 items, in memory and through `IndexReader.sqlPantry`;
//   - text search (FTS5), recipe detail and a page of summaries (SQLite: no in-memory path);
//   - opening the index (loading the in-memory layer).
// Corpus model: BenchmarkCorpus (SyntheticCorpus seed 42, LARDER_BENCH_RECIPES recipes, default
// 10,000), indexed once by BenchmarkIndex. Each benchmark runs a fixed, seeded workload per
// iteration; time and allocations are per iteration (divide by the workload size in the name).
// How to run: `cd Benchmarks && swift package benchmark --filter 'Query|SQLite|Index'`;
// `LARDER_BENCH_RECIPES=100000` for the 100k model; `LARDER_BENCH_QUICK=1` for a smoke run.
import Benchmark
import LarderCore
import LarderStore
import LarderTooling

/// Fewer iterations for the SQLite-only rows: they are 100 to 10,000 times slower.
private var sqliteConfiguration: Benchmark.Configuration {
  .init(maxIterations: BenchmarkCorpus.isQuick ? 2 : 20)
}

func registerQueryBenchmarks() {
  let keystrokes = BenchmarkIndex.keystrokes(names: 200)
  Benchmark("Query.suggest (\(keystrokes.count) keystrokes)") { benchmark in
    let snapshot = BenchmarkIndex.snapshot
    benchmark.startMeasurement()
    for text in keystrokes { blackHole(snapshot.suggest(text, limit: 10)) }
  }
  let slipped = BenchmarkIndex.keystrokes(names: 200, typing: .oneTypo)
  Benchmark("Query.suggest one typo (\(slipped.count) keystrokes)") { benchmark in
    let snapshot = BenchmarkIndex.snapshot
    benchmark.startMeasurement()
    for text in slipped { blackHole(snapshot.suggest(text, limit: 10)) }
  }
  Benchmark("SQLite.suggest (\(keystrokes.count) keystrokes)", configuration: sqliteConfiguration) {
    benchmark in
    let reader = try IndexReader(url: BenchmarkIndex.url)
    benchmark.startMeasurement()
    for text in keystrokes { blackHole(try reader.sqlSuggest(text, limit: 10)) }
  }

  let workloads: [(String, [[String]])] = [
    ("2 common", BenchmarkIndex.ingredientLists(count: 100, pattern: [.common, .common], seed: 1)),
    (
      "common+rare", BenchmarkIndex.ingredientLists(count: 100, pattern: [.common, .rare], seed: 2)
    ),
    ("2 rare", BenchmarkIndex.ingredientLists(count: 100, pattern: [.rare, .rare], seed: 3)),
    ("zero-result", BenchmarkIndex.zeroResultPairs(count: 100, seed: 4)),
    (
      "3 common",
      BenchmarkIndex.ingredientLists(count: 100, pattern: [.common, .common, .common], seed: 5)
    ),
  ]
  for (label, lists) in workloads {
    Benchmark("Query.allOf (\(label), 100 queries)") { benchmark in
      let snapshot = BenchmarkIndex.snapshot
      let scratch = QueryScratch(for: snapshot)
      benchmark.startMeasurement()
      for names in lists {
        blackHole(try? snapshot.allOf(AllOfQuery(names, matching: .exact), scratch: scratch))
      }
    }
    Benchmark("SQLite.allOf (\(label), 100 queries)", configuration: sqliteConfiguration) {
      benchmark in
      let reader = try IndexReader(url: BenchmarkIndex.url)
      benchmark.startMeasurement()
      for names in lists { blackHole(try reader.sqlAllOf(names, matching: .exact, limit: 20)) }
    }
  }

  for size in [5, 10, 20, 50] {
    let pantries = BenchmarkIndex.ingredientLists(
      count: 20,
      pattern: Array(repeating: .common, count: size / 2)
        + Array(repeating: .rare, count: size - size / 2), seed: UInt64(size))
    Benchmark("Query.pantry (\(size) items, 20 queries)") { benchmark in
      let matcher = PantryMatcher(snapshot: BenchmarkIndex.snapshot)
      let scratch = QueryScratch(for: BenchmarkIndex.snapshot)
      benchmark.startMeasurement()
      for have in pantries {
        blackHole(try? matcher.match(PantryQuery(have: have, matching: .exact), scratch: scratch))
      }
    }
    Benchmark(
      "SQLite.pantry (\(size) items, 20 queries)",
      configuration: .init(maxIterations: BenchmarkCorpus.isQuick ? 2 : 10)
    ) {
      benchmark in
      let reader = try IndexReader(url: BenchmarkIndex.url)
      benchmark.startMeasurement()
      for have in pantries { blackHole(try reader.sqlPantry(have, limit: 20)) }
    }
  }

  let categories = BenchmarkIndex.snapshot.categories().map(\.name)
  Benchmark("Query.categoryPage (100 pages)") { benchmark in
    let snapshot = BenchmarkIndex.snapshot
    benchmark.startMeasurement()
    for page in 0..<100 {
      blackHole(
        snapshot.categoryPageByTitleBytes(
          categories[page % categories.count], page: page % 5, limit: 20))
    }
  }
  Benchmark("SQLite.categoryPage (100 pages)", configuration: sqliteConfiguration) { benchmark in
    let reader = try IndexReader(url: BenchmarkIndex.url)
    benchmark.startMeasurement()
    for page in 0..<100 {
      blackHole(
        try reader.sqlCategoryPage(
          categories[page % categories.count], offset: (page % 5) * 20, limit: 20))
    }
  }

  Benchmark("SQLite.textSearch (20 queries)") { benchmark in
    let reader = try IndexReader(url: BenchmarkIndex.url)
    let words = BenchmarkIndex.namesByPopularity.prefix(20)
    benchmark.startMeasurement()
    for word in words { blackHole(try reader.search(TextSearchRequest(text: word))) }
  }

  Benchmark("SQLite.recipeDetail (100 recipes)") { benchmark in
    let reader = try IndexReader(url: BenchmarkIndex.url)
    let count = BenchmarkIndex.snapshot.recipeCount
    benchmark.startMeasurement()
    for i in 0..<100 { blackHole(try reader.recipe(RecipeID((i * 7919) % count))) }
  }

  Benchmark("SQLite.summaries (100 pages of 20)") { benchmark in
    let reader = try IndexReader(url: BenchmarkIndex.url)
    let count = BenchmarkIndex.snapshot.recipeCount
    let pages = (0..<100).map { page in
      (0..<20).map { RecipeID((page * 7919 + $0 * 104_729) % count) }
    }
    benchmark.startMeasurement()
    for page in pages { blackHole(try reader.summaries(of: page)) }
  }

  Benchmark(
    "Index.open (snapshot load)", configuration: .init(metrics: [.wallClock, .peakMemoryResident])
  ) { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try IndexReader(url: BenchmarkIndex.url).loadSnapshot())
    }
  }
}
