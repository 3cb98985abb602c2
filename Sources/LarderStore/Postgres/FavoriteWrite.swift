import Logging
import PostgresNIO

/// A favorite saved or removed, as ``PostgresUserStore`` commits it in a group
/// (``GroupCommit``).
enum FavoriteWrite: GroupCommitWrite {
  /// Which favorite: a profile's recipe.
  struct Key: Hashable, Sendable {
    /// The profile's id.
    var owner: Int64
    /// The recipe's public id.
    var recipeID: String
  }

  /// Saves the favorite with its title now, at `savedAt` (a second save keeps the first).
  case save(Key, title: String, savedAt: String)
  /// Removes the favorite.
  case remove(Key)

  var key: Key {
    switch self {
    case .save(let key, _, _), .remove(let key): key
    }
  }
}

/// What a ``FavoriteWrite`` did.
enum FavoriteWriteOutcome: Sendable, Equatable {
  /// The favorite as stored (an earlier save's title and time when it was saved already).
  case saved(UserStore.Favorite)
  /// Whether there was a favorite to remove.
  case removed(Bool)
}

extension FavoriteWrite {
  /// Commits `writes` (their keys distinct) in one statement: one outcome per write, in order.
  /// - Throws: what PostgreSQL throws; nothing of the batch is committed then.
  static func commit(_ writes: [FavoriteWrite], on client: PostgresClient, logger: Logger)
    async throws -> [FavoriteWriteOutcome]
  {
    if writes.count == 1 { return [try await writes[0].commitAlone(on: client, logger: logger)] }
    var saved: [Key: UserStore.Favorite] = [:]
    var removed = Set<Key>()
    for try await (owner, recipeID, title, savedAt) in try await client.execute(
      FavoriteStatements.Batch(writes), logger: logger)
    {
      let key = Key(owner: owner, recipeID: recipeID)
      if let title, let savedAt {
        saved[key] = UserStore.Favorite(recipeID: recipeID, title: title, savedAt: savedAt)
      } else {
        removed.insert(key)
      }
    }
    return writes.map { write in
      switch write {
      case .save(let key, let title, let savedAt):
        .saved(
          saved[key] ?? UserStore.Favorite(recipeID: key.recipeID, title: title, savedAt: savedAt))
      case .remove(let key): .removed(removed.contains(key))
      }
    }
  }

  /// Commits this write alone, with its own statement (a batch of one; and each write of a
  /// batch whose statement failed, so that one bad write fails only itself).
  /// - Throws: what PostgreSQL throws.
  func commitAlone(on client: PostgresClient, logger: Logger) async throws -> FavoriteWriteOutcome {
    switch self {
    case .save(let key, let title, let savedAt):
      // Every row read to the end: the pool takes the connection back when the rows end.
      var stored = UserStore.Favorite(recipeID: key.recipeID, title: title, savedAt: savedAt)
      for try await (storedTitle, storedAt) in try await client.execute(
        FavoriteStatements.Save(
          owner: key.owner, recipeID: key.recipeID, title: title, savedAt: savedAt),
        logger: logger)
      {
        stored = UserStore.Favorite(recipeID: key.recipeID, title: storedTitle, savedAt: storedAt)
      }
      return .saved(stored)
    case .remove(let key):
      var found = false
      for try await _ in try await client.execute(
        FavoriteStatements.Remove(owner: key.owner, recipeID: key.recipeID), logger: logger)
      {
        found = true
      }
      return .removed(found)
    }
  }
}
