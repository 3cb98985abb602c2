import Foundation
import LarderCore

/// The benchmark harness's corpus format (`corpus-*.jsonl`: `{"id", "title", "category",
/// "area", "ingredients": [normalized names]}` per line), read straight into recipes whose
/// ingredient lines are those names. Only for benchmarking against the peer engines; Larder's
/// own corpora go through the corpus readers and the normalizer.
public enum HarnessCorpusFormat {
  /// The recipes of harness JSONL text, in file order.
  /// - Throws: ``BatchRunner/LineError`` naming the 1-based line of a malformed record.
  public static func recipes(fromJSONL text: String) throws -> [Recipe] {
    var recipes: [Recipe] = []
    var lineNumber = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      lineNumber += 1
      if line.allSatisfy(\.isWhitespace) { continue }
      guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        let names = object["ingredients"] as? [String]
      else {
        throw BatchRunner.LineError(message: "corpus line \(lineNumber): not a harness recipe")
      }
      let id =
        (object["id"] as? NSNumber).map { "\($0.int64Value)" }
        ?? (object["id"] as? String ?? "\(lineNumber)")
      recipes.append(
        Recipe(
          id: id, title: object["title"] as? String ?? "", category: object["category"] as? String,
          area: object["area"] as? String,
          ingredients: names.map { IngredientLine(text: $0, name: $0) }))
    }
    return recipes
  }

  /// A snapshot of harness JSONL text (no relations) and the recipes' public ids in id order.
  public static func snapshot(fromJSONL text: String) throws -> (
    snapshot: Snapshot, publicIDs: [String]
  ) {
    var builder = SnapshotBuilder()
    let recipes = try recipes(fromJSONL: text)
    for recipe in recipes { builder.add(recipe) }
    return (builder.build(relations: .none), recipes.map(\.id))
  }
}
