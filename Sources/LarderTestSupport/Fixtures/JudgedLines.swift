import Foundation
import LarderCore

/// One real ingredient line of the judged set (`Tests/Fixtures/judged-lines/`), with the food a
/// cook expects and how the parser did when the fixture was last graded.
public struct JudgedLine: Sendable, Hashable {
  /// Which part of the judged set a line belongs to.
  public enum Part: String, Sendable, CaseIterable {
    /// The development lines: their failures guide parser and vocabulary work.
    case development = "dev.tsv"
    /// The held-out lines: only measured, never tuned on.
    case heldOut = "heldout.tsv"
    /// A second held-out sample, drawn and judged after the matching work the first two
    /// guided (seed 2611): the estimate for lines nobody tuned on.
    case fresh = "fresh.tsv"
    /// A third held-out sample (seed 1126), drawn and judged after the fresh part's failures
    /// guided more work; its own failures guided the next round, so it is tuned on now.
    case fresh2 = "fresh2.tsv"
    /// A fourth held-out sample (seed 2711), drawn and judged after the fresh2 part's failures
    /// guided more work: the estimate for lines nobody tuned on.
    case fresh3 = "fresh3.tsv"
    /// A fifth held-out sample (seed 2727), drawn and judged by hand while the next round of
    /// matching work went on without seeing it: the estimate for lines nobody tuned on.
    case fresh4 = "fresh4.tsv"
    /// A sixth held-out sample (seed 2911), drawn and judged by hand before any parser run while
    /// the next round of matching work went on without seeing it: the estimate for lines nobody
    /// tuned on.
    case fresh5 = "fresh5.tsv"
    /// A seventh held-out sample (seed 3119, avoiding the lines of the review sample too), drawn
    /// and judged by hand before any parser run while the next round of matching work went on
    /// without seeing it: the estimate for lines nobody tuned on.
    case fresh6 = "fresh6.tsv"
    /// An eighth held-out sample (seed 3127, avoiding every earlier part and the review sample),
    /// drawn and judged by hand before any parser run while the next round of vocabulary work
    /// went on without seeing it: the estimate for lines nobody tuned on.
    case fresh7 = "fresh7.tsv"
    /// A ninth held-out sample (seed 3141, avoiding every earlier part and the review sample),
    /// drawn and judged by hand before any parser run while the next round of rules and
    /// vocabulary went on without seeing it: the estimate for lines nobody tuned on.
    case fresh8 = "fresh8.tsv"
    /// A tenth held-out sample (seed 4271, avoiding every earlier part and the review sample),
    /// drawn and judged by hand before any parser run while the next round of rules went on
    /// without seeing it: the estimate for lines nobody tuned on.
    case fresh9 = "fresh9.tsv"
    /// An eleventh held-out sample (seed 5081, avoiding every earlier part and the review
    /// sample), drawn and judged by hand before any parser run while the next round of rules
    /// went on without seeing it: the estimate for lines nobody tuned on.
    case fresh10 = "fresh10.tsv"
    /// A twelfth held-out sample (seed 6113, avoiding every earlier part, the review sample and
    /// the vocabulary review's example lines), drawn and judged by hand before any parser run
    /// while the next round of rules went on without seeing it: the estimate for lines nobody
    /// tuned on.
    case fresh11 = "fresh11.tsv"
    /// A thirteenth held-out sample (seed 7121, avoiding every earlier part, the review sample
    /// and the vocabulary review's example lines), drawn and judged by hand before any parser
    /// run while the next round of vocabulary and rules went on without seeing it: the estimate
    /// for lines nobody tuned on.
    case fresh12 = "fresh12.tsv"
    /// A fourteenth held-out sample (seed 8209, avoiding every earlier part, the review sample
    /// and the vocabulary review's example lines), drawn and judged by hand before any parser
    /// run after the vocabulary and rules rounds of 2026-11-27/28 night: the estimate for lines
    /// nobody tuned on.
    case fresh13 = "fresh13.tsv"
    /// A fifteenth held-out sample (seed 9157, avoiding every earlier part, the review sample
    /// and the vocabulary review's example lines), drawn and judged by hand before any parser
    /// run while the rules and vocabulary rounds of 2026-11-28 went on without seeing it: the
    /// estimate for lines nobody tuned on.
    case fresh14 = "fresh14.tsv"
    /// A sixteenth held-out sample (seed 67087, avoiding every earlier part, the review sample,
    /// the vocabulary review's example lines and the wide review's reading lists), drawn and
    /// judged by hand before any parser run while the rounds of 2026-11-28 went on without
    /// seeing it: the estimate for lines nobody tuned on (fresh14's lines were read by the wide
    /// review before it was graded).
    case fresh15 = "fresh15.tsv"
    /// A seventeenth held-out sample (a random seed, 50 lines per source, avoiding every earlier
    /// part, the review sample, the vocabulary review's example lines and the wide review's
    /// reading lists, and avoided by the reading lists drawn while it was judged), judged by hand
    /// by three judges who never ran the parser, before any parser run: the estimate for lines
    /// nobody tuned on.
    case fresh16 = "fresh16.tsv"
    /// A review sample (seed 1127, 200 lines per source) reviewed with the parser's answer in
    /// view, not blind: it finds classes of error for a round of work, so it is tuned on.
    case review1 = "review1.tsv"
  }

  /// How the parser's name compares with the expected food.
  public enum Grade: String, Sendable, CaseIterable {
    /// The parser names the expected food.
    case right
    /// The parser names the same food more broadly (`milk` for whole milk).
    case tooGeneral = "too general"
    /// The parser names another food (`butter` for peanut butter).
    case wrongFood = "wrong food"
    /// The parser names no food the vocabulary knows.
    case missing
    /// The line names no food (equipment, a note); not graded.
    case notAFood = "-"
  }

  /// The line's id, `dev-bbc-017`.
  public var id: String
  /// The corpus it was sampled from: `scrapers`, `based`, `bbc`, `cookstr` or `mealdb`.
  public var source: String
  /// The corpus file (and record) it was taken from.
  public var file: String
  /// The ingredient line as written in the corpus (whitespace collapsed).
  public var line: String
  /// The canonical name a cook expects, or `-` for a line that names no food.
  public var expected: String
  /// The parser's name when the fixture was last graded.
  public var current: String
  /// The grade of ``current`` against ``expected``.
  public var grade: Grade

  /// The folder of the judged set.
  public static let folder = Fixtures.repositoryRoot.appendingPathComponent(
    "Tests/Fixtures/judged-lines", isDirectory: true)

  /// Every line of one part, in file order.
  ///
  /// - Throws: when the file is missing or a row does not have the nine columns of the README.
  public static func lines(of part: Part) throws -> [JudgedLine] {
    try lines(at: folder.appendingPathComponent(part.rawValue))
  }

  /// Every line of a file in the judged set's nine columns, in file order: a judged part, or a
  /// wide review list (`Tests/Fixtures/vocabulary-review/wide*.tsv`), judged alike but not a part.
  ///
  /// - Throws: when the file is missing or a row does not have the nine columns of the README.
  public static func lines(at url: URL) throws -> [JudgedLine] {
    let text = try String(contentsOf: url, encoding: .utf8)
    var rows = text.split(separator: "\n", omittingEmptySubsequences: true).map {
      $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }
    guard
      rows.first
        == ["id", "source", "file", "line", "expected", "general", "current", "grade", "note"]
    else { throw JudgedLineError(file: url.path, row: 1, reason: "unexpected header") }
    rows.removeFirst()
    return try rows.enumerated().map { offset, fields in
      guard fields.count == 9 else {
        throw JudgedLineError(
          file: url.path, row: offset + 2, reason: "\(fields.count) columns, expected 9")
      }
      guard let grade = Grade(rawValue: fields[7]) else {
        throw JudgedLineError(
          file: url.path, row: offset + 2, reason: "unknown grade '\(fields[7])'")
      }
      return JudgedLine(
        id: fields[0], source: fields[1], file: fields[2], line: fields[3], expected: fields[4],
        current: fields[6], grade: grade)
    }
  }
}

/// A malformed row of the judged set, named by file and row.
public struct JudgedLineError: Error, CustomStringConvertible {
  /// The fixture file.
  public var file: String
  /// The 1-based row (the header is row 1).
  public var row: Int
  /// What is wrong with it.
  public var reason: String

  /// `file:row: reason`.
  public var description: String { "\(file):\(row): \(reason)" }
}

extension JudgedLine {
  /// The lines graded right for which `parser` no longer gives the expected food, each as
  /// `id (file): 'line' gives 'name', judged 'expected'` (empty when every one keeps its food).
  public static func rightLinesThatLostTheirFood(
    _ lines: [JudgedLine], parser: IngredientLineParser
  ) -> [String] {
    rightLinesThatLostTheirFood(lines) { parser.parse($0.line).name }
  }

  /// The lines graded right that no longer get the expected food as the index stores them: in
  /// their recipe where `recipes` holds it, alone otherwise; with no recipes (the corpora
  /// absent) only the lines of sources that come without recipes (BBC, Cookstr) are checked,
  /// since the others were graded in their recipes.
  public static func rightLinesThatLostTheirFood(
    _ lines: [JudgedLine], parser: IngredientLineParser, recipes: JudgedLineRecipes?
  ) -> [String] {
    let withRecipes: Set<String> = ["mealdb", "scrapers", "based"]
    let checked = recipes == nil ? lines.filter { !withRecipes.contains($0.source) } : lines
    return rightLinesThatLostTheirFood(checked) { judged in
      recipes?.name(of: judged) ?? parser.parse(judged.line).name
    }
  }

  private static func rightLinesThatLostTheirFood(
    _ lines: [JudgedLine], name food: (JudgedLine) -> String
  ) -> [String] {
    lines.filter { $0.grade == .right }.compactMap { judged in
      let name = food(judged)
      guard name != judged.expected else { return nil }
      return
        "\(judged.id) (\(judged.file)): '\(judged.line)' gives '\(name)', judged '\(judged.expected)'"
    }
  }
}
