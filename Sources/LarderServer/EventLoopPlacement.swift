import Foundation
import NIOCore
import NIOPosix

/// Where the server's SwiftNIO event loops (the threads that read requests and write answers)
/// may run.
///
/// Pinned is the default because it measured best (issue 16, BENCHMARKS.md): on two cores a
/// reload keeps one `SCHED_IDLE` loader thread busy, and Linux's wakeup placement then keeps
/// waking both request threads onto the other core, where they queue behind each other while
/// the loader's core would have preempted it for them at once. A loop pinned to a core of its
/// own is always woken there (suggest p99 under back-to-back reloads 2.8-3.3x idle unpinned,
/// 1.4-1.7x pinned). The cost: a pinned loop cannot leave a core another busy process holds,
/// so an operator sharing the machine with such a process can turn it off (`unpinned`).
public enum EventLoopPlacement: String, Sendable, Hashable, CaseIterable {
  /// One loop per CPU the process may run on, each pinned to its CPU (Linux; elsewhere, or
  /// with one CPU, the same as ``unpinned``).
  case pinned
  /// SwiftNIO's shared group: one loop per core, placed wherever the kernel likes.
  case unpinned

  /// The event-loop group for this placement: for ``pinned`` on Linux with more than one CPU
  /// in the process's affinity mask, one group per process (made on first use and kept, as
  /// SwiftNIO's own singleton is), else the singleton.
  var group: any EventLoopGroup {
    switch self {
    case .pinned: EventLoopPlacement.pinnedGroup ?? MultiThreadedEventLoopGroup.singleton
    case .unpinned: MultiThreadedEventLoopGroup.singleton
    }
  }

  /// The pinned group, or `nil` where pinning is not possible or pointless (one CPU).
  private static let pinnedGroup: MultiThreadedEventLoopGroup? = {
    #if os(Linux)
      guard let cpus = allowedCPUs(), cpus.count > 1 else { return nil }
      return MultiThreadedEventLoopGroup(pinnedCPUIDs: cpus)
    #else
      return nil
    #endif
  }()

  /// The CPUs this process may run on (its affinity mask, as `taskset` or a container set it),
  /// from `/proc/self/status`'s `Cpus_allowed_list` ("0-3,6"); `nil` when it cannot be read.
  /// `statusFile` names another task's status (`/proc/thread-self/status`: the calling thread).
  static func allowedCPUs(statusFile: String = "/proc/self/status") -> [Int]? {
    guard let status = try? String(contentsOfFile: statusFile, encoding: .utf8),
      let line = status.split(separator: "\n").first(where: {
        $0.hasPrefix("Cpus_allowed_list:")
      })
    else { return nil }
    return cpuList(line.dropFirst("Cpus_allowed_list:".count))
  }

  /// The CPU ids of a kernel CPU list ("0-3,6" is 0, 1, 2, 3, 6), or `nil` if it is not one.
  static func cpuList(_ text: Substring) -> [Int]? {
    var ids: [Int] = []
    for part in text.split(separator: ",") {
      let bounds = part.trimmingCharacters(in: .whitespacesAndNewlines)
        .split(separator: "-", omittingEmptySubsequences: false)
      guard (1...2).contains(bounds.count), let first = Int(bounds[0]),
        let last = Int(bounds[bounds.count - 1]), first >= 0, first <= last, last < 4_096
      else { return nil }
      ids.append(contentsOf: first...last)
    }
    return ids.isEmpty ? nil : ids
  }
}
