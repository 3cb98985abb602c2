/// An ISO 8601 duration as schema.org uses it for `prepTime`, `cookTime` and `totalTime`:
/// `PT1H30M`, `P0DT45M`, `PT90M`, `P1D`, `PT0.5H`.
///
/// Non-zero years and months are refused (they have no fixed length; zero ones, as in
/// `P0Y0M0DT0H35M0.000S`, are fine); weeks and days count 7 and 1 days. Lowercase letters are accepted, as some sites write `pt20m`.
struct ISODuration: Sendable, Hashable {
  /// The length in seconds.
  var seconds: Double

  /// The length in whole minutes, rounded to the nearest minute.
  var minutes: Int { SchemaOrgValues.wholeNumber(seconds / 60) ?? 0 }

  /// Parses `text`, or returns `nil` when it is not an ISO 8601 duration.
  init?(_ text: String) {
    let characters = Array(text.trimmingWhitespace().uppercased())
    guard characters.first == "P", characters.count > 1 else { return nil }
    var total = 0.0
    var isTimePart = false
    var number = ""
    var sawComponent = false
    for character in characters.dropFirst() {
      if character.isASCII, character.isNumber || character == "." || character == "," {
        number.append(character == "," ? "." : character)
        continue
      }
      if character == "T" {
        guard number.isEmpty, !isTimePart else { return nil }
        isTimePart = true
        continue
      }
      guard let value = Double(number) else { return nil }
      number = ""
      switch (character, isTimePart) {
      case ("W", false): total += value * 7 * 86_400
      case ("D", false): total += value * 86_400
      case ("H", true): total += value * 3_600
      case ("M", true): total += value * 60
      case ("S", true): total += value
      case ("Y", false), ("M", false):
        // Some recipe plugins write P0Y0M0DT0H35M0.000S; a non-zero year or month has no fixed length.
        guard value == 0 else { return nil }
      default: return nil  // a unit on the wrong side of T
      }
      sawComponent = true
    }
    guard number.isEmpty, sawComponent else { return nil }
    seconds = total
  }
}
