import Testing

@testable import LarderStore

/// `larder serve` turns glibc's fast bins off: the lookup of `mallopt` in the process finds it
/// and glibc takes the setting.
@Suite struct ServerAllocatorTests {
  @Test func glibcTakesTheSetting() {
    #if os(Linux)
      #expect(ServerAllocator.joinFreedBlocksAtOnce())
    #endif
  }
}
