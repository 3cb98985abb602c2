import Foundation
import Testing

/// `GET /metrics` (issue 18): Prometheus text with requests per route pattern, method and
/// status, latency histograms, the index's figures; every answer carries its request id.
@Suite struct MetricsRouteTests {
  @Test func requestsAreCountedPerRouteAndStatus() async throws {
    let server = try await LiveServer.start()
    for _ in 0..<3 { #expect(try await server.get("/v1/suggest?q=chi").status == 200) }
    #expect(try await server.get("/v1/recipes/a-beef-rendang").status == 200)
    #expect(try await server.get("/v1/recipes/no-such-recipe").status == 404)
    #expect(try await server.get("/no/such/path/\(UUID())").status == 404)
    let reply = try await server.get("/metrics")
    #expect(reply.status == 200)
    #expect(reply.headers["content-type"]?.hasPrefix("text/plain; version=0.0.4") == true)
    let text = String(decoding: reply.body, as: UTF8.self)
    let lines = Set(text.split(separator: "\n").map(String.init))
    #expect(
      lines.contains(
        #"larder_http_requests_total{route="/v1/suggest",method="GET",status="200"} 3"#),
      "\(text)")
    // The route pattern, never the id: one series for every recipe.
    #expect(
      lines.contains(
        #"larder_http_requests_total{route="/v1/recipes/{id}",method="GET",status="200"} 1"#))
    #expect(
      lines.contains(
        #"larder_http_requests_total{route="/v1/recipes/{id}",method="GET",status="404"} 1"#))
    #expect(
      lines.contains(#"larder_http_requests_total{route="NotFound",method="GET",status="404"} 1"#))
    #expect(!text.contains("no/such/path"))
    #expect(
      lines.contains(
        #"larder_http_request_duration_seconds_count{route="/v1/suggest",method="GET",status="200"} 3"#
      ))
    #expect(text.contains(#"larder_http_request_duration_seconds_bucket{route="/v1/suggest""#))
    let recipes = server.holder.index.live.recipeCount
    #expect(lines.contains("larder_index_recipes \(recipes).0"))
    #expect(lines.contains("larder_user_state_reachable 1.0"))
    let generation = server.holder.index.generation
    #expect(lines.contains(#"larder_index_generation_info{generation="\#(generation)"} 1.0"#))
    #expect(text.contains("larder_index_file_bytes "))
  }

  @Test func everyAnswerCarriesItsOwnRequestID() async throws {
    let server = try await LiveServer.start()
    let first = try await server.get("/healthz").headers["x-request-id"]
    let second = try await server.get("/v1/me/favorites").headers["x-request-id"]
    #expect(first != nil && second != nil)
    #expect(first != second)
  }
}
