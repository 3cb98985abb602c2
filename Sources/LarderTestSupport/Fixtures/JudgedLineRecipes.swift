import Foundation
import LarderCore

/// The recipes the judged lines come from, where the shared corpora hold them (TheMealDB,
/// recipe-scrapers, based-cooking), each normalized as the indexer does
/// (``RecipeNormalizer/normalizedIngredients(of:)``), so a judged line is checked as the index
/// stores it: TheMealDB's name and measure apart, and the method that can make a terse line's
/// food more specific. `scripts/judged-lines.py` grades the same way.
///
/// TheMealDB's dump is read as it is; the recipe-scrapers and based-cooking recipes are written
/// as Larder JSONL by `scripts/recipe-context.py --write-corpora` (python3), then read.
public struct JudgedLineRecipes: Sendable {
  /// Per source, its recipes' ingredients as the index stores them.
  private var recipes: [String: CorpusIngredients] = [:]

  /// The recipes of the shared corpora, or `nil` when they are absent (read once per process).
  public static let shared: JudgedLineRecipes? = Fixtures.sharedCorpora.flatMap {
    try? JudgedLineRecipes(corpora: $0)
  }

  /// Reads and normalizes every recipe of the three sources under `corpora`.
  ///
  /// - Throws: when a corpus cannot be read or the script fails.
  public init(corpora: URL) throws {
    let normalizer = RecipeNormalizer(vocabulary: try Vocabulary.bundled())
    let written = try Fixtures.temporaryDirectory()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", Fixtures.repositoryRoot.appendingPathComponent("scripts/recipe-context.py").path,
      "--corpora", corpora.path, "--write-corpora", written.path,
    ]
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw JudgedLineError(
        file: "scripts/recipe-context.py", row: 0,
        reason: "exit status \(process.terminationStatus)")
    }
    let files = [
      "mealdb": corpora.appendingPathComponent("themealdb/pausgracia_all_meals_586.json"),
      "scrapers": written.appendingPathComponent("scrapers.jsonl"),
      "based": written.appendingPathComponent("based.jsonl"),
    ]
    for (source, url) in files {
      recipes[source] = try CorpusIngredients(path: url.path, normalizer: normalizer)
    }
  }

  /// The food the index stores for `judged`'s line in its recipe, or `nil` when its recipe is
  /// not held (BBC and Cookstr lines come without one).
  public func name(of judged: JudgedLine) -> String? {
    var recipe = judged.file
    if judged.source == "mealdb" {
      // `pausgracia_all_meals_586.json:meal 53053 slot 10`
      let words = judged.file.split(separator: " ")
      guard words.count == 4, words[0].hasSuffix(":meal") else { return nil }
      recipe = String(words[1])
    }
    guard let found = recipes[judged.source]?.ingredient(judged.line, ofRecipe: recipe) else {
      return nil
    }
    return found.line?.name ?? ""
  }
}
