import Hummingbird

/// `POST /v1/admin/reload`: swap to the index file's new contents. Needs the token of a profile
/// with the admin role; where the request comes from proves nothing (a reverse proxy makes
/// every client loopback). A file that cannot be opened (damaged, half copied, of another
/// format) is the server's state, not the request's: the answer is a 409 `reload_failed`
/// naming what failed, and the index served before goes on answering.
struct AdminRoutes {
  let holder: IndexHolder

  /// The admin routes, for the server's route table.
  var routes: [APIRoute] {
    [
      APIRoute(
        .post, "/v1/admin/reload",
        .admin { _, _ in
          let served = holder.index
          let fresh: ServedIndex
          do {
            fresh = try await holder.reload()
          } catch {
            throw APIError.reloadFailed(error)
          }
          return try JSONBody.response(
            ReloadAnswer(
              reloaded: true, reopened: fresh !== served, recipes: fresh.live.recipeCount))
        })
    ]
  }

  struct ReloadAnswer: Encodable {
    var reloaded: Bool
    /// Whether another index is served now: `false` when the files held nothing new (the
    /// served index stays, nothing was opened).
    var reopened: Bool
    var recipes: Int
  }
}
