/// Decides which ingredient lines a step's words name when forms of several lines overlap,
/// remembering the steps before (which lines were used, and when last).
///
/// Within a step:
/// - the longest phrase wins: a form inside a longer form of another line names nothing
///   (`brown sugar` is no mention of a `sugar` line, `chicken stock` none of `chicken`);
/// - at one place in the step, exact forms beat general ones (`the onions` names the `onion`
///   line, not `white onion` by its head noun).
///
/// A place still shared by several lines (two `soy sauce` lines, `the oil` with olive and
/// sesame oil) goes to:
/// 1. all of them when the word is a plural general one (`the chillies`, `the herbs`);
/// 2. else those this step names elsewhere on their own (`the chocolate melts` after
///    `combine the white chocolate chips`);
/// 3. else, when the step names other lines, the one listed clearly nearer (by two lines or
///    more) to their mean position, since recipes list lines in groups by use (the butter
///    among the pudding's lines, not the sauce's);
/// 4. else the first not used by an earlier step, since recipes list lines in order of use
///    (`1 tbsp sugar` then `1 tsp sugar` for lines of 1 tbsp and 1 tsp);
/// 5. else those used most recently (`the remaining oil`).
///
/// - Complexity: O(occurrences²) per step.
struct StepMentionChoice {
  /// Lines some earlier step used, with the index of the last such step.
  private var lastUse: [Int: Int] = [:]
  private var stepIndex = 0

  /// The lines `occurrences` in `words` name, ascending, and records them as used.
  mutating func resolve(_ occurrences: [MentionOccurrence], in words: StepWords) -> [Int] {
    defer { stepIndex += 1 }
    let kept = occurrences.filter { inner in
      !occurrences.contains { outer in
        outer.line != inner.line && outer.count > inner.count && outer.start <= inner.start
          && outer.end >= inner.end
      }
    }
    var places: [Place: [MentionOccurrence]] = [:]
    for occurrence in kept {
      places[Place(start: occurrence.start, count: occurrence.count), default: []].append(
        occurrence)
    }
    var chosen = Set<Int>()
    var shared: [(place: Place, lines: [Int], isGeneral: Bool)] = []
    for (place, here) in places {
      let exact = here.filter(\.isExact)
      let lines = Array(Set((exact.isEmpty ? here : exact).map(\.line))).sorted()
      if lines.count == 1 {
        chosen.insert(lines[0])
      } else {
        shared.append((place, lines, exact.isEmpty))
      }
    }
    let single = chosen
    for (place, lines, isGeneral) in shared.sorted(by: { $0.place.start < $1.place.start }) {
      chosen.formUnion(pick(lines, pluralGeneral: isGeneral && words.plural[place.end - 1], single))
    }
    for line in chosen { lastUse[line] = stepIndex }
    return chosen.sorted()
  }

  /// Which of `lines`, sharing one place in the step, it names (rules 1-5 above).
  private func pick(_ lines: [Int], pluralGeneral: Bool, _ namedAlone: Set<Int>) -> [Int] {
    if pluralGeneral { return lines }
    let alone = lines.filter(namedAlone.contains)
    if !alone.isEmpty { return alone }
    if !namedAlone.isEmpty {
      // Distance to the mean position of the lines named alone, times their count to stay in
      // integers; only a clear lead (two lines or more) decides.
      let sum = namedAlone.reduce(0, +)
      let ranked = lines.map { (line: $0, distance: abs($0 * namedAlone.count - sum)) }
        .sorted { $0.distance < $1.distance }
      if ranked[1].distance - ranked[0].distance >= 2 * namedAlone.count { return [ranked[0].line] }
    }
    if let unused = lines.first(where: { lastUse[$0] == nil }) { return [unused] }
    let latest = lines.compactMap { lastUse[$0] }.max()
    return lines.filter { lastUse[$0] == latest }
  }

  /// A run of words in a step.
  private struct Place: Hashable {
    var start: Int
    var count: Int
    var end: Int { start + count }
  }
}
