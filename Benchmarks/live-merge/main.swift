// The live index's read side after writes, in memory, in one process (issue 17): what the
// first query after a write costs with the whole-view rebuild (the old path: a LiveView's
// whole snapshot, then the query) and with the per-query merge (a LiveView, then the merged
// query over the base snapshot and the written recipes' snapshot), and how fast ordinary
// queries run over a 10,000-recipe segment merged against the full build of the same corpus
// (what a compaction would serve). Built and run by `run.sh` (swiftc -O over LarderCore and
// LarderTooling: no SQLite, no server). Corpus: `SyntheticCorpus(seed: 42)`, the first BASE
// recipes as the base (as `larder generate` + `larder index` make it), the next ones written.
//
//   live-merge BASE WRITES SEGMENT DATA_VOCABULARY_FOLDER
import Foundation
import LarderCore
import LarderTooling

let arguments = CommandLine.arguments
guard arguments.count == 5, let baseCount = Int(arguments[1]), let writes = Int(arguments[2]),
  let segmentSize = Int(arguments[3])
else {
  print("usage: live-merge BASE WRITES SEGMENT VOCABULARY_FOLDER")
  exit(2)
}
let vocabulary = try Vocabulary.bundled(folder: URL(fileURLWithPath: arguments[4]))
let relations = IngredientRelations(vocabulary: vocabulary)
let corpus = SyntheticCorpus(seed: 42)

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
func ms(_ nanoseconds: UInt64) -> Double { Double(nanoseconds) / 1e6 }
func summary(_ samples: [Double], unit: String = "ms") -> String {
  let sorted = samples.sorted()
  func at(_ p: Double) -> String {
    String(
      format: "%.3f", sorted[min(sorted.count - 1, Int((p / 100) * Double(sorted.count - 1) + 0.5))]
    )
  }
  return
    "p50 \(at(50)) \(unit), p99 \(at(99)) \(unit), max \(String(format: "%.3f", sorted.last ?? 0)) \(unit) (n \(samples.count))"
}

var clock = now()
let baseRecipes = Array(corpus.recipes(count: baseCount))
var builder = SnapshotBuilder()
for recipe in baseRecipes { builder.add(recipe) }
let base = LiveBase(
  snapshot: builder.build(relations: relations), publicIDs: baseRecipes.map(\.id),
  titles: baseRecipes.map(\.title))
_ = base.snapshot.recipeCount
print("base: \(baseCount) recipes built in \(String(format: "%.0f", ms(now() - clock))) ms")

// Single writes, half new and half replacing a base recipe; after each, the first query that
// sees it: the recipes with its first ingredient from its place (an all-of page).
var order = LiveRecipeOrder(basePublicIDs: base.publicIDs)
// The written recipes whole, in memory (the store reads them from the segment file).
var table = WrittenRecipeTable()
var rng = SplitMix64(seed: 9)
let fresh = Array(corpus.recipes(in: baseCount..<(baseCount + writes + segmentSize)))
func firstQuery(_ view: LiveView, _ recipe: Recipe, merged: Bool) throws -> Bool {
  guard let dense = view.recipeID(publicID: recipe.id), let name = recipe.ingredients.first?.name
  else { return false }
  let start: PageRequest.Start =
    dense.index == 0 ? .offset(0) : .cursor(PageCursor("i\(dense.index - 1)")!)
  let query = AllOfQuery([name], matching: .exact, page: PageRequest(limit: 1, start: start))
  let page = merged ? try view.merged.allOf(query) : try view.snapshot.allOf(query)
  return page.hits.first?.recipe == dense
}
var before: [Double] = []
var after: [Double] = []
var viewMaking: [Double] = []
var suggestAfter: [Double] = []
var pantryAfter: [Double] = []
for k in 0..<writes {
  var recipe = fresh[k]
  if k % 2 == 1 { recipe.id = base.publicIDs[Int(rng.next() % UInt64(baseCount))] }
  order.upsert(table.store(recipe))
  // The old path: the first read builds the view's whole snapshot, then queries it.
  clock = now()
  let old = LiveView(base: base, order: order, relations: relations, recipes: table)
  guard try firstQuery(old, recipe, merged: false) else { fatalError("write \(k) not visible") }
  before.append(ms(now() - clock))
  // The merged path: a view (sorted changed places), then the merged query.
  clock = now()
  let view = LiveView(base: base, order: order, relations: relations, recipes: table)
  let made = now()
  guard try firstQuery(view, recipe, merged: true) else { fatalError("write \(k) not visible") }
  after.append(ms(now() - clock))
  viewMaking.append(ms(made - clock))
  // Then the first ingredient suggestion (the full build's ingredient tables) and the first
  // pantry match (merged) of this view.
  let name = recipe.ingredients.first?.name ?? "salt"
  clock = now()
  _ = try view.suggest(String(name.prefix(3)), limit: 10, kind: .ingredient)
  suggestAfter.append(ms(now() - clock))
  clock = now()
  _ = try view.merged.pantry(
    PantryQuery(have: recipe.ingredients.prefix(4).map(\.name), maxMissing: 3))
  pantryAfter.append(ms(now() - clock))
}
print("first query after a single write, whole-view rebuild: \(summary(before))")
print("first query after a single write, merged:             \(summary(after))")
print("  of which making the view:                          \(summary(viewMaking))")
print("then the first ingredient suggestion (tables):        \(summary(suggestAfter))")
print("then the first pantry match (merged):                 \(summary(pantryAfter))")

// A segment of SEGMENT writes (a tenth replacing base recipes, a twentieth deleting), then
// ordinary queries over it merged, against the full build of the same corpus.
for (k, recipe) in fresh[writes...].enumerated() {
  var written = recipe
  if k % 10 == 0 { written.id = base.publicIDs[Int(rng.next() % UInt64(baseCount))] }
  order.upsert(table.store(written))
  if k % 20 == 0 { order.delete(base.publicIDs[Int(rng.next() % UInt64(baseCount))]) }
}
clock = now()
let view = LiveView(base: base, order: order, relations: relations, recipes: table)
let viewMade = now()
_ = view.merged.categories()
let segmentMade = now()
_ = view.ingredientTables
let tablesMade = now()
let full = LiveView(base: base, order: order, relations: relations, recipes: table).snapshot
let fullMade = now()
print(
  "segment \(order.writtenCount) written, \(order.deletedCount) deleted: view \(String(format: "%.2f", ms(viewMade - clock))) ms, "
    + "merge structures \(String(format: "%.1f", ms(segmentMade - viewMade))) ms, "
    + "ingredient tables \(String(format: "%.1f", ms(tablesMade - segmentMade))) ms, "
    + "whole snapshot \(String(format: "%.1f", ms(fullMade - tablesMade))) ms")

// Workloads: names by popularity in the full build, exact pairs (the harness's AND), prefixes
// (the harness's prefix), category pages, and the API's all-of (family matching, pages of 20,
// index and title order).
let popular = (0..<min(200, full.ingredientCount)).map { full.ingredientName(IngredientID($0)) }
let rare = (200..<min(2_000, full.ingredientCount)).map {
  full.ingredientName(IngredientID($0))
}
var pick = SplitMix64(seed: 5)
@MainActor func any<T>(_ items: [T]) -> T { items[Int(pick.next() % UInt64(items.count))] }
let pairs = (0..<300).map { k in
  k % 3 == 0
    ? [any(popular), any(popular)]
    : k % 3 == 1 ? [any(popular), any(rare)] : [any(rare), any(rare)]
}
let prefixes = (0..<300).map { _ in String(any(popular + rare).prefix(1 + Int(pick.next() % 3))) }
let categories = full.categories().map(\.name)
let pages = (0..<300).map { _ in (any(categories), Int(pick.next() % 5)) }
let finds = (0..<300).map { k in
  AllOfQuery(
    k % 2 == 0 ? [any(popular)] : [any(popular), any(popular)],
    order: k % 4 == 3 ? .title : .index, page: PageRequest(limit: 20))
}

/// Per query microseconds of `body` over `inputs`: one warm-up pass, then passes for about
/// `seconds`.
func time<T>(_ inputs: [T], seconds: Double = 1.5, _ body: (T) throws -> Int) rethrows -> [Double] {
  var sink = 0
  for input in inputs { sink &+= try body(input) }
  var samples: [Double] = []
  let end = now() + UInt64(seconds * 1e9)
  while now() < end {
    for input in inputs {
      let t0 = now()
      sink &+= try body(input)
      samples.append(Double(now() - t0) / 1e3)
    }
  }
  if sink == -1 { print("") }
  return samples
}

let scratch = QueryScratch(for: full)
var identical = true
@MainActor func check(_ same: Bool) { if !same { identical = false } }
for pair in pairs {
  let a = view.merged.exactAllOf(pair, limit: 20)
  let b = full.exactAllOf(pair, limit: 20, scratch: scratch)
  check(a.count == b.count && a.first == b.first)
}
for text in prefixes {
  check(
    view.merged.plainPrefix(text, k: 10) == full.plainPrefix(text, k: 10).map(full.ingredientName))
}
for (name, page) in pages {
  check(
    view.merged.categoryPageByTitleBytes(name, page: page, limit: 20)
      == full.categoryPageByTitleBytes(name, page: page, limit: 20))
}
for query in finds { check(try view.merged.allOf(query) == full.allOf(query)) }
print("answers identical (merged vs full build): \(identical)")

let pantries = (0..<200).map { _ in
  PantryQuery(have: (0..<(3 + Int(pick.next() % 8))).map { _ in any(popular) }, maxMissing: 2)
}
let matcher = PantryMatcher(snapshot: full)
for query in pantries { check(try view.merged.pantry(query) == matcher.match(query)) }
for text in prefixes {
  check(try view.suggest(text, limit: 10, kind: .ingredient) == full.suggest(text, limit: 10))
}
print("answers identical with pantry and suggestions: \(identical)")
let groups: [(String, [Double], [Double])] = [
  (
    "pantry (API)",
    try time(pantries) { try view.merged.pantry($0).total },
    try time(pantries) { try matcher.match($0, scratch: scratch).total }
  ),
  (
    "suggest (ingredient)",
    try time(prefixes) { try view.suggest($0, limit: 10, kind: .ingredient).count },
    time(prefixes) { full.suggest($0, limit: 10).count }
  ),
  (
    "and (exact pairs)",
    time(pairs) { view.merged.exactAllOf($0, limit: 20).count },
    time(pairs) { full.exactAllOf($0, limit: 20, scratch: scratch).count }
  ),
  (
    "prefix (k 10)",
    // The merged prefix query is the ingredient tables' (names are made when an answer is
    // written out, as for the full build's ids).
    time(prefixes) { view.ingredientTables.plainPrefix($0, k: 10).count },
    time(prefixes) { full.plainPrefix($0, k: 10).count }
  ),
  (
    "category page",
    time(pages) { view.merged.categoryPageByTitleBytes($0.0, page: $0.1, limit: 20).count },
    time(pages) { full.categoryPageByTitleBytes($0.0, page: $0.1, limit: 20).count }
  ),
  (
    "find (API all-of)",
    try time(finds) { try view.merged.allOf($0).total },
    try time(finds) { try full.allOf($0, scratch: scratch).total }
  ),
]
for (name, merged, whole) in groups {
  let p99 = { (samples: [Double]) -> Double in
    samples.sorted()[min(samples.count - 1, Int(0.99 * Double(samples.count - 1) + 0.5))]
  }
  print(
    "\(name): merged \(summary(merged, unit: "µs")) | full build \(summary(whole, unit: "µs")) | p99 ratio \(String(format: "%.2f", p99(merged) / max(p99(whole), 0.001)))"
  )
}
