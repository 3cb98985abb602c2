import LarderCore

/// The embedded SQLite file as a ``UserStateStore``: reads on the read-only connection, writes
/// on the writer, each on its storage thread.
extension SharedUserStore: UserStateStore {
  /// The file's path.
  public var location: String { url.path }

  /// Nothing to keep running: waits until the calling task is cancelled.
  public func run() async {
    while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
  }

  /// A local file is always there.
  public var isReachable: Bool { true }

  /// No pool: one writer and one reader connection.
  public var poolState: UserStatePoolState? { nil }

  /// See ``UserStateStore/createProfile(name:role:)``.
  public func createProfile(name: String, role: ProfileRole) async throws -> (
    profile: UserStore.Profile, token: String
  ) {
    try await write { try $0.createProfile(name: name, role: role) }
  }

  /// See ``UserStateStore/createFirstProfile(name:)``.
  public func createFirstProfile(name: String) async throws -> String? {
    try await write { store -> String? in
      guard try store.profiles().isEmpty else { return nil }
      return try store.createProfile(name: name).token
    }
  }

  /// See ``UserStateStore/issueToken(name:)``.
  public func issueToken(name: String) async throws -> String? {
    try await write { try $0.issueToken(name: name) }
  }

  /// See ``UserStateStore/profiles()``.
  public func profiles() async throws -> [UserStore.Profile] {
    try await read { try $0.profiles() }
  }

  /// See ``UserStateStore/revokeProfile(name:)``.
  public func revokeProfile(name: String) async throws -> Bool {
    try await write { try $0.revokeProfile(name: name) }
  }

  /// See ``UserStateStore/profile(forToken:)``.
  public func profile(forToken token: String) async throws -> UserStore.Profile? {
    try await read { try $0.profile(forToken: token) }
  }

  /// See ``UserStateStore/favorites(of:)``.
  public func favorites(of profile: UserStore.Profile) async throws -> [UserStore.Favorite] {
    try await read { try $0.favorites(of: profile) }
  }

  /// See ``UserStateStore/addFavorite(_:title:for:)``.
  public func addFavorite(_ recipeID: String, title: String, for profile: UserStore.Profile)
    async throws -> UserStore.Favorite
  {
    try await write { store in
      try store.addFavorite(recipeID, title: title, for: profile)
      return try store.favorites(of: profile).first { $0.recipeID == recipeID }
        ?? UserStore.Favorite(recipeID: recipeID, title: title, savedAt: "")
    }
  }

  /// See ``UserStateStore/removeFavorite(_:for:)``.
  public func removeFavorite(_ recipeID: String, for profile: UserStore.Profile) async throws
    -> Bool
  {
    try await write { try $0.removeFavorite(recipeID, for: profile) }
  }

  /// See ``UserStateStore/groceryItems(of:)``.
  public func groceryItems(of profile: UserStore.Profile) async throws -> [GroceryItem] {
    try await read { try $0.groceryItems(of: profile) }
  }

  /// See ``UserStateStore/addGroceryItems(_:for:)``.
  public func addGroceryItems(_ items: [UserStore.NewGroceryItem], for profile: UserStore.Profile)
    async throws
  {
    try await write { try $0.addGroceryItems(items, for: profile) }
  }

  /// See ``UserStateStore/setGroceryItems(_:checked:for:)``.
  public func setGroceryItems(
    _ ids: [Int64], checked: GroceryCheck, for profile: UserStore.Profile
  ) async throws -> Int {
    try await write { try $0.setGroceryItems(ids, checked: checked, for: profile) }
  }

  /// See ``UserStateStore/removeGroceryItems(_:for:)``.
  public func removeGroceryItems(_ ids: [Int64], for profile: UserStore.Profile) async throws
    -> Int
  {
    try await write { try $0.removeGroceryItems(ids, for: profile) }
  }

  /// See ``UserStateStore/clearGrocery(_:for:)``.
  public func clearGrocery(_ scope: GroceryClearScope, for profile: UserStore.Profile)
    async throws
  {
    try await write { try $0.clearGrocery(scope, for: profile) }
  }

  /// See ``UserStateStore/addRecipeToGrocery(_:lines:staples:stapleNames:matching:snapshot:for:)``.
  @discardableResult
  public func addRecipeToGrocery(
    _ recipe: Recipe, lines: GroceryRecipeLines, staples: GroceryStaples, stapleNames: [String],
    matching: IngredientMatching, snapshot: Snapshot, for profile: UserStore.Profile
  ) async throws -> [UserStore.NewGroceryItem] {
    try await write {
      try $0.addRecipeToGrocery(
        recipe, lines: lines, staples: staples, stapleNames: stapleNames, matching: matching,
        snapshot: snapshot, for: profile)
    }
  }

  /// See ``UserStateStore/pantry(of:)``.
  public func pantry(of profile: UserStore.Profile) async throws -> [String] {
    try await read { try $0.pantry(of: profile) }
  }

  /// See ``UserStateStore/addToPantry(_:for:)``.
  public func addToPantry(_ names: [String], for profile: UserStore.Profile) async throws {
    try await write { try $0.addToPantry(names, for: profile) }
  }

  /// See ``UserStateStore/removeFromPantry(_:for:)``.
  public func removeFromPantry(_ name: String, for profile: UserStore.Profile) async throws
    -> Bool
  {
    try await write { try $0.removeFromPantry(name, for: profile) }
  }

  /// See ``UserStateStore/markAtHome(_:recipeID:for:)``.
  public func markAtHome(_ ingredient: String, recipeID: String, for profile: UserStore.Profile)
    async throws -> Bool
  {
    try await write { try $0.markAtHome(ingredient, recipeID: recipeID, for: profile) }
  }

  /// See ``UserStateStore/points(of:)``.
  public func points(of profile: UserStore.Profile) async throws -> Int {
    try await read { try $0.points(of: profile) }
  }
}
