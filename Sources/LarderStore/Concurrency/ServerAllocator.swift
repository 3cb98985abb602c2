import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// How a server process has glibc's allocator keep the blocks it frees.
public enum ServerAllocator {
  /// Turns off glibc's fast bins (`mallopt(M_MXFAST, 0)`) for the whole process: a small block
  /// freed (beyond the thread's cache of 7 per size) then joins its free neighbours at once,
  /// instead of waiting in a fast bin until the next large allocation or free in its arena
  /// joins every waiting block in one go (`malloc_consolidate`). Letting go of a replaced
  /// index frees its 100,000 titles a piece at a time (``PacedRelease``), but with fast bins
  /// they all waited, and the next large free joined them: runs of the release thread of 1-3.5
  /// ms. Measured (issue 16, BENCHMARKS.md: a debug build, `perf sched` over 20 s of
  /// back-to-back reloads of rebuilt files, load about 9): runs over 1 ms 5 → 0, the longest
  /// 3.54 → 0.44 ms. Called at the start of `larder serve`, before its threads start. Does
  /// nothing elsewhere than glibc.
  /// - Returns: whether the allocator took the setting.
  @discardableResult
  public static func joinFreedBlocksAtOnce() -> Bool {
    #if canImport(Glibc)
      // Glibc's Swift module leaves out <malloc.h>: `mallopt` is looked up in the process.
      guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "mallopt") else {
        return false
      }
      typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
      return unsafeBitCast(symbol, to: Mallopt.self)(fastBinLimit, 0) == 1
    #else
      return false
    #endif
  }

  /// `M_MXFAST` of `<malloc.h>`: the largest block size kept in fast bins.
  private static let fastBinLimit: Int32 = 1
}
