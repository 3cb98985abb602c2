import Foundation
import LarderCore
import LarderStore
import Testing

/// Typed text folds like recipe lines through the API too: every name and alias of the
/// bundled vocabulary, sent to `POST /v1/me/pantry` as written (apostrophes, hyphens, accents,
/// capitals), is stored as its own food's canonical name.
@Suite struct PantryTypedNameTests {
  @Test func everyVocabularyNameAndAliasIsStoredAsItsFood() async throws {
    let server = try await LiveServer.start()
    let vocabulary = try Vocabulary.bundled()
    // Entries in chunks whose surfaces fit one body (at most 200 names); each chunk goes to a
    // fresh profile, so its pantry must be exactly the chunk's canonical names.
    var chunks: [[Vocabulary.Entry]] = [[]]
    var surfaces = 0
    for entry in vocabulary.entries {
      let count = 1 + entry.aliases.count
      if surfaces + count > 200 {
        chunks.append([])
        surfaces = 0
      }
      chunks[chunks.count - 1].append(entry)
      surfaces += count
    }
    var wrong: [String] = []
    for (index, chunk) in chunks.enumerated() where !chunk.isEmpty {
      let token = try await server.users.write {
        try $0.createProfile(name: "typed-\(index)").token
      }
      let names = chunk.flatMap { [$0.name] + $0.aliases }
      let reply = try await server.send(
        "POST", "/v1/me/pantry", json: ["names": names], token: token)
      guard reply.status == 200 else {
        wrong.append("chunk \(index): \(reply.status) \(reply.json)")
        continue
      }
      let stored = Set(reply.json["pantry"] as? [String] ?? [])
      let expected = Set(chunk.map(\.name))
      if stored != expected {
        wrong.append(
          "chunk \(index): extra \(stored.subtracting(expected).sorted()), missing \(expected.subtracting(stored).sorted())"
        )
      }
    }
    #expect(wrong.isEmpty, "\(wrong.prefix(10).joined(separator: "\n"))")
    #expect(chunks.count > 5)
  }
}
