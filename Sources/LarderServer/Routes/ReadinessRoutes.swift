import Hummingbird
import LarderStore

/// `GET /readyz`: whether this replica should get traffic, for a load balancer's health check
/// (`GET /healthz` only says the process is alive). Ready means the index is open and, when
/// user state lives in PostgreSQL, PostgreSQL answers; otherwise 503 with the same JSON
/// naming what is missing, so an operator sees why.
struct ReadinessRoutes {
  let holder: IndexHolder
  let users: any UserStateStore

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
    return Readiness(
      status: userState == "ok" ? "ready" : "not_ready", recipes: recipes,
      checks: .init(index: "ok", userState: userState))
  }

  /// The answer: `ready` or `not_ready`, and each check's state.
  struct Readiness: Encodable {
    var status: String
    var recipes: Int
    var checks: Checks

    struct Checks: Encodable {
      /// `ok` once the index is open (it is before the server listens).
      var index: String
      /// `ok`, or `unreachable` while PostgreSQL does not answer.
      var userState: String
    }
  }
}
