import Hummingbird
import LarderStore

/// `GET /readyz`: whether this replica should get traffic, for a load balancer's health check
/// (`GET /healthz` only says the process is alive). Ready means the index is open and, when
/// user state lives in PostgreSQL, PostgreSQL answers and the index has caught up with the
/// recipe change log as it was when the replica started (`changeLog` reports the lag);
/// otherwise 503 with the same JSON naming what is missing, so an operator sees why.
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
    return Readiness(
      status: userState == "ok" && caughtUp ? "ready" : "not_ready", recipes: recipes,
      checks: .init(
        index: caughtUp ? "ok" : "catching_up", userState: userState), changeLog: changeLog)
  }

  /// The answer: `ready` or `not_ready`, each check's state, and with a change log how far
  /// this replica's index is behind it.
  struct Readiness: Encodable {
    var status: String
    var recipes: Int
    var checks: Checks
    var changeLog: ChangeLogStatus?

    struct Checks: Encodable {
      /// `ok` once the index is open (it is before the server listens) and, with a change
      /// log, has caught up with it; `catching_up` until then.
      var index: String
      /// `ok`, or `unreachable` while PostgreSQL does not answer.
      var userState: String
    }
  }
}
