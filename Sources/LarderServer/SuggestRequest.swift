import LarderCore

/// One `/v1/suggest` request as parsed: everything its answer depends on besides the index.
/// It keys the suggest answer cache, and a reload replays the hot ones on the new index
/// (``ServedIndex/warmSuggestAnswers(from:limit:)``).
public struct SuggestRequest: Hashable, Sendable {
  /// The text typed so far, as sent.
  public var text: String
  /// Which kinds of suggestion to give.
  public var kind: SuggestionKinds
  /// At most this many suggestions.
  public var limit: Int
  /// Names left out, as typed (sorted, so spellings of one set share a key).
  public var excluded: [String]

  /// A request from its parts; `excluded` is kept sorted.
  public init(text: String, kind: SuggestionKinds, limit: Int, excluded: Set<String>) {
    self.text = text
    self.kind = kind
    self.limit = limit
    self.excluded = excluded.sorted()
  }
}
