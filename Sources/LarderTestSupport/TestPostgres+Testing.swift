import Testing

/// The one way a test asks for PostgreSQL: a database of its own on the shared server, or the
/// test is cancelled with the reason PostgreSQL cannot run here (the message a skipped test
/// shows), never failed.
extension TestPostgres {
  /// A new empty database on the shared server (started on first use), as a URL.
  /// - Throws: the cancellation of the calling test when PostgreSQL is unavailable; a
  ///   ``TestPostgresError`` when the database cannot be created.
  public static func sharedDatabase() async throws -> String {
    switch await sharedServer() {
    case .success(let server): return try await server.createDatabase()
    case .failure(let reason): try Test.cancel("PostgreSQL unavailable: \(reason)")
    }
  }

  /// ``sharedDatabase()`` for a synchronous test (it waits on the calling thread).
  public static func sharedDatabaseBlocking() throws -> String {
    switch shared {
    case .success(let server): return try server.createDatabase()
    case .failure(let reason): try Test.cancel("PostgreSQL unavailable: \(reason)")
    }
  }

  /// Cancels the calling test when PostgreSQL cannot run here; for tests that start servers of
  /// their own (``start()``) or through a script.
  public static func requireInstalled() throws {
    if let reason = unavailableReason { try Test.cancel("PostgreSQL unavailable: \(reason)") }
  }
}
