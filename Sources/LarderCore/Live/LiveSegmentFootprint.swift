/// How many bytes a live view holds for its writes, part by part, against the postings of the
/// written recipes: the measure of issue 17's memory target (the live segment at most 3× the
/// base snapshot's bytes per posting, ``SnapshotFootprint/bytesPerPosting``).
///
/// Counted like ``SnapshotFootprint``: array elements and, for text, the heap bytes Swift
/// allocates for a string longer than 15 UTF-8 bytes (32-byte header, the bytes and a NUL,
/// rounded to 16; shorter strings live inside their 16 bytes); dictionaries at their entries'
/// size over a 3/4 load. Allocator slack is not counted, as it is not for the base.
public struct LiveSegmentFootprint: Sendable, Hashable {
  /// One part and its size: the snapshot's kind (a name and its bytes).
  public typealias Part = SnapshotFootprint.Part

  /// The parts, in the order listed.
  public var parts: [Part]
  /// Recipe-ingredient postings of the written recipes present (distinct ingredients per
  /// recipe, summed).
  public var postings: Int
  /// Written recipes present.
  public var recipes: Int

  /// The sum of every part.
  public var totalBytes: Int { parts.reduce(0) { $0 + $1.bytes } }

  /// Bytes per posting of the parts named `names` (all parts when `nil`).
  public func bytesPerPosting(of names: Set<String>? = nil) -> Double {
    let bytes = parts.filter { names?.contains($0.name) ?? true }.reduce(0) { $0 + $1.bytes }
    return postings == 0 ? 0 : Double(bytes) / Double(postings)
  }

  /// The part the order holds per written recipe: its id, title and version, and its entry
  /// of the order's tables (the recipe whole stays in the segment's file).
  public static let writtenRecipesPart = "written recipes: id, title, version (order and id tables)"
  /// The merge structures' main part (what queries read): the written recipes' snapshot,
  /// titles, places and versions.
  public static let mergePart = "written recipes' snapshot (merge structures)"
  /// The deletion marks and the base's masked counts.
  public static let maskPart = "deletion marks and masked counts over the base"
}

extension LiveView {
  /// The bytes this view holds for its writes (building the merge structures if they are not
  /// built): the order's entries of the written recipes (id, title, version: the recipes
  /// whole stay in the segment's file), the merge structures (``LiveSegment``), and the
  /// deletion marks.
  /// - Complexity: O(size of the merge structures).
  public func segmentFootprint() -> LiveSegmentFootprint {
    let segment = self.segment
    var orderBytes = 0
    var written = 0
    let slot = MemoryLayout<LiveRecipeOrder.Slot>.stride
    for place in writtenPlaces {
      guard case .live(let recipe) = order[place] else { continue }
      written += 1
      orderBytes += slot + Self.heapBytes(of: recipe.id) + Self.heapBytes(of: recipe.title)
      // An entry of the order's tables: by place for a replaced base recipe, by id for a new
      // one (the key shares the id's storage).
      orderBytes += place < order.baseCount ? (8 + slot) * 4 / 3 : (16 + 8) * 4 / 3
    }
    let live = segment.live.footprint()
    // The titles share the order's storage (counted above); the folded ones are their own.
    let titles =
      segment.liveTitles.count * 16
      + segment.liveFoldedTitles.reduce(0) { $0 + 16 + Self.heapBytes(of: $1) }
    let masks =
      segment.masked.count * 8 + segment.maskedCounts.count * 4
      + (segment.maskedCategoryCounts.count + segment.maskedAreaCounts.count) * 8
      + (writtenPlaces.count + holePlaces.count) * 8
    return LiveSegmentFootprint(
      parts: [
        .init(name: LiveSegmentFootprint.writtenRecipesPart, bytes: orderBytes),
        .init(
          name: LiveSegmentFootprint.mergePart,
          bytes: live.totalBytes + titles + segment.livePlaces.count * 8
            + segment.written.versions.count * 8),
        .init(name: LiveSegmentFootprint.maskPart, bytes: masks),
      ], postings: live.postings, recipes: written)
  }

  /// The heap bytes of a string (0 when it fits in its 16 inline bytes).
  static func heapBytes(of string: String) -> Int {
    let count = string.utf8.count
    return count <= 15 ? 0 : (32 + count + 1 + 15) & ~15
  }
}
