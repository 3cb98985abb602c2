import Foundation
import LarderCore

/// One recipe write as the shared change log holds it (`larder serve --postgres`): the
/// recipes as normalized by the replica that took the write, so every replica applies the
/// same recipes whatever its own vocabulary, or the ids to delete.
///
/// Its JSON form, the change log's column, is `{"op": "upsert", "recipes": [RECIPE, ...]}` or
/// `{"op": "delete", "ids": [ID, ...]}` (a recipe as the live segment stores it), so an
/// operator can read the log with `psql`.
public enum RecipeChange: Sendable, Hashable {
  /// Add each recipe, or replace the one with its id in place, in order.
  case upsert([Recipe])
  /// Delete the recipes with these ids; ids not present change nothing.
  case delete([String])

  /// The change's JSON text (keys sorted, so the same change is the same text).
  /// - Complexity: O(size of the recipes).
  public func json() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return String(decoding: try encoder.encode(Form(self)), as: UTF8.self)
  }

  /// Reads a change from its JSON text.
  /// - Throws: `DecodingError` for text that is not a change.
  public init(json: String) throws {
    self = try JSONDecoder().decode(Form.self, from: Data(json.utf8)).change
  }

  /// The JSON form, with the operation named.
  private struct Form: Codable {
    var op: String
    var recipes: [Recipe]?
    var ids: [String]?

    init(_ change: RecipeChange) {
      switch change {
      case .upsert(let recipes): (op, self.recipes, ids) = ("upsert", recipes, nil)
      case .delete(let ids): (op, recipes, self.ids) = ("delete", nil, ids)
      }
    }

    var change: RecipeChange {
      get throws {
        switch (op, recipes, ids) {
        case ("upsert", let recipes?, nil): return .upsert(recipes)
        case ("delete", nil, let ids?): return .delete(ids)
        default:
          throw DecodingError.dataCorrupted(
            .init(
              codingPath: [], debugDescription: "not a recipe change (op \(op.debugDescription))"))
        }
      }
    }
  }
}

/// A change with its place in the change log: its sequence number (`seq`, increasing in
/// commit order; numbers may be skipped, never reused).
public struct LoggedRecipeChange: Sendable, Hashable {
  /// The change log's sequence number.
  public var seq: Int64
  /// The change.
  public var change: RecipeChange

  /// A change at `seq`.
  public init(seq: Int64, change: RecipeChange) {
    self.seq = seq
    self.change = change
  }
}

/// What applying one ``RecipeChange`` did to a ``LiveIndex``.
public enum RecipeChangeOutcome: Sendable, Hashable {
  /// What each recipe of an upsert did, in order.
  case upserted([LiveRecipeOrder.UpsertOutcome])
  /// The ids a delete removed and those it did not find.
  case deleted(LiveDeletion)
}
