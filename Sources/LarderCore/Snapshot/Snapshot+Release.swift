extension Snapshot: PacedReleasable {
  /// Adds this snapshot's arrays and tables to `release`, each a part of its own (about 40:
  /// posting lists, per-recipe fields, suffix arrays, tries, the prefix table), after the
  /// snapshot itself: its deinitialiser then only lets go of references, and each array is
  /// freed on its own between two checkpoints. Its stored properties are read by reflection,
  /// so none is left out as they change; that is safe because they are constants (the prefix
  /// table is set once, at the end of `init`). Its caches (family unions, scratch memory) are
  /// objects, held whole.
  public func holdParts(in release: inout PacedRelease) {
    release.hold(self)
    for child in Mirror(reflecting: self).children { release.hold(partsOf: child.value) }
  }
}
