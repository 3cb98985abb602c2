import Foundation
import Hummingbird
import NIOCore

/// The web page, its assets and the OpenAPI document, served from the binary's resources with
/// an `ETag` and `Cache-Control`, gzip-compressed for clients that accept it; plus `/healthz`.
struct PageRoutes {
  let holder: IndexHolder

  /// One static file held in memory, with its gzip form when that is smaller.
  struct StaticFile: Sendable {
    let bytes: [UInt8]
    let contentType: String
    let etag: String
    /// The file gzip-compressed, or `nil` when compressing saves nothing (or failed).
    let gzipped: [UInt8]?
    /// The compressed form's own tag: a cache keeps each representation apart.
    var gzipETag: String { String(etag.dropLast()) + "-gzip\"" }
  }

  /// Loads `Web/` from the module's resources.
  static func loadFiles() -> [String: StaticFile] {
    guard let web = Bundle.module.url(forResource: "Web", withExtension: nil) else { return [:] }
    var files: [String: StaticFile] = [:]
    let types = [
      "html": "text/html; charset=utf-8", "js": "text/javascript; charset=utf-8",
      "css": "text/css; charset=utf-8",
      "json": "application/json; charset=utf-8", "svg": "image/svg+xml", "png": "image/png",
      "ico": "image/x-icon",
    ]
    let enumerator = FileManager.default.enumerator(at: web, includingPropertiesForKeys: nil)
    while let url = enumerator?.nextObject() as? URL {
      guard let data = try? Data(contentsOf: url), !url.hasDirectoryPath else { continue }
      let relative = String(url.path.dropFirst(web.path.count))
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in data { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
      let bytes = Array(data)
      let gzipped = Gzip.compress(bytes).flatMap { $0.count < bytes.count ? $0 : nil }
      files[relative] = StaticFile(
        bytes: bytes, contentType: types[url.pathExtension] ?? "application/octet-stream",
        etag: "\"\(String(hash, radix: 16))\"", gzipped: gzipped)
    }
    return files
  }

  /// The page's routes (all GET), for the server's route table.
  var routes: [APIRoute] {
    let files = Self.loadFiles()
    @Sendable func serve(_ name: String, _ request: Request) throws -> Response {
      guard let file = files[name] else {
        throw APIError.notFound("not_found", "There is nothing at \(name).")
      }
      // One representation per request: gzip when the client accepts it and it is smaller.
      let gzipped = Gzip.isAccepted(by: request.headers[.acceptEncoding]) ? file.gzipped : nil
      let etag = gzipped == nil ? file.etag : file.gzipETag
      var headers: HTTPFields = [.eTag: etag, .vary: "Accept-Encoding"]
      if request.headers[.ifNoneMatch] == etag {
        return Response(status: .notModified, headers: headers)
      }
      headers[.contentType] = file.contentType
      headers[.cacheControl] = "no-cache"
      if gzipped != nil { headers[.contentEncoding] = "gzip" }
      return Response(
        status: .ok, headers: headers,
        body: .init(byteBuffer: ByteBuffer(bytes: gzipped ?? file.bytes)))
    }
    return [
      APIRoute(.get, "/", .open { request, _ in try serve("/index.html", request) }),
      APIRoute(.get, "/openapi.json", .open { request, _ in try serve("/openapi.json", request) }),
      APIRoute(
        .get, "/assets/:file",
        .open { request, context in
          try serve("/assets/" + context.pathParameter("file"), request)
        }),
      APIRoute(
        .get, "/healthz",
        .open { _, _ in
          try JSONBody.response(HealthAnswer(status: "ok", recipes: holder.index.live.recipeCount))
        }),
    ]
  }

  struct HealthAnswer: Encodable {
    var status: String
    var recipes: Int
  }
}
