import ArgumentParser
import Foundation
import LarderStore

/// `larder change-log status|trim`: the shared recipe change log in PostgreSQL, for operators
/// of replicas (`larder serve --postgres`).
struct ChangeLogCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "change-log",
    abstract:
      "Inspect or trim the shared recipe change log in PostgreSQL (larder serve --postgres).",
    subcommands: [Status.self, Trim.self])

  struct Status: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print the log's last change, how far it is trimmed, its size and age.")
    @OptionGroup var userData: UserDataOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
      let summary = try await withChangeLog(userData) { try await $0.summary() }
      if output.json { return try Console.printJSON(summary) }
      print("Last change: \(summary.head)   Trimmed through: \(summary.trimmedThrough)")
      print(
        "Changes held: \(summary.changes) (\(summary.changeBytes) bytes of change JSON as stored, \(summary.tableBytes) bytes with the table's index)"
      )
      if let oldest = summary.oldestWrittenAt, let newest = summary.newestWrittenAt {
        print("Written from \(oldest) to \(newest)")
      }
    }
  }

  struct Trim: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Delete the changes through a point and record it in PostgreSQL.",
      discussion: """
        A replica whose index holds less of the log than the trimmed point stops following \
        it and answers /readyz 503 saying so (it never skips the trimmed changes): seed it \
        from a compacted index file whose change_log_through (larder info) is at or past the \
        point. Trim below the smallest larder_change_log_applied of your live replicas and \
        the change_log_through of the file you seed new replicas with.
        """)
    @OptionGroup var userData: UserDataOptions
    @Option(help: ArgumentHelp("Trim every change through this sequence number.", valueName: "seq"))
    var through: Int64?
    @Option(
      help: ArgumentHelp(
        "Trim all but the last N changes (by sequence number).", valueName: "n"))
    var keepLast: Int64?
    @OptionGroup var output: OutputOptions

    func validate() throws {
      switch (through, keepLast) {
      case (nil, nil), (.some, .some):
        throw ValidationError("give one of --through SEQ and --keep-last N")
      case (let through?, nil) where through < 0:
        throw ValidationError("--through must be a sequence number, 0 or more")
      case (nil, let keep?) where keep < 0:
        throw ValidationError("--keep-last must be 0 or more")
      default: break
      }
    }

    func run() async throws {
      let (done, head) = try await withChangeLog(userData) { log in
        let head = try await log.head()
        let point = through ?? max(0, head - (keepLast ?? 0))
        do {
          return (try await log.trim(through: point), head)
        } catch let error as RecipeChangeLogTrimError {
          throw CommandFailure(error.description)
        }
      }
      if output.json {
        return try Console.printJSON([
          "deleted": done.deleted, "trimmedThrough": done.trimmedThrough, "head": head,
        ])
      }
      print(
        "Deleted \(done.deleted) change(s); the log is trimmed through change \(done.trimmedThrough) (last change \(head))."
      )
    }
  }
}

/// Runs `body` with the change log of the PostgreSQL database `options` name.
/// - Throws: ``CommandFailure`` without `--postgres` (the log exists only there).
private func withChangeLog<T>(
  _ options: UserDataOptions, _ body: (PostgresChangeLog) async throws -> T
) async throws -> T {
  guard let location = try options.postgresLocation() else {
    throw CommandFailure(
      "the recipe change log lives in PostgreSQL: give --postgres URL (or LARDER_POSTGRES_URL)")
  }
  return try await PostgresUserStore.running(location, connectTimeout: .seconds(10)) { store in
    try await body(PostgresChangeLog(store: store))
  }
}
