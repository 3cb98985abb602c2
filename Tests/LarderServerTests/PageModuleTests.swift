import Foundation
import Testing

@testable import LarderServer

/// The web page is ES modules with no build step: the page loads `app.js` as a module and
/// preloads the others, every module file under `assets/` is served as JavaScript (browsers
/// refuse a module of another type), and the static imports from `app.js` reach exactly the
/// module files that ship.
@Suite struct PageModuleTests {
  /// The `.js` files the server holds, as `/assets/NAME.js`.
  func shippedModules() -> Set<String> {
    Set(PageRoutes.loadFiles().keys.filter { $0.hasPrefix("/assets/") && $0.hasSuffix(".js") })
  }

  /// The `./NAME.js` modules a module's `import ... from "./NAME.js"` lines name.
  func relativeImports(of source: String) -> [String] {
    source.split(separator: "\n").compactMap { line -> String? in
      guard line.hasPrefix("import "), let from = line.range(of: #"from "./"#) else { return nil }
      let rest = line[from.upperBound...]
      guard let end = rest.firstIndex(of: "\"") else { return nil }
      return String(rest[..<end])
    }
  }

  @Test func thePageLoadsItsEntryAsAModule() async throws {
    let server = try await LiveServer.start()
    let page = try await server.get("/")
    #expect(page.status == 200)
    let html = String(decoding: page.body, as: UTF8.self)
    #expect(html.contains(#"<script type="module" src="/assets/app.js"></script>"#))
    #expect(html.components(separatedBy: "<script").count == 2, "one script: the entry module")
  }

  @Test func thePagePreloadsEveryModuleTheEntryImports() async throws {
    let server = try await LiveServer.start()
    let html = String(decoding: try await server.get("/").body, as: UTF8.self)
    let preloaded = html.split(separator: "\n").compactMap { line -> String? in
      let prefix = #"<link rel="modulepreload" href=""#
      guard line.hasPrefix(prefix), line.hasSuffix(#"">"#) else { return nil }
      return String(line.dropFirst(prefix.count).dropLast(2))
    }
    #expect(preloaded.count == Set(preloaded).count, "no module is preloaded twice")
    #expect(Set(preloaded) == shippedModules().subtracting(["/assets/app.js"]))
  }

  @Test func everyModuleIsServedAsJavaScript() async throws {
    let server = try await LiveServer.start()
    let files = PageRoutes.loadFiles()
    let modules = shippedModules()
    #expect(modules.count > 10, "the page is split into modules: \(modules.sorted())")
    for path in modules.sorted() {
      let reply = try await server.get(path)
      #expect(reply.status == 200, "\(path)")
      #expect(
        reply.headers["content-type"] == "text/javascript; charset=utf-8",
        "\(path): \(reply.headers["content-type"] ?? "no content type")")
      #expect(reply.body == Data(files[path]?.bytes ?? []), "\(path)")
    }
  }

  @Test func theImportsFromTheEntryReachEveryModuleAndOnlyThose() async throws {
    let server = try await LiveServer.start()
    var reached: Set<String> = []
    var pending = ["/assets/app.js"]
    while let path = pending.popLast() {
      guard reached.insert(path).inserted else { continue }
      let reply = try await server.get(path)
      #expect(reply.status == 200, "\(path) is imported but not served")
      for name in relativeImports(of: String(decoding: reply.body, as: UTF8.self)) {
        pending.append("/assets/" + name)
      }
    }
    #expect(reached == shippedModules())
  }

  @Test func assetNamesCannotLeaveTheAssetsFolder() async throws {
    let server = try await LiveServer.start()
    for path in ["/assets/..%2Findex.html", "/assets/%2E%2E%2Fopenapi.json", "/assets/app"] {
      let reply = try await server.get(path)
      #expect(reply.status == 404, "\(path)")
      #expect(reply.errorCode == "not_found", "\(path)")
    }
  }
}
