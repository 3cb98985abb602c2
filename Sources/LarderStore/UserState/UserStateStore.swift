import LarderCore

/// The user state of every profile (profiles with hashed tokens, favorites, grocery lists,
/// pantries, points) as the server and the CLI use it, whichever engine keeps it: the embedded
/// SQLite file (``SharedUserStore``, the default) or PostgreSQL (``PostgresUserStore``, for
/// several replicas sharing one store of record). Both answer every call the same way; the
/// user-state tests run against both.
///
/// Every call is async and never blocks a Swift concurrency thread: SQLite work runs on
/// storage threads of its own, PostgreSQL work on SwiftNIO's event loops.
public protocol UserStateStore: Sendable {
  /// Where the state lives, for a log line: a file path, or a PostgreSQL URL without password.
  var location: String { get }

  /// Keeps what the store needs running (PostgreSQL: its connection pool and reachability
  /// check) until the calling task is cancelled. SQLite needs nothing: it waits to be cancelled.
  func run() async

  /// Whether the store answers now (PostgreSQL: its last reachability check succeeded).
  var isReachable: Bool { get }

  /// The connection pool's state, for metrics; `nil` for the SQLite file (no pool).
  var poolState: UserStatePoolState? { get }

  /// Creates a profile and returns it with its token; only the token's SHA-256 is stored.
  /// - Throws: ``UserStoreError/invalidProfileName(_:)``, ``UserStoreError/profileExists(_:)``.
  func createProfile(name: String, role: ProfileRole) async throws -> (
    profile: UserStore.Profile, token: String
  )
  /// Creates the profile `name` and returns its token when the store has no profile at all
  /// (the first start), as one step, so replicas starting together create one; else `nil`.
  func createFirstProfile(name: String) async throws -> String?
  /// Issues a new token for the profile `name` (a revoked profile is live again); `nil` when
  /// no profile has that name.
  func issueToken(name: String) async throws -> String?
  /// Every profile, oldest first.
  func profiles() async throws -> [UserStore.Profile]
  /// Revokes a profile's token; its data stays. Returns whether a live profile had that name.
  func revokeProfile(name: String) async throws -> Bool
  /// The live profile a bearer token names, or `nil` for an unknown or revoked token.
  func profile(forToken token: String) async throws -> UserStore.Profile?

  /// A profile's favorites, most recent first.
  func favorites(of profile: UserStore.Profile) async throws -> [UserStore.Favorite]
  /// Saves a recipe (saving it again keeps the first save time) and returns the saved row.
  func addFavorite(_ recipeID: String, title: String, for profile: UserStore.Profile)
    async throws -> UserStore.Favorite
  /// Removes a favorite; returns whether it was there.
  func removeFavorite(_ recipeID: String, for profile: UserStore.Profile) async throws -> Bool

  /// The profile's grocery rows in the order they were added.
  func groceryItems(of profile: UserStore.Profile) async throws -> [GroceryItem]
  /// Adds rows in one transaction.
  func addGroceryItems(_ items: [UserStore.NewGroceryItem], for profile: UserStore.Profile)
    async throws
  /// Checks rows off (or back on); returns how many rows of this profile changed.
  func setGroceryItems(_ ids: [Int64], checked: GroceryCheck, for profile: UserStore.Profile)
    async throws -> Int
  /// Removes rows; returns how many of this profile's rows went.
  func removeGroceryItems(_ ids: [Int64], for profile: UserStore.Profile) async throws -> Int
  /// Empties the list, or only its checked rows.
  func clearGrocery(_ scope: GroceryClearScope, for profile: UserStore.Profile) async throws
  /// Puts a recipe's lines on the list as ``UserStore/addRecipeToGrocery(_:lines:staples:stapleNames:matching:snapshot:for:)``
  /// does (idempotent: the recipe's earlier rows are replaced), in one transaction.
  @discardableResult
  func addRecipeToGrocery(
    _ recipe: Recipe, lines: GroceryRecipeLines, staples: GroceryStaples, stapleNames: [String],
    matching: IngredientMatching, snapshot: Snapshot, for profile: UserStore.Profile
  ) async throws -> [UserStore.NewGroceryItem]

  /// The profile's pantry, by name (byte order).
  func pantry(of profile: UserStore.Profile) async throws -> [String]
  /// Adds ingredients to the pantry (present ones stay as they are).
  func addToPantry(_ names: [String], for profile: UserStore.Profile) async throws
  /// Removes an ingredient from the pantry; returns whether it was there.
  func removeFromPantry(_ name: String, for profile: UserStore.Profile) async throws -> Bool
  /// Adds a recipe's ingredient to the pantry and earns a point, once per recipe and
  /// ingredient; returns whether a point was earned now.
  func markAtHome(_ ingredient: String, recipeID: String, for profile: UserStore.Profile)
    async throws -> Bool
  /// The profile's points.
  func points(of profile: UserStore.Profile) async throws -> Int
}

/// The store of record cannot be reached now (PostgreSQL stopped, or the network to it is
/// down): nothing was read or written. The server answers 503 `user_state_unavailable`;
/// calls succeed again, without a restart, once it is back.
public struct UserStateUnavailable: Error, Sendable, CustomStringConvertible {
  /// Where the store is (no password).
  public var location: String
  /// Why, for logs and tests (the HTTP answer does not carry it).
  public var reason: String
  /// One line.
  public var description: String {
    "the user-state store at \(location) cannot be reached now (\(reason))"
  }

  /// Creates the error for the store at `location`, saying why.
  public init(location: String, reason: String) {
    self.location = location
    self.reason = reason
  }
}

/// A connection pool's state, as `GET /metrics` reports it.
public struct UserStatePoolState: Sendable, Hashable {
  /// The most connections the pool opens.
  public var maximumConnections: Int
  /// Calls running now (each holds a connection while it talks to the server).
  public var callsInFlight: Int

  /// Creates a state.
  public init(maximumConnections: Int, callsInFlight: Int) {
    self.maximumConnections = maximumConnections
    self.callsInFlight = callsInFlight
  }
}
