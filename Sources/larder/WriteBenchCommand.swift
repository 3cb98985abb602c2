import ArgumentParser
import Foundation
import LarderCore
import LarderStore
import LarderTooling

/// `larder bench-writes`: times a live index's write path on an index built from
/// `larder generate` (seed 42): single-recipe upserts (acknowledged, and acknowledged plus the
/// first query that sees the recipe), bulk upserts, and opening with and without a segment.
/// It writes to the index's live segment and compacts it: run it on a scratch copy.
struct WriteBenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench-writes",
    abstract: "Time a live index's writes (single, bulk, open, compaction) on a scratch index.",
    discussion: """
      Writes synthetic recipes (generator seed 42, after the first --base ones, so an index \
      built from `larder generate --recipes N` gets new ids) and replacements of its recipes \
      into the index's live segment, then compacts. Prints p50/p99 in milliseconds.

      With --queries, each harness group is timed over the segment (merged queries) and \
      over the compacted index twice: first each query alone between two clock reads, the \
      segment's groups before the compaction and the compacted index's after it (`group \
      NAME:` lines); then interleaved (`group NAME interleaved` lines): per pass, each query \
      on one side and then the other (which side goes first alternates), each side timed as \
      one interval of k answers of the query in a row (per-query time = interval / k; k, the \
      same for both sides, fills about 5 µs with the group's mean query, so a 0.1 µs query is \
      not timed in clock reads), 3 to 50 passes within --seconds-per-group. Every sample is \
      kept; percentiles are nearest-rank.
      """
  )

  @Option(
    name: .long, help: ArgumentHelp("A scratch index (its segment is written).", valueName: "path"))
  var index: String

  @Option(name: .long, help: "How many recipes the index was generated with.")
  var base: Int

  @Option(name: .long, help: "Single-recipe writes to time (half new, half replacements).")
  var writes: Int = 200

  @Option(name: .long, help: "Recipes to write in bulk after the single writes.")
  var bulk: Int = 10000

  @Option(name: .long, help: "Recipes per bulk upsert call.")
  var batch: Int = 1000

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Harness queries (JSONL) to time over the segment and over the compacted index.",
      valueName: "file"))
  var queries: String?

  @Option(name: .long, help: "Seconds per query group when timing --queries.")
  var secondsPerGroup: Double = 2

  @Option(name: .long, help: "A vocabulary folder of *.tsv files (default: Data/vocabulary).")
  var vocabulary: String?

  func run() throws {
    let url = URL(fileURLWithPath: index)
    let vocabulary = try Vocabulary.bundled(folder: vocabulary.map { URL(fileURLWithPath: $0) })
    let relations = IngredientRelations(vocabulary: vocabulary)
    let corpus = SyntheticCorpus(seed: 42)
    var clock = Stopwatch()
    var live = try LiveIndex(url: url, relations: relations, automaticCompaction: .never)
    print("open: \(Self.ms(clock.lap())) ms, segment \(live.segmentSize)")

    var acknowledged: [Double] = []
    var visible: [Double] = []
    var rng = SplitMix64(seed: 9)
    let fresh = Array(corpus.recipes(in: base..<(base + writes + bulk)))
    let baseIDs = live.view.publicIDs
    for k in 0..<writes {
      var recipe = fresh[k]
      if k % 2 == 1 {
        recipe.id = baseIDs[Int(rng.next() % UInt64(baseIDs.count))]
      }
      let (ack, seen) = try Self.timeWrite(recipe, to: live, number: k)
      acknowledged.append(ack)
      visible.append(seen)
    }
    print("single upsert acknowledged: \(Self.summary(acknowledged))")
    print("single upsert + first query: \(Self.summary(visible))")

    clock.reset()
    var written = 0
    for start in stride(from: writes, to: writes + bulk, by: batch) {
      let slice = Array(fresh[start..<min(start + batch, writes + bulk)])
      try live.upsert(slice)
      written += slice.count
    }
    // One query that sees the bulk: all-of of the last written recipe's first ingredient
    // (merged: it builds the written recipes' snapshot, not the whole one).
    if bulk > 0, let name = fresh[writes + bulk - 1].ingredients.first?.name {
      _ = try live.read { try $0.view.allOf(AllOfQuery([name], matching: .exact)) }
    }
    let bulkSeconds = clock.lap() / 1000
    print(
      "bulk: \(written) recipes in \(String(format: "%.2f", bulkSeconds)) s, "
        + "\(Int(Double(written) / bulkSeconds)) recipes/s (batches of \(batch), then one query)")

    let parsed = try queries.map { path in
      try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
        try HarnessQuery(line: String($0))
      }
    }
    // Over the segment: the merged queries (base + written recipes; pantry on the view's
    // whole snapshot).
    // Kept past the compaction (its merge structures are built by now): the interleaved
    // timing runs it beside the compacted index.
    let segmentRunner = parsed.map { _ in BatchRunner(merged: live.view.merged) }
    let withSegment = parsed.flatMap { queries in
      segmentRunner?.run(queries, timing: .measured(secondsPerGroup: secondsPerGroup))
    }

    // The segment's memory against the base snapshot's, per posting (issue 17's memory target).
    let segmentFootprint = live.view.segmentFootprint()
    let baseFootprint = try IndexReader(url: url).loadSnapshot().footprint()
    let merge: Set = [LiveSegmentFootprint.mergePart, LiveSegmentFootprint.maskPart]
    print(
      "segment memory (\(segmentFootprint.recipes) written recipes, \(segmentFootprint.postings) "
        + "postings): merge structures "
        + String(format: "%.1f", segmentFootprint.bytesPerPosting(of: merge))
        + " bytes/posting, with the written recipes whole "
        + String(format: "%.1f", segmentFootprint.bytesPerPosting()) + " (parts: "
        + segmentFootprint.parts.map { "\($0.name) \($0.bytes) B" }.joined(separator: ", ")
        + "); base snapshot " + String(format: "%.1f", baseFootprint.bytesPerPosting)
        + " bytes/posting (\(baseFootprint.totalBytes) B, \(baseFootprint.postings) postings)")

    // Each open is timed alone and with the first all-of after it (which builds the merge
    // structures over a segment, and nothing over a compacted index).
    let probe = fresh.last?.ingredients.first?.name ?? ""
    clock.reset()
    live = try LiveIndex(url: url, relations: relations, automaticCompaction: .never)
    let openSegment = clock.lap()
    _ = try live.read { try $0.view.allOf(AllOfQuery([probe], matching: .exact)) }
    print(
      "open with segment \(live.segmentSize): \(Self.ms(openSegment)) ms "
        + "(+ first all-of \(Self.ms(clock.lap())) ms)")
    // Single writes over the opened segment (a sync re-writing recipes it holds, unchanged,
    // so the answers compared below stay the same): each view's merge structures follow the
    // previous view's, so the first query pays for the written recipe, not the segment.
    var overSegment: [Double] = []
    let rewritten = fresh.suffix(min(20, bulk))
    for (k, recipe) in rewritten.enumerated() {
      overSegment.append(try Self.timeWrite(recipe, to: live, number: k).visible)
    }
    if !overSegment.isEmpty {
      print(
        "single upsert + first query over the segment (\(live.segmentSize.written) written): "
          + Self.summary(overSegment))
    }
    clock.reset()
    try live.compact()
    print("compact: \(Self.ms(clock.lap())) ms")
    clock.reset()
    live = try LiveIndex(url: url, relations: relations)
    let openCompacted = clock.lap()
    _ = try live.read { try $0.view.allOf(AllOfQuery([probe], matching: .exact)) }
    print(
      "open compacted: \(Self.ms(openCompacted)) ms (+ first all-of \(Self.ms(clock.lap())) ms), "
        + "\(live.view.recipeCount) recipes")
    if let parsed, let withSegment, let segmentRunner {
      let compactedRunner = BatchRunner(
        snapshot: live.view.snapshot, publicIDs: live.view.publicIDs)
      let compacted = compactedRunner.run(
        parsed, timing: .measured(secondsPerGroup: secondsPerGroup))
      print(
        "harness answers identical (segment vs compacted): "
          + "\(withSegment.answerLines == compacted.answerLines)")
      for (a, b) in zip(withSegment.groups, compacted.groups) {
        print(
          "group \(a.group): p50 \(Self.us(a.p50)) / \(Self.us(b.p50)) µs, p99 "
            + "\(Self.us(a.p99)) / \(Self.us(b.p99)) µs (segment / compacted), "
            + "ratio \(String(format: "%.2f", a.p99 / max(b.p99, 0.001)))")
      }
      for timing in PairedGroupTiming.measure(
        segmentRunner, compactedRunner, queries: parsed, secondsPerGroup: secondsPerGroup)
      {
        let (a, b) = (timing.first, timing.second)
        let ratio = String(format: "%.2f", a.p99 / max(b.p99, 0.000_1))
        let p50 = "\(Self.fineUS(a.p50)) / \(Self.fineUS(b.p50))"
        let p99 = "\(Self.fineUS(a.p99)) / \(Self.fineUS(b.p99))"
        print(
          "group \(timing.group) interleaved (\(timing.repetitions) answers per interval, "
            + "\(timing.passes) passes of \(timing.queries)): p50 \(p50) µs, p99 \(p99) µs "
            + "(segment / compacted), ratio \(ratio)")
      }
      // Queries on this thread while a compaction runs on another, against the same idle.
      let sample = parsed.filter { $0.group != "zero" }
      let idleEnd = DispatchTime.now().uptimeNanoseconds + 3_000_000_000
      let idle = latencies(sample, over: live.view) {
        DispatchTime.now().uptimeNanoseconds < idleEnd
      }
      let done = Locked(false)
      let compactor = Thread { [live] in
        do { try live.compact() } catch { print("compaction failed: \(error)") }
        done.withLock { $0 = true }
      }
      compactor.start()
      let during = latencies(sample, over: live.view) { !done.withLock { $0 } }
      print("queries idle: \(Self.summary(idle))")
      print("queries during compaction: \(Self.summary(during))")
    }
  }

  /// Upserts `recipe` alone and runs the first query that sees it: recipes with its first
  /// ingredient, one page from its place (merged over the base and the written recipes, as
  /// the server runs `/v1/recipes`; no whole snapshot is built).
  /// - Returns: milliseconds until acknowledged, and until that query answered.
  private static func timeWrite(_ recipe: Recipe, to live: LiveIndex, number k: Int) throws
    -> (acknowledged: Double, visible: Double)
  {
    let name = recipe.ingredients.first?.name ?? ""
    var clock = Stopwatch()
    try live.upsert([recipe])
    let acknowledged = clock.lap()
    let seen = try live.read { access in
      guard let dense = access.view.recipeID(publicID: recipe.id) else { return false }
      let start: PageRequest.Start =
        dense.index == 0 ? .offset(0) : .cursor(PageCursor("i\(dense.index - 1)")!)
      let page = try access.view.allOf(
        AllOfQuery([name], matching: .exact, page: PageRequest(limit: 1, start: start)))
      return page.hits.first?.recipe == dense
    }
    let visible = acknowledged + clock.lap()
    guard seen else { throw CommandFailure("write \(k) (\(recipe.id)) is not visible") }
    return (acknowledged, visible)
  }

  /// Query latencies (ms) over `view` while `going` holds, at most 200,000 queries.
  private func latencies(
    _ queries: [HarnessQuery], over view: LiveView, while going: () -> Bool
  ) -> [Double] {
    let runner = BatchRunner(snapshot: view.snapshot, publicIDs: view.publicIDs)
    var samples: [Double] = []
    var clock = Stopwatch()
    var k = 0
    while going() && samples.count < 200_000 {
      clock.reset()
      _ = runner.answer(queries[k % queries.count])
      samples.append(clock.lap())
      k += 1
    }
    return samples
  }

  private static func ms(_ value: Double) -> String { String(format: "%.2f", value) }
  private static func us(_ value: Double) -> String { String(format: "%.1f", value) }
  /// Microseconds to the nanosecond, for the interleaved timing of sub-microsecond groups.
  private static func fineUS(_ value: Double) -> String { String(format: "%.3f", value) }

  private static func summary(_ samples: [Double]) -> String {
    let sorted = samples.sorted()
    func at(_ p: Double) -> Double {
      sorted[min(sorted.count - 1, Int((p / 100) * Double(sorted.count - 1) + 0.5))]
    }
    return
      "p50 \(ms(at(50))) ms, p99 \(ms(at(99))) ms, max \(ms(sorted.last ?? 0)) ms (n \(samples.count))"
  }
}

/// Milliseconds between laps, on the monotonic clock.
private struct Stopwatch {
  private var start = DispatchTime.now().uptimeNanoseconds

  /// Restarts the watch.
  mutating func reset() { start = DispatchTime.now().uptimeNanoseconds }

  /// Milliseconds since the last lap or reset, and restarts.
  mutating func lap() -> Double {
    let now = DispatchTime.now().uptimeNanoseconds
    defer { start = now }
    return Double(now - start) / 1e6
  }
}
