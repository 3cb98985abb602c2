import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderStore

/// The async faces of the user-state file (issue 16): writes go through the one writer, reads
/// through a read-only connection that sees every acknowledged write.
@Suite struct SharedUserStoreTests {
  @Test func readsSeeEveryWriteAcknowledgedBeforeThem() async throws {
    let users = try SharedUserStore(directory: try Fixtures.temporaryDirectory())
    let profile = try await users.write { try $0.createProfile(name: "alice").profile }
    for index in 0..<5 {
      try await users.write { try $0.addFavorite("r\(index)", title: "R\(index)", for: profile) }
      let saved = try await users.read { try $0.favorites(of: profile) }
      #expect(saved.count == index + 1)
      #expect(saved.contains { $0.recipeID == "r\(index)" })
    }
  }

  @Test func concurrentWritesAllLand() async throws {
    let users = try SharedUserStore(directory: try Fixtures.temporaryDirectory())
    let profile = try await users.write { try $0.createProfile(name: "alice").profile }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<20 {
        group.addTask {
          try await users.write { try $0.addToPantry(["item \(index)"], for: profile) }
        }
      }
      try await group.waitForAll()
    }
    #expect(try await users.read { try $0.pantry(of: profile) }.count == 20)
  }

  @Test func theReadFaceRefusesWrites() async throws {
    let users = try SharedUserStore(directory: try Fixtures.temporaryDirectory())
    await #expect(throws: SQLiteError.self) {
      try await users.read { try $0.createProfile(name: "mallory") }
    }
    #expect(try await users.read { try $0.profiles() }.isEmpty)
  }

  @Test(arguments: StorageThreadPolicy.allCases)
  func bothFacesRunOnNamedThreadsUnderTheAskedPolicy(policy: StorageThreadPolicy) async throws {
    let users = try SharedUserStore(
      directory: try Fixtures.temporaryDirectory(), threads: policy)
    let calling = { @Sendable () -> (yielding: Bool, name: String) in
      (
        YieldingThread.isCallingThreadYielding,
        (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
      )
    }
    // Twice each: the second call finds the thread already set up.
    for _ in 0..<2 {
      let writer = try await users.write { _ in calling() }
      let reader = try await users.read { _ in calling() }
      #if os(Linux)
        #expect(writer.yielding == (policy == .yielding))
        #expect(reader.yielding == (policy == .yielding))
        #expect(writer.name == "larder-user-wr\n")
        #expect(reader.name == "larder-user-rd\n")
      #endif
    }
    // Swift concurrency's own threads are left as they were.
    #expect(!YieldingThread.isCallingThreadYielding)
  }
}
