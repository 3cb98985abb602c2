import PostgresNIO

/// The two statements of the user-state write path (a favorite saved, a favorite removed) as
/// prepared statements: postgres-nio prepares each once per connection (by name) and then
/// only binds and executes it, so PostgreSQL neither parses nor plans it again on every write
/// (issue 18: the writes' throughput is bounded by the CPU of the replicas and of PostgreSQL on
/// the same cores). Values are bound parameters, never SQL text.
enum FavoriteStatements {
  /// Saves a favorite; a second save leaves the row as it was (the no-op update makes
  /// `RETURNING` give the stored row).
  struct Save: PostgresPreparedStatement {
    static let name = "larder_save_favorite"
    static let sql = """
      INSERT INTO favorites(profile_id, recipe_id, title, saved_at) VALUES ($1, $2, $3, $4)
      ON CONFLICT (profile_id, recipe_id) DO UPDATE SET saved_at = favorites.saved_at
      RETURNING title, saved_at
      """
    typealias Row = (String, String)

    /// The profile's id.
    var owner: Int64
    /// The recipe's public id.
    var recipeID: String
    /// Its title now.
    var title: String
    /// When it is saved (``UTCTimestamp``'s text).
    var savedAt: String

    func makeBindings() throws -> PostgresBindings {
      var bindings = PostgresBindings(capacity: 4)
      bindings.append(owner)
      bindings.append(recipeID)
      bindings.append(title)
      bindings.append(savedAt)
      return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
  }

  /// Removes a favorite; a row (`1`) when there was one.
  struct Remove: PostgresPreparedStatement {
    static let name = "larder_remove_favorite"
    static let sql = "DELETE FROM favorites WHERE profile_id = $1 AND recipe_id = $2 RETURNING 1"
    typealias Row = Int32

    /// The profile's id.
    var owner: Int64
    /// The recipe's public id.
    var recipeID: String

    func makeBindings() throws -> PostgresBindings {
      var bindings = PostgresBindings(capacity: 2)
      bindings.append(owner)
      bindings.append(recipeID)
      return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
  }
}
