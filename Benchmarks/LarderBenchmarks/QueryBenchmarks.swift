// What is measured: each query type of the engine, in the in-memory snapshot and, for all-of and
// pantry, in Larder's own SQLite-only path in the same process (compare the two rows' medians for
// the ratio): keystroke suggestions (every 1–8 character prefix of the 200 most popular names),
// all-of 2 and 3 ingredients (common+common, common+rare, rare+rare), a category page, pantries
// of 5/10/20/50 items, text search (FTS5), recipe detail (SQLite), and opening the index.
// Corpus model: BenchmarkCorpus (SyntheticCorpus seed 42, LARDER_BENCH_RECIPES recipes, default
// 10,000), indexed once by BenchmarkIndex. Each benchmark runs a fixed, seeded workload per
// iteration and reports time per query (scaledIterations) and allocations.
// How to run: `cd Benchmarks && swift package benchmark --filter 'Query|SQLite|Index'`;
// `LARDER_BENCH_RECIPES=100000` for the 100k model; `LARDER_BENCH_QUICK=1` for a smoke run.
import Benchmark
import LarderCore
import LarderStore

func registerQueryBenchmarks() {
  let keystrokes = BenchmarkIndex.keystrokes(names: 200)
  Benchmark("Query.suggest (keystroke)", configuration: .init(scalingFactor: .one)) { benchmark in
    let snapshot = BenchmarkIndex.snapshot
    benchmark.startMeasurement()
    for text in keystrokes { blackHole(snapshot.suggest(text, limit: 10)) }
  }

  let workloads: [(String, [[String]])] = [
    ("2 common", BenchmarkIndex.ingredientLists(count: 100, size: 2, popularity: .common, seed: 1)),
    ("3 common", BenchmarkIndex.ingredientLists(count: 100, size: 3, popularity: .common, seed: 2)),
    ("2 rare", BenchmarkIndex.ingredientLists(count: 100, size: 2, popularity: .rare, seed: 3)),
    ("2 mixed", BenchmarkIndex.ingredientLists(count: 100, size: 2, popularity: .mixed, seed: 4)),
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
    Benchmark(
      "SQLite.allOf (\(label), 100 queries)",
      configuration: .init(maxIterations: BenchmarkCorpus.isQuick ? 2 : 20)
    ) {
      benchmark in
      let reader = try IndexReader(url: BenchmarkIndex.url)
      benchmark.startMeasurement()
      for names in lists { blackHole(try reader.sqlAllOf(names, matching: .exact, limit: 20)) }
    }
  }

  for size in [5, 10, 20, 50] {
    let pantries = BenchmarkIndex.ingredientLists(
      count: 20, size: size, popularity: .mixed, seed: UInt64(size))
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

  Benchmark("Query.categoryPage (100 pages)") { benchmark in
    let snapshot = BenchmarkIndex.snapshot
    let categories = snapshot.categories().map(\.name)
    benchmark.startMeasurement()
    for page in 0..<100 {
      blackHole(
        snapshot.recipes(
          inCategory: categories[page % categories.count], offset: (page % 5) * 20, limit: 20))
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

  Benchmark(
    "Index.open (snapshot load)", configuration: .init(metrics: [.wallClock, .peakMemoryResident])
  ) { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try IndexReader(url: BenchmarkIndex.url).loadSnapshot())
    }
  }
}
