import LarderCore

extension WordSuffixArray {
  /// The bytes of the suffix at `position`: its string from the word where the suffix starts
  /// (what the array sorts, for brute-force checks).
  public func suffixBytes(at position: Int) -> [UInt8] {
    Array(strings[stringIndex(at: position)].utf8.dropFirst(wordOffset(at: position)))
  }
}
