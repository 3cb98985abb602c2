// `larder add`'s body, both ways, in one release binary (issue 17): `before` opens a whole
// LiveIndex (base snapshot, ids and titles, the segment replayed) beside the read, as
// `larder add` did until LiveSegmentWriter, and waits for a compaction the write started;
// `after` opens the write-only LiveSegmentWriter (base ids and the segment) and never
// compacts, as `larder add` does now. Everything else (vocabulary, readers, normalizer, the
// one durable transaction) is the same code. Time the whole process from outside (run.sh).
//
//   live-add before|after FILE INDEX VOCABULARY
import Foundation
import LarderCore
import LarderStore

let arguments = CommandLine.arguments
guard arguments.count == 5, ["before", "after"].contains(arguments[1]) else {
  FileHandle.standardError.write(Data("usage: live-add before|after FILE INDEX VOCABULARY\n".utf8))
  exit(64)
}
let (mode, file) = (arguments[1], arguments[2])
let index = URL(fileURLWithPath: arguments[3])
let folder = URL(fileURLWithPath: arguments[4])

/// Reads and normalizes `file` as `larder add` does.
func read(_ vocabulary: Vocabulary) throws -> [Recipe] {
  let sink = CollectingSink()
  _ = try CorpusIndexer(normalizer: RecipeNormalizer(vocabulary: vocabulary), policy: .skip)
    .run(paths: [file], into: [sink])
  return sink.recipes
}

if mode == "before" {
  let vocabulary = try Vocabulary.bundled(folder: folder)
  let relations = IngredientRelations(vocabulary: vocabulary)
  let opening = BackgroundJob { Result { try LiveIndex(url: index, relations: relations) } }
  let recipes = try read(vocabulary)
  let live = try opening.wait().get()
  let outcomes = try live.upsert(recipes)
  live.waitForCompaction()
  print("before: \(outcomes.count) written, \(live.recipeCount) recipes")
} else {
  let opening = BackgroundJob { Result { try LiveSegmentWriter(url: index) } }
  let vocabulary = try Vocabulary.bundled(folder: folder)
  let recipes = try read(vocabulary)
  let writer = try opening.wait().get()
  let outcomes = try writer.upsert(recipes)
  let due = writer.compactionThreshold(passedUnder: .standard)
  print(
    "after: \(outcomes.count) written, \(writer.recipeCount) recipes, compaction due: \(due != nil)"
  )
}
