/// The parts of something large that is being let go of (a server's replaced index), held here
/// and then dropped one at a time, with a ``LoadPacer`` checkpoint after each: so that no single
/// free runs for milliseconds on a core a request may need. Such runs were what was left of a
/// reload's long loader runs (issue 16, BENCHMARKS.md): glibc's `free` of an index's arrays
/// (`munmap` of megabytes) and of its 100,000 titles (and then `malloc_consolidate` of them) in
/// one go.
///
/// How to use it: the thread that holds the last reference to the thing adds its parts
/// (``hold(_:)``, ``hold(partsOf:)``, ``hold(elementsOf:piece:whenUnique:)``), lets go of the
/// thing itself (which then frees only what was not added: references to the parts are
/// dropped, the parts stay), then calls ``release()``. Parts are dropped in the order
/// they were added. A part still held elsewhere (shared with the index that replaced it) is
/// not freed by its drop, only let go of: correct in every case, and paced when the parts are
/// this holder's alone.
///
/// One per release, on the releasing thread (not `Sendable`).
public struct PacedRelease {
  /// Each part's next piece: drops some of the part and answers whether any is left. A part's
  /// closure holds the part until the release drops the closure.
  private var parts: [() -> Bool] = []
  /// Where the release gives its core back: after each piece dropped, and while it reflects on
  /// values to hold their parts (a `Mirror` takes microseconds).
  private let pacer: LoadPacer?

  /// An empty release that gives its core back as `pacer` says (`nil`: never).
  public init(pacer: LoadPacer?) { self.pacer = pacer }

  /// How many parts are held.
  public var count: Int { parts.count }

  /// Holds `part` (an array of plain values, a table, an object) until ``release()``
  /// drops it, whole: one free of its buffer, or one deinitialiser.
  public mutating func hold(_ part: Any) {
    parts.append {
      withExtendedLifetime(part) {}
      return false
    }
  }

  /// Holds every stored part of `value`, a struct (or tuple, optional or enum) of arrays and
  /// tables such as a ``Snapshot``, each as a part of its own: it walks into structs, tuples,
  /// optionals and enums, and holds arrays, dictionaries, sets, strings and objects whole. It
  /// never walks into an object (one may be shared and changing: its fields are read only
  /// under its own lock), so only values are read here.
  /// - Complexity: O(stored properties of the nested values); never visits an element.
  public mutating func hold(partsOf value: Any) {
    let mirror = Mirror(reflecting: value)
    pacer?.checkpoint()
    switch mirror.displayStyle {
    case .struct, .tuple, .optional, .enum:
      guard !mirror.children.isEmpty else { return }
      for child in mirror.children { hold(partsOf: child.value) }
    default:
      hold(value)
    }
  }

  /// Holds `array`, whose elements each own memory of their own (strings longer than 15
  /// bytes, arrays, objects), and drops it `piece` elements at a time: freeing 100,000 titles
  /// is 100,000 calls to `free`. Only when `whenUnique` answers `true` at the first piece
  /// (nothing else holds the array: dropping elements of a shared array would copy the rest of
  /// it first); otherwise the array is dropped whole, which then frees nothing.
  public mutating func hold<Element>(
    elementsOf array: [Element], piece: Int = 1_024, whenUnique: @escaping () -> Bool
  ) {
    var rest: [Element]? = array
    var checked = false
    parts.append {
      guard checked || whenUnique() else {
        rest = nil
        return false
      }
      checked = true
      guard var elements = rest.take() else { return false }
      elements.removeLast(min(piece, elements.count))
      guard !elements.isEmpty else { return false }
      rest = elements
      return true
    }
  }

  /// Holds `dictionary`, whose entries each own memory (cached answers), and drops it
  /// `piece` entries at a time; the caller must hold the only reference to it (taken out of
  /// the object that kept it), or the first piece copies the rest.
  public mutating func hold<Key, Value>(entriesOf dictionary: [Key: Value], piece: Int = 256) {
    var rest: [Key: Value]? = dictionary
    parts.append {
      guard var entries = rest.take() else { return false }
      for _ in 0..<min(piece, entries.count) { entries.remove(at: entries.startIndex) }
      guard !entries.isEmpty else { return false }
      rest = entries
      return true
    }
  }

  /// Drops every part held, in the order added, a piece at a time, with a checkpoint of the
  /// pacer after each piece; the release is empty afterwards.
  public mutating func release() {
    // Taken out, so the parts live only here and each goes when its closure is replaced.
    var pending = parts
    parts = []
    for index in pending.indices {
      while pending[index]() { pacer?.checkpoint() }
      pending[index] = { false }
      pacer?.checkpoint()
    }
  }
}

/// Something large whose parts a ``PacedRelease`` can hold, so that the thread that lets go of
/// it frees them one at a time instead of in one deinitialiser.
public protocol PacedReleasable: AnyObject {
  /// Adds this object's large parts to `release` (the object itself first, when it is one of
  /// them). Called by the releasing thread while it holds the object, just before it lets go
  /// of it; reads what the object keeps behind locks under those locks.
  func holdParts(in release: inout PacedRelease)
}
