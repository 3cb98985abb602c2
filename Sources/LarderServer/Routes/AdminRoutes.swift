import Hummingbird

/// `POST /v1/admin/reload`: swap to the index file's new contents (loopback clients only).
struct AdminRoutes {
  let holder: IndexHolder

  func register(on router: Router<LarderRequestContext>) {
    router.post("/v1/admin/reload") { _, context in
      guard context.isLoopbackClient else {
        throw APIError(
          status: .forbidden, code: "forbidden",
          message: "Reload is only allowed from this machine.")
      }
      let fresh = try holder.reload()
      return try JSONBody.response(
        ReloadAnswer(reloaded: true, recipes: fresh.snapshot.recipeCount))
    }
  }

  struct ReloadAnswer: Encodable {
    var reloaded: Bool
    var recipes: Int
  }
}
