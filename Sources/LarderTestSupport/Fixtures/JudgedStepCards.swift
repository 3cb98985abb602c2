import Foundation
import LarderCore

/// The judged step-card set (`Tests/Fixtures/step-cards/`): for sampled recipes from `Data/`
/// and TheMealDB, the ingredient lines a cook judged each method step to use, in two parts.
public struct JudgedStepCards: Sendable {
  /// One judged step.
  public struct Step: Sendable, Hashable {
    /// `data` (Data/recipes) or `mealdb` (TheMealDB's 586-meal dump).
    public var source: String
    /// The recipe's id.
    public var recipe: String
    /// The 1-based step number, as in a recipe detail.
    public var number: Int
    /// Positions of the ingredient lines the step uses.
    public var lines: Set<Int>
  }

  /// Precision and recall of step cards against the judged lines, counted over (step, line)
  /// pairs.
  public struct Rates: Sendable, CustomStringConvertible {
    /// Lines on a card that the step uses.
    public var correct = 0
    /// Lines on a card that the step does not use.
    public var extra = 0
    /// Lines the step uses that its card lacks.
    public var missing = 0

    /// Creates empty counts.
    public init() {}

    /// correct / (correct + extra).
    public var precision: Double { Double(correct) / Double(max(1, correct + extra)) }
    /// correct / (correct + missing).
    public var recall: Double { Double(correct) / Double(max(1, correct + missing)) }

    /// Counts one step's card against its judged lines.
    public mutating func add(card: Set<Int>, judged: Set<Int>) {
      correct += card.intersection(judged).count
      extra += card.subtracting(judged).count
      missing += judged.subtracting(card).count
    }

    /// Both rates in percent with the counts behind them.
    public var description: String {
      String(
        format: "precision %.1f %% (%d of %d), recall %.1f %% (%d of %d)", precision * 100,
        correct, correct + extra, recall * 100, correct, correct + missing)
    }
  }

  /// The fixture's folder.
  public static let folder = Fixtures.repositoryRoot.appendingPathComponent(
    "Tests/Fixtures/step-cards", isDirectory: true)

  /// The two parts of the set.
  public enum Part: String, CaseIterable, Sendable {
    /// Judged before the step-card work; its misses guided it.
    case development = "judged-steps.tsv"
    /// Judged after it, and only measured (estimates unseen recipes).
    case heldOut = "heldout-steps.tsv"

    /// The `--part` of `scripts/sample-step-cards.py` that draws it.
    public var samplingPart: String { self == .development ? "dev" : "heldout" }
  }

  /// Every judged step of the part, in file order.
  public var steps: [Step]

  /// Reads one part.
  ///
  /// - Throws: when the file is missing or a row is malformed (named by row).
  public init(_ part: Part) throws {
    let url = Self.folder.appendingPathComponent(part.rawValue)
    var rows = try String(contentsOf: url, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: true)
      .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    guard rows.first == ["source", "recipe", "step", "lines", "names", "note"] else {
      throw JudgedLineError(file: url.path, row: 1, reason: "unexpected header")
    }
    rows.removeFirst()
    steps = try rows.enumerated().map { offset, fields in
      let lines = fields.count == 6 && fields[3] != "-" ? fields[3].split(separator: ",") : []
      guard fields.count == 6, let number = Int(fields[2]), number >= 1,
        lines.allSatisfy({ Int($0) != nil })
      else {
        throw JudgedLineError(
          file: url.path, row: offset + 2,
          reason: "expected source, recipe, step, lines, names, note")
      }
      return Step(
        source: fields[0], recipe: fields[1], number: number,
        lines: Set(lines.compactMap { Int($0) }))
    }
  }

  /// The corpus file each source's recipes are read from, or `nil` when it is absent (TheMealDB
  /// lives in the shared corpora, outside the repository).
  public static func corpusFiles(of source: String) throws -> [URL]? {
    switch source {
    case "data":
      return try DataDirectory.corpusFiles(in: try DataDirectory.locate())
    case "mealdb":
      return Fixtures.sharedCorpora.map {
        [$0.appendingPathComponent("themealdb/pausgracia_all_meals_586.json")]
      }
    default:
      return nil
    }
  }
}
