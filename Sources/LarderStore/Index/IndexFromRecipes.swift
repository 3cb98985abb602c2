import Foundation
import LarderCore

extension IndexWriter {
  /// Writes an index file of `count` recipes already normalized (`recipe(i)` gives the one with
  /// dense id `i`), with its snapshot built over `relations`, to a temporary file renamed to
  /// `destination` only when complete: what a live index's compaction writes, and what tests
  /// build a base from.
  /// - Returns: the new file's `generation`.
  /// - Complexity: O(recipes + lines) inserts and one snapshot build.
  public static func write(
    count: Int, recipe: (Int) throws -> Recipe, relations: IngredientRelations,
    to destination: URL, metadata: [String: String] = [:]
  ) throws -> String {
    let writer = try IndexWriter(destination: destination)
    do {
      var builder = SnapshotBuilder()
      for i in 0..<count {
        let next = try recipe(i)
        try writer.add(next, id: RecipeID(i))
        builder.add(next)
      }
      let parts = [SnapshotSink.partName: builder.build(relations: relations).serialized()]
      var summary = IndexingSummary()
      summary.recipes = count
      try writer.finish(
        .init(
          summary: summary, parents: relations.parent, snapshotParts: { parts },
          metadata: metadata))
      return try IndexReader(url: destination).generation()
    } catch {
      writer.abandon()
      throw error
    }
  }
}
