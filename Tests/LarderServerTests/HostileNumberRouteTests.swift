import Foundation
import Testing

/// Every route that reads a number, sent hostile numbers: each answer is a JSON 400 (never a
/// 500, never a dropped connection), and the server still answers afterwards.
@Suite struct HostileNumberRouteTests {
  static let hostile = [
    "-1", "0", "-9223372036854775808", "9223372036854775807", "9223372036854775808",
    "18446744073709551615", "18446744073709551616", "99999999999999999999999", "", "ten",
    "1e3", "%20", "-0x1",
  ]

  /// (path with `{}` where the number goes, whether 0 is a valid value there).
  static let numericParameters: [(String, Bool)] = [
    ("/v1/suggest?q=gar&limit={}", false),
    ("/v1/recipes?with=garlic&limit={}", false),
    ("/v1/recipes?with=garlic&maxMinutes={}", true),
    ("/v1/search?q=lamb&limit={}", false),
    ("/v1/search?q=lamb&maxMinutes={}", true),
    ("/v1/categories/Beef/recipes?limit={}", false),
    ("/v1/areas/Indian/recipes?limit={}", false),
    ("/v1/random?count={}", false),
    ("/v1/random?seed={}", true),
  ]

  /// Cursor parameters, with hostile offsets behind the `o` and `i` prefixes.
  static let cursorPaths = [
    "/v1/search?q=lamb&cursor=", "/v1/categories/Beef/recipes?cursor=",
    "/v1/areas/Indian/recipes?cursor=", "/v1/recipes?with=garlic&cursor=",
    "/v1/recipes?with=garlic&sort=title&cursor=",
  ]

  @Test func numericParametersAnswer400() async throws {
    let server = try await LiveServer.start()
    for (template, zeroIsValid) in Self.numericParameters {
      for number in Self.hostile {
        let path = template.replacingOccurrences(of: "{}", with: number)
        let reply = try await server.get(path)
        let valid =
          (number == "0" && zeroIsValid)
          || (template.contains("seed=")
            && [
              "9223372036854775807", "9223372036854775808",
              "18446744073709551615",
            ].contains(number))
        if valid {
          #expect(reply.status == 200, "\(path): \(reply.status)")
        } else {
          #expect(reply.status == 400, "\(path): \(reply.status)")
          #expect(reply.errorCode == "invalid_parameter", "\(path)")
        }
      }
    }
    #expect(try await server.get("/healthz").status == 200)
  }

  @Test func hostileCursorsAnswer400AndHugeOffsetsAnEmptyPage() async throws {
    let server = try await LiveServer.start()
    for path in Self.cursorPaths {
      for number in Self.hostile + ["1000000001"] {
        for prefix in ["o", "i"] {
          let reply = try await server.get(path + prefix + number)
          #expect(reply.status == 400 || reply.status == 200, "\(path)\(prefix)\(number)")
          if reply.status == 400 { #expect(reply.errorCode == "invalid_cursor") }
        }
      }
      // The issue's reproduction: the largest Int64 offset once overflowed `offset + limit`.
      let overflowing = try await server.get(path + "o9223372036854775807")
      #expect(overflowing.status == 400, "\(path)")
      let far = try await server.get(path + "o1000000000")
      if far.status == 200 {
        #expect((far.json["recipes"] as? [Any])?.isEmpty == true, "\(path)")
        #expect(far.json["next"] == nil || far.json["next"] is NSNull)
      }
    }
    #expect(try await server.get("/healthz").status == 200)
  }

  @Test func pantryBodyNumbersAnswer400() async throws {
    let server = try await LiveServer.start()
    for field in ["limit", "maxMissing"] {
      for value in [-1, Int.min, Int.max, 1001] {
        let reply = try await server.send(
          "POST", "/v1/pantry/match", json: ["have": ["egg"], field: value])
        #expect(reply.status == 400, "\(field)=\(value): \(reply.status)")
      }
    }
    let huge = try await server.send(
      "POST", "/v1/pantry/match", body: Data(#"{"have":["egg"],"limit":1e999}"#.utf8))
    #expect(huge.status == 400)
  }
}
