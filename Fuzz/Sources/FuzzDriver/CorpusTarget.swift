import LarderCore

/// Built once: loading the vocabulary per input would leave little time for inputs.
private let normalizer = RecipeNormalizer()

/// Reads `bytes` as a corpus file of `format` (or detected, when `nil`) the way `larder index`
/// does: every record read, every good one normalized. Bad input must end in ``CorpusError``s.
public func readCorpus(_ bytes: UnsafeBufferPointer<UInt8>, format: CorpusFormat?) {
  let path = scratchFile(holding: bytes)
  do {
    let file = try CorpusFile(path: path, format: format)
    try file.forEachRecord { result in
      if case .success(let source) = result { _ = normalizer.normalize(source) }
      return .continue
    }
  } catch {
    // A refused file is the expected answer to most random bytes.
  }
}
