extension LiveView {
  /// The recipes that `filter`'s diets leave in, by this view's dense ids: what
  /// ``Snapshot/recipes(passingDietsOf:)`` answers on a full build, read from the whole
  /// snapshot when built, else from the base's and the written recipes' per-recipe flags
  /// (a recipe's flags are its lines' flags, the same in every build).
  /// - Complexity: O(N).
  public func recipes(passingDietsOf filter: RecipeFilter) -> RecipeMask {
    builtSnapshot?.recipes(passingDietsOf: filter) ?? merged.recipes(passingDietsOf: filter)
  }
}

extension LiveMergedQueries {
  /// ``LiveView/recipes(passingDietsOf:)``, merged.
  public func recipes(passingDietsOf filter: RecipeFilter) -> RecipeMask {
    let segment = view.segment
    let holePlaces = view.holePlaces
    let excluded = filter.excludedFlags
    var bytes = [UInt8](repeating: 0, count: (view.recipeCount + 7) / 8)
    func mark(_ dense: Int) { bytes[dense / 8] |= 1 << UInt8(dense % 8) }
    var hole = 0
    for (rid, flags) in segment.base.recipeFlags.enumerated()
    where flags & excluded == 0 && !segment.isMasked(rid) {
      while hole < holePlaces.count && holePlaces[hole] < rid { hole += 1 }
      mark(rid - hole)
    }
    hole = 0
    for (local, flags) in segment.live.recipeFlags.enumerated() where flags & excluded == 0 {
      let place = segment.livePlaces[local]
      while hole < holePlaces.count && holePlaces[hole] < place { hole += 1 }
      mark(place - hole)
    }
    return RecipeMask(bytes: bytes)
  }
}
