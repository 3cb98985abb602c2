import Foundation
import Hummingbird
import LarderCore
import LarderStore
import NIOCore

/// The write routes: `PUT /v1/recipes/{id}` (add or replace one recipe), `DELETE
/// /v1/recipes/{id}`, `POST /v1/recipes` (many, all or nothing). Admin profiles only. Each is
/// answered only once the write is durable in the index's live segment, and a request that
/// starts after the answer sees it on every route (``ServedIndex/apply(_:)``).
///
/// Bodies are Larder JSONL records (`Data/README.md`), read by the core's record mapping and
/// range checks (``LarderRecordBody``), the same as `larder index` and `larder add`; a bad
/// record is a 400 naming where and which field (`body:3: ingredients[0].name: ...`).
struct WriteRoutes {
  let holder: IndexHolder

  /// The largest `POST /v1/recipes` body: 32 MiB (about 10,000 recipes of the embedded
  /// corpus's size). One recipe (`PUT`) keeps the API's 64 KiB.
  static let maximumBulkBytes = 32 * 1024 * 1024

  /// The write routes, for the server's route table.
  var routes: [APIRoute] {
    [
      APIRoute(
        .put, "/v1/recipes/:id",
        .admin { request, context in
          try await put(request, id: try context.pathParameter("id"), context: context)
        }),
      APIRoute(
        .delete, "/v1/recipes/:id",
        .admin { _, context in try await delete(try context.pathParameter("id")) }),
      APIRoute(
        .post, "/v1/recipes",
        .admin { request, context in try await post(request, context: context) }),
    ]
  }

  /// What a write answers.
  struct WriteAnswer: Encodable {
    /// `added` or `replaced` per recipe, in the order sent.
    var results: [Outcome]
    /// How many recipes the index holds after the write.
    var recipes: Int
  }

  struct Outcome: Encodable {
    var id: String
    var result: String
  }

  func put(_ request: Request, id: String, context: AdminContext) async throws -> Response {
    let bytes = try await Self.body(request, limit: RequestBody.maximumBytes)
    let index = holder.index
    let source: SourceRecipe
    switch try await index.offload({ LarderRecordBody.record(bytes) }) {
    case .success(let record): source = record
    case .failure(let error): throw Self.invalid(error)
    }
    guard source.recipe.id == id else {
      throw APIError(
        status: .unprocessableContent, code: "id_mismatch",
        message: "The body's `id` (\"\(source.recipe.id)\") is not the id in the path (\"\(id)\").")
    }
    let result = try await index.apply(.upsert([source]))
    let added = result.upserted.first == .added
    return try JSONBody.response(
      WriteAnswer(
        results: [Outcome(id: id, result: added ? "added" : "replaced")],
        recipes: result.recipes),
      status: added ? .created : .ok)
  }

  func post(_ request: Request, context: AdminContext) async throws -> Response {
    let bytes = try await Self.body(request, limit: Self.maximumBulkBytes)
    let index = holder.index
    let sources = try await index.offload { try Self.records(bytes) }
    let result = try await index.apply(.upsert(sources))
    return try JSONBody.response(
      WriteAnswer(
        results: zip(sources, result.upserted).map {
          Outcome(id: $0.recipe.id, result: $1 == .added ? "added" : "replaced")
        }, recipes: result.recipes),
      status: .ok)
  }

  /// Every record of a `POST /v1/recipes` body, or the 400 naming the first malformed one (422
  /// `duplicate_id` when all are well formed but an id is sent twice): all or nothing.
  static func records(_ bytes: [UInt8]) throws(APIError) -> [SourceRecipe] {
    var sources: [SourceRecipe] = []
    var errors: [CorpusError] = []
    var repeated: [CorpusError] = []
    var seen: Set<String> = []
    for result in LarderRecordBody.records(bytes) {
      switch result {
      case .success(let record):
        if seen.insert(record.recipe.id).inserted {
          sources.append(record)
        } else {
          repeated.append(
            CorpusError(
              .badRecord, at: record.location, field: "id",
              "\(record.recipe.id.debugDescription) is sent twice in this body"))
        }
      case .failure(let error): errors.append(error)
      }
    }
    if let first = errors.first {
      throw APIError.badRequest(
        "invalid_recipe",
        "\(errors.count) record(s) are malformed; nothing was written. First: \(first)")
    }
    // Every record is well formed, but two name one recipe: the body is valid JSON of the
    // documented shape that cannot be applied as one transaction, hence 422, not 400.
    if let first = repeated.first {
      throw APIError(
        status: .unprocessableContent, code: "duplicate_id",
        message: "\(repeated.count) id(s) are sent twice; nothing was written. First: \(first)")
    }
    guard !sources.isEmpty else {
      throw APIError.badRequest("invalid_body", "The body holds no recipe.")
    }
    return sources
  }

  func delete(_ id: String) async throws -> Response {
    let result = try await holder.index.apply(.delete([id]))
    guard result.deletion?.missing.isEmpty ?? false else {
      throw APIError.notFound("recipe_not_found", "No recipe has the id \"\(id)\".")
    }
    return Response(status: .noContent)
  }

  /// The 400 for a malformed record.
  static func invalid(_ error: CorpusError) -> APIError {
    APIError.badRequest("invalid_recipe", error.description)
  }

  /// The body's bytes: JSON (`application/json`) or NDJSON (`application/x-ndjson`), at most
  /// `limit` bytes.
  static func body(_ request: Request, limit: Int) async throws -> [UInt8] {
    guard let type = RequestBody.mediaType(request.headers[.contentType]),
      ["application/json", "application/x-ndjson"].contains(type)
    else {
      throw APIError(
        status: .unsupportedMediaType, code: "unsupported_media_type",
        message: "Send recipes as `application/json` or `application/x-ndjson`.")
    }
    let buffer = try await RequestBody.bytes(
      of: request, upTo: limit, whenEmpty: "The request needs a body.")
    return Array(buffer.readableBytesView)
  }
}
