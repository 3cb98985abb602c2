import Foundation

/// Where Larder keeps files by default, following the XDG base directories, so that a
/// different `HOME` (or `XDG_*` variable) gives a clean instance.
public enum XDGPaths {
  /// `$XDG_CACHE_HOME/larder`, falling back to `~/.cache/larder`: rebuildable files (the default index).
  public static var cacheDirectory: URL {
    base("XDG_CACHE_HOME", fallback: ".cache").appendingPathComponent("larder")
  }

  /// `$XDG_DATA_HOME/larder`, falling back to `~/.local/share/larder`: user data that must survive rebuilds.
  public static var dataDirectory: URL {
    base("XDG_DATA_HOME", fallback: ".local/share").appendingPathComponent("larder")
  }

  private static func base(_ variable: String, fallback: String) -> URL {
    let environment = ProcessInfo.processInfo.environment
    if let value = environment[variable], value.hasPrefix("/") {
      return URL(fileURLWithPath: value)
    }
    let home =
      environment["HOME"].map { URL(fileURLWithPath: $0) }
      ?? FileManager.default.homeDirectoryForCurrentUser
    return home.appendingPathComponent(fallback)
  }
}
