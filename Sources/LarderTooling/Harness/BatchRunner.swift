import Foundation
import LarderCore

/// One query of the benchmark harness (`queries-*.jsonl`), parsed.
public struct HarnessQuery: Sendable, Hashable {
  /// What is asked.
  public enum Kind: Sendable, Hashable {
    /// Top `k` ingredient names under a word prefix.
    case prefix(text: String, k: Int)
    /// Count and first `limit` ids of recipes with all the ingredients.
    case allOf(ingredients: [String], limit: Int)
    /// A page of a category by (title, id).
    case category(name: String, page: Int, limit: Int)
    /// Top `limit` pantry hits.
    case pantry(ingredients: [String], limit: Int)
  }

  /// The query's id, echoed in the answer.
  public var qid: Int
  /// The timing group (`prefix`, `and2`, ...).
  public var group: String
  /// The popularity mix of an AND query's ingredients (`cc`, `cr`, `zero`, ...), if given.
  public var mix: String?
  /// The query itself.
  public var kind: Kind

  /// Parses one JSON line; throws ``BatchRunner/LineError`` on malformed input.
  public init(line: String) throws {
    guard let data = line.data(using: .utf8),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { throw BatchRunner.LineError(message: "not a JSON object: \(line.prefix(80))") }
    guard let qid = (object["qid"] as? NSNumber)?.intValue, let type = object["type"] as? String
    else {
      throw BatchRunner.LineError(message: "missing qid or type: \(line.prefix(80))")
    }
    self.qid = qid
    group = object["group"] as? String ?? type
    mix = object["mix"] as? String
    let limit = (object["limit"] as? NSNumber)?.intValue ?? 20
    let names = (object["ingredients"] as? [Any])?.compactMap { $0 as? String } ?? []
    switch type {
    case "prefix":
      kind = .prefix(
        text: object["text"] as? String ?? "", k: (object["k"] as? NSNumber)?.intValue ?? 10)
    case "and":
      kind = .allOf(ingredients: names, limit: limit)
    case "category":
      kind = .category(
        name: object["category"] as? String ?? "",
        page: (object["page"] as? NSNumber)?.intValue ?? 0,
        limit: limit)
    case "pantry":
      kind = .pantry(ingredients: names, limit: limit)
    default:
      throw BatchRunner.LineError(message: "unknown query type \(type)")
    }
  }
}

/// A harness answer before formatting (internal ids).
public enum HarnessAnswer: Sendable, Hashable {
  /// Ingredient ids, best first (of the runner's ingredient tables: the snapshot's, or a live
  /// view's ``LiveView/ingredientTables``).
  case names([IngredientID])
  /// A total and the first recipe ids.
  case counted(count: Int, recipes: [RecipeID])
  /// Recipe ids in page order.
  case page([RecipeID])
  /// Ranked pantry hits.
  case pantry([PantryRank])
}

/// Answers benchmark-harness query lines against a snapshot and times them.
///
/// Answers follow the harness semantics exactly (see the peers README): plain prefix, exact AND,
/// category by title bytes, exact pantry; formatted as `{"qid":N,"r":...}` like the C reference.
public struct BatchRunner {
  /// A malformed query line.
  public struct LineError: Error, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// The message.
    public var description: String { message }
  }

  /// Latency statistics of one group, in microseconds.
  public struct GroupTiming: Sendable {
    /// The group name.
    public var group: String
    /// Queries in the group.
    public var queries: Int
    /// Timed samples (the group's queries, possibly repeated).
    public var samples: Int
    /// Nearest-rank percentiles and mean.
    public var p50: Double, p95: Double, p99: Double, mean: Double, max: Double
    /// Mean per query of an untimed loop.
    public var batch: Double
  }

  /// The result of a run: one answer line per query (input order) and per-group timings.
  public struct Result: Sendable {
    /// `{"qid":N,"r":...}` lines in input order.
    public var answerLines: [String]
    /// Nanoseconds of each query's first timed run (input order), after the warm-up pass.
    public var nanoseconds: [UInt64]
    /// Per-group statistics in first-appearance order.
    public var groups: [GroupTiming]
  }

  /// How much to measure.
  public enum Timing: Sendable {
    /// Answer each query once, untimed.
    case none
    /// Warm-up pass, then timed passes until `seconds` per group (at most 50 passes), then an
    /// untimed batch loop.
    case measured(secondsPerGroup: Double)
  }

  /// The snapshot queried.
  public let snapshot: Snapshot
  /// The public id of each recipe, by ``RecipeID``: answers name recipes by the corpus's ids.
  public let publicIDs: [String]
  private let scratch: QueryScratch
  /// The snapshot whose ingredient ids prefix answers name: ``snapshot``, or over a live view
  /// its full build's ingredient tables (``LiveView/ingredientTables``, built once per view),
  /// which the merged prefix query reads.
  private let ingredientTables: Snapshot
  /// The merged face of a live view that answers the prefix, AND and category queries, or
  /// `nil` when ``snapshot`` answers every query.
  private let merged: LiveMergedQueries?

  /// A runner over `snapshot`, naming recipes by `publicIDs` (one per recipe, in id order;
  /// `IndexReader.publicIDs()` reads them from an index file).
  public init(snapshot: Snapshot, publicIDs: [String]) {
    precondition(publicIDs.count == snapshot.recipeCount, "one public id per recipe")
    self.snapshot = snapshot
    self.publicIDs = publicIDs
    scratch = QueryScratch(for: snapshot)
    ingredientTables = snapshot
    merged = nil
  }

  /// A runner over a live view's merged queries (base snapshot + written recipes, see
  /// ``LiveMergedQueries``) for the prefix, AND and category groups; pantry queries, not
  /// merged, run on the view's whole snapshot (built here).
  public init(merged: LiveMergedQueries) {
    let view = merged.view
    // Taken before the whole snapshot is built (which the tables would then be): the merged
    // prefix query is timed on the tables a view builds for it.
    ingredientTables = view.ingredientTables
    snapshot = view.snapshot
    publicIDs = view.publicIDs
    scratch = QueryScratch(for: snapshot)
    // Held with the view's group orders, as a face kept across queries holds them: the
    // category query reads its order with no lock.
    self.merged = merged.holdingGroupOrders()
  }

  /// The reference caps every `k` and `limit` at 64 results (its fixed answer buffers) ...
  static let maximumResults = 64
  /// ... and an AND query at its first 8 ingredients; the runner does the same so answers stay identical.
  static let maximumIngredients = 8

  /// Answers one query.
  public func answer(_ query: HarnessQuery) -> HarnessAnswer {
    if let merged {
      switch query.kind {
      case .prefix(let text, let k):
        // ``LiveMergedQueries/plainPrefix(_:k:)`` on the tables held, names made when formatted
        // (as for a snapshot), not inside the timed query.
        return .names(ingredientTables.plainPrefix(text, k: min(k, Self.maximumResults)))
      case .allOf(let names, let limit):
        let (count, first) = merged.exactAllOf(
          Array(names.prefix(Self.maximumIngredients)), limit: min(limit, Self.maximumResults))
        return .counted(count: count, recipes: first)
      case .category(let name, let page, let limit):
        return .page(
          merged.categoryPageByTitleBytes(
            name, page: page, limit: min(limit, Self.maximumResults)))
      case .pantry: break
      }
    }
    switch query.kind {
    case .prefix(let text, let k):
      return .names(snapshot.plainPrefix(text, k: min(k, Self.maximumResults)))
    case .allOf(let names, let limit):
      let (count, first) = snapshot.exactAllOf(
        Array(names.prefix(Self.maximumIngredients)), limit: min(limit, Self.maximumResults),
        scratch: scratch)
      return .counted(count: count, recipes: first)
    case .category(let name, let page, let limit):
      return .page(
        snapshot.categoryPageByTitleBytes(name, page: page, limit: min(limit, Self.maximumResults)))
    case .pantry(let names, let limit):
      return .pantry(
        snapshot.exactPantry(names, limit: min(limit, Self.maximumResults), scratch: scratch))
    }
  }

  /// Formats an answer line like the C reference (`{"qid":0,"r":[...]}`, no spaces).
  public func format(qid: Int, _ answer: HarnessAnswer) -> String {
    var out = "{\"qid\":\(qid),\"r\":"
    switch answer {
    case .names(let ids):
      out += "["
      for (i, id) in ids.enumerated() {
        if i > 0 { out += "," }
        JSONStringLiteral.append(ingredientTables.ingredientName(id), to: &out)
      }
      out += "]"
    case .counted(let count, let recipes):
      out += "{\"count\":\(count),\"ids\":["
      for (i, r) in recipes.enumerated() {
        if i > 0 { out += "," }
        appendPublicID(r, to: &out)
      }
      out += "]}"
    case .page(let recipes):
      out += "["
      for (i, r) in recipes.enumerated() {
        if i > 0 { out += "," }
        appendPublicID(r, to: &out)
      }
      out += "]"
    case .pantry(let hits):
      out += "["
      for (i, hit) in hits.enumerated() {
        if i > 0 { out += "," }
        out += "["
        appendPublicID(hit.recipe, to: &out)
        out += ",\(hit.used),\(hit.missing)]"
      }
      out += "]"
    }
    out += "}"
    return out
  }

  /// A public id as a JSON number when it is all digits (the harness's ids), else a string.
  private func appendPublicID(_ recipe: RecipeID, to out: inout String) {
    let id = publicIDs[recipe.index]
    if !id.isEmpty, id.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), id.utf8.count < 19 {
      out += String(UInt64(id)!)
    } else {
      JSONStringLiteral.append(id, to: &out)
    }
  }

  /// Answers every query; with ``Timing/measured(secondsPerGroup:)`` also times each group
  /// like the harness (single thread, warm).
  public func run(_ queries: [HarnessQuery], timing: Timing) -> Result {
    var answers = [HarnessAnswer?](repeating: nil, count: queries.count)
    var nanoseconds = [UInt64](repeating: 0, count: queries.count)
    var groupOrder: [String] = []
    var members: [String: [Int]] = [:]
    for (i, q) in queries.enumerated() {
      if members[q.group] == nil { groupOrder.append(q.group) }
      members[q.group, default: []].append(i)
    }
    var groups: [GroupTiming] = []
    for group in groupOrder {
      let indices = members[group]!
      guard case .measured(let seconds) = timing else {
        for i in indices { answers[i] = answer(queries[i]) }
        continue
      }
      for i in indices { answers[i] = answer(queries[i]) }  // warm-up
      var samples: [UInt64] = []
      samples.reserveCapacity(indices.count * 4)
      let start = Self.now()
      var sink = 0
      for pass in 0..<50 {
        for i in indices {
          let t0 = Self.now()
          let a = answer(queries[i])
          let t1 = Self.now()
          sink &+= Self.weight(a)
          samples.append(t1 - t0)
          if pass == 0 { nanoseconds[i] = t1 - t0 }
        }
        if Double(Self.now() - start) / 1e9 >= min(seconds, 0.2) { break }
      }
      var done = 0
      let b0 = Self.now()
      var elapsed: UInt64 = 0
      repeat {
        for i in indices { sink &+= Self.weight(answer(queries[i])) }
        done += indices.count
        elapsed = Self.now() - b0
      } while Double(elapsed) / 1e9 < min(seconds, 0.2)
      if sink == -1 { print("") }
      samples.sort()
      func percentile(_ p: Double) -> Double {
        let rank = Int((p / 100 * Double(samples.count)).rounded(.up))
        return Double(samples[min(max(rank - 1, 0), samples.count - 1)]) / 1000
      }
      groups.append(
        GroupTiming(
          group: group, queries: indices.count, samples: samples.count, p50: percentile(50),
          p95: percentile(95), p99: percentile(99),
          mean: Double(samples.reduce(0, +)) / Double(samples.count) / 1000,
          max: Double(samples.last ?? 0) / 1000, batch: Double(elapsed) / Double(done) / 1000))
    }
    let lines = zip(queries, answers).map { format(qid: $0.qid, $1!) }
    return Result(answerLines: lines, nanoseconds: nanoseconds, groups: groups)
  }

  /// A cheap fingerprint of an answer so the optimizer cannot drop the work.
  static func weight(_ answer: HarnessAnswer) -> Int {
    switch answer {
    case .names(let a): return a.count
    case .counted(let c, let a): return c + a.count
    case .page(let a): return a.count
    case .pantry(let a): return a.count
    }
  }

  /// Monotonic nanoseconds.
  static func now() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
  }

  /// The harness's per-peer results JSON (`out/<size>/<name>.json`) for `result`.
  /// `qids` (input order, as given to ``run(_:timing:)``) adds `per_query_ns`: `[qid, ns]` pairs
  /// of each query's first timed run; `loadAverage` adds `query.loadavg_start`.
  public static func harnessJSON(
    _ result: Result, peer: String, build: [String: Double], query: [String: Double],
    qids: [Int] = [], loadAverage: [Double] = []
  ) -> String {
    func number(_ x: Double) -> String { String(format: "%.3f", x) }
    var out =
      "{\n \"peer\": \"\(peer)\",\n \"desc\": \"Larder Swift snapshot (in-memory)\",\n \"language\": \"swift\",\n"
    out +=
      " \"build\": {"
      + build.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \(number($0.value))" }
      .joined(separator: ", ") + "},\n"
    out +=
      " \"query\": {"
      + query.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \(number($0.value))" }
      .joined(separator: ", ")
      + (loadAverage.isEmpty
        ? ""
        : ", \"loadavg_start\": [" + loadAverage.map { number($0) }.joined(separator: ", ") + "]")
      + ", \"engine_min_call_us\": 0, \"engine_min_call_desc\": \"direct Swift call\"},\n"
    out += " \"groups\": {\n"
    out += result.groups.map { g in
      "  \"\(g.group)\": {\"n\": \(g.queries), \"n_total\": \(g.queries), \"samples\": \(g.samples), \"truncated\": false, "
        + "\"p50_us\": \(number(g.p50)), \"p95_us\": \(number(g.p95)), \"p99_us\": \(number(g.p99)), "
        + "\"mean_us\": \(number(g.mean)), \"max_us\": \(number(g.max)), \"batch_us\": \(number(g.batch)), "
        + "\"qps\": \(number(1e6 / max(g.batch, 1e-9)))}"
    }.joined(separator: ",\n")
    out +=
      "\n },\n \"group_order\": [" + result.groups.map { "\"\($0.group)\"" }.joined(separator: ", ")
      + "]"
    if !qids.isEmpty {
      out +=
        ",\n \"per_query_ns\": ["
        + zip(qids, result.nanoseconds).map { "[\($0),\($1)]" }.joined(separator: ",") + "]"
    }
    return out + "\n}\n"
  }
}
