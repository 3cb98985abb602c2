import Foundation
import HTTPTypes
import Hummingbird
import LarderCore
import LarderStore
import NIOHTTP1

/// An error answer of the API: a status, a stable snake_case code and a message a front end
/// can show. Domain errors of the engine and the stores are mapped to it here, in the server
/// module; the layers below know nothing of HTTP.
struct APIError: Error, HTTPResponseError {
  let status: HTTPResponse.Status
  let code: String
  let message: String
  var suggestions: [String]? = nil

  func response(from request: Request, context: some RequestContext) throws -> Response {
    JSONBody.response(json, status: status)
  }

  /// The body: `{"error": {"code", "message", "suggestions"?}}`.
  var json: Data {
    var object: [String: Any] = ["code": code, "message": message]
    if let suggestions { object["suggestions"] = suggestions }
    // Strings and arrays of strings always serialize.
    return
      (try? JSONSerialization.data(
        withJSONObject: ["error": object], options: [.sortedKeys, .withoutEscapingSlashes]))
      ?? Data()
  }

  static func badRequest(_ code: String, _ message: String) -> APIError {
    APIError(status: .badRequest, code: code, message: message)
  }

  static func notFound(_ code: String, _ message: String) -> APIError {
    APIError(status: .notFound, code: code, message: message)
  }

  static let unauthorized = APIError(
    status: .unauthorized, code: "unauthorized",
    message:
      "This needs a profile token: send `Authorization: Bearer TOKEN` (see `larder profile create`)."
  )

  /// A recipe id in a body that names no recipe (the body is well-formed: 422).
  static func unknownRecipe(_ id: String) -> APIError {
    APIError(
      status: .unprocessableContent, code: "recipe_not_found",
      message: "No recipe has the id \"\(id)\".")
  }

  /// A reload whose files could not be opened; the index served before stays.
  static func reloadFailed(_ error: any Error) -> APIError {
    APIError(
      status: .conflict, code: "reload_failed",
      message:
        "The index file could not be opened (\(error)); the server goes on answering from the index it had."
    )
  }

  static let internalFailure = APIError(
    status: .internalServerError, code: "internal_error",
    message: "Something went wrong on the server; the request was not completed.")

  static let bodyTooLarge = APIError(
    status: .contentTooLarge, code: "body_too_large", message: "The request body is over 64 KiB.")

  /// The API error for any error a handler throws; unknown errors become a 500 without details.
  static func from(_ error: any Error) -> APIError {
    switch error {
    case let error as APIError: return error
    case let error as QueryError:
      switch error {
      case .unknownIngredient(let name, let candidates):
        var answer = APIError(
          status: .unprocessableContent, code: "unknown_ingredient", message: error.description)
        answer.suggestions = candidates
        _ = name
        return answer
      case .noIngredients:
        return .badRequest("no_ingredients", "Give at least one ingredient (`with`).")
      case .tooManyIngredients: return .badRequest("too_many_ingredients", error.description)
      case .invalidCursor: return .badRequest("invalid_cursor", error.description)
      }
    case IndexOpenError.generationChanged:
      return APIError(
        status: .serviceUnavailable, code: "index_changed",
        message: "The index file was rebuilt; the server answers from it after a reload.")
    case is IndexContentError:
      // The file lacks what its own snapshot names: damaged on the server's side (the
      // middleware logs every 500 with the error); the asker can only report it.
      return APIError(
        status: .internalServerError, code: "index_damaged",
        message:
          "The served index file lacks recipes it lists, so it is damaged; rebuild it with `larder index`."
      )
    case let error as LiveIndexError:
      return .badRequest("invalid_recipe", "\(error); nothing was written.")
    case ServedIndexError.reloading:
      return APIError(
        status: .serviceUnavailable, code: "index_reloading",
        message: "The index is being reloaded; nothing was written. Send the write again.")
    case ServedIndexError.notAppliedYet(let seq, _):
      // Committed to the shared change log: every replica applies it as it follows the log.
      return APIError(
        status: .serviceUnavailable, code: "write_not_applied_yet",
        message:
          "The write is in the recipe change log (change \(seq)) and every replica will apply it, but this replica could not yet; reads may not show it for a moment."
      )
    case is RecipeChangeLogUnavailable:
      return APIError(
        status: .serviceUnavailable, code: "change_log_unavailable",
        message:
          "Recipe writes go to the shared change log first, which cannot be reached right now; send the write again shortly (a repeated PUT replaces the recipe with itself)."
      )
    case let error as TextSearchError:
      return .badRequest("empty_query", error.description)
    case is UserStateUnavailable:
      // PostgreSQL is away: engine routes keep answering; user routes say so and recover
      // without a restart once it is back (the store's reachability check).
      return APIError(
        status: .serviceUnavailable, code: "user_state_unavailable",
        message:
          "Profiles, favorites, grocery lists and pantries cannot be reached right now; try again shortly."
      )
    case let error as UserStoreError:
      return APIError(
        status: .unprocessableContent, code: "invalid_profile", message: error.description)
    case let error as HTTPError where error.status == .contentTooLarge:
      return .bodyTooLarge
    case let error as HTTPError:
      return APIError(
        status: error.status, code: "http_error", message: error.body ?? error.status.reasonPhrase)
    case let error as HTTPParserError:
      return EdgeErrors.apiError(for: error)
    default:
      return .internalFailure
    }
  }
}
