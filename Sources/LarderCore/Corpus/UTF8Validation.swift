/// Finds the first byte that breaks UTF-8, so an error can say where a file stops being text.
enum UTF8Validation {
  /// How the checked bytes end.
  enum Ending {
    /// The bytes are the whole text.
    case complete
    /// The bytes are a prefix of a longer text and may stop inside a character.
    case mayBeCut
  }

  /// The offset (from the collection's start) of the first invalid byte, or `nil` when every
  /// byte is valid UTF-8. With `end: .mayBeCut`, an incomplete sequence at the very end is
  /// accepted, since a chunk boundary may cut a character in two.
  ///
  /// - Complexity: O(n).
  static func firstInvalidOffset<Bytes: Collection<UInt8>>(
    _ bytes: Bytes, end ending: Ending = .complete
  ) -> Int? where Bytes.Index == Int {
    var index = bytes.startIndex
    let end = bytes.endIndex
    while index < end {
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      let length: Int
      var lowest: UInt8 = 0x80
      var highest: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0:
        length = 3
        lowest = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED:
        length = 3
        highest = 0x9F
      case 0xF0:
        length = 4
        lowest = 0x90
      case 0xF1...0xF3: length = 4
      case 0xF4:
        length = 4
        highest = 0x8F
      default: return index - bytes.startIndex
      }
      for offset in 1..<length {
        guard index + offset < end else {
          return ending == .mayBeCut ? nil : index - bytes.startIndex
        }
        let continuation = bytes[index + offset]
        let low = offset == 1 ? lowest : 0x80
        let high = offset == 1 ? highest : 0xBF
        guard continuation >= low, continuation <= high else { return index - bytes.startIndex }
      }
      index += length
    }
    return nil
  }
}
