import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Files only their owner may read: the user-state file holds token hashes and personal data,
/// so it is created 0600 in a folder created 0700, whatever the umask.
enum PrivateFile {
  /// The mode of a folder this creates.
  static let folderMode: mode_t = 0o700
  /// The mode of the file.
  static let fileMode: mode_t = 0o600

  /// Creates `directory` (0700, parents with the usual modes) when missing, creates `name` in it
  /// (0600) when missing, takes group and other access away from an existing file, and returns
  /// the file's URL. An existing folder keeps its mode: `--user-data` may name a shared folder.
  static func prepare(_ name: String, in directory: URL) throws -> URL {
    let manager = FileManager.default
    var isFolder: ObjCBool = false
    if !manager.fileExists(atPath: directory.path, isDirectory: &isFolder) {
      try manager.createDirectory(
        at: directory.deletingLastPathComponent(), withIntermediateDirectories: true)
      if mkdir(directory.path, folderMode) != 0, errno != EEXIST {
        throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: directory.path])
      }
    }
    let url = directory.appendingPathComponent(name)
    // Never open and close a descriptor of a file SQLite may have open in this process: POSIX
    // drops every lock the process holds on a file when any of its descriptors closes, so a
    // served file would lose its locks, and the next process to close its connection would
    // take itself for the last one, checkpoint and delete the `-wal` the server still writes
    // (its later writes then never reach the file). So the file is created only when missing
    // (`O_EXCL`: a new file no connection holds), and an existing one is changed by path.
    let descriptor = open(url.path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, fileMode)
    if descriptor >= 0 {
      close(descriptor)
    } else if errno != EEXIST {
      throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: url.path])
    }
    var status = stat()
    guard stat(url.path, &status) == 0 else {
      throw CocoaError(.fileReadNoPermission, userInfo: [NSFilePathErrorKey: url.path])
    }
    if status.st_mode & 0o077 != 0 {
      _ = chmod(url.path, status.st_mode & 0o700)
    }
    return url
  }
}
