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

extension FavoriteStatements {
  /// A batch of saves and removals of favorites (``FavoriteWrite``) as one statement, so one
  /// transaction and one round trip (group commit, ``GroupCommit``): the saves as one
  /// multi-row `INSERT` with `Save`'s conflict rule, the removals as one `DELETE`. The batch's
  /// keys are distinct (``GroupCommitWrite``), so no row is touched twice and the two parts,
  /// which see the same snapshot, cannot see each other's rows. A row per saved favorite
  /// (title and time as stored) and per removed one (title and time `NULL`).
  struct Batch: PostgresPreparedStatement {
    static let name = "larder_write_favorites"
    static let sql = """
      WITH saved AS (
          INSERT INTO favorites(profile_id, recipe_id, title, saved_at)
          SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[])
          ON CONFLICT (profile_id, recipe_id) DO UPDATE SET saved_at = favorites.saved_at
          RETURNING profile_id, recipe_id, title, saved_at),
      removed AS (
          DELETE FROM favorites USING unnest($5::bigint[], $6::text[]) AS gone(profile_id, recipe_id)
          WHERE favorites.profile_id = gone.profile_id AND favorites.recipe_id = gone.recipe_id
          RETURNING favorites.profile_id, favorites.recipe_id)
      SELECT profile_id, recipe_id, title, saved_at FROM saved
      UNION ALL SELECT profile_id, recipe_id, NULL, NULL FROM removed
      """
    typealias Row = (Int64, String, String?, String?)

    private var saveOwners: [Int64] = []
    private var saveRecipes: [String] = []
    private var saveTitles: [String] = []
    private var saveTimes: [String] = []
    private var removeOwners: [Int64] = []
    private var removeRecipes: [String] = []

    /// The statement for `writes` (their keys distinct).
    init(_ writes: [FavoriteWrite]) {
      for write in writes {
        switch write {
        case .save(let key, let title, let savedAt):
          saveOwners.append(key.owner)
          saveRecipes.append(key.recipeID)
          saveTitles.append(title)
          saveTimes.append(savedAt)
        case .remove(let key):
          removeOwners.append(key.owner)
          removeRecipes.append(key.recipeID)
        }
      }
    }

    func makeBindings() throws -> PostgresBindings {
      var bindings = PostgresBindings(capacity: 6)
      bindings.append(saveOwners)
      bindings.append(saveRecipes)
      bindings.append(saveTitles)
      bindings.append(saveTimes)
      bindings.append(removeOwners)
      bindings.append(removeRecipes)
      return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
  }
}
