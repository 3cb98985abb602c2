import LarderCore
import LarderStore

extension ServedIndex {
  /// The JSON answer to `request`, from the suggest cache or made and kept there.
  /// Ingredient and category suggestions come from the view's ingredient tables on the caller's
  /// thread once they are built (no storage hop: microseconds); recipe titles are read on a
  /// storage thread.
  public func suggestAnswer(_ request: SuggestRequest) async throws -> [UInt8] {
    // The write generation first: a view read after it holds every write it counts.
    let key = AfterWrites(writes: writeGeneration, key: request)
    return try await suggestCache.answer(for: key) {
      if request.kind.contains(.recipe) {
        // Recipe titles merged; ingredients and categories from the ingredient tables.
        return try await read { try Self.suggestionJSON(request, view: $0.view) }
      }
      return Self.suggestionJSON(request, tables: try await ingredientTables())
    }
  }

  /// Computes, on a thread that yields to requests (``YieldingThread``), this index's answers
  /// to the `limit` requests `old` last answered from its current writes, and caches them
  /// here: called by a reload before it swaps `old` for this index, so the traffic that was
  /// hot stays cached. A request that fails here is left to be asked (and refused) again.
  func warmSuggestAnswers(from old: ServedIndex, limit: Int) async throws {
    let writes = old.writeGeneration
    let hot = old.suggestCache.keys(limit: limit).filter { $0.writes == writes }.map(\.key)
    guard !hot.isEmpty else { return }
    let generation = writeGeneration
    try await YieldingThread.run { [self] in
      // Paced as the opening was: a warmed answer is microseconds, 2,048 of them are not.
      let pacer = LoadPacer(.besideRequests)
      for request in hot {
        pacer.checkpoint()
        guard let answer = try? live.read({ try Self.suggestionJSON(request, view: $0.view) })
        else { continue }
        suggestCache.keep(answer, for: AfterWrites(writes: generation, key: request))
      }
    }
  }

  private static func suggestionJSON(_ request: SuggestRequest, view: LiveView) throws -> [UInt8] {
    ResponseShapes.suggestionJSON(
      try view.suggest(
        request.text, limit: request.limit, kind: request.kind, excluding: Set(request.excluded)))
  }

  private static func suggestionJSON(_ request: SuggestRequest, tables: Snapshot) -> [UInt8] {
    ResponseShapes.suggestionJSON(
      tables.suggest(
        request.text, limit: request.limit, kind: request.kind, excluding: Set(request.excluded)))
  }
}
