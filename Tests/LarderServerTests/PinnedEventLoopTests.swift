import Foundation
import Testing

@testable import LarderServer

/// `--event-loops pinned` (the default): the server's event loops each run on one CPU of the
/// process's affinity mask, and a real server on them answers.
@Suite struct PinnedEventLoopTests {
  @Test func kernelCPUListsAreReadAndNonsenseIsRefused() {
    #expect(EventLoopPlacement.cpuList("0-3,6") == [0, 1, 2, 3, 6])
    #expect(EventLoopPlacement.cpuList("1") == [1])
    #expect(EventLoopPlacement.cpuList("0-1\n") == [0, 1])
    for nonsense in ["", "3-1", "a", "1-2-3", "-1", "0-99999"] {
      #expect(EventLoopPlacement.cpuList(Substring(nonsense)) == nil, "\(nonsense)")
    }
  }

  @Test func aPinnedServerAnswersAndEachLoopStaysOnOneCPU() async throws {
    let server = try await LiveServer.start { $0.eventLoops = .pinned }
    let suggest = try await server.get("/v1/suggest?q=gar")
    #expect(suggest.status == 200)
    #expect((suggest.json["suggestions"] as? [Any])?.isEmpty == false)
    #expect(try await server.get("/v1/recipes?with=garlic").status == 200)

    #if os(Linux)
      let allowed = try #require(EventLoopPlacement.allowedCPUs())
      let group = EventLoopPlacement.pinned.group
      var seen: [[Int]] = []
      for loop in group.makeIterator() {
        let cpus = try await loop.submit {
          EventLoopPlacement.allowedCPUs(statusFile: "/proc/thread-self/status")
        }.get()
        seen.append(cpus ?? [])
      }
      // One loop per allowed CPU, each allowed on its own CPU only (with one CPU there is
      // nothing to pin: the shared group serves, and its loops run on that CPU anyway).
      if allowed.count > 1 {
        #expect(seen.sorted { ($0.first ?? -1) < ($1.first ?? -1) } == allowed.map { [$0] })
      }
    #endif
  }

  @Test func anUnpinnedServerAnswersToo() async throws {
    let server = try await LiveServer.start { $0.eventLoops = .unpinned }
    #expect(try await server.get("/v1/suggest?q=gar").status == 200)
  }
}
