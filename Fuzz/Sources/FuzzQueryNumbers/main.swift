import FuzzDriver

@testable import LarderCore

/// Parses `text` as every bounded number the API and CLI read, and walks a page past it.
func parseEveryNumber(_ text: Substring) {
  _ = try? SuggestLimit(parsing: text)
  _ = try? RandomCount(parsing: text)
  _ = try? MaxMinutes(parsing: text)
  _ = try? MaxMissing(parsing: text)
  _ = try? RandomSeed(parsing: text)
  _ = ISODuration(String(text))
  if let size = try? PageSize(parsing: text) {
    _ = PageOffset(unchecked: PageOffset.range.upperBound).nextCursor(after: size, total: Int.max)
  }
}

// Any text as a query parameter value (a cursor, a limit, a count, a seed, a duration): a value
// in range or a refusal, and the next page's cursor computed from it, never a trap.
runFuzzer { bytes in
  let text = String(decoding: bytes, as: UTF8.self)
  if let cursor = PageCursor(text) { _ = cursor.description }
  if let offset = try? PageOffset(cursor: text) {
    for size in [PageSize.range.lowerBound, PageSize.range.upperBound] {
      _ = offset.nextCursor(after: PageSize(unchecked: size), total: Int.max)
    }
  }
  parseEveryNumber(text[...])
}
