import Foundation
import LarderTestSupport
import Testing

@testable import LarderStore

/// Profile tokens are stored as their SHA-256 in hex; the digest must stay the standard one so
/// that user files written by any earlier build keep accepting their tokens.
@Suite struct TokenHashTests {
  /// FIPS 180-4 examples (NIST's "SHA256.pdf" and "SHA2_Additional.pdf"): one block, the empty
  /// message, a message whose padding spills into a second block, and a four-block message.
  @Test(arguments: [
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
    (
      "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
      "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
    ),
  ])
  func fipsVectors(message: String, digest: String) {
    #expect(UserStore.hash(message) == digest)
  }

  @Test func aMillionAs() {
    #expect(
      UserStore.hash(String(repeating: "a", count: 1_000_000))
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  /// The hash the hand-written SHA-256 (before swift-crypto) stored for a token of today's shape.
  @Test func tokenHashWrittenByEarlierBuilds() {
    #expect(
      UserStore.hash("lt_Zm9vZC1pcy1nb29kLWZvci15b3UtYW5kLW1lLXRvbw")
        == "6165a34482e73f066864aad80c519f538c692688ef477d0ac3c291c9806bedc3")
  }

  /// A profile stored with that hash (as an earlier build wrote it) is found by its token.
  @Test func storedHashFindsItsProfile() throws {
    let directory = try Fixtures.temporaryDirectory()
    let store = try UserStore(directory: directory)
    _ = try store.createProfile(name: "alice")
    try store.connection.statement("UPDATE profiles SET token_hash = ?1 WHERE name = 'alice'")
      .run([.text("6165a34482e73f066864aad80c519f538c692688ef477d0ac3c291c9806bedc3")])
    let found = try store.profile(forToken: "lt_Zm9vZC1pcy1nb29kLWZvci15b3UtYW5kLW1lLXRvbw")
    #expect(found?.name == "alice")
  }
}
