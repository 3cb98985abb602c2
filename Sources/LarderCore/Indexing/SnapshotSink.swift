/// Feeds the indexer's recipes to a ``SnapshotBuilder`` so the in-memory layer is built in the
/// same pass as the SQLite file, and stored in it as a blob.
public final class SnapshotSink: RecipeSink {
  private var builder = SnapshotBuilder()

  /// Creates an empty sink.
  public init() {}

  /// Adds the recipe; ids must arrive in order from 0, as the indexer gives them.
  public func add(_ recipe: Recipe, id: RecipeID) throws {
    let assigned = builder.add(recipe)
    precondition(assigned == id, "snapshot ids must follow the indexer's ids")
  }

  /// Builds the snapshot and returns its serialized parts (one part, `snapshot`).
  public func finish(relations: IngredientRelations) -> [String: [UInt8]] {
    let snapshot = builder.build(relations: relations)
    builder = SnapshotBuilder()
    return [Self.partName: snapshot.serialized()]
  }

  /// The name of the stored part.
  public static let partName = "snapshot"
}
