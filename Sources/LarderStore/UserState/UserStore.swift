import Crypto
import Foundation
import LarderCore

/// Per-profile user state (favorites, grocery list, pantry, points) in its own SQLite file,
/// apart from the rebuildable index: rebuilding or replacing an index loses none of it.
///
/// The file uses WAL with `synchronous=FULL`, so every acknowledged write survives a crash or
/// a `kill -9`. One `UserStore` owns one connection and is not `Sendable`; the server shares
/// one through ``SharedUserStore``.
public final class UserStore {
  /// The file name inside the user-data directory.
  public static let fileName = "user.sqlite"

  /// A profile: a name and, stored hashed, the token that names it in requests.
  public struct Profile: Sendable, Hashable, Codable {
    /// Row id.
    public var id: Int64
    /// Unique name.
    public var name: String
    /// When it was created (ISO 8601).
    public var createdAt: String
    /// Whether its token was revoked.
    public var revoked: Bool
    /// What the profile's token may do.
    public var role: ProfileRole
  }

  /// A saved recipe. The title is kept so the favorite still lists after the recipe leaves the index.
  public struct Favorite: Sendable, Hashable, Codable {
    /// The recipe's public id.
    public var recipeID: String
    /// The title when it was saved.
    public var title: String
    /// When it was saved (ISO 8601).
    public var savedAt: String
  }

  /// The file.
  public let url: URL
  let connection: Connection

  static let migrator = Migrator([
    .init(
      version: 1,
      sql: """
        CREATE TABLE profiles(
            id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, token_hash TEXT NOT NULL UNIQUE,
            created_at TEXT NOT NULL, revoked_at TEXT);
        CREATE TABLE favorites(
            profile_id INTEGER NOT NULL REFERENCES profiles(id), recipe_id TEXT NOT NULL, title TEXT NOT NULL,
            saved_at TEXT NOT NULL, PRIMARY KEY(profile_id, recipe_id)) WITHOUT ROWID;
        CREATE TABLE grocery_items(
            id INTEGER PRIMARY KEY, profile_id INTEGER NOT NULL REFERENCES profiles(id), name TEXT NOT NULL,
            quantity REAL, unit TEXT, recipe_id TEXT, checked INTEGER NOT NULL DEFAULT 0, added_at TEXT NOT NULL);
        CREATE INDEX grocery_items_by_profile ON grocery_items(profile_id, id);
        CREATE TABLE pantry_items(
            profile_id INTEGER NOT NULL REFERENCES profiles(id), name TEXT NOT NULL, added_at TEXT NOT NULL,
            PRIMARY KEY(profile_id, name)) WITHOUT ROWID;
        CREATE TABLE points(
            profile_id INTEGER NOT NULL REFERENCES profiles(id), recipe_id TEXT NOT NULL, ingredient TEXT NOT NULL,
            earned_at TEXT NOT NULL, PRIMARY KEY(profile_id, recipe_id, ingredient)) WITHOUT ROWID;
        """),
    // Admin routes need a profile with the admin role; profiles made before roles are users.
    .init(version: 2, sql: "ALTER TABLE profiles ADD COLUMN role TEXT NOT NULL DEFAULT 'user';"),
    // A grocery item links back to the recipe it came from by title as well as id, without
    // opening an index (a recipe may be gone from a later index).
    .init(version: 3, sql: "ALTER TABLE grocery_items ADD COLUMN recipe_title TEXT;"),
  ])

  /// Opens (creating when needed) the user-state file in `directory`. A folder it creates is
  /// private to the user (0700) and the file always is (0600; SQLite gives its `-wal` and
  /// `-shm` files the same mode): the file holds token hashes and personal data.
  public init(directory: URL) throws {
    url = try PrivateFile.prepare(Self.fileName, in: directory)
    connection = try Connection(path: url.path, mode: .readWriteCreate)
    try connection.execute(
      "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;")
    try Self.migrator.migrate(connection)
  }

  static func now() -> String { UTCTimestamp.now() }

  // MARK: Profiles

  /// Creates a profile and returns it with its token; only the token's SHA-256 is stored.
  /// - Throws: ``UserStoreError/invalidProfileName(_:)``, ``UserStoreError/profileExists(_:)``.
  public func createProfile(name: String, role: ProfileRole = .user) throws -> (
    profile: Profile, token: String
  ) {
    guard Self.isValidProfileName(name) else { throw UserStoreError.invalidProfileName(name) }
    if try connection.scalarInt("SELECT id FROM profiles WHERE name = ?1", [.text(name)]) != nil {
      throw UserStoreError.profileExists(name)
    }
    let token = Self.newToken()
    let created = Self.now()
    try connection.statement(
      "INSERT INTO profiles(name, token_hash, created_at, role) VALUES (?1, ?2, ?3, ?4)"
    )
    .run([.text(name), .text(Self.hash(token)), .text(created), .text(role.rawValue)])
    return (
      Profile(
        id: connection.lastInsertRowID, name: name, createdAt: created, revoked: false, role: role),
      token
    )
  }

  /// Issues a new token for the profile `name`, live or revoked, and returns it: the old token
  /// stops working at once, a revoked profile is live again, and its data stays. This is how a
  /// user who lost a token gets back in (`larder profile token NAME`). Only the new token's
  /// SHA-256 is stored. Returns `nil` when no profile has that name.
  public func issueToken(name: String) throws -> String? {
    let token = Self.newToken()
    try connection.statement(
      "UPDATE profiles SET token_hash = ?2, revoked_at = NULL WHERE name = ?1"
    )
    .run([.text(name), .text(Self.hash(token))])
    return connection.changes > 0 ? token : nil
  }

  /// A fresh bearer token: `lt_` and 32 random bytes from the system's secure generator
  /// (getrandom(2)), base64url without padding.
  static func newToken() -> String {
    var bytes = [UInt8](repeating: 0, count: 32)
    var generator = SystemRandomNumberGenerator()
    for index in bytes.indices { bytes[index] = generator.next() }
    return "lt_"
      + Data(bytes).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }

  /// Every profile, oldest first.
  public func profiles() throws -> [Profile] {
    let statement = try connection.statement(
      "SELECT id, name, created_at, revoked_at, role FROM profiles ORDER BY id")
    var out: [Profile] = []
    while try statement.step() {
      out.append(
        Profile(
          id: statement.int64(0), name: statement.text(1), createdAt: statement.text(2),
          revoked: !statement.isNull(3), role: ProfileRole(stored: statement.text(4))))
    }
    return out
  }

  /// Revokes a profile's token; its data stays. Returns whether a live profile had that name.
  @discardableResult
  public func revokeProfile(name: String) throws -> Bool {
    try connection.statement(
      "UPDATE profiles SET revoked_at = ?2 WHERE name = ?1 AND revoked_at IS NULL"
    )
    .run([.text(name), .text(Self.now())])
    return connection.changes > 0
  }

  /// The live profile a bearer token names, or `nil` for an unknown or revoked token.
  public func profile(forToken token: String) throws -> Profile? {
    let statement = try connection.statement(
      "SELECT id, name, created_at, role FROM profiles WHERE token_hash = ?1 AND revoked_at IS NULL"
    )
    try statement.bind([.text(Self.hash(token))])
    defer { statement.reset() }
    guard try statement.step() else { return nil }
    return Profile(
      id: statement.int64(0), name: statement.text(1), createdAt: statement.text(2), revoked: false,
      role: ProfileRole(stored: statement.text(3)))
  }

  /// The SHA-256 digest of `token`'s UTF-8 bytes as 64 lowercase hex digits: what the
  /// `token_hash` column holds, so a stolen user file does not give away live tokens.
  /// Written digit by digit into one string: about 0.4 µs a token, where joining 32 byte
  /// strings took 2.4 µs (more than the digest itself).
  static func hash(_ token: String) -> String {
    let digest = SHA256.hash(data: Array(token.utf8))
    return String(unsafeUninitializedCapacity: SHA256.byteCount * 2) { buffer in
      var index = 0
      for byte in digest {
        buffer[index] = hexDigits[Int(byte >> 4)]
        buffer[index + 1] = hexDigits[Int(byte & 0x0F)]
        index += 2
      }
      return index
    }
  }

  private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

  static func isValidProfileName(_ name: String) -> Bool {
    !name.isEmpty && name.count <= 64
      && name.unicodeScalars.allSatisfy {
        $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)
      }
  }

  // MARK: Favorites

  /// A profile's favorites, most recent first.
  public func favorites(of profile: Profile) throws -> [Favorite] {
    let statement = try connection.statement(
      "SELECT recipe_id, title, saved_at FROM favorites WHERE profile_id = ?1 ORDER BY saved_at DESC, recipe_id"
    )
    try statement.bind([.integer(profile.id)])
    var out: [Favorite] = []
    while try statement.step() {
      out.append(
        Favorite(recipeID: statement.text(0), title: statement.text(1), savedAt: statement.text(2)))
    }
    return out
  }

  /// Saves a recipe (saving it again keeps the first save time).
  public func addFavorite(_ recipeID: String, title: String, for profile: Profile) throws {
    try connection.statement(
      "INSERT INTO favorites(profile_id, recipe_id, title, saved_at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING"
    ).run([.integer(profile.id), .text(recipeID), .text(title), .text(Self.now())])
  }

  /// Removes a favorite; returns whether it was there.
  @discardableResult
  public func removeFavorite(_ recipeID: String, for profile: Profile) throws -> Bool {
    try connection.statement("DELETE FROM favorites WHERE profile_id = ?1 AND recipe_id = ?2")
      .run([.integer(profile.id), .text(recipeID)])
    return connection.changes > 0
  }

  // MARK: Grocery list

  /// A row to add to the grocery list.
  public struct NewGroceryItem: Sendable, Hashable, Codable {
    /// Ingredient name.
    public var name: String
    /// Amount, if any.
    public var quantity: Double?
    /// Unit, if any.
    public var unit: String?
    /// The recipe it is for, if any.
    public var recipeID: String?
    /// That recipe's title, if any.
    public var recipeTitle: String?

    /// Creates a row.
    public init(
      name: String, quantity: Double? = nil, unit: String? = nil, recipeID: String? = nil,
      recipeTitle: String? = nil
    ) {
      self.name = name
      self.quantity = quantity
      self.unit = unit
      self.recipeID = recipeID
      self.recipeTitle = recipeTitle
    }
  }

  /// The profile's grocery rows in the order they were added.
  public func groceryItems(of profile: Profile) throws -> [GroceryItem] {
    let statement = try connection.statement(
      "SELECT id, name, quantity, unit, recipe_id, recipe_title, checked FROM grocery_items WHERE profile_id = ?1 ORDER BY id"
    )
    try statement.bind([.integer(profile.id)])
    var out: [GroceryItem] = []
    while try statement.step() {
      out.append(
        GroceryItem(
          id: statement.int64(0), name: statement.text(1), quantity: statement.optionalDouble(2),
          unit: statement.optionalText(3), recipeID: statement.optionalText(4),
          recipeTitle: statement.optionalText(5), checked: statement.int64(6) != 0))
    }
    return out
  }

  /// Adds rows in one transaction.
  public func addGroceryItems(_ items: [NewGroceryItem], for profile: Profile) throws {
    try connection.transaction { try insertGroceryRows(items, for: profile) }
  }

  /// Inserts rows inside the caller's transaction.
  func insertGroceryRows(_ items: [NewGroceryItem], for profile: Profile) throws {
    let insert = try connection.statement(
      "INSERT INTO grocery_items(profile_id, name, quantity, unit, recipe_id, recipe_title, added_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)"
    )
    let now = Self.now()
    for item in items {
      try insert.run([
        .integer(profile.id), .text(item.name), .double(item.quantity), .string(item.unit),
        .string(item.recipeID), .string(item.recipeTitle), .text(now),
      ])
    }
  }

  /// Checks rows off (or back on); returns how many rows of this profile changed.
  @discardableResult
  public func setGroceryItems(_ ids: [Int64], checked: GroceryCheck, for profile: Profile) throws
    -> Int
  {
    try connection.transaction {
      var changed = 0
      let update = try connection.statement(
        "UPDATE grocery_items SET checked = ?3 WHERE profile_id = ?1 AND id = ?2")
      for id in ids {
        try update.run([.integer(profile.id), .integer(id), .integer(checked == .checked ? 1 : 0)])
        changed += connection.changes
      }
      return changed
    }
  }

  /// Removes rows; returns how many of this profile's rows went.
  @discardableResult
  public func removeGroceryItems(_ ids: [Int64], for profile: Profile) throws -> Int {
    try connection.transaction {
      var removed = 0
      let delete = try connection.statement(
        "DELETE FROM grocery_items WHERE profile_id = ?1 AND id = ?2")
      for id in ids {
        try delete.run([.integer(profile.id), .integer(id)])
        removed += connection.changes
      }
      return removed
    }
  }

  /// Empties the list, or only its checked rows.
  public func clearGrocery(_ scope: GroceryClearScope, for profile: Profile) throws {
    let sql =
      switch scope {
      case .all: "DELETE FROM grocery_items WHERE profile_id = ?1"
      case .checked: "DELETE FROM grocery_items WHERE profile_id = ?1 AND checked = 1"
      }
    try connection.statement(sql).run([.integer(profile.id)])
  }

  // MARK: Pantry and points

  /// The profile's pantry, by name.
  public func pantry(of profile: Profile) throws -> [String] {
    let statement = try connection.statement(
      "SELECT name FROM pantry_items WHERE profile_id = ?1 ORDER BY name")
    try statement.bind([.integer(profile.id)])
    var out: [String] = []
    while try statement.step() { out.append(statement.text(0)) }
    return out
  }

  /// Adds ingredients to the pantry (present ones stay as they are).
  public func addToPantry(_ names: [String], for profile: Profile) throws {
    try connection.transaction {
      let insert = try connection.statement(
        "INSERT INTO pantry_items(profile_id, name, added_at) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING"
      )
      let now = Self.now()
      for name in names { try insert.run([.integer(profile.id), .text(name), .text(now)]) }
    }
  }

  /// Removes an ingredient from the pantry; returns whether it was there.
  @discardableResult
  public func removeFromPantry(_ name: String, for profile: Profile) throws -> Bool {
    try connection.statement("DELETE FROM pantry_items WHERE profile_id = ?1 AND name = ?2")
      .run([.integer(profile.id), .text(name)])
    return connection.changes > 0
  }

  /// Marks a recipe's ingredient as already at home: adds it to the pantry and earns a point,
  /// once per recipe and ingredient. Returns whether a point was earned now.
  @discardableResult
  public func markAtHome(_ ingredient: String, recipeID: String, for profile: Profile) throws
    -> Bool
  {
    try connection.transaction {
      let now = Self.now()
      try connection.statement(
        "INSERT INTO pantry_items(profile_id, name, added_at) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING"
      ).run([.integer(profile.id), .text(ingredient), .text(now)])
      try connection.statement(
        "INSERT INTO points(profile_id, recipe_id, ingredient, earned_at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING"
      ).run([.integer(profile.id), .text(recipeID), .text(ingredient), .text(now)])
      return connection.changes > 0
    }
  }

  /// The profile's points.
  public func points(of profile: Profile) throws -> Int {
    try connection.scalarInt(
      "SELECT count(*) FROM points WHERE profile_id = ?1", [.integer(profile.id)]) ?? 0
  }

  /// `PRAGMA integrity_check` passes.
  public func isIntact() throws -> Bool {
    let statement = try connection.statement("PRAGMA integrity_check")
    defer { statement.reset() }
    return try statement.step() && statement.text(0) == "ok"
  }
}

/// What a profile's token may do: every profile has its own user state; only admins may use the
/// admin routes (`POST /v1/admin/reload`).
public enum ProfileRole: String, Sendable, Hashable, Codable, CaseIterable {
  /// Its own favorites, grocery list and pantry.
  case user
  /// A user who may also reload the served index.
  case admin

  /// The stored role; anything unknown (a newer Larder's role) grants no more than a user's.
  init(stored: String) { self = ProfileRole(rawValue: stored) ?? .user }
}

/// Whether grocery rows are checked off.
public enum GroceryCheck: Sendable, Hashable { case checked, unchecked }

/// Which grocery rows a clear removes.
public enum GroceryClearScope: Sendable, Hashable { case all, checked }

extension GroceryClearScope: RequestOption {
  /// `checked` (the default) or `all`.
  public static let spellings: [(token: String, value: GroceryClearScope)] = [
    ("checked", .checked), ("all", .all),
  ]
}

/// Refusals of the user store, each with a message a user can act on.
public enum UserStoreError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A profile name must be 1–64 letters, digits, `-`, `_` or `.`.
  case invalidProfileName(String)
  /// A profile of that name exists.
  case profileExists(String)

  /// One line.
  public var description: String {
    switch self {
    case .invalidProfileName(let name):
      "invalid profile name \"\(name)\": use 1-64 letters, digits, '-', '_' or '.'"
    case .profileExists(let name):
      "a profile named \"\(name)\" exists already (a lost token? `larder profile token \(name)` issues a new one)"
    }
  }
}
