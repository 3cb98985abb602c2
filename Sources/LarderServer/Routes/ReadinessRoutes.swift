import Hummingbird
import LarderStore

/// `GET /readyz`: whether this replica should get traffic, for a load balancer's health check
/// (`GET /healthz` only says the process is alive). Ready means the index is open and, when
/// user state lives in PostgreSQL, PostgreSQL answers and the index has caught up with the
/// recipe change log as it was when the replica started (`changeLog` reports the lag) and is
/// not stopped at a change it cannot apply; otherwise 503 with the same JSON naming what is
/// missing (`reason`, in words), so a balancer that checks readiness takes the replica out of
/// rotation and an operator sees why.
struct ReadinessRoutes {
  let holder: IndexHolder
  let users: any UserStateStore
  let follower: ChangeLogFollower?

  /// The readiness route, for the server's route table.
  var routes: [APIRoute] {
    [
      APIRoute(
        .get, "/readyz",
        .open { _, _ in
          let answer = readiness()
          return try JSONBody.response(
            answer, status: answer.status == "ready" ? .ok : .serviceUnavailable)
        })
    ]
  }

  /// The checks now: reads two values, no I/O (PostgreSQL's reachability is checked in the
  /// background every ``PostgresUserStore/checkInterval``).
  func readiness() -> Readiness {
    let recipes = holder.index.live.recipeCount
    let userState = users.isReachable ? "ok" : "unreachable"
    let changeLog = follower?.status
    let caughtUp = changeLog?.caughtUp ?? true
    let index: String
    var reasons: [String] = []
    if let blocked = changeLog?.blocked {
      // Stopped at a change: out of rotation until it is applied (the index still serves).
      index = "blocked"
      reasons.append(
        "the index stopped following the recipe change log at change \(blocked.seq): \(blocked.error)"
      )
    } else if !caughtUp, let changeLog {
      index = "catching_up"
      reasons.append(
        "the index is catching up with the recipe change log (applied \(changeLog.applied) of \(changeLog.head))"
      )
    } else {
      index = "ok"
    }
    if userState != "ok" { reasons.append("PostgreSQL does not answer") }
    return Readiness(
      status: reasons.isEmpty ? "ready" : "not_ready",
      reason: reasons.isEmpty ? nil : reasons.joined(separator: "; "), recipes: recipes,
      checks: .init(index: index, userState: userState), changeLog: changeLog)
  }

  /// The answer: `ready` or `not_ready` (with the reason in words), each check's state, and
  /// with a change log how far this replica's index is behind it.
  struct Readiness: Encodable {
    var status: String
    /// Why the replica is not ready, for an operator reading the answer; absent when ready.
    var reason: String?
    var recipes: Int
    var checks: Checks
    var changeLog: ChangeLogStatus?

    struct Checks: Encodable {
      /// `ok` once the index is open (it is before the server listens) and, with a change
      /// log, has caught up with it; `catching_up` until then; `blocked` while the follower
      /// is stopped at a change it cannot apply (``ChangeLogStatus/blocked``).
      var index: String
      /// `ok`, or `unreachable` while PostgreSQL does not answer.
      var userState: String
    }
  }
}
