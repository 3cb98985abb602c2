import ArgumentParser
import Foundation
import LarderCore
import LarderStore
import LarderTooling

/// `larder baseline`: the harness's all-of, category and pantry queries through the in-memory
/// engine and through Larder's own SQLite-only path, in the same process and run: answers
/// compared query by query, latency per group (all-of also per popularity mix: `and2 cc` is
/// common+common, `cr` common+rare, `zero` verified empty, ...), and the ratio. A keystroke
/// replay of suggestions comes first.
struct BaselineCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "baseline",
    abstract:
      "Compare the in-memory engine with the SQLite-only path on harness queries (answers and speed), after a keystroke replay."
  )

  @Option(help: "The index file.") var index: String
  @Option(help: "Harness query lines (JSONL); without it only the keystroke replay runs.")
  var queries: String?
  @Option(name: .customLong("max-per-group"), help: "Queries per group at most (SQLite is slow).")
  var maxPerGroup = 100
  @Option(
    name: .customLong("keystroke-names"),
    help: "Typed names for the keystroke replay (every prefix of each; 0 skips it).")
  var keystrokeNames = 1_000
  @Option(help: "Seed of the keystroke workload.") var seed: UInt64 = 42
  @Option(help: "Timed passes; each figure is the median over them (ratios per pass, then median).")
  var runs = 1
  @Option(
    name: .customLong("sqlite-keystrokes"),
    help: "Keystrokes timed through SQLite per workload at most (evenly spaced; it is slow).")
  var sqliteKeystrokes = 2_000
  @Option(
    name: .customLong("write-keystrokes"),
    help: "Also write the by-recipe-count keystrokes to this file, one per line (for HTTP replay).")
  var writeKeystrokes: String?

  func validate() throws {
    for (name, value, range) in [
      ("--max-per-group", maxPerGroup, 1...1_000_000),
      ("--keystroke-names", keystrokeNames, 0...1_000_000),
      ("--runs", runs, 1...100), ("--sqlite-keystrokes", sqliteKeystrokes, 0...1_000_000),
    ] where !range.contains(value) {
      throw ValidationError(
        "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound) (got \(value))"
      )
    }
  }

  func run() throws {
    let reader = try IndexReader(url: URL(fileURLWithPath: index))
    let snapshot = try reader.loadSnapshot()
    if keystrokeNames > 0 { try replayKeystrokes(snapshot: snapshot, reader: reader) }
    guard let queries else { return }
    let runner = BatchRunner(snapshot: snapshot, publicIDs: try reader.publicIDs())
    let lines = try String(contentsOfFile: queries, encoding: .utf8).split(separator: "\n")
    var perGroup: [String: [HarnessQuery]] = [:]
    var order: [String] = []
    for line in lines {
      let query = try HarnessQuery(line: String(line))
      var groups: [String]
      switch query.kind {
      case .allOf: groups = [query.group] + (query.mix.map { ["\(query.group) \($0)"] } ?? [])
      case .pantry, .category: groups = [query.group]
      case .prefix: continue
      }
      for group in groups {
        if perGroup[group] == nil { order.append(group) }
        if perGroup[group, default: []].count < maxPerGroup {
          perGroup[group, default: []].append(query)
        }
      }
    }
    print(
      "| group | n | in-memory p50 / p99 µs | SQLite-only p50 / p99 µs | ratio p50 / p99 | answers differ |"
    )
    print("|---|---|---|---|---|---|")
    for group in order {
      let queries = perGroup[group] ?? []
      for query in queries { _ = runner.answer(query) }  // warm-up
      var passes: [Pass] = []
      var differ = 0
      for _ in 0..<max(runs, 1) {
        var memory: [Double] = []
        var sqlite: [Double] = []
        differ = 0
        for query in queries {
          let start = DispatchTime.now().uptimeNanoseconds
          let fast = runner.answer(query)
          let middle = DispatchTime.now().uptimeNanoseconds
          let slow = try sqlAnswer(query, reader: reader)
          let end = DispatchTime.now().uptimeNanoseconds
          memory.append(Double(middle - start) / 1000)
          sqlite.append(Double(end - middle) / 1000)
          if fast != slow { differ += 1 }
        }
        passes.append(Pass(memory: memory, sqlite: sqlite))
      }
      let m = Pass.median(of: passes)
      print(
        String(
          format: "| %@ | %d | %.1f / %.1f | %.0f / %.0f | %.0f× / %.0f× | %d |", group,
          queries.count, m.memory50, m.memory99, m.sqlite50, m.sqlite99, m.ratio50, m.ratio99,
          differ))
    }
  }

  /// Every prefix of `keystrokeNames` typed names through `Snapshot.suggest` (limit 10, the
  /// full semantics: plurals, aliases, typo pass) and through `IndexReader.sqlSuggest` (at most
  /// `sqliteKeystrokes` of them, evenly spaced), each keystroke timed alone after a warm-up
  /// pass, for both ways of choosing names, typed as spelled and with one slip. The SQLite-only
  /// path has no typo tolerance, so slipped names are timed in memory only.
  func replayKeystrokes(snapshot: Snapshot, reader: IndexReader) throws {
    print(
      "| keystroke replay (\(keystrokeNames) names, seed \(seed)\(runs > 1 ? ", median of \(runs) runs" : "")) | keystrokes | in-memory p50 / p99 / max µs | SQLite-only p50 / p99 µs | ratio p50 / p99 |"
    )
    print("|---|---|---|---|---|")
    for typing in KeystrokeWorkload.Typing.allCases {
      for choice in KeystrokeWorkload.NameChoice.allCases {
        let workload = KeystrokeWorkload(
          snapshot: snapshot, count: keystrokeNames, choice: choice, typing: typing, seed: seed)
        if let writeKeystrokes, choice == .byRecipeCount, typing == .asSpelled {
          try Data(workload.keystrokes.map { $0 + "\n" }.joined().utf8).write(
            to: URL(fileURLWithPath: writeKeystrokes))
        }
        let keystrokes = workload.keystrokes
        let step = max(1, keystrokes.count / max(sqliteKeystrokes, 1))
        let sampled =
          typing == .asSpelled ? Array(stride(from: 0, to: keystrokes.count, by: step)) : []
        for text in keystrokes { _ = snapshot.suggest(text, limit: 10) }  // warm-up
        var passes: [Pass] = []
        for _ in 0..<max(runs, 1) {
          var memory: [Double] = []
          var sqlite: [Double] = []
          // Two passes, not interleaved: a SQLite scan between keystrokes would evict the
          // snapshot's arrays from the caches, and a typing user's suggest calls run back to back.
          for text in keystrokes {
            let start = DispatchTime.now().uptimeNanoseconds
            let answer = snapshot.suggest(text, limit: 10)
            let end = DispatchTime.now().uptimeNanoseconds
            withExtendedLifetime(answer) {}
            memory.append(Double(end - start) / 1000)
          }
          for index in sampled {
            let start = DispatchTime.now().uptimeNanoseconds
            let names = try reader.sqlSuggest(keystrokes[index], limit: 10)
            let end = DispatchTime.now().uptimeNanoseconds
            withExtendedLifetime(names) {}
            sqlite.append(Double(end - start) / 1000)
          }
          passes.append(Pass(memory: memory, sqlite: sqlite))
        }
        let m = Pass.median(of: passes)
        let label =
          typing == .asSpelled ? choice.rawValue : "\(choice.rawValue), \(typing.rawValue)"
        let memory = String(
          format: "%.2f / %.2f / %.0f", m.memory50, m.memory99, m.memoryMax)
        let sqlite =
          sampled.isEmpty
          ? "| (no typo tolerance) | |"
          : String(
            format: "| %.0f / %.0f | %.0f× / %.0f× |", m.sqlite50, m.sqlite99, m.ratio50,
            m.ratio99)
        print("| \(label) | \(keystrokes.count) | \(memory) \(sqlite)")
      }
    }
    print("")
  }

  /// The same query through SQL, in the in-memory engine's answer shape.
  func sqlAnswer(_ query: HarnessQuery, reader: IndexReader) throws -> HarnessAnswer {
    switch query.kind {
    case .allOf(let names, let limit):
      let (count, ids) = try reader.sqlAllOf(
        Array(names.prefix(8)), matching: .exact, limit: min(limit, 64))
      return .counted(count: count, recipes: ids)
    case .pantry(let names, let limit):
      let hits = try reader.sqlPantry(names, limit: min(limit, 64))
      return .pantry(hits.map { PantryRank(recipe: $0.id, used: $0.used, missing: $0.missing) })
    case .category(let name, let page, let limit):
      let size = min(limit, 64)
      return .page(try reader.sqlCategoryPage(name, offset: page * size, limit: size))
    case .prefix:
      return .page([])
    }
  }
}

/// One timed pass of `larder baseline` over a workload: per-query microseconds in memory and
/// through SQLite.
struct Pass {
  var memory: [Double]
  var sqlite: [Double]

  /// The medians over passes of each pass's percentiles and ratios.
  struct Medians {
    var memory50 = 0.0, memory99 = 0.0, memoryMax = 0.0
    var sqlite50 = 0.0, sqlite99 = 0.0, ratio50 = 0.0, ratio99 = 0.0
  }

  static func median(of passes: [Pass]) -> Medians {
    func median(_ values: [Double]) -> Double {
      let sorted = values.sorted()
      return sorted.isEmpty ? 0 : sorted[(sorted.count - 1) / 2]
    }
    let stats = passes.map { pass in
      let (m50, m99, s50, s99) = (
        percentile(pass.memory, 50), percentile(pass.memory, 99),
        percentile(pass.sqlite, 50), percentile(pass.sqlite, 99)
      )
      return [
        m50, m99, pass.memory.max() ?? 0, s50, s99, s50 / max(m50, 0.001), s99 / max(m99, 0.001),
      ]
    }
    let column = { (i: Int) in median(stats.map { $0[i] }) }
    return Medians(
      memory50: column(0), memory99: column(1), memoryMax: column(2), sqlite50: column(3),
      sqlite99: column(4), ratio50: column(5), ratio99: column(6))
  }
}

/// The value at percentile `p` (nearest rank) of `values`.
func percentile(_ values: [Double], _ p: Double) -> Double {
  let sorted = values.sorted()
  return sorted.isEmpty
    ? 0
    : sorted[min(sorted.count - 1, Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1)]
}
