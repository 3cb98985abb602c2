import Foundation
import LarderCore

/// One ``UserStore`` shared by concurrent requests: a lock serializes access to its single
/// connection (SQLite serializes writers anyway, and user-state calls are short).
public final class SharedUserStore: Sendable {
  private let store: Locked<UserStore>

  /// The file.
  public let url: URL

  /// Opens the user-state file in `directory`.
  public init(directory: URL) throws {
    let opened = try UserStore(directory: directory)
    url = opened.url
    store = Locked(opened)
  }

  /// Runs `body` with exclusive use of the store.
  @discardableResult
  public func access<T: Sendable, Failure: Error>(
    _ body: (UserStore) throws(Failure) -> T
  ) throws(Failure) -> T {
    try store.withLock { store throws(Failure) in try body(store) }
  }
}
