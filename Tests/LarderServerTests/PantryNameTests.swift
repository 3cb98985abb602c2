import Foundation
import LarderStore
import Testing

/// Pantry names are resolved when they are added, and a stored name that no longer resolves
/// is left out of a match, never an error for the whole match.
@Suite struct PantryNameTests {
  @Test func addingResolvesNamesAndRefusesUnknownOnesWithSuggestions() async throws {
    let server = try await LiveServer.start()
    let added = try await server.send(
      "POST", "/v1/me/pantry", json: ["names": ["Garlic", "eggs", "Crème Fraîche"]],
      token: server.token)
    #expect(added.status == 200)
    let pantry = try #require(added.json["pantry"] as? [String])
    #expect(Set(pantry) == ["garlic", "egg", "creme fraiche"])

    let unknown = try await server.send(
      "POST", "/v1/me/pantry", json: ["names": ["tomato", "garlick"]], token: server.token)
    #expect(unknown.status == 422)
    #expect(unknown.errorCode == "unknown_ingredient")
    let error = try #require(unknown.json["error"] as? [String: Any])
    #expect((error["message"] as? String ?? "").contains("garlick"))
    #expect((error["suggestions"] as? [String] ?? []).contains("garlic"))
    // Nothing of a refused request is stored, not even the names that resolved.
    let after = try await server.get("/v1/me/pantry", token: server.token)
    #expect(Set(after.json["pantry"] as? [String] ?? []) == ["garlic", "egg", "creme fraiche"])
  }

  @Test func storedNamesThatNoLongerResolveAreReportedAndSkipped() async throws {
    let server = try await LiveServer.start()
    // As after a vocabulary change: a name in the file that today's vocabulary does not know.
    let profiles = try await server.users.read { try $0.profiles() }
    let profile = try #require(profiles.first { $0.name == "alice" })
    try await server.users.write {
      try $0.addToPantry(["egg", "flour", "unobtainium"], for: profile)
    }
    let match = try await server.send(
      "POST", "/v1/pantry/match", json: [String: Any](), token: server.token)
    #expect(match.status == 200)
    #expect(match.json["unknownItems"] as? [String] == ["unobtainium"])
    #expect((match.json["count"] as? Int ?? 0) > 0)
    // Typed `have` items still get the 422 a user can act on.
    let typed = try await server.send(
      "POST", "/v1/pantry/match", json: ["have": ["egg", "unobtainium"]], token: server.token)
    #expect(typed.status == 422)
  }
}
