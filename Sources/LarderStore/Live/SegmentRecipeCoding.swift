import Foundation
import LarderCore

/// How the live segment stores a written recipe: a compact binary record, every field of
/// ``Recipe`` in a fixed order, written and read in one pass with no keys or number text.
///
/// The segment first stored recipes as JSON (`JSONEncoder`, sorted keys); at 100k that was
/// most of a bulk write's time and most of opening an index with a 10k segment (each of the
/// 10,000 records decoded by `JSONDecoder` again at every open). A record of this layout
/// starts with the byte 0x01 and a JSON record with `{`, so segments written before it are
/// read as they are (``decode(_:)`` takes either) and rewritten by the next compaction.
///
/// Layout after the 0x01: strings as a LEB128 byte count and UTF-8; an optional string as 0
/// (none) or count + 1; an optional integer as a presence byte and a zigzag LEB128 value; a
/// double as its 8 bit-pattern bytes, little-endian; lists as a count and their elements.
/// Fields: id, title, category, area, tags, summary, servings, prep and cook minutes,
/// ingredient lines (text; a flag byte for quantity, its upper bound and optional; the
/// quantity's bounds; unit, name, preparation, comment), steps, nutrition (a byte of which of
/// its 7 values are present, 0x80 for none at all, then those values), diets, source, image.
///
/// - Complexity: O(size of the recipe) both ways; doubles round-trip bit for bit.
enum SegmentRecipeCoding {
  /// The first byte of a record of this layout.
  static let binaryTag: UInt8 = 0x01

  /// The record of `recipe`.
  static func encode(_ recipe: Recipe) -> [UInt8] {
    var writer = Writer()
    writer.bytes.reserveCapacity(256 + 48 * recipe.ingredients.count)
    writer.bytes.append(binaryTag)
    writer.string(recipe.id)
    writer.string(recipe.title)
    writer.optionalString(recipe.category)
    writer.optionalString(recipe.area)
    writer.strings(recipe.tags)
    writer.optionalString(recipe.summary)
    writer.optionalInt(recipe.servings)
    writer.optionalInt(recipe.prepMinutes)
    writer.optionalInt(recipe.cookMinutes)
    writer.count(recipe.ingredients.count)
    for line in recipe.ingredients {
      writer.string(line.text)
      var flags: UInt8 = 0
      if line.quantity != nil { flags |= 1 }
      if line.quantity?.high != nil { flags |= 2 }
      if line.isOptional { flags |= 4 }
      writer.bytes.append(flags)
      if let quantity = line.quantity {
        writer.double(quantity.low)
        if let high = quantity.high { writer.double(high) }
      }
      writer.optionalString(line.unit)
      writer.string(line.name)
      writer.optionalString(line.preparation)
      writer.optionalString(line.comment)
    }
    writer.strings(recipe.steps)
    if let nutrition = recipe.nutrition {
      let values = Self.values(of: nutrition)
      var present: UInt8 = 0
      for (bit, value) in values.enumerated() where value != nil { present |= 1 << UInt8(bit) }
      writer.bytes.append(present)
      for value in values { if let value { writer.double(value) } }
    } else {
      writer.bytes.append(0x80)
    }
    writer.strings(recipe.diets)
    writer.optionalString(recipe.source)
    writer.optionalString(recipe.image)
    return writer.bytes
  }

  /// The recipe of a record of either layout (binary, or the JSON segments held before it).
  /// - Throws: ``SegmentRecordDamaged`` for a binary record that ends early, runs on, or
  ///   holds a count past its end; `DecodingError` for damaged JSON.
  static func decode(_ bytes: [UInt8]) throws -> Recipe {
    guard bytes.first == binaryTag else {
      return try JSONDecoder().decode(Recipe.self, from: Data(bytes))
    }
    return try bytes.withUnsafeBufferPointer { buffer in
      var reader = Reader(buffer: buffer, position: 1)
      var recipe = Recipe(id: try reader.string(), title: try reader.string())
      recipe.category = try reader.optionalString()
      recipe.area = try reader.optionalString()
      recipe.tags = try reader.strings()
      recipe.summary = try reader.optionalString()
      recipe.servings = try reader.optionalInt()
      recipe.prepMinutes = try reader.optionalInt()
      recipe.cookMinutes = try reader.optionalInt()
      let lineCount = try reader.count()
      recipe.ingredients.reserveCapacity(lineCount)
      for _ in 0..<lineCount {
        let text = try reader.string()
        let flags = try reader.byte()
        var quantity: Quantity?
        if flags & 1 != 0 {
          let low = try reader.double()
          var high: Double?
          if flags & 2 != 0 { high = try reader.double() }
          quantity = Quantity(low, to: high)
        }
        let unit = try reader.optionalString()
        recipe.ingredients.append(
          IngredientLine(
            text: text, quantity: quantity, unit: unit, name: try reader.string(),
            preparation: try reader.optionalString(), comment: try reader.optionalString(),
            isOptional: flags & 4 != 0))
      }
      recipe.steps = try reader.strings()
      let present = try reader.byte()
      if present & 0x80 == 0 {
        var values: [Double?] = []
        for bit in 0..<7 {
          var value: Double?
          if present & (1 << UInt8(bit)) != 0 { value = try reader.double() }
          values.append(value)
        }
        recipe.nutrition = Nutrition(
          calories: values[0], proteinGrams: values[1], fatGrams: values[2],
          carbohydrateGrams: values[3], fiberGrams: values[4], sugarGrams: values[5],
          sodiumMilligrams: values[6])
      }
      recipe.diets = try reader.strings()
      recipe.source = try reader.optionalString()
      recipe.image = try reader.optionalString()
      guard reader.position == buffer.count else { throw SegmentRecordDamaged() }
      return recipe
    }
  }

  /// The fields of a record that a snapshot build reads (``SnapshotBuilder/add(_:)``): id,
  /// title, category, area, prep and cook minutes and each line's ingredient name (its text
  /// left empty); the rest is stepped over without being made into strings. What a view's
  /// merge structures are built from: at an opening with a 10k segment, decoding every record
  /// whole was most of the first merged query's time. A JSON record is decoded whole.
  /// - Throws: ``SegmentRecordDamaged`` or `DecodingError` for a damaged record.
  static func indexedFields(_ bytes: [UInt8]) throws -> Recipe {
    guard bytes.first == binaryTag else { return try decode(bytes) }
    return try bytes.withUnsafeBufferPointer { buffer in
      var reader = Reader(buffer: buffer, position: 1)
      var recipe = Recipe(id: try reader.string(), title: try reader.string())
      recipe.category = try reader.optionalString()
      recipe.area = try reader.optionalString()
      try reader.skipStrings()  // tags
      try reader.skipOptionalString()  // summary
      _ = try reader.optionalInt()  // servings
      recipe.prepMinutes = try reader.optionalInt()
      recipe.cookMinutes = try reader.optionalInt()
      let lineCount = try reader.count()
      recipe.ingredients.reserveCapacity(lineCount)
      for _ in 0..<lineCount {
        try reader.skipString()  // text
        let flags = try reader.byte()
        if flags & 1 != 0 { try reader.skip(flags & 2 != 0 ? 16 : 8) }  // quantity
        try reader.skipOptionalString()  // unit
        recipe.ingredients.append(IngredientLine(text: "", name: try reader.string()))
        try reader.skipOptionalString()  // preparation
        try reader.skipOptionalString()  // comment
      }
      return recipe
    }
  }

  /// The id and title of a record, read without the rest (they come first): what a live
  /// index holds of a written recipe in memory. A JSON record of an older segment is decoded
  /// whole for them.
  /// - Throws: ``SegmentRecordDamaged`` or `DecodingError` for a damaged record.
  static func idAndTitle(_ bytes: [UInt8]) throws -> (id: String, title: String) {
    guard bytes.first == binaryTag else {
      let recipe = try decode(bytes)
      return (recipe.id, recipe.title)
    }
    return try bytes.withUnsafeBufferPointer { buffer in
      var reader = Reader(buffer: buffer, position: 1)
      return (try reader.string(), try reader.string())
    }
  }

  /// Nutrition's 7 values in layout order.
  private static func values(of n: Nutrition) -> [Double?] {
    [
      n.calories, n.proteinGrams, n.fatGrams, n.carbohydrateGrams, n.fiberGrams, n.sugarGrams,
      n.sodiumMilligrams,
    ]
  }

  private struct Writer {
    var bytes: [UInt8] = []

    mutating func count(_ value: Int) { unsigned(UInt64(value)) }

    mutating func unsigned(_ value: UInt64) {
      var v = value
      while v >= 0x80 {
        bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
        v >>= 7
      }
      bytes.append(UInt8(v))
    }

    mutating func string(_ value: String) {
      var value = value
      value.withUTF8 { utf8 in
        count(utf8.count)
        bytes.append(contentsOf: utf8)
      }
    }

    mutating func optionalString(_ value: String?) {
      guard var value else { return bytes.append(0) }
      value.withUTF8 { utf8 in
        count(utf8.count + 1)
        bytes.append(contentsOf: utf8)
      }
    }

    mutating func strings(_ values: [String]) {
      count(values.count)
      for value in values { string(value) }
    }

    mutating func optionalInt(_ value: Int?) {
      guard let value else { return bytes.append(0) }
      bytes.append(1)
      let v = Int64(value)
      unsigned(UInt64(bitPattern: (v << 1) ^ (v >> 63)))
    }

    mutating func double(_ value: Double) {
      withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }
  }

  private struct Reader {
    let buffer: UnsafeBufferPointer<UInt8>
    var position: Int

    mutating func byte() throws(SegmentRecordDamaged) -> UInt8 {
      guard position < buffer.count else { throw SegmentRecordDamaged() }
      defer { position += 1 }
      return buffer[position]
    }

    mutating func unsigned() throws(SegmentRecordDamaged) -> UInt64 {
      var value: UInt64 = 0
      var shift: UInt64 = 0
      while true {
        let b = try byte()
        guard shift < 64 else { throw SegmentRecordDamaged() }
        value |= UInt64(b & 0x7F) << shift
        if b & 0x80 == 0 { return value }
        shift += 7
      }
    }

    /// A count or length, which must fit in what is left of the record.
    mutating func count() throws(SegmentRecordDamaged) -> Int {
      let value = try unsigned()
      guard value <= UInt64(buffer.count - position) else { throw SegmentRecordDamaged() }
      return Int(value)
    }

    mutating func text(length: Int) -> String {
      defer { position += length }
      return String(
        decoding: UnsafeBufferPointer(rebasing: buffer[position..<(position + length)]),
        as: UTF8.self)
    }

    mutating func string() throws(SegmentRecordDamaged) -> String {
      text(length: try count())
    }

    mutating func optionalString() throws(SegmentRecordDamaged) -> String? {
      let stored = try unsigned()
      if stored == 0 { return nil }
      guard stored - 1 <= UInt64(buffer.count - position) else { throw SegmentRecordDamaged() }
      return text(length: Int(stored - 1))
    }

    mutating func skip(_ length: Int) throws(SegmentRecordDamaged) {
      guard length <= buffer.count - position else { throw SegmentRecordDamaged() }
      position += length
    }

    mutating func skipString() throws(SegmentRecordDamaged) { position += try count() }

    mutating func skipOptionalString() throws(SegmentRecordDamaged) {
      let stored = try unsigned()
      if stored == 0 { return }
      guard stored - 1 <= UInt64(buffer.count - position) else { throw SegmentRecordDamaged() }
      position += Int(stored - 1)
    }

    mutating func skipStrings() throws(SegmentRecordDamaged) {
      for _ in 0..<(try count()) { try skipString() }
    }

    mutating func strings() throws(SegmentRecordDamaged) -> [String] {
      let n = try count()
      var values: [String] = []
      values.reserveCapacity(n)
      for _ in 0..<n { values.append(try string()) }
      return values
    }

    mutating func optionalInt() throws(SegmentRecordDamaged) -> Int? {
      if try byte() == 0 { return nil }
      let z = try unsigned()
      let v = Int64(bitPattern: (z >> 1) ^ (0 &- (z & 1)))
      guard let value = Int(exactly: v) else { throw SegmentRecordDamaged() }
      return value
    }

    mutating func double() throws(SegmentRecordDamaged) -> Double {
      guard buffer.count - position >= 8 else { throw SegmentRecordDamaged() }
      var bits: UInt64 = 0
      for k in 0..<8 { bits |= UInt64(buffer[position + k]) << UInt64(8 * k) }
      position += 8
      return Double(bitPattern: bits)
    }
  }
}

/// A live segment record that is not a recipe of ``SegmentRecipeCoding``'s layout (a damaged
/// file): the index does not open rather than serve part of its writes.
public struct SegmentRecordDamaged: Error, CustomStringConvertible {
  /// The message.
  public var description: String { "a live segment record is damaged" }
}
