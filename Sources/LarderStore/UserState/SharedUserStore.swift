import Foundation

/// One ``UserStore`` shared by concurrent requests: a lock serializes access to its single
/// connection (SQLite serializes writers anyway, and user-state calls are short).
public final class SharedUserStore: @unchecked Sendable {
  // Safety: `store` is only touched while `lock` is held.
  private let lock = NSLock()
  private let store: UserStore

  /// Opens the user-state file in `directory`.
  public init(directory: URL) throws {
    store = try UserStore(directory: directory)
  }

  /// The file.
  public var url: URL { store.url }

  /// Runs `body` with exclusive use of the store.
  public func access<T>(_ body: (UserStore) throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body(store)
  }
}
