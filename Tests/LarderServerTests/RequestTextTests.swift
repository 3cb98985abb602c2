import Foundation
import Testing

@testable import LarderServer

/// The small text helpers of the request path that replace Foundation calls for speed give
/// Foundation's answers.
@Suite struct RequestTextTests {
  @Test func trimmingMatchesFoundation() {
    let values = [
      "garlic", " garlic", "garlic ", "\tgarlic\t", "olive oil", "  olive oil  ", "", " ", "é",
      "éclair ", "\u{00A0}garlic", "garlic\u{3000}", "crème fraîche", "a", "\u{2003}x\u{2003}",
      "x\n", "\ny",
    ]
    for value in values {
      #expect(
        QueryParameters.trimmed(Substring(value)) == value.trimmingCharacters(in: .whitespaces),
        "\(value.debugDescription)")
    }
  }

  @Test func milliseconds() {
    let cases: [(Int64, String)] = [
      (0, "0.000"), (5, "0.005"), (412, "0.412"), (12_050, "12.050"), (1_234_567, "1234.567"),
    ]
    for (microseconds, text) in cases {
      #expect(RequestLogMiddleware.milliseconds(microseconds: microseconds) == text)
    }
  }
}
