/// A dense recipe number inside one index, assigned in corpus order: the first record read is 0.
///
/// Posting lists, category lists and the SQLite `rid` column all use it, so the first results of
/// an intersection are already the first results in corpus order, without a sort. It is stable
/// for a given list of input files; the corpus's own `id` stays the public identifier.
public typealias RecipeID = UInt32

/// Where the indexer puts each normalized recipe: the SQLite writer, the snapshot builder, or both.
public protocol RecipeSink: AnyObject {
    /// Receives the next recipe; `id` counts up from 0 without gaps.
    func add(_ recipe: Recipe, id: RecipeID) throws
}
