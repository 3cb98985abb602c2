import Hummingbird

/// `POST /v1/admin/reload`: swap to the index file's new contents. Needs the token of a profile
/// with the admin role; where the request comes from proves nothing (a reverse proxy makes
/// every client loopback).
struct AdminRoutes {
  let holder: IndexHolder

  func register(on router: Router<LarderRequestContext>) {
    router.post("/v1/admin/reload") { _, context in
      _ = try context.requireAdmin()
      let fresh = try await holder.reload()
      return try JSONBody.response(
        ReloadAnswer(reloaded: true, recipes: fresh.snapshot.recipeCount))
    }
  }

  struct ReloadAnswer: Encodable {
    var reloaded: Bool
    var recipes: Int
  }
}
